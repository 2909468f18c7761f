// The garbage-proportion chart's subtitle against the real simulator: the
// ZNS lesson's ZB-OPT step (public/scenarios/zns-placement.json with
// zns.placement=zbopt) run to its end in the Node flavour of the wasm
// module. Its "mean GP" is the exported result's: zns.reclaimed_gp
// averaged. The chart used to take each histogram bin at its middle, which
// on this run puts zones of GP 0.95..1 at 0.975 and reads 0.95.

import type { WorkloadGenerator } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';
import { runToFrame, scenarioFile } from '../app/testRun';
import { gpBars, gpSubtitle, reclaimedZones } from './znsFigures';

describe('the GP chart of a real run', () => {
  it("states ZB-OPT's mean reclaimed GP as the result has it", () => {
    const scenario = scenarioFile('zns-placement');
    const { frame, result } = runToFrame({
      deviceJson: JSON.stringify(scenario.device),
      fioText: '',
      workload: scenario.workload as WorkloadGenerator,
      set: ['zns.placement=zbopt'],
    });
    const zns = frame.meta.zns!;
    const gps = (result.zns as { reclaimed_gp: number[] }).reclaimed_gp;
    const exact = gps.reduce((sum, gp) => sum + gp, 0) / gps.length;
    const zones = reclaimedZones(gpBars(zns.gp_histogram));
    expect(zones).toBe(gps.length);
    expect(zns.mean_reclaimed_gp).toBeCloseTo(exact, 4);
    expect(gpSubtitle(zones, zns.mean_reclaimed_gp)).toBe(
      `${gps.length.toLocaleString('en')} zones reclaimed by GC, mean GP ${exact.toFixed(2)}: ` +
        'near 1 = little to copy',
    );
    // The bins' middles would not have said so at two decimals.
    const midpoints =
      zns.gp_histogram.reduce((sum, count, bin) => sum + count * (bin + 0.5) * 0.05, 0) / zones;
    expect(midpoints.toFixed(2)).not.toBe(exact.toFixed(2));
  }, 300_000);
});
