// The key figures of a run, from the latest frame and the series: what the
// figures row shows. Rates are recent (the last ten rows of the series: 100
// ms of simulated time while its points are 10 ms apart, longer once a long
// run has doubled its interval, and the row says which), latency
// percentiles cover the whole run, like fio's summary.

import { recentMean } from '../charts/binning';
import type { SimSlice } from '../store/simSlice';

/** Series rows averaged for "now" rates: 10 rows, of 10 ms each until the core doubles its interval. */
export const RECENT_ROWS = 10;

/** Simulated time the smoothed throughput averages over. */
export const SMOOTH_MS = 1000;

/**
 * The time-weighted mean of a rate over the last `windowMs` of simulated
 * time, from the series the core sends: each row is the mean rate of the
 * interval ending at its t_ms (rows may have been merged in pairs, so they
 * are weighted by the time they cover, and a row straddling the window's
 * start by its part inside it). NaN without rows.
 */
export function meanOverLastMs(
  tMs: ArrayLike<number>,
  values: ArrayLike<number>,
  windowMs: number,
): number {
  const n = Math.min(tMs.length, values.length);
  if (n === 0) return NaN;
  const start = tMs[n - 1] - windowMs;
  let sum = 0;
  let covered = 0;
  for (let i = n - 1; i >= 0; i--) {
    const end = tMs[i];
    if (end <= start) break;
    const begin = Math.max(start, i > 0 ? tMs[i - 1] : 0);
    const dt = end - begin;
    if (dt > 0 && Number.isFinite(values[i])) {
      sum += values[i] * dt;
      covered += dt;
    }
  }
  return covered > 0 ? sum / covered : NaN;
}

/**
 * The simulated time behind the "now" rates, so the figures row can say it:
 * the last `rows` rows, from the end of the row before them (0 at the run's
 * start) to the last one's end. A row is one series interval (10 ms at
 * first; a long run doubles it, and a busy frame merges points), so a
 * week-long replay's last ten rows are 27 minutes, not 100 ms. NaN without rows.
 */
export function spanOfLastRows(tMs: ArrayLike<number>, rows: number): number {
  const n = tMs.length;
  if (n === 0) return NaN;
  const before = n - 1 - rows;
  return tMs[n - 1] - (before >= 0 ? tMs[before] : 0);
}

/**
 * The simulated time behind meanOverLastMs(tMs, …, windowMs): from the start
 * of the earliest row it uses to the last row's end. A row longer than the
 * window is all of it: a 1 s window inside a 163.84 s row averages that row.
 * NaN without rows.
 */
export function spanOfLastMs(tMs: ArrayLike<number>, windowMs: number): number {
  const n = tMs.length;
  if (n === 0) return NaN;
  const start = tMs[n - 1] - windowMs;
  let first = n - 1;
  while (first > 0 && tMs[first - 1] > start) first--;
  return tMs[n - 1] - (first > 0 ? tMs[first - 1] : 0);
}

export interface KeyFigures {
  waf: number | null;
  iops: number;
  mbps: number;
  /** Read + write MB/s over the last SMOOTH_MS of simulated time (NaN: no data). */
  mbpsSmoothed: number;
  /** Simulated ms behind iops and mbps (spanOfLastRows; NaN: no data). */
  recentMs: number;
  /** Simulated ms behind mbpsSmoothed (spanOfLastMs: SMOOTH_MS, or one row when longer; NaN: no data). */
  smoothedMs: number;
  runIops: number;
  p99Us: number;
  p99Op: 'read' | 'write' | null;
  p50Us: number;
  freeBlocks: number | null;
  totalBlocks: number | null;
  gcRuns: number;
  /** What gcRuns counts: GC runs, or a classic FTL's merges and block rewrites. */
  gcRunsKind: 'gc' | 'merges';
  /**
   * Blocks the GC engine relocated for another reason than GC, which the
   * device view outlines like GC victims: read-disturb refreshes and static
   * wear-levelling moves (null when the drive does not do that kind).
   */
  refreshes: number | null;
  wearLevelingMoves: number | null;
  simTimeNs: number;
}

/** The "GC runs" figure's label: a classic FTL's count is merges and erases (issue 18). */
export function gcRunsLabel(kind: KeyFigures['gcRunsKind']): string {
  return kind === 'merges' ? 'Merges / erases' : 'GC runs';
}

/**
 * The host's rows of the series: a finished run's last point may be its
 * end-of-run drain (after end_of_run.host_end_ms), when the host did no
 * I/O; the "now" rates stay those of the host's last I/O.
 */
function hostColumn(
  series: SimSlice['series'],
  key: string,
  hostEndMs: number | undefined,
): Float64Array {
  const column = series.column(key);
  if (hostEndMs === undefined) return column;
  const tMs = series.column('t_ms');
  let rows = Math.min(column.length, tMs.length);
  while (rows > 0 && tMs[rows - 1] > hostEndMs) rows--;
  return column.subarray(0, rows);
}

function smoothedMbps(series: SimSlice['series'], hostEndMs: number | undefined): number {
  const tMs = hostColumn(series, 't_ms', hostEndMs);
  const read = meanOverLastMs(tMs, hostColumn(series, 'read_mbps', hostEndMs), SMOOTH_MS);
  const write = meanOverLastMs(tMs, hostColumn(series, 'write_mbps', hostEndMs), SMOOTH_MS);
  if (!Number.isFinite(read) && !Number.isFinite(write)) return NaN;
  return (Number.isFinite(read) ? read : 0) + (Number.isFinite(write) ? write : 0);
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
  const hostEndMs = meta?.end_of_run?.host_end_ms;
  const recent = (key: string) => recentMean(hostColumn(sim.series, key, hostEndMs), RECENT_ROWS);
  const hostTimes = hostColumn(sim.series, 't_ms', hostEndMs);
  const recentRead = recent('read_mbps');
  const recentWrite = recent('write_mbps');
  return {
    waf: meta?.waf ?? null,
    iops: recent('iops'),
    mbps:
      (Number.isFinite(recentRead) ? recentRead : 0) +
      (Number.isFinite(recentWrite) ? recentWrite : 0),
    mbpsSmoothed: smoothedMbps(sim.series, hostEndMs),
    recentMs: spanOfLastRows(hostTimes, RECENT_ROWS),
    smoothedMs: spanOfLastMs(hostTimes, SMOOTH_MS),
    runIops: meta?.iops ?? NaN,
    p99Us: dominant && dominant.count > 0 ? dominant.p99 : NaN,
    p99Op: dominant && dominant.count > 0 ? op : null,
    p50Us: dominant && dominant.count > 0 ? dominant.p50 : NaN,
    freeBlocks: meta?.free_blocks ?? null,
    totalBlocks: sim.layout?.blocks ?? null,
    gcRuns: meta?.gc_runs ?? 0,
    gcRunsKind: meta?.gc_runs_kind ?? 'gc',
    refreshes: meta?.read_disturb?.refreshes ?? null,
    wearLevelingMoves: meta?.static_wear_leveling?.moves ?? null,
    simTimeNs: sim.simTimeNs,
  };
}
