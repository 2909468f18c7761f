// The key figures of a run, from the latest frame and the series: what the
// figures row shows. Rates are recent (the last 100 ms of simulated time),
// latency percentiles cover the whole run, like fio's summary.

import { recentMean } from '../charts/binning';
import type { SimSlice } from '../store/simSlice';

/** Series rows averaged for "now" rates: 10 rows of 10 ms. */
export const RECENT_ROWS = 10;

export interface KeyFigures {
  waf: number | null;
  iops: number;
  mbps: number;
  runIops: number;
  p99Us: number;
  p99Op: 'read' | 'write' | null;
  p50Us: number;
  freeBlocks: number | null;
  totalBlocks: number | null;
  gcRuns: number;
  simTimeNs: number;
}

export function keyFigures(
  sim: Pick<SimSlice, 'frame' | 'series' | 'layout' | 'simTimeNs'>,
): KeyFigures {
  const meta = sim.frame?.meta;
  const read = meta?.latency_us.read;
  const write = meta?.latency_us.write;
  // The percentile of the op that dominates the run.
  const op = !read || !write ? null : write.count >= read.count ? 'write' : 'read';
  const dominant = op === 'write' ? write : op === 'read' ? read : undefined;
  const recentRead = recentMean(sim.series.column('read_mbps'), RECENT_ROWS);
  const recentWrite = recentMean(sim.series.column('write_mbps'), RECENT_ROWS);
  return {
    waf: meta?.waf ?? null,
    iops: recentMean(sim.series.column('iops'), RECENT_ROWS),
    mbps:
      (Number.isFinite(recentRead) ? recentRead : 0) +
      (Number.isFinite(recentWrite) ? recentWrite : 0),
    runIops: meta?.iops ?? NaN,
    p99Us: dominant && dominant.count > 0 ? dominant.p99 : NaN,
    p99Op: dominant && dominant.count > 0 ? op : null,
    p50Us: dominant && dominant.count > 0 ? dominant.p50 : NaN,
    freeBlocks: meta?.free_blocks ?? null,
    totalBlocks: sim.layout?.blocks ?? null,
    gcRuns: meta?.gc_runs ?? 0,
    simTimeNs: sim.simTimeNs,
  };
}
