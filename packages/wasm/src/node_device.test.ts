// The core's answers the UI asks for instead of copying them (issue 16):
// the device JSON Schema, the effective device with its derived geometry,
// fio resolution and the burst / idle / burst template, from the Node flavour of the REAL wasm build
// (scripts/build-wasm.sh), checked against what a session of the same
// build reports.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  burstTemplate,
  deviceSchema,
  effectiveDevice,
  openSession,
  resolveFio,
  stabilityDefaults,
} from './node';
import { SimError } from './session';

const TLC_8G = readFileSync(
  fileURLToPath(new URL('../../../public/presets/devices/tlc-8g.json', import.meta.url)),
  'utf8',
);

describe('deviceSchema (fs_device_schema)', () => {
  it('describes every setting with a default and a description, overprovision with its limits', () => {
    const schema = deviceSchema();
    expect(schema.$schema).toMatch(/2020-12/);
    const overprovision = schema.properties?.overprovision;
    expect(overprovision).toBeDefined();
    expect(overprovision!.default).toBeTypeOf('number');
    expect(overprovision!.description).toMatch(/\w+/);
    // The reader refuses a negative over-provisioning: the schema says so.
    const lower = overprovision!.minimum ?? overprovision!.exclusiveMinimum;
    expect(lower).toBeTypeOf('number');
    // GC victim choices come with labels, in the order the UI offers them.
    const victim = schema.properties?.gc?.properties?.victim;
    expect(victim?.enum).toContain('greedy');
    expect(victim?.['x-choices']?.map((c) => c.value)).toEqual(victim?.enum);
  });
});

describe('stabilityDefaults (fs_stability_defaults)', () => {
  it('lists --compare variants whose overrides the device reader accepts', () => {
    const defaults = stabilityDefaults();
    expect(defaults.random_precondition).toBeGreaterThan(0);
    expect(defaults.random_precondition).toBeLessThanOrEqual(defaults.random_precondition_max);
    expect(defaults.rounds_max).toBeLessThanOrEqual(defaults.rounds_max_limit);
    // SNIA PTS's steady-state rule, which the Stability tab states from these.
    expect([
      defaults.window_rounds,
      defaults.max_range_fraction,
      defaults.max_slope_excursion_fraction,
    ]).toEqual([5, 0.2, 0.1]);
    expect(new Set(defaults.variants.map((v) => v.name)).size).toBe(defaults.variants.length);
    for (const variant of defaults.variants) {
      const effective = effectiveDevice(TLC_8G, variant.overrides, 'tlc-8g.json');
      expect(effective.error, variant.name).toBeNull();
    }
  });
});

describe('effectiveDevice (fs_effective_device)', () => {
  it("fills in tlc-8g's defaults and derives the geometry a session has", () => {
    const effective = effectiveDevice(TLC_8G, [], 'tlc-8g.json');
    expect(effective.error).toBeNull();
    expect(effective.device).toMatchObject({ name: 'tlc-8g', overprovision: 0.07 });
    // A default the preset does not set is filled in.
    expect((effective.device!.gc as Record<string, unknown>).victim).toBeTypeOf('string');
    const derived = effective.derived!;
    expect(derived.kind).toBe('conventional');
    expect(derived.planes).toBe(4 * 2 * 2);
    expect(derived.blocks_per_plane).toBe(192);
    expect(derived.physical_bytes).toBe(4 * 2 * 2 * 192 * 192 * 16384);
    // The same figures a session of this device reports.
    const session = openSession({ deviceJson: TLC_8G, fioText: '[w]\nrw=write\nsize=4k\n' });
    try {
      const { layout } = session.describe();
      expect(derived.logical_bytes).toBe(layout.logical_bytes);
      expect(derived.physical_bytes).toBe(layout.physical_bytes);
    } finally {
      session.destroy();
    }
    // Reserve blocks cost capacity, so some over-provisioning is needed.
    expect(derived.min_overprovision).toBeGreaterThan(0);
    expect(derived.min_overprovision).toBeLessThanOrEqual(0.07);
  });

  it('flags an over-provisioning below the minimum at its key, with the geometry still derived', () => {
    const effective = effectiveDevice(TLC_8G, ['overprovision=0.001'], 'tlc-8g.json');
    expect(effective.error).toMatchObject({ kind: 'input', key: 'overprovision' });
    expect(effective.error!.message).toMatch(/overprovision/);
    expect(effective.derived).not.toBeNull();
    expect(effective.derived!.min_overprovision).toBeGreaterThan(0.001);
  });

  it('applies overrides as the CLI --set does', () => {
    const effective = effectiveDevice(TLC_8G, ['gc.victim=fifo', 'seed=7']);
    expect(effective.error).toBeNull();
    expect(effective.device).toMatchObject({ seed: 7, gc: { victim: 'fifo' } });
  });
});

describe('resolveFio (fs_fio_resolve)', () => {
  const TWO_JOBS = [
    '[global]',
    'ioengine=libaio',
    'bs=4k',
    'iodepth=8',
    'size=64m',
    '',
    '[writer]',
    'rw=randwrite',
    '',
    '[reader]',
    'stonewall',
    'rw=randread',
    'bs=16k',
    'runtime=2s',
    'time_based=1',
    '',
  ].join('\n');

  it('resolves a two-job file: sizes, block sizes, stonewall and runtimes', () => {
    const fio = resolveFio(TLC_8G, TWO_JOBS, [], 'two.fio');
    expect(fio.jobs.map((job) => job.name)).toEqual(['writer', 'reader']);
    const [writer, reader] = fio.jobs;
    expect(writer).toMatchObject({
      rw: 'randwrite',
      numjobs: 1,
      iodepth: 8,
      size_bytes: 64 << 20,
      stonewall: false,
      time_based: false,
      runtime_s: null,
    });
    expect(writer.bs_bytes.write).toBe(4096);
    expect(reader).toMatchObject({
      rw: 'randread',
      stonewall: true,
      time_based: true,
      runtime_s: 2,
    });
    expect(reader.bs_bytes.read).toBe(16384);
    expect(fio.longest_runtime_s).toBe(2);
    // fio's ioengine is not simulated: listed as ignored.
    expect(writer.ignored).toContain('ioengine');
  });

  it('rejects a bad job file with its name and line, as a run does', () => {
    let caught: unknown;
    try {
      resolveFio(TLC_8G, '[job]\nrw=sideways\n', [], 'bad.fio');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SimError);
    expect((caught as SimError).serialized).toMatchObject({
      kind: 'input',
      file: 'bad.fio',
      line: 2,
    });
  });
});

describe('burstTemplate (fs_burst_template)', () => {
  const TEACHING_QLC = readFileSync(
    fileURLToPath(
      new URL('../../../public/presets/devices/teaching-qlc-slc.json', import.meta.url),
    ),
    'utf8',
  );

  it('sizes the bursts to the cache a run of the device starts with, and the run writes them', () => {
    const set = ['precondition.fill=0.3'];
    const burst = burstTemplate(TEACHING_QLC, { multiple: 1.5, idleS: 0.1, bursts: 2 }, set);
    expect(burst.burst_bytes % 2 ** 20).toBe(0);
    expect(Math.abs(burst.burst_bytes - 1.5 * burst.cache_bytes_at_start)).toBeLessThanOrEqual(
      2 ** 19,
    );
    const session = openSession({ deviceJson: TEACHING_QLC, fioText: burst.fio_text, set });
    try {
      session.precondition();
      while (session.advance(Infinity, 1e6) !== 'finished') {
        // run to the end
      }
      const result = JSON.parse(session.result()) as {
        host: { write_bytes: number };
        slc: { capacity_bytes_at_start: number; cliff: unknown };
      };
      expect(result.slc.capacity_bytes_at_start).toBe(burst.cache_bytes_at_start);
      expect(result.host.write_bytes).toBe(2 * burst.burst_bytes);
      expect(result.slc.cliff).not.toBeNull();
    } finally {
      session.destroy();
    }
  });

  it('says so for a drive without an SLC cache', () => {
    let caught: unknown;
    try {
      burstTemplate(TLC_8G, { multiple: 1.2, idleS: 10, bursts: 3 }, [], 'tlc-8g.json');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SimError);
    expect((caught as SimError).serialized).toMatchObject({
      kind: 'input',
      problem: 'this drive has no SLC cache',
    });
  });
});
