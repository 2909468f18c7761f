// The parts of a run's result JSON (what `flashscope run --json` prints and
// SimClient.result() returns; sim-core src/report/result_json.cpp) that the
// compare table, saved runs and exports read. Every other key is kept as
// it came: saved runs and exports carry the whole object.

import type { LatencySummary } from '@flashscope/wasm/protocol';

export interface RunResult {
  sim_time_ms: number;
  /** null when the host wrote nothing. */
  waf: number | null;
  host: {
    read_bytes: number;
    write_bytes: number;
    read_requests: number;
    write_requests: number;
    trim_requests?: number;
  };
  nand: { block_erases: number; write_bytes: number };
  /** The same summary as a frame's (SnapshotMeta.latency_us), over the whole run. */
  latency_us: { read: LatencySummary; write: LatencySummary };
  throughput: {
    /**
     * Requests per second from the jobs' first start to the last completion
     * (to the moment it stopped, for a run stopped midway: sim-core
     * Host::IoSpanNs; an older core said 0 for those).
     */
    iops: number;
    read_mbps: number;
    write_mbps: number;
    /**
     * The host's active time (its bursts of I/O, sim-core metrics/burst_tracker.h),
     * the idle between bursts, and the averages over the active time only
     * (absent from older cores).
     */
    active_ms?: number;
    idle_ms?: number;
    active_iops?: number;
    active_read_mbps?: number;
    active_write_mbps?: number;
  };
  /** bytes_moved: the units in bytes, as the core sizes them (absent from an older core). */
  gc: { runs: number; units_moved: number; bytes_moved?: number };
  /** The effective device configuration. */
  device?: { name?: string; mapping_unit_bytes?: number };
  /** Present only when the drive has an SLC cache. */
  slc?: { migration_bytes: number } | null;
  /** Bytes read of data never written: answered without a flash read (absent from older cores). */
  unwritten_read_bytes?: number;
  /**
   * Writes covering part of a mapping unit (absent from older cores): rounded
   * up to whole units (unit_bytes; rounding_waf = unit_bytes / host bytes
   * written, a part of waf) and, with read_modify_write, the old units read
   * first.
   */
  partial_writes?: {
    writes: number;
    units: number;
    unit_bytes: number;
    rounding_waf: number | null;
    rmw_reads: number;
  };
  /** Present only for a trace replay (CONTRACT.md section B). */
  trace?: Record<string, unknown>;
  /** The run's time series (columns of equal length); saved runs keep a binned copy instead. */
  series?: Record<string, Array<number | null>>;
  [key: string]: unknown;
}

/** Parses a result JSON text; throws with a short reason when it is not one. */
export function parseRunResult(text: string): RunResult {
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('the result is not a JSON object');
  }
  const result = value as RunResult;
  if (typeof result.sim_time_ms !== 'number' || typeof result.latency_us !== 'object') {
    throw new Error('the result lacks sim_time_ms or latency_us');
  }
  return result;
}

/**
 * Host I/O per second over the run: the core's throughput.iops (over the
 * jobs' span, or up to the stop of a run stopped midway). An older core
 * said 0 for a stopped run that had done I/O: that is no figure, so null
 * ("—"), not one worked out here.
 */
export function runIops(result: RunResult): number | null {
  const own = result.throughput?.iops;
  if (typeof own !== 'number' || !Number.isFinite(own)) return null;
  const host = result.host;
  const requests = host ? host.read_requests + host.write_requests + (host.trim_requests ?? 0) : 0;
  return own === 0 && requests > 0 ? null : own;
}
