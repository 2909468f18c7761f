import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type DevicePresetEntry } from '../store/scenarioDraft';
import { contextLine, driveNamesOf } from './reportNames';

const PUBLIC = new URL('../../../../public/', import.meta.url);

function published(path: string): string {
  return readFileSync(fileURLToPath(new URL(path, PUBLIC)), 'utf8');
}

// The device picker's list, as the app loads it.
const PRESETS = (
  JSON.parse(published('presets/devices/index.json')) as {
    devices: DevicePresetEntry[];
  }
).devices;

describe('driveNamesOf', () => {
  it("names a preset's drive as the device picker shows it, and files by its id", () => {
    const draft = {
      ...EMPTY_DRAFT,
      devicePresetId: 'tlc-500g-970evo-like',
      deviceText: published('presets/devices/tlc-500g-970evo-like.json'),
    };
    expect(driveNamesOf(draft, PRESETS)).toEqual({
      drive: 'TLC 500 GB, Samsung 970 EVO-like (4 + 18 GB TurboWrite)',
      driveFileName: 'tlc-500g-970evo-like',
    });
  });

  it("uses the device JSON's own name once it is not the preset's", () => {
    const renamed = {
      ...EMPTY_DRAFT,
      devicePresetId: 'tlc-8g',
      deviceText: '{"name": "lab-drive-7"}',
    };
    expect(driveNamesOf(renamed, PRESETS)).toEqual({
      drive: 'lab-drive-7',
      driveFileName: 'lab-drive-7',
    });
    const custom = { ...EMPTY_DRAFT, deviceText: '{"cell": "tlc"}' };
    expect(driveNamesOf(custom, PRESETS).drive).toBe('custom drive');
  });

  it('puts the display name in the exports’ context line', () => {
    expect(
      contextLine({
        drive: 'TLC 500 GB, Samsung 970 EVO-like (4 + 18 GB TurboWrite)',
        driveFileName: 'tlc-500g-970evo-like',
        driveSource: null,
        scenario: null,
        fillFraction: 0.9,
        workload: 'fio job burst-1',
        workloadText: '',
      }),
    ).toBe('TLC 500 GB, Samsung 970 EVO-like (4 + 18 GB TurboWrite) · 90 % full · fio job burst-1');
  });
});
