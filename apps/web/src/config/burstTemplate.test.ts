// The burst / idle / burst template's texts and field checks, on the core's
// own answers (the Node flavour of the real wasm build: fs_burst_template).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { burstTemplate } from '@flashscope/wasm/node';
import { SimError } from '@flashscope/wasm/client';
import { describe, expect, it } from 'vitest';

import {
  BURST_DEFAULTS,
  burstFieldProblem,
  burstSizeText,
  cacheAtStartText,
} from './burstTemplate';

function preset(name: string): string {
  return readFileSync(
    fileURLToPath(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url)),
    'utf8',
  );
}

describe('burst template texts', () => {
  it("reads the 970 EVO-like drive's 22 GB cache and 1.2x bursts in decimal GB", () => {
    const burst = burstTemplate(preset('tlc-500g-970evo-like'), BURST_DEFAULTS);
    expect(cacheAtStartText(burst)).toBe('cache at start: 22.0 GB');
    expect(burst.burst_bytes).toBeCloseTo(1.2 * burst.cache_bytes_at_start, -7);
    expect(burstSizeText(burst)).toBe('3 bursts of 26.4 GB (79.2 GB), 10 s idle between');
  });

  it('shows a smaller cache on a fuller QLC drive, as the core computes it', () => {
    const empty = burstTemplate(preset('qlc-128g-slc'), BURST_DEFAULTS);
    const full = burstTemplate(preset('qlc-128g-slc'), BURST_DEFAULTS, ['precondition.fill=0.6']);
    expect(full.cache_bytes_at_start).toBeLessThan(empty.cache_bytes_at_start);
    expect(cacheAtStartText(full)).toMatch(/^cache at start: \d+(\.\d)? GB$/);
  });

  it('names a single burst without idle time', () => {
    const burst = burstTemplate(preset('tlc-500g-970evo-like'), {
      multiple: 1,
      idleS: 0,
      bursts: 1,
    });
    expect(burstSizeText(burst)).toBe('1 burst of 22.0 GB');
  });

  it("starts the bursts after a half-full drive's data and says where (issue 28)", () => {
    const burst = burstTemplate(preset('tlc-500g-970evo-like'), BURST_DEFAULTS, [
      'precondition.fill=0.5',
    ]);
    // The bursts come after the fill's data, so none overwrites it.
    expect(burst.first_offset_bytes).toBeGreaterThanOrEqual(0.5 * burst.user_capacity_bytes);
    expect(burst.first_offset_bytes).toBeLessThan(0.5 * burst.user_capacity_bytes + 2 ** 20);
    expect(burst.fio_text).toContain(`offset=${burst.first_offset_bytes / 2 ** 20}m`);
    expect(burst.fill_overwrites).toEqual([]);
    expect(burstSizeText(burst)).toMatch(/, 10 s idle between, from 250 GB$/);
  });

  it("passes on the core's warning when the bursts do not fit after a 90 % fill", () => {
    // 3 x 1.2 x the ~20.7 GB cache the 970 EVO-like drive still has 90 % full
    // do not fit in the 50 GB after the fill: the first burst overwrites its end.
    const burst = burstTemplate(preset('tlc-500g-970evo-like'), BURST_DEFAULTS, [
      'precondition.fill=0.9',
    ]);
    expect(burst.fill_overwrites).toHaveLength(1);
    expect(burst.fill_overwrites[0].job).toBe('burst-1');
    expect(burst.fill_overwrites[0].message).toContain('inside the 90 % fill');
    expect(burst.fio_text).toContain('; The bursts do not fit after the data the fill level put');
  });

  it("passes on the core's refusal for a drive without an SLC cache", () => {
    expect(() => burstTemplate(preset('tlc-8g'), BURST_DEFAULTS)).toThrow(SimError);
    try {
      burstTemplate(preset('tlc-8g'), BURST_DEFAULTS);
    } catch (error) {
      expect((error as SimError).serialized.problem).toBe('this drive has no SLC cache');
    }
  });
});

describe('burstFieldProblem', () => {
  it("asks only for a number: the ranges are the core's, and its refusal names them", () => {
    expect(burstFieldProblem(1.5)).toBeNull();
    expect(burstFieldProblem(Number.NaN)).toBe('a number');
    expect(() =>
      burstTemplate(preset('tlc-500g-970evo-like'), { ...BURST_DEFAULTS, multiple: 11 }),
    ).toThrow(/multiple of the cache must be in \(0, 10\]/);
    expect(() =>
      burstTemplate(preset('tlc-500g-970evo-like'), { ...BURST_DEFAULTS, bursts: 2.5 }),
    ).toThrow(/bursts: must be between 1 and 20/);
  });
});
