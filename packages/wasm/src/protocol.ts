// The one protocol between the UI and the simulation worker (STYLE.md
// convention 6): discriminated unions, a sequence id on every command,
// serialised errors, and a version checked at init. Switches over these
// types must be exhaustive (see assertNever).

export const PROTOCOL_VERSION = 1;

/** Simulated nanoseconds per wall-clock second, or as fast as possible. */
export type Speed = { kind: 'rate'; simNsPerSecond: number } | { kind: 'max' };

export interface LoadRequest {
  /** Device JSON text (a preset file's content, possibly edited). */
  deviceJson: string;
  /** fio job file text. */
  fioText: string;
  /** Dotted-key overrides, as the CLI's --set ("gc.victim=fifo"). */
  set?: string[];
  /** Names used in error messages and results. */
  deviceName?: string;
  workloadName?: string;
  /** Sampling interval of the time series, simulated ms (default 10). */
  seriesIntervalMs?: number;
}

export type Command =
  | { type: 'init'; seq: number; protocolVersion: number }
  | ({ type: 'load'; seq: number } & LoadRequest)
  | { type: 'play'; seq: number }
  | { type: 'pause'; seq: number }
  /** Advances by simNs of simulated time (default: one series interval), then pauses. */
  | { type: 'step'; seq: number; simNs?: number }
  | { type: 'setSpeed'; seq: number; speed: Speed }
  /** Reloads the last loaded scenario from the start, paused. */
  | { type: 'reset'; seq: number }
  /** The UI has drawn frame `frame`; the worker may send the next one. */
  | { type: 'ack'; seq: number; frame: number }
  | { type: 'result'; seq: number };

export interface SerializedError {
  kind: 'input' | 'internal' | 'protocol';
  message: string;
  file?: string;
  line?: number;
  problem?: string;
}

export interface Layout {
  channels: number;
  dies_per_channel: number;
  planes_per_die: number;
  blocks_per_plane: number;
  blocks: number;
  planes: number;
  pages_per_block: number;
  units_per_page: number;
  units_per_block: number;
  unit_bytes: number;
  logical_bytes: number;
  physical_bytes: number;
}

/** BlockArrays.mode values: how a block is programmed (snapshot layout 2). */
export const BlockMode = { Native: 0, SlcStatic: 1, SlcDynamic: 2 } as const;

/** Open blocks per plane in BlockArrays.frontiers, at these slots of [4p .. 4p+3]. */
export const FRONTIERS_PER_PLANE = 4;
export const Frontier = { HostNative: 0, Gc: 1, HostSlc: 2, Migration: 3 } as const;
export const NO_BLOCK = 0xffffffff;

/** Struct-of-arrays view of every block; indices are linear block ids. */
export interface BlockArrays {
  state: Uint8Array; // 0 free, 1 open, 2 full, 3 GC victim
  validUnits: Uint32Array;
  eraseCount: Uint32Array;
  writtenUnits: Uint32Array;
  /**
   * 0 native, 1 pSLC static, 2 pSLC dynamic (BlockMode). All 0 on a drive
   * without an SLC cache. A pSLC block holds units_per_block / bits units.
   */
  mode: Uint8Array;
  /**
   * FRONTIERS_PER_PLANE open blocks of plane p at [4p + Frontier.*]: host
   * native, GC, host SLC and migration (fold) destination; NO_BLOCK none.
   */
  frontiers: Uint32Array;
  /** Per mapping unit (small devices only): 0 erased, 1 valid, 2 invalid. */
  pageState: Uint8Array | null;
}

export interface SeriesPoints {
  t_ms: number[];
  iops: number[];
  read_mbps: number[];
  write_mbps: number[];
  lat_mean_us: number[];
  lat_p50_us: number[];
  lat_p99_us: number[];
  free_blocks: number[];
  gc_page_programs: number[];
  host_write_bytes: number[];
  nand_write_bytes: number[];
  waf: number[];
  // SLC cache (all 0 on a drive without one; absent from a core older than
  // snapshot layout 2, which the UI treats as "no SLC cache").
  /** Current SLC capacity: static + the dynamic allowance. */
  slc_capacity_bytes?: number[];
  /** Bytes programmed in static pSLC blocks (occupancy, stale data included). */
  slc_static_bytes?: number[];
  /** Bytes programmed in dynamic pSLC blocks. */
  slc_dynamic_bytes?: number[];
  /** The part of the SLC content idle migration keeps (the persistent cache). */
  slc_persistent_bytes?: number[];
  /** Cumulative bytes folded SLC -> native. */
  migration_bytes?: number[];
  /** Host bytes programmed into SLC, and bytes migrated out of it, per second (MB/s). */
  slc_inflow_mbps?: number[];
  slc_outflow_mbps?: number[];
}

export type SimEvent =
  | { kind: 'gc_start'; t_ms: number; block: number; valid_units: number; background: boolean }
  | {
      kind: 'gc_end';
      t_ms: number;
      block: number;
      units_moved: number;
      duration_ms: number;
      background: boolean;
    }
  | {
      kind: 'migration_start';
      t_ms: number;
      block: number;
      valid_units: number;
      background: boolean;
    }
  | {
      kind: 'migration_end';
      t_ms: number;
      block: number;
      units_moved: number;
      duration_ms: number;
      background: boolean;
    }
  /** The SLC cache is full: host writes go direct to native or wait for folding. */
  | { kind: 'cache_exhausted'; t_ms: number; host_written_bytes: number }
  /** The SLC cache has room again. */
  | { kind: 'cache_recovered'; t_ms: number }
  | {
      kind: 'stall';
      t_ms: number;
      duration_ms: number;
      during_gc: boolean;
      /** Absent from cores without an SLC cache model. */
      during_migration?: boolean;
    };

export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

/** The SLC cache's state at a frame (SnapshotMeta.slc). */
export interface SlcMeta {
  /** static_capacity_bytes + dynamic_capacity_bytes. */
  capacity_bytes: number;
  static_capacity_bytes: number;
  /** The dynamic allowance now: it shrinks as user data fills the drive. */
  dynamic_capacity_bytes: number;
  static_used_bytes: number;
  dynamic_used_bytes: number;
  persistent_bytes: number;
  persistent_capacity_bytes: number;
  /** Host bytes programmed into SLC per second over the last interval, as MB/s. */
  inflow_mbps: number;
  /** Bytes migrated SLC -> native per second over the last interval, as MB/s. */
  outflow_mbps: number;
  migration_bytes: number;
  exhausted: boolean;
  /** The first time the cache ran full in this run. */
  first_cliff: null | { t_ms: number; host_written_bytes: number };
}

/** Figures that travel with each frame (api/snapshot_meta.h). */
export interface SnapshotMeta {
  frame: number;
  sim_time_ns: number;
  finished: boolean;
  waf: number | null;
  free_blocks: number;
  host_write_bytes: number;
  nand_write_bytes: number;
  gc_runs: number;
  iops: number;
  read_mbps: number;
  write_mbps: number;
  latency_us: { read: LatencySummary; write: LatencySummary };
  /** Latency CDF of all completed I/O: [latency_us, cumulative fraction]. */
  latency_cdf: Array<[number, number]>;
  /** Erase-count histogram: blocks per bin of width erase_bin_width. */
  erase_histogram: number[];
  erase_bin_width: number;
  /** New points since the previous frame; at most 256 (longer stretches are merged). */
  series: SeriesPoints;
  /** The newest of the events since the previous frame, at most 256. */
  events: SimEvent[];
  /** Events since the previous frame left out of `events` (the oldest ones). */
  events_dropped: number;
  /** Null (or absent, from an older core) when the drive has no SLC cache. */
  slc?: SlcMeta | null;
}

export type WorkerMessage =
  | { type: 'ready'; seq: number; protocolVersion: number }
  | { type: 'loaded'; seq: number; layout: Layout; device: Record<string, unknown> }
  | { type: 'snapshot'; frame: number; blocks: BlockArrays; meta: SnapshotMeta }
  | { type: 'status'; seq: number; running: boolean; finished: boolean; simTimeNs: number }
  | { type: 'result'; seq: number; json: string }
  | { type: 'error'; seq: number; error: SerializedError };

export function assertNever(value: never): never {
  throw new Error(`unhandled protocol value: ${JSON.stringify(value)}`);
}
