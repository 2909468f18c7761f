// The latency chart's bins on a real run (the Node flavour of the wasm
// core, framed as the worker frames it): a bin's mean is the mean latency of
// the I/Os it holds, each series row weighed by the I/Os it completed, as
// the core merges rows (TimeSeries::MergePairs). Averaging the rows as
// equals gave a row of a few I/Os stuck behind GC as much say as a row of
// hundreds of fast ones.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { LoadRequest } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';

import { runInFrames } from '../app/testFrames';
import { latencyLines, type LatencyColumns } from './latencyLines';

const preset = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url)),
    'utf8',
  );

// The app's opening scenario, shortened: the teaching drive 90 % full
// taking 4 KiB random writes at QD32, where GC stalls some intervals.
const REQUEST: LoadRequest = {
  deviceJson: preset('teaching-slc-tiny'),
  fioText: '[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnumber_ios=60000\n',
  set: ['precondition.fill=0.9'],
};
/** Rows of the app's 10 ms series in one row of the coarse run's. */
const ROWS_PER_BIN = 8;

/** The first `rows` rows of a run's latency columns. */
function latencyColumns(run: ReturnType<typeof runInFrames>, rows: number): LatencyColumns {
  const column = (key: string) => run.series.column(key).slice(0, rows);
  return {
    t_ms: column('t_ms'),
    iops: column('iops'),
    lat_p99_us: column('lat_p99_us'),
    lat_p50_us: column('lat_p50_us'),
    lat_mean_us: column('lat_mean_us'),
  };
}

describe('latency chart bins on the teaching drive under GC', () => {
  const fine = runInFrames({ ...REQUEST, seriesIntervalMs: 10 }, 50e6);
  // The same run sampled every 80 ms: each of its rows has the exact mean
  // latency of the I/Os completed in those 80 ms.
  const coarse = runInFrames({ ...REQUEST, seriesIntervalMs: 10 * ROWS_PER_BIN }, 50e6);

  it('reads each bin’s mean as the mean of its I/Os, as the core’s 80 ms rows give it', () => {
    // number_ios caps the job; the region (the user capacity, 13,107 units
    // of 4 KiB) ends it first, as fio's size does.
    expect(fine.meta.latency_us.write.count).toBe(13_107);
    expect(coarse.meta.latency_us.write).toEqual(fine.meta.latency_us.write);
    // Whole coarse rows only (the host's last row is shorter, the drain's has no I/O).
    const bins = Math.floor(fine.series.length / ROWS_PER_BIN) - 1;
    const columns = latencyColumns(fine, bins * ROWS_PER_BIN);
    // The chart's bins of the 10 ms rows, ROWS_PER_BIN rows each.
    const { mean } = latencyLines(columns, bins);
    expect(mean.x).toHaveLength(bins);
    const exact = coarse.series.column('lat_mean_us');
    const coarseTimes = coarse.series.column('t_ms');
    const coarseIops = coarse.series.column('iops');
    let compared = 0;
    let worstEqualRows = 0;
    for (let bin = 0; bin < bins; bin++) {
      // The bin covers the coarse row that ends at its last 10 ms row.
      expect(coarseTimes[bin]).toBe(columns.t_ms[(bin + 1) * ROWS_PER_BIN - 1]);
      if (!(coarseIops[bin] > 0)) continue;
      expect(mean.y[bin] / exact[bin], `bin ${bin}`).toBeCloseTo(1, 6);
      compared++;
      // What averaging the rows as equals gives for the same bin.
      let sum = 0;
      let rows = 0;
      for (let i = bin * ROWS_PER_BIN; i < (bin + 1) * ROWS_PER_BIN; i++) {
        if (columns.iops[i] > 0) {
          sum += columns.lat_mean_us[i];
          rows++;
        }
      }
      worstEqualRows = Math.max(worstEqualRows, Math.abs(sum / rows / exact[bin] - 1));
    }
    expect(compared).toBeGreaterThan(10);
    // Rows as equals would be off by this much somewhere (GC's slow rows
    // have few I/Os): the weighing is what makes the bins right.
    expect(worstEqualRows).toBeGreaterThan(0.05);
  });
});
