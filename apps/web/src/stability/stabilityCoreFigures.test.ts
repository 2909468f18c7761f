// The stability view's window figures from real runs of the core (the Node
// flavour of the wasm build, packages/wasm/dist/flashscope.node.cjs, from
// scripts/build-wasm.sh), on the tiny SLC teaching drive the e2e tests use:
// the runs table's WAF is the result's window_waf (the core's WindowWaf,
// which `flashscope stability --compare` prints) and a run that wrote
// nothing shows "—" as the CLI does; the round chart's band and the
// report's limits are the rule the result says the run was judged by.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StabilityRequest } from '@flashscope/wasm/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatWaf } from '../app/format';
import { coreStabilityDefaults } from '../app/testCore';
import { parseStabilityResult, roundsBand, type StabilityResult } from './stabilityResult';
import { freshDriveNote, summarizeRun } from './stabilityRuns';

const GLUE = fileURLToPath(
  new URL('../../../../packages/wasm/dist/flashscope.node.cjs', import.meta.url),
);
const TINY = readFileSync(
  new URL('../../../../public/presets/devices/teaching-slc-tiny.json', import.meta.url),
  'utf8',
);
const META = { id: 1, label: 'run', deviceLabel: 'teaching-slc-tiny', workloadLabel: 'w' };

// Rounds of 4 KiB random reads only (1/8 of the capacity each, the flow's
// default length): the preconditioning wrote the drive, the rounds write
// nothing, so no round and no window has a WAF.
const READ_ONLY = '[reads]\nrw=randread\nbs=4k\niodepth=32\nnorandommap\n';

let node: typeof import('@flashscope/wasm/node');

beforeAll(async () => {
  if (!existsSync(GLUE)) throw new Error(`${GLUE} is missing: run 'bash scripts/build-wasm.sh'`);
  node = await import('@flashscope/wasm/node');
});

function run(fioText: string): StabilityResult {
  const request: StabilityRequest = {
    deviceJson: TINY,
    fioText,
    deviceName: 'teaching-slc-tiny.json',
    workloadName: 'reads.fio',
  };
  return parseStabilityResult(node.runStability(request));
}

let defaultRound: StabilityResult | undefined;
/** The default 4 KiB random 70/30 round at QD32, run once for the tests that read it. */
const defaultRun = () => (defaultRound ??= run(''));

describe('the window WAF of a stability run is the core’s', () => {
  it('the default 70/30 round: window_waf is the mean of the window rounds’ WAF, and the table shows it', () => {
    const result = defaultRun();
    const [first, last] = result.steady_state.window;
    const windowRounds = result.rounds.filter((r) => r.round >= first && r.round <= last);
    expect(windowRounds).toHaveLength(last - first + 1);
    const mean = windowRounds.reduce((sum, r) => sum + (r.waf ?? 0), 0) / windowRounds.length;
    // The random preconditioning has the drive in GC from round 1 on.
    expect(result.window_waf).not.toBeNull();
    expect(result.window_waf!).toBeGreaterThan(1.5);
    // (Each round's WAF is written to 7 significant digits.)
    expect(result.window_waf!).toBeCloseTo(mean, 5);
    const summary = summarizeRun(result, { ...META, createdAtMs: 0 });
    expect(summary.windowWaf).toBe(result.window_waf);
    expect(formatWaf(summary.windowWaf)).toBe(result.window_waf!.toFixed(2));
    expect(freshDriveNote([summary])).toBeNull();
  });

  it('a read-only round: no WAF in the result, "—" in the table, and no fresh-drive note', () => {
    const result = run(READ_ONLY);
    expect(result.rounds.length).toBeGreaterThanOrEqual(5);
    expect(result.rounds.every((r) => r.waf === null && r.write_iops === 0)).toBe(true);
    expect(result.window_waf).toBeNull();
    const summary = summarizeRun(result, { ...META, createdAtMs: 0 });
    expect(summary.windowWaf).toBeNull();
    expect(formatWaf(summary.windowWaf)).toBe('—');
    expect(freshDriveNote([summary])).toBeNull();
  });
});

describe('the steady-state rule a run was judged by is in its result', () => {
  it('states the core’s rule, and the round chart’s band is half its range limit either side of the rounds’ mean', () => {
    const result = defaultRun();
    const steady = result.steady_state;
    const rule = coreStabilityDefaults();
    expect(steady.window_rounds).toBe(rule.window_rounds);
    expect(steady.max_range_fraction).toBe(rule.max_range_fraction);
    expect(steady.max_slope_excursion_fraction).toBe(rule.max_slope_excursion_fraction);
    // The window met the rule it states.
    expect(steady.reached).toBe(true);
    expect(steady.window[1] - steady.window[0] + 1).toBe(steady.window_rounds);
    expect(steady.range_fraction).toBeLessThanOrEqual(steady.max_range_fraction);
    expect(steady.slope_excursion_fraction).toBeLessThanOrEqual(
      steady.max_slope_excursion_fraction,
    );
    const band = roundsBand(steady);
    expect(band).not.toBeNull();
    expect(band!.halfFraction).toBeCloseTo(steady.max_range_fraction / 2, 12);
    expect(band!.lowIops).toBeCloseTo(steady.mean_iops * (1 - steady.max_range_fraction / 2), 6);
    expect(band!.highIops).toBeCloseTo(steady.mean_iops * (1 + steady.max_range_fraction / 2), 6);
  });
});
