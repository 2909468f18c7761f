// The form's defaults against the core's: what every panel field shows for
// a key the device text leaves out (read from the core's schema) must be
// what a run of that device gets (the core's effective device, every
// default filled in). Both come from the real wasm module, so this fails
// when the schema's "default" and the reader's default part, or when the
// form reads a setting under a path the core does not have.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreEffectiveDevice, coreSchema } from '../app/testCore';
import { EMPTY_DRAFT, GEOMETRY_KEYS, type ScenarioDraft } from '../store/scenarioDraft';
import { asObject } from '../util/json';
import { effectiveClassicPolicy } from './classicPolicy';
import { choicesAt, settingAt, settingProblem } from './deviceSchema';
import {
  effectiveGeometry,
  effectiveOverprovision,
  effectivePolicy,
  effectivePreconditionFill,
} from './deviceValues';
import { effectiveSlcPolicy } from './slcPolicy';
import { effectiveZnsPolicy } from './znsPolicy';

const schema = coreSchema();
const preset = (name: string) =>
  readFileSync(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url), 'utf8');
const draft = (deviceText: string): ScenarioDraft => ({ ...EMPTY_DRAFT, deviceText });
/** The core's effective device of `deviceText`, section by section. */
const core = (deviceText: string) => {
  const device = coreEffectiveDevice(deviceText).device!;
  return (section: string) => asObject(device[section]);
};

describe("the form's defaults are the core's", () => {
  it('for the geometry, capacity, fill level and policies', () => {
    const device = coreEffectiveDevice('{}').device!;
    const geometry = asObject(device.geometry);
    const shown = effectiveGeometry(draft('{}'), schema);
    for (const key of GEOMETRY_KEYS) expect(shown[key]).toBe(geometry[key]);
    expect(effectiveOverprovision(draft('{}'), schema)).toBe(device.overprovision);
    expect(effectivePreconditionFill(draft('{}'), schema)).toBe(asObject(device.precondition).fill);
    expect(effectivePolicy(draft('{}'), schema)).toEqual({
      gcVictim: asObject(device.gc).victim,
      gcBackground: asObject(device.gc).background,
      scheduler: device.scheduler,
    });
  });

  it('for the mapping scheme and the write cache', () => {
    const section = core('{}');
    const shown = effectiveClassicPolicy(draft('{}'), schema);
    expect(shown).toMatchObject({
      mapping: section('ftl').mapping,
      cmtEntries: section('ftl').cmt_entries,
      logBlocks: section('ftl').log_blocks,
      cache: section('cache').policy,
      blockSpaceBlocks: section('cache').block_space_blocks,
      pageSpacePages: section('cache').page_space_pages,
      cflruWindowPages: section('cache').cflru_window_pages,
    });
  });

  it('for the SLC cache of a device that has one, and a zoned drive', () => {
    const slc = core(preset('teaching-qlc-slc'))('slc_cache');
    expect(effectiveSlcPolicy(draft(preset('teaching-qlc-slc')), schema)).toEqual({
      placement: slc.placement,
      whenFull: slc.when_full,
      readPromotion: slc.read_promotion,
      pinSmallBytes: slc.pin_small_bytes,
      persistent: (slc.persistent_bytes as number) > 0,
    });
    const zns = core(preset('zns-zn540-like'))('zns');
    expect(effectiveZnsPolicy(draft(preset('zns-zn540-like')), schema)).toEqual({
      placement: zns.placement,
      gcVictim: zns.gc_victim,
    });
  });
});

describe('checks at the field from the schema', () => {
  it("offers every choice the form shows with the core's label", () => {
    for (const path of [
      'gc.victim',
      'scheduler',
      'ftl.mapping',
      'cache.policy',
      'slc_cache.placement',
      'slc_cache.when_full',
      'zns.placement',
      'zns.gc_victim',
    ]) {
      const choices = choicesAt(schema, path);
      expect(choices.length, path).toBeGreaterThan(1);
      for (const choice of choices) expect(choice.label, `${path} ${choice.value}`).toMatch(/\w/);
      expect(settingProblem(schema, path, choices[0].value)).toBeNull();
      expect(settingProblem(schema, path, 'no_such_policy')).toMatch(/must be one of/);
    }
  });

  it("flags a number outside the core's limits, and takes its default", () => {
    for (const path of [...GEOMETRY_KEYS.map((key) => `geometry.${key}`), 'overprovision']) {
      const setting = settingAt(schema, path)!;
      expect(settingProblem(schema, path, setting.default), path).toBeNull();
      const floor = setting.minimum ?? setting.exclusiveMinimum;
      expect(floor, `${path} has a lower limit`).toBeDefined();
      expect(settingProblem(schema, path, floor! - 1), path).toMatch(/must be/);
    }
    expect(settingProblem(schema, 'geometry.channels', 2.5)).toMatch(/whole number/);
  });
});
