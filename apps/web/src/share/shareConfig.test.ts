import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overridesOf } from '../config/scenario';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import {
  configParam,
  decodeSharedConfig,
  draftFromShared,
  encodeSharedConfig,
  shareUrl,
  sharedConfigOf,
} from './shareConfig';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const preset = (name: string) =>
  readFileSync(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url), 'utf8');

const FIO = '; 4 KiB random writes — µs matter\n[randwrite]\nrw=randwrite\nbs=4k\niodepth=4\n';

describe('configuration URL', () => {
  it('round-trips a teaching QLC draft with every kind of override', () => {
    const draft: ScenarioDraft = {
      ...EMPTY_DRAFT,
      devicePresetId: 'teaching-qlc-slc',
      deviceText: preset('teaching-qlc-slc'),
      geometry: { channels: 4, pages_per_block: 128 },
      overprovision: 0.2,
      policy: { gcVictim: 'fifo', gcBackground: false, scheduler: 'read_priority' },
      slcPolicy: { whenFull: 'fold-then-write', readPromotion: true, persistent: true },
      fioText: FIO,
      workloadSet: ['gc.d_choices=4'],
      preconditionFill: 0.5,
    };
    const shared = sharedConfigOf(draft, schema);
    // teaching-qlc-slc has 8 MiB static SLC: "persistent on" keeps half.
    expect(shared.set).toContain('slc_cache.persistent_bytes=4194304');
    const value = encodeSharedConfig(shared);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/); // URL-safe, no padding

    const back = draftFromShared(decodeSharedConfig(value), schema);
    expect(back.deviceText).toBe(draft.deviceText);
    expect(back.fioText).toBe(FIO);
    expect(back.geometry).toEqual({ channels: 4, pages_per_block: 128 });
    expect(back.overprovision).toBe(0.2);
    expect(back.policy).toEqual(draft.policy);
    expect(back.slcPolicy).toEqual(draft.slcPolicy);
    expect(back.preconditionFill).toBe(0.5);
    expect(back.workloadSet).toEqual(['gc.d_choices=4']);
    // What the worker receives is the same set of overrides.
    expect([...overridesOf(back, schema)].sort()).toEqual([...overridesOf(draft, schema)].sort());
  });

  it('keeps overrides the form cannot show as they are', () => {
    const back = draftFromShared(
      {
        deviceText: preset('tlc-8g'),
        set: ['gc.victim=bogus', 'slc_cache.when_full=direct', 'geometry.channels=0', 'seed=9'],
        fioText: FIO,
      },
      schema,
    );
    expect(back.policy).toEqual({});
    // tlc-8g has no SLC cache: its SLC override is not a form field.
    expect(back.slcPolicy).toEqual({});
    expect(back.geometry).toEqual({});
    expect(back.workloadSet).toEqual([
      'gc.victim=bogus',
      'slc_cache.when_full=direct',
      'geometry.channels=0',
      'seed=9',
    ]);
  });

  it('says what is wrong with a bad value', () => {
    expect(() => decodeSharedConfig('not base64!')).toThrow('not base64url');
    expect(() => decodeSharedConfig(encode('{"deviceText": 1}'))).toThrow(
      'lacks deviceText, set or fioText',
    );
    expect(() => decodeSharedConfig(encode('[1, 2'))).toThrow('does not hold JSON');
    expect(() => decodeSharedConfig('_w')).toThrow('not UTF-8'); // the byte 0xff
    expect(() => decodeSharedConfig('')).toThrow('empty');
  });

  it('builds the URL from the page address, dropping a lesson', () => {
    const url = shareUrl('http://127.0.0.1:4302/?lesson=slc-cliff#x', {
      deviceText: '{"cell": "tlc"}',
      set: ['gc.victim=fifo'],
      fioText: FIO,
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.has('lesson')).toBe(false);
    expect(parsed.hash).toBe('');
    const value = configParam(parsed.search);
    expect(value).not.toBeNull();
    expect(decodeSharedConfig(value!)).toEqual({
      deviceText: '{"cell": "tlc"}',
      set: ['gc.victim=fifo'],
      fioText: FIO,
    });
  });
});

function encode(json: string): string {
  return Buffer.from(json, 'utf8').toString('base64url');
}
