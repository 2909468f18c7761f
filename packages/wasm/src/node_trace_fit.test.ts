// A trace bigger than the drive (issue 28): the web app asks the core
// whether the trace it replays fits (fs_trace_fit) with the scan's figures,
// the drive's capacity and the shipped presets, and gets the very sentence
// the native CLI prints after `run --trace` (one rule, in the core). The
// real Tencent sample (../shared/traces/real, never copied) on the app's
// default drive, the 53.7 MB teaching SSD. The CLI is
// packages/sim-core/build/flashscope (`npm run build:native`), or
// $FLASHSCOPE_CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { beforeAll, describe, expect, it } from 'vitest';

import { effectiveDevice, inspectTrace, traceFit } from './node';
import type { TraceFitRequest, TraceSummary } from './protocol';
import { SimError } from './session';
import { memoryTraceBytes } from './trace_bytes';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const presetsDir = join(repoRoot, 'public/presets/devices');
const tencentPath = resolve(repoRoot, '../shared/traces/real/tencent_cbs_sample.csv.bz2');
const cliPath = process.env.FLASHSCOPE_CLI ?? join(repoRoot, 'packages/sim-core/build/flashscope');

/** Every shipped device preset, as the app fetches them (index.json lists them). */
function shippedPresets(): TraceFitRequest['presets'] {
  const index = JSON.parse(readFileSync(join(presetsDir, 'index.json'), 'utf8')) as {
    devices: Array<{ id: string; file: string }>;
  };
  return index.devices.map((entry) => ({
    name: entry.id,
    device: JSON.parse(readFileSync(join(presetsDir, entry.file), 'utf8')) as unknown,
  }));
}

function scan(name: string, bytes: Uint8Array): TraceSummary {
  const inspection = inspectTrace({ name, options: {}, bytes: memoryTraceBytes(bytes) });
  try {
    while (!inspection.scan(4 << 20));
    return JSON.parse(inspection.summaryJson()) as TraceSummary;
  } finally {
    inspection.close();
  }
}

beforeAll(() => {
  for (const path of [cliPath, tencentPath]) {
    if (!existsSync(path)) throw new Error(`${path} is missing`);
  }
});

describe('a trace bigger than the drive', () => {
  it('gets the sentence the CLI prints, from the scan and the drive', () => {
    const teaching = readFileSync(join(presetsDir, 'teaching-slc-tiny.json'), 'utf8');
    const capacity = effectiveDevice(teaching).derived!.logical_bytes;
    expect(capacity).toBe(53_686_272);
    const summary = scan('tencent_cbs_sample.csv.bz2', readFileSync(tencentPath));
    const fit = traceFit({
      trace: {
        footprint_bytes: summary.footprint_bytes,
        footprint_estimated: summary.footprint_estimated,
        max_offset_bytes: summary.max_offset_bytes,
        volumes: summary.volumes,
        compact: false,
      },
      capacity_bytes: capacity,
      presets: shippedPresets(),
    });
    expect(fit.wraps).toBe(true);
    expect(fit.preset).toEqual({ name: 'tlc-1tb-p4500-like', logical_bytes: 8_053_063_680 });

    const native = spawnSync(
      cliPath,
      ['run', '--device', 'preset:teaching-slc-tiny', '--trace', tencentPath],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    expect(native.status, native.stderr).toBe(0);
    expect(native.stdout.split('\n')).toContain(`note: ${fit.note}`);
    expect(fit.note).toContain(
      'the trace touches 1.4 GB (its footprint) but the drive holds 53.7 MB',
    );
  });

  it('has no note when the drive holds the trace, and refuses a malformed request', () => {
    const fit = traceFit({
      trace: {
        footprint_bytes: 1e9,
        footprint_estimated: false,
        max_offset_bytes: 2e9,
        volumes: 1,
        compact: false,
      },
      capacity_bytes: 8e9,
      presets: shippedPresets(),
    });
    expect(fit).toEqual({ wraps: false, note: '', preset: null });
    expect(() =>
      traceFit({ capacity_bytes: 8e9, presets: [] } as unknown as TraceFitRequest),
    ).toThrow(SimError);
  });
});
