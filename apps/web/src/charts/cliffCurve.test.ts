// The throughput-vs-written curve against the core's own cliff figure, on a
// real run (the Node flavour of the wasm core): past the cliff, the curve's
// rate (bytes over time, fold-then-write stalls included) is what the
// annotation quotes as slc.cliff.write_mbps_after, over the core's bytes
// written (the series' host_write_bytes). Leaving the stalls out
// draws the fast spurts between them, about twice the sustained rate.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { runScenario } from '@flashscope/wasm/node';
import type { SlcBurst } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';

import { binByWritten, stalledInBurst } from './cliff';

interface Result {
  series: { t_ms: number[]; write_mbps: number[]; host_write_bytes: number[] };
  slc: {
    cliff: { host_written_bytes: number; write_mbps_after: number };
    bursts: SlcBurst[];
  };
}

/** The rate over the bins past `fromBytes`: equal-width bins, so bytes / time is their harmonic mean. */
function rateAfter(points: { x: number[]; y: number[] }, fromBytes: number): number {
  const past = points.y.filter((_, i) => points.x[i] > fromBytes);
  return past.length / past.reduce((sum, mbps) => sum + 1 / mbps, 0);
}

describe('throughput vs written, past the cliff', () => {
  it("draws the core's sustained rate on the 665p-like drive 50 % full", () => {
    const device = JSON.parse(
      readFileSync(
        fileURLToPath(
          new URL('../../../../public/presets/devices/qlc-1tb-665p-like.json', import.meta.url),
        ),
        'utf8',
      ),
    ) as { precondition?: Record<string, unknown> };
    device.precondition = { ...device.precondition, fill: 0.5 };
    const job = '[seqwrite-1m-qd64]\nrw=write\nbs=1m\niodepth=64\noffset=50%\nruntime=90s\n';
    const result = JSON.parse(runScenario(JSON.stringify(device), job)) as Result;
    const { t_ms: tMs, write_mbps: writeMbps, host_write_bytes: written } = result.series;
    const cliff = result.slc.cliff;

    const drawn = binByWritten(written, writeMbps, 200, stalledInBurst(tMs, result.slc.bursts));
    const after = rateAfter(drawn, cliff.host_written_bytes);
    expect(after).toBeGreaterThan(cliff.write_mbps_after * 0.9);
    expect(after).toBeLessThan(cliff.write_mbps_after * 1.1);

    const spurtsOnly = rateAfter(binByWritten(written, writeMbps, 200), cliff.host_written_bytes);
    expect(spurtsOnly).toBeGreaterThan(cliff.write_mbps_after * 1.5);
  });
});
