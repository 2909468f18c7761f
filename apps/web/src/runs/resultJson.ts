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
  gc: { runs: number; units_moved: number };
  /** The effective device configuration (mapping_unit_bytes sizes GC's moved units). */
  device?: { name?: string; mapping_unit_bytes?: number };
  capacity?: { physical_bytes: number; blocks: number; mapping_units_per_block: number };
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
 * Bytes of one mapping unit: GC relocates whole units (gc.units_moved). The
 * device's own key, else physical bytes over the units of all blocks.
 */
export function mappingUnitBytes(result: RunResult): number {
  const fromDevice = result.device?.mapping_unit_bytes;
  if (typeof fromDevice === 'number' && fromDevice > 0) return fromDevice;
  const capacity = result.capacity;
  if (capacity && capacity.blocks > 0 && capacity.mapping_units_per_block > 0) {
    return capacity.physical_bytes / (capacity.blocks * capacity.mapping_units_per_block);
  }
  return 4096;
}

/**
 * Host I/O per second over the run. The result's own figure spans the
 * jobs' start to end; a run stopped before its jobs ended reports 0 there
 * (no end yet), so then it is the requests so far over the simulated time.
 */
export function runIops(result: RunResult): number | null {
  const own = result.throughput?.iops;
  if (typeof own === 'number' && Number.isFinite(own) && own > 0) return own;
  const host = result.host;
  const seconds = result.sim_time_ms / 1000;
  if (!host || !(seconds > 0)) return typeof own === 'number' ? own : null;
  return (host.read_requests + host.write_requests + (host.trim_requests ?? 0)) / seconds;
}
