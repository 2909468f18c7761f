import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overridesOf } from '../config/scenario';
import { coreSchema } from '../app/testCore';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import {
  decodeSharedConfig,
  draftFromShared,
  encodeSharedConfig,
  runToEndParam,
  shareUrl,
  sharedConfigOf,
  type SharedConfig,
} from './shareConfig';
import { traceMismatch } from './traceCheck';

const schema = coreSchema();

const publicFile = (path: string) =>
  readFileSync(new URL(`../../../../public/${path}`, import.meta.url), 'utf8');

const DEVICE = publicFile('presets/devices/teaching-qlc-slc.json');
const FIO = publicFile('presets/workloads/randwrite-4k.fio');

const presetDraft: ScenarioDraft = {
  ...EMPTY_DRAFT,
  devicePresetId: 'teaching-qlc-slc',
  deviceText: DEVICE,
  workloadPresetId: 'randwrite-4k',
  fioText: FIO,
  geometry: { channels: 4 },
  policy: { gcVictim: 'fifo' },
  preconditionFill: 0.75,
};

const SHA = 'a'.repeat(64);

describe('share link: every field', () => {
  it('round-trips names, overrides, workload, view and trace through the URL', () => {
    const config: SharedConfig = {
      set: ['geometry.channels=4', 'precondition.fill=0.75'],
      scenario: 'slc-cliff-fill25',
      device: 'teaching-qlc-slc',
      workloadPreset: 'randwrite-4k',
      deviceText: '{"cell": "qlc"}',
      fioText: FIO,
      workload: { generator: 'cloud_block', seed: 7 } as SharedConfig['workload'],
      view: { speed: '10s', tab: 'compare', lesson: 'slc-cliff', step: 3 },
      trace: { name: 'a.trace', size: 1234, sha256: SHA, options: { format: 'msr', speed: 2 } },
    };
    const url = shareUrl('http://127.0.0.1:4302/?lesson=x', config, true);
    const parsed = new URL(url);
    expect(runToEndParam(parsed.search)).toBe(true);
    expect(decodeSharedConfig(parsed.searchParams.get('config')!)).toEqual(config);
    expect(runToEndParam(new URL(shareUrl(url, config)).search)).toBe(false);
  });

  it('names an unedited preset instead of carrying its text, and opens on the same names and figures', () => {
    const shared = sharedConfigOf(presetDraft, schema, { deviceText: DEVICE, fioText: FIO });
    expect(shared.device).toBe('teaching-qlc-slc');
    expect(shared.workloadPreset).toBe('randwrite-4k');
    expect(shared.deviceText).toBeUndefined();
    expect(shared.fioText).toBeUndefined();
    // The link is short: the 2-kB device JSON does not travel.
    expect(encodeSharedConfig(shared).length).toBeLessThan(300);

    const decoded = decodeSharedConfig(encodeSharedConfig(shared));
    const back = draftFromShared(decoded, schema, { deviceText: DEVICE, fioText: FIO });
    expect(back.devicePresetId).toBe('teaching-qlc-slc');
    expect(back.workloadPresetId).toBe('randwrite-4k');
    expect(back.scenarioId).toBeNull();
    expect(back.deviceText).toBe(DEVICE);
    expect(back.fioText).toBe(FIO);
    expect(back.geometry).toEqual({ channels: 4 });
    expect(back.policy).toEqual({ gcVictim: 'fifo' });
    expect(back.preconditionFill).toBe(0.75);
    expect([...overridesOf(back, schema)].sort()).toEqual(
      [...overridesOf(presetDraft, schema)].sort(),
    );
  });

  it('carries an edited text with its preset name', () => {
    const edited = { ...presetDraft, fioText: FIO + 'iodepth=16\n' };
    const shared = sharedConfigOf(edited, schema, { deviceText: DEVICE, fioText: FIO });
    expect(shared.deviceText).toBeUndefined();
    expect(shared.fioText).toBe(FIO + 'iodepth=16\n');
    const back = draftFromShared(decodeSharedConfig(encodeSharedConfig(shared)), schema, {
      deviceText: DEVICE,
      fioText: FIO,
    });
    expect(back.fioText).toBe(FIO + 'iodepth=16\n');
    expect(back.workloadPresetId).toBe('randwrite-4k');
  });

  it("takes a scenario's generator from its file when the link names the scenario", () => {
    const generator = { generator: 'cloud_block', seed: 7 } as SharedConfig['workload'];
    const draft: ScenarioDraft = {
      ...EMPTY_DRAFT,
      scenarioId: 'slc-cliff-fill25',
      deviceText: DEVICE,
      workloadGenerator: generator!,
      preconditionFill: 0.25,
    };
    const named = { deviceText: DEVICE, fioText: '', workload: generator };
    const shared = sharedConfigOf(draft, schema, named);
    expect(shared.scenario).toBe('slc-cliff-fill25');
    expect(shared.deviceText).toBeUndefined();
    expect(shared.set).toContain('precondition.fill=0.25');
    const back = draftFromShared(decodeSharedConfig(encodeSharedConfig(shared)), schema, named);
    expect(back.scenarioId).toBe('slc-cliff-fill25');
    expect(back.workloadGenerator).toEqual(generator);
    expect(back.preconditionFill).toBe(0.25);
  });

  it('opens an old link ({deviceText, set, fioText}, no names) as before', () => {
    const old = Buffer.from(
      JSON.stringify({ deviceText: DEVICE, set: ['gc.victim=fifo'], fioText: FIO }),
      'utf8',
    ).toString('base64url');
    const decoded = decodeSharedConfig(old);
    expect(decoded).toEqual({ deviceText: DEVICE, set: ['gc.victim=fifo'], fioText: FIO });
    const back = draftFromShared(decoded, schema);
    expect(back.deviceText).toBe(DEVICE);
    expect(back.fioText).toBe(FIO);
    expect(back.policy).toEqual({ gcVictim: 'fifo' });
    expect(back.devicePresetId).toBeNull();
    expect(runToEndParam(`?config=${old}`)).toBe(false);
  });

  it('refuses a link without a device or a workload, and bad view or trace fields', () => {
    const value = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
    expect(() => decodeSharedConfig(value({ set: [], fioText: FIO }))).toThrow('lacks');
    expect(() => decodeSharedConfig(value({ set: [], device: 'x' }))).toThrow('lacks');
    expect(() =>
      decodeSharedConfig(value({ set: [], device: 'x', workloadPreset: 'y', view: { step: -1 } })),
    ).toThrow('view.step');
    expect(() =>
      decodeSharedConfig(
        value({ set: [], scenario: 's', trace: { name: 'a', size: 1, sha256: 'xyz' } }),
      ),
    ).toThrow('trace lacks');
  });
});

describe('shared trace check', () => {
  const bytes = (text: string) => new Blob([text]);
  // Stands in for the worker's hashing (tested in @flashscope/wasm trace_fingerprint.test.ts).
  const fingerprint = async (file: Blob) =>
    createHash('sha256')
      .update(new Uint8Array(await file.arrayBuffer()))
      .digest('hex');

  it('accepts the same file and refuses another, saying why', async () => {
    const wanted = {
      name: 'a.trace',
      size: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      options: {},
    };
    expect(await traceMismatch(bytes('abc'), wanted, fingerprint)).toBeNull();
    expect(await traceMismatch(bytes('abcd'), wanted, fingerprint)).toMatch(/4 bytes.*has 3/);
    expect(await traceMismatch(bytes('abd'), wanted, fingerprint)).toMatch(/content differs/);
  });
});
