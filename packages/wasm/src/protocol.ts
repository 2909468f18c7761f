// The one protocol between the UI and the simulation worker (docs/conventions.md
// convention 6): discriminated unions, a sequence id on every command,
// serialised errors, and a version checked at init. Switches over these
// types must be exhaustive (see assertNever).
//
// Version 2 added trace replay: LoadRequest.trace, the 'inspectTrace'
// command with its 'traceProgress' / 'traceSummary' replies, and
// SnapshotMeta.trace.
// Zoned drives (issue 6) added only optional fields (LoadRequest.workload,
// SnapshotMeta.zns with its gc_targets / gc_sources, the zns_* series, zone
// events), so the version stays.
// The classic FTLs and write caches (issue 7) added SnapshotMeta.classic,
// optional too.
// Version 3 added the stability test: the 'stability' command with its
// 'stabilityProgress' / 'stabilityResult' replies (fs_stability_*).
// Issue 16 added commands only, so the version stays: 'deviceSchema',
// 'effectiveDevice' and 'resolveFio' with their replies (the core's answers
// the UI asks for instead of copying them), and SlcMeta.first_cliff's
// before_mbps / after_mbps; issue 19 SlcMeta.first_cliff.depth and
// SlcMeta.bursts / bursts_total (fields only). A worker runs one job at a time (an interactive
// run, a trace scan or a stability run); a load, reset, inspectTrace or
// stability replaces the job that runs, and a scan or stability run
// replaced this way answers its command with an 'error'.
// Issue 19 added 'traceFingerprint' (a trace's share-link fingerprint,
// hashed in the worker) and traceSummary's sha256, and the 'burstTemplate'
// command with its 'burstTemplate' reply (fs_burst_template): commands and
// an optional field only, so the version stays.
// Issue 28 added the 'traceFit' command with its 'traceFit' reply
// (fs_trace_fit), TraceOptions.late_records and TraceSummary fields: the
// version stays. It also added SnapshotMeta.stalls, mean_response_us and
// SlcMeta.migrations (optional fields), and null in SeriesPoints.waf where
// nothing is programmed yet (the result's rule for waf).

import type {
  TraceFit,
  TraceFitRequest,
  TraceRef,
  TraceReplayProgress,
  TraceSummary,
} from './protocol_trace';

export * from './protocol_trace';

export const PROTOCOL_VERSION = 3;

/** Simulated nanoseconds per wall-clock second, or as fast as possible. */
export type Speed = { kind: 'rate'; simNsPerSecond: number } | { kind: 'max' };

/**
 * A synthetic workload generator: a scenario file's "workload" object and
 * fs_create's `workload` option (sim-core api/session.h,
 * workload/generator_workload.h). Every key but `generator` is optional
 * (the core's defaults apply; sizes default to the drive's logical space).
 */
export type WorkloadGenerator = CloudBlockWorkload | DiskSimWorkload;

/** Cloud-block-storage-like 4 KiB writes (seed 004 §2.1), one job "cloud_block". */
export interface CloudBlockWorkload {
  generator: 'cloud_block';
  num_blocks?: number;
  num_writes?: number;
  zipf_exponent?: number;
  write_once_share?: number;
  hot_set_share?: number;
  hot_shifts?: number;
  hot_shift_fraction?: number;
  write_iops?: number;
  /** 0 (default): open loop at write_iops; N: closed loop at queue depth N. */
  iodepth?: number;
  seed?: number;
}

/**
 * DiskSim's synthetic generator (seed 002 Table 1), one job "disksim": a
 * `preset` (clash_default, clash_seq_65, …) and DiskSim's parameters;
 * distributions are objects ({"type": "exponential", "mean": 8}) or
 * DiskSim's list form. The core checks every key and names it in errors
 * (sim-core workload/synthetic_generator.h lists them).
 */
export interface DiskSimWorkload {
  generator: 'disksim';
  preset?: string;
  num_requests?: number;
  [key: string]: unknown;
}

/** The generator names the core knows (WorkloadGenerator.generator). */
export const WORKLOAD_GENERATORS = ['cloud_block', 'disksim'] as const;

export interface LoadRequest {
  /** Device JSON text (a preset file's content, possibly edited). */
  deviceJson: string;
  /** fio job file text ('' and ignored when `trace` or `workload` is given). */
  fioText: string;
  /** The workload is this trace instead of the fio job. */
  trace?: TraceRef;
  /** The workload is this generator instead of the fio job (exclusive with `trace`). */
  workload?: WorkloadGenerator;
  /** Dotted-key overrides, as the CLI's --set ("gc.victim=fifo"). */
  set?: string[];
  /** Names used in error messages and results. */
  deviceName?: string;
  workloadName?: string;
  /** Sampling interval of the time series, simulated ms (default 10). */
  seriesIntervalMs?: number;
}

/**
 * A stability test (seed 001 / SNIA PTS, sim-core stability/stability_flow.h):
 * purge, 2x capacity of 128 KiB sequential preconditioning, then rounds of
 * the measurement workload until steady state. The keys and ranges of
 * `flashscope stability` (rounds 1–100, latencies > 0, 0 < percentile <= 100).
 */
export interface StabilityRequest {
  /** Device JSON text; it must not set precondition.* (the flow preconditions itself). */
  deviceJson: string;
  /** One round of the measurement workload; '' = the default 4 KiB random 70/30 mix at QD32. */
  fioText: string;
  /** Dotted-key device overrides, as the CLI's --set. */
  set?: string[];
  /** Names used in error messages and the result ("workload" is workloadName when fioText is given). */
  deviceName?: string;
  workloadName?: string;
  /** Rounds run at most without steady state (default 25). */
  roundsMax?: number;
  /** QoS limits in µs (defaults 1000 read, 200 write: seed 001). */
  qosReadUs?: number;
  qosWriteUs?: number;
  /** Check the limits at this percentile; absent or null: the mean latency (as the seed does). */
  qosPercentile?: number | null;
  /** IOPS sampling interval for the series, CV and consistency (default 10 ms). */
  seriesIntervalMs?: number;
  /**
   * Times the capacity of 4 KiB random writes after the sequential
   * preconditioning, 0–10 (default 0; the CLI's --random-precondition).
   */
  randomPreconditionCapacity?: number;
}

/** A finished round as progress reports it. */
export interface StabilityRoundProgress {
  round: number;
  start_ms: number;
  end_ms: number;
  iops: number;
  read_iops: number;
  write_iops: number;
  /** null: the round wrote or programmed nothing. */
  waf: number | null;
}

/** How far a stability test is (fs_stability_progress). */
export interface StabilityProgress {
  phase: 'precondition' | 'rounds' | 'done';
  sim_time_ms: number;
  user_capacity_bytes: number;
  /** Preconditioning bytes written so far, of precondition_total_bytes. */
  precondition_bytes: number;
  /** 2 × user_capacity_bytes plus the random preconditioning (absent from older modules). */
  precondition_total_bytes?: number;
  rounds_max: number;
  rounds: StabilityRoundProgress[];
  steady_state: { reached: boolean; round: number | null };
}

/** The device JSON Schema the core emits (draft 2020-12 subset). */
export interface SettingSchema {
  type?: string | string[];
  default?: unknown;
  description?: string;
  enum?: (string | number)[];
  'x-choices'?: { value: string; label: string; description: string }[];
  'x-unit'?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, SettingSchema>;
  additionalProperties?: boolean;
}
export type DeviceSchema = SettingSchema & { $schema: string; title?: string };

/** One variant of `flashscope stability --compare`: overrides added after the panel's own. */
export interface StabilityVariant {
  name: string;
  /** What the comparison table shows ("cost-benefit GC"). */
  label: string;
  overrides: string[];
}

/**
 * The stability flow's defaults and limits and the --compare variants
 * (fs_stability_defaults): what the Stability tab offers, from the core.
 */
export interface StabilityDefaults {
  rounds_max: number;
  rounds_max_limit: number;
  /** The steady-state rule: this many rounds within max_range_fraction of their mean... */
  window_rounds: number;
  max_range_fraction: number;
  /** ...and their fitted slope's excursion within this fraction of the mean. */
  max_slope_excursion_fraction: number;
  qos_read_us: number;
  qos_write_us: number;
  series_interval_ms: number;
  random_precondition: number;
  random_precondition_max: number;
  variants: StabilityVariant[];
}

/** Geometry the core derives from a device (fs_effective_device's "derived"). */
export interface DerivedDevice {
  kind: 'conventional' | 'classic' | 'zoned';
  logical_bytes: number;
  physical_bytes: number;
  blocks_per_plane: number;
  planes: number;
  static_slc_blocks_per_plane: number;
  gc_reserve_blocks_per_plane: number;
  gc_background_reserve_blocks_per_plane: number;
  min_overprovision: number;
  /** Zoned drives only. */
  zones?: number;
  zone_bytes?: number;
  zone_capacity_bytes?: number;
}

/**
 * A device with its overrides applied and every default filled in
 * (fs_effective_device). `derived` is given whenever the geometry can be
 * computed, even when `error` is a relation such as an over-provisioning
 * below min_overprovision; `error.key` is the dotted path of the setting
 * the problem is reported at, when there is one.
 */
export interface EffectiveDevice {
  device: Record<string, unknown> | null;
  derived: DerivedDevice | null;
  error: (SerializedError & { key: string | null }) | null;
}

/** One fio job as a run resolves it against a device (fs_fio_resolve). */
export interface ResolvedFioJob {
  name: string;
  rw: string;
  numjobs: number;
  iodepth: number;
  bs_bytes: { read: number; write: number; trim: number };
  offset_bytes: number;
  size_bytes: number;
  io_bytes: number;
  runtime_s: number | null;
  time_based: boolean;
  ramp_time_s: number;
  stonewall: boolean;
  rate_iops: { read: number; write: number; trim: number };
  rate_bytes_per_s: { read: number; write: number; trim: number };
  thinktime_us: number;
  closed_loop: boolean;
  ignored: string[];
}

/**
 * A sequential write job that overwrites the data the fill level put on the
 * drive (sim-core sim/fill_overwrite.h): the core's warning, for the panel
 * and the report to show as it is.
 */
export interface FillOverwrite {
  job: string;
  line: number;
  offset_bytes: number;
  end_bytes: number;
  fill_end_bytes: number;
  overwritten_bytes: number;
  /** "job 'burst-3' (line 24) writes sequentially from 50 % of the drive …". */
  message: string;
}

export interface ResolvedFio {
  jobs: ResolvedFioJob[];
  /** Every job keeps its queue full. */
  closed_loop: boolean;
  /** The longest runtime of any job (null: none has one). */
  longest_runtime_s: number | null;
  /** The jobs that overwrite the fill's data (empty: none). */
  fill_overwrites: FillOverwrite[];
}

/** A device to fill in: its text, dotted-key overrides, and the name errors cite. */
export interface EffectiveDeviceRequest {
  deviceJson: string;
  set?: string[];
  deviceName?: string;
}

/** A fio job file to resolve against a device. */
export interface ResolveFioRequest extends EffectiveDeviceRequest {
  fioText: string;
  workloadName?: string;
}

/** The burst / idle / burst workload to size to a device (fs_burst_template). */
export interface BurstTemplateRequest extends EffectiveDeviceRequest {
  /** Burst size as a multiple of the SLC cache the run starts with, (0, 10]. */
  multiple: number;
  /** Idle seconds between bursts, [0, 3600]. */
  idleS: number;
  /** Number of bursts, 1..20. */
  bursts: number;
}

/**
 * The burst / idle / burst workload sized to a device (fs_burst_template):
 * the SLC cache the run will start with (its slc.capacity_bytes_at_start),
 * each burst's size (whole MiB) and the fio job that writes them, after
 * the fill's data where they fit.
 */
export interface BurstTemplate {
  cache_bytes_at_start: number;
  static_bytes: number;
  dynamic_bytes_at_start: number;
  burst_bytes: number;
  bursts: number;
  multiple: number;
  idle_s: number;
  user_capacity_bytes: number;
  /** Where the first burst starts: after the fill's data while the bursts fit there. */
  first_offset_bytes: number;
  fio_text: string;
  /** The bursts that overwrite the fill's data (they do not fit after it). */
  fill_overwrites: FillOverwrite[];
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
  | { type: 'result'; seq: number }
  /**
   * Scans a whole trace (in its own worker: a later job replaces it).
   * Replies 'traceProgress' (at most every 100 ms) then 'traceSummary', or
   * 'error' with this seq.
   */
  | { type: 'inspectTrace'; seq: number; trace: TraceRef }
  /**
   * The hex SHA-256 of the first FINGERPRINT_BYTES of `file` (a share link's
   * check of a trace); replies 'traceFingerprint'. Answered between slices.
   */
  | { type: 'traceFingerprint'; seq: number; file: Blob }
  /**
   * Runs a stability test (in its own worker: a later job replaces it;
   * cancel by terminating the worker). Replies 'stabilityProgress'
   * (at once, then at most every 100 ms) then 'stabilityResult', or 'error'
   * with this seq.
   */
  | ({ type: 'stability'; seq: number } & StabilityRequest)
  /** The device JSON Schema; replies 'deviceSchema'. Answered between slices of a running job. */
  | { type: 'deviceSchema'; seq: number }
  /** The stability flow's defaults and --compare variants; replies 'stabilityDefaults'. */
  | { type: 'stabilityDefaults'; seq: number }
  /** The effective device and its derived geometry; replies 'effectiveDevice' (never 'error' for bad input). */
  | ({ type: 'effectiveDevice'; seq: number } & EffectiveDeviceRequest)
  /** A fio job file resolved against a device; replies 'resolvedFio', or 'error' (file:line) for a bad job file. */
  | ({ type: 'resolveFio'; seq: number } & ResolveFioRequest)
  /**
   * The burst / idle / burst job sized to a device; replies 'burstTemplate', or 'error'
   * (kind 'input': "this drive has no SLC cache", bursts that do not fit, ...).
   */
  | ({ type: 'burstTemplate'; seq: number } & BurstTemplateRequest)
  /** Whether a trace fits a drive and which preset would hold it; replies 'traceFit', or 'error'. */
  | { type: 'traceFit'; seq: number; request: TraceFitRequest };

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
  /** A pSLC block's units: it stores one bit per cell, units_per_block / bits. */
  slc_units_per_block: number;
  unit_bytes: number;
  logical_bytes: number;
  physical_bytes: number;
}

/**
 * BlockArrays.state values. From snapshot layout 4 a block the GC engine is
 * emptying says why (3 GC, 4 a read-disturb refresh, 5 a static
 * wear-levelling move, 6 SLC migration folding it into native blocks);
 * before, 3 stood for all of them.
 */
export const BlockState = {
  Free: 0,
  Open: 1,
  Full: 2,
  GcVictim: 3,
  RefreshVictim: 4,
  WearLevelingVictim: 5,
  MigrationVictim: 6,
} as const;

/** BlockArrays.mode values: how a block is programmed (snapshot layout 2). */
export const BlockMode = { Native: 0, SlcStatic: 1, SlcDynamic: 2 } as const;

/** Open blocks per plane in BlockArrays.frontiers, at these slots of [4p .. 4p+3]. */
export const FRONTIERS_PER_PLANE = 4;
export const Frontier = { HostNative: 0, Gc: 1, HostSlc: 2, Migration: 3 } as const;
export const NO_BLOCK = 0xffffffff;

/** Struct-of-arrays view of every block; indices are linear block ids. */
export interface BlockArrays {
  state: Uint8Array; // BlockState: 0 free, 1 open, 2 full, 3-6 a victim of GC or another relocation
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
  /**
   * Host page reads of each block since its erase (snapshot layout 3); all 0
   * while read disturb is off, absent from an older core.
   */
  reads?: Uint32Array;
  /**
   * Reads of a full block after which read disturb refreshes it (the
   * drive's cell's limit); 0 when read disturb is off.
   */
  refreshThreshold?: number;
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
  /** Cumulative WAF; null where the result's waf is null (nothing written or programmed yet). */
  waf: Array<number | null>;
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
  // A zoned (ZNS) drive's host FTL (absent on a conventional drive).
  /** The host FTL's WAF so far: (user + GC block writes) / user block writes. */
  zns_waf?: number[];
  /** Garbage proportion now: invalid blocks / blocks held in zones. */
  zns_gp?: number[];
  zones_open?: number[];
  zones_active?: number[];
  /**
   * Per point one number per zone class c (1-based at index c - 1):
   * (user_c + gc_c) / user_total so far. They sum to zns_waf.
   */
  zns_class_waf?: number[][];
}

/**
 * Why a conventional drive's GC engine relocated a block, when it was not
 * garbage collection itself: a read-disturb refresh or a static
 * wear-levelling move (absent: GC, the only cause "GC runs" counts).
 */
export type RelocationCause = 'refresh' | 'wear_leveling';

export type SimEvent =
  | {
      kind: 'gc_start';
      t_ms: number;
      block: number;
      valid_units: number;
      background: boolean;
      cause?: RelocationCause;
    }
  /** A zoned drive's host FTL reclaims `zone`, whose garbage proportion is `gp`. */
  | { kind: 'gc_start'; t_ms: number; zone: number; gp: number }
  /** ...its `moved` valid blocks were appended elsewhere; the zone is reset next. */
  | { kind: 'gc_end'; t_ms: number; zone: number; moved: number }
  /** A zone's write pointer went back to its start (`class` 1-based, null: none). */
  | { kind: 'zone_reset'; t_ms: number; zone: number; class: number | null; gp: number }
  | {
      kind: 'gc_end';
      t_ms: number;
      block: number;
      units_moved: number;
      duration_ms: number;
      background: boolean;
      cause?: RelocationCause;
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

/** Host write stalls (waits over 1 ms for write-buffer space): the result JSON's "stalls". */
export interface StallTotals {
  count: number;
  /** Summed over the stalled requests. */
  wait_ms: number;
  /** The part of it while GC ran, and while SLC migration ran. */
  gc_wait_ms: number;
  migration_wait_ms: number;
}

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
  /**
   * The most the dynamic allowance can be on this drive: its allowance when
   * empty (the device's dynamic_max_bytes in whole pSLC blocks, within the
   * user space / bits per cell), the SLC card's "up to".
   */
  dynamic_max_capacity_bytes: number;
  /**
   * capacity_bytes and dynamic_capacity_bytes when the host started (the
   * result JSON's slc figures of these names; 0 before it starts): what the
   * cache shrank from as user data filled the drive.
   */
  capacity_bytes_at_start: number;
  dynamic_capacity_bytes_at_start: number;
  static_used_bytes: number;
  dynamic_used_bytes: number;
  persistent_bytes: number;
  persistent_capacity_bytes: number;
  /** Host bytes programmed into SLC per second over the last interval, as MB/s. */
  inflow_mbps: number;
  /** Bytes migrated SLC -> native per second over the last interval, as MB/s. */
  outflow_mbps: number;
  migration_bytes: number;
  /** pSLC blocks migration emptied so far (the result's slc.migrations); absent from an older core. */
  migrations?: number;
  exhausted: boolean;
  /**
   * The first time the cache ran full in this run, with the host write
   * throughput either side of it as the core computes it from exact events
   * (the result JSON's slc.cliff write_mbps_before / _after / depth, sim-core
   * report/burst_json.h): independent of the series' sampling. before_mbps
   * is null only when the burst started with the cache already exhausted;
   * after_mbps (and depth) is null until the host has written 10 times its
   * largest write past the cliff (before that the write under way at the
   * cliff decides the figure: sim-core Burst::after_measured), then the
   * rate since the cliff so far, final (the result JSON's figure) once
   * after_settled: the burst (a second with no I/O outstanding) or the
   * host's run has ended. depth = 1 - after / before.
   */
  first_cliff: null | {
    t_ms: number;
    host_written_bytes: number;
    before_mbps: number | null;
    after_mbps: number | null;
    after_settled: boolean;
    depth: number | null;
  };
  /** The host's bursts so far, the first 64 (the result JSON's slc.bursts). */
  bursts: SlcBurst[];
  /** Bursts so far, also those past the 64 kept. */
  bursts_total: number;
}

/**
 * One burst of host activity (no gap of 1 s or more with nothing
 * outstanding) and the SLC cache it found: the result JSON's slc.bursts
 * entries (sim-core report/burst_json.h), exact, in ms, bytes and MB/s.
 */
export interface SlcBurst {
  start_ms: number;
  /** The burst's last write completion. */
  end_ms: number;
  /** Idle time before the burst; null for the first. */
  idle_before_ms: number | null;
  host_written_bytes: number;
  cache_exhausted: boolean;
  /** Host bytes the burst wrote before its cliff: the cache it found (null: no cliff). */
  cache_bytes: number | null;
  cliff_t_ms: number | null;
  /**
   * Host bytes the run had written (completed) when this burst's cache ran
   * out: where its cliff sits on "throughput vs data written" (the first
   * cliff's host_written_bytes for the first burst); null: no cliff.
   */
  cliff_host_written_bytes: number | null;
  write_mbps_before: number | null;
  write_mbps_after: number | null;
  depth: number | null;
  /** cache_bytes / the first burst's cache_bytes (null unless both ran out). */
  recovered_fraction: number | null;
  /** The burst is over: its figures will not change. */
  ended: boolean;
}

/** NVMe ZNS zone states as ZnsMeta.state codes them (the Zone State field of a zone descriptor). */
export const ZoneState = {
  Empty: 1,
  ImplicitlyOpened: 2,
  ExplicitlyOpened: 3,
  Closed: 4,
  ReadOnly: 13,
  Full: 14,
  Offline: 15,
} as const;
export type ZoneStateCode = (typeof ZoneState)[keyof typeof ZoneState];

/** GP histogram bins in ZnsMeta.gp_histogram: 20 bins of 0.05, the last includes 1.0. */
export const GP_HISTOGRAM_BINS = 20;

/**
 * A zoned drive at a frame (SnapshotMeta.zns). The per-zone arrays have
 * zone_count entries, indexed by zone number. Blocks are 4 KiB (one LBA).
 */
export interface ZnsMeta {
  zone_count: number;
  zone_capacity_blocks: number;
  /** Maximum Open / Active Resources (0 = no limit). */
  max_open: number;
  max_active: number;
  /** Open zone classes of the host FTL. */
  classes: number;
  placement: string;
  gc_victim: string;
  /** Zones open (implicitly or explicitly) and active (open or closed) now. */
  open: number;
  active: number;
  resets: number;
  gc_count: number;
  /** The host FTL's WAF so far (null before the first user write). */
  waf: number | null;
  user_write_bytes: number;
  gc_write_bytes: number;
  /** ZoneState code per zone. */
  state: number[];
  /** Blocks written per zone (the write pointer, from the zone's start). */
  wp: number[];
  /** Valid blocks per zone. */
  valid: number[];
  /** 1-based open zone class per zone, 0 = none. */
  class: number[];
  /** Reclaimed zones by garbage proportion, GP_HISTOGRAM_BINS bins of 0.05. */
  gp_histogram: number[];
  /**
   * The exact mean GP of the zones GC reclaimed (the result's zns.reclaimed_gp
   * averaged, 4 decimals); null before the first, or without a host FTL.
   */
  mean_reclaimed_gp: number | null;
  /** The zone the latest GC reclaimed (or is reclaiming), -1 for none yet. */
  gc_zone: number;
  /**
   * Where GC copied valid blocks since the previous frame: [zone, blocks]
   * per zone that received some, most blocks first, at most 16 (the zones
   * with the most; with none left out the blocks sum to the GC writes since
   * the previous frame). Empty when GC did not run; absent from an older core.
   */
  gc_targets?: Array<[number, number]>;
  /** The zones GC reclaimed since the previous frame, in order, the latest 16 at most. */
  gc_sources?: number[];
}

/** One logical block's pages in C-lash's block space or a page-space set. */
export interface CachedBlock {
  block: number;
  pages: number;
}

/** A write cache in front of a classic FTL (SnapshotMeta.classic.cache); counters are cumulative. */
export interface WriteCacheMeta {
  policy: string;
  capacity_bytes: number;
  hits: number;
  misses: number;
  read_hits: number;
  read_misses: number;
  write_hits: number;
  write_misses: number;
  evicted_pages: number;
  evicted_blocks: number;
  clean_evictions: number;
  flushes: number;
  flushed_pages: number;
  /** Pages the flushes had the flash supply (C-lash's late merge reads, BPLRU padding). */
  fill_pages: number;
  /** C-lash: page sets moved to block space, and blocks swapped back to page space. */
  set_moves: number;
  swaps: number;
  occupancy: {
    pages: number;
    capacity_pages: number;
    blocks: number;
    capacity_blocks: number;
    block_pages: number;
  };
  /** C-lash's block-space slots in order (null = free slot); empty for other policies. */
  block_space: Array<CachedBlock | null>;
  /** C-lash's largest page-space sets, largest first (the next to move leads); at most 8. */
  page_sets: CachedBlock[];
}

/** The classic FTL / write-cache drive at a frame (report/classic_json.h WriteClassicMeta). */
export interface ClassicMeta {
  mapping: string;
  pages_per_block: number;
  /** Block erases of the timed run (the result's nand.block_erases). */
  block_erases: number;
  merges: { switch: number; partial: number; full: number; copy: number };
  translation_reads: number;
  translation_writes: number;
  /** DFTL's cached mapping table; null for the other schemes. */
  cmt: {
    capacity: number;
    cached: number;
    hits: number;
    misses: number;
    dirty_evictions: number;
    clean_evictions: number;
  } | null;
  /** Null without a write cache (cache.policy none). */
  cache: WriteCacheMeta | null;
}

/**
 * Page programs by cause, with the core's names (sim-core
 * metrics/nand_counters.h CauseName; the result JSON's
 * nand.programs_by_cause). "padding": the dummy data that closes a partial
 * wordline the drive sent to flash before it was full.
 */
export type ProgramsByCause = Partial<
  Record<
    'host' | 'gc' | 'migration' | 'mapping' | 'refresh' | 'wear_leveling' | 'rmw' | 'padding',
    number
  >
>;

/**
 * What the write buffer kept from reaching flash so far (SnapshotMeta.write_buffer;
 * the result JSON's write_buffer, sim-core report/buffer_json.h).
 */
export interface WriteBufferMeta {
  /** Host data in the buffer now, not yet sent to flash. */
  buffered_bytes: number;
  /** Host writes replaced in the buffer by a later write of the same unit before reaching flash. */
  overwritten_bytes: number;
  /** Host writes trimmed while still in the buffer. */
  trimmed_bytes: number;
}

/**
 * The end of a finished run (SnapshotMeta.end_of_run; the result JSON's
 * end_of_run, written by the same core function, sim-core
 * report/buffer_json.h): what the drive still held when the host's last
 * request completed and what draining it cost. The run's WAF includes the
 * drain; the series' points after host_end_ms are the drain's.
 */
export interface EndOfRunMeta {
  host_end_ms: number;
  drain_ms: number;
  buffered_bytes: number;
  buffer_drained_bytes: number;
  buffer_held_bytes: number;
  drain_page_programs: number;
  drain_nand_write_bytes: number;
  /** The drain's page programs by cause: buffered host data, GC its writes needed, padding, … */
  drain_programs_by_cause: ProgramsByCause;
}

/** Figures that travel with each frame (api/snapshot_meta.h). */
/**
 * The analytic steady-state WAF of the drive as configured, for uniform
 * random writes (the core's report/waf_model.h): the model of its GC victim
 * policy ("greedy", "fifo" or "random") at its spare factor.
 */
export interface WafModelMeta {
  name: string;
  spare_factor: number;
  waf: number;
}

export interface SnapshotMeta {
  frame: number;
  sim_time_ns: number;
  finished: boolean;
  waf: number | null;
  /** Null where no model applies (zoned, classic FTL, SLC cache, other victims); absent from an older core. */
  waf_model?: WafModelMeta | null;
  free_blocks: number;
  host_write_bytes: number;
  nand_write_bytes: number;
  /** The timed run's page programs by cause; absent from an older core. */
  programs_by_cause?: ProgramsByCause;
  /** What the write buffer kept from flash so far; absent from an older core. */
  write_buffer?: WriteBufferMeta;
  /** Null until the run has finished (absent from an older core). */
  end_of_run?: EndOfRunMeta | null;
  gc_runs: number;
  /**
   * What gc_runs counts: "gc", GC runs (the GC timeline's); "merges", a
   * classic FTL's merges and block rewrites (no GC events). Absent from an
   * older core: "gc".
   */
  gc_runs_kind?: 'gc' | 'merges';
  /**
   * Host write stalls so far, every one (the result's stalls, the same
   * function): the events a frame carries are capped, so the UI does not
   * count them. Absent from an older core.
   */
  stalls?: StallTotals;
  /**
   * Requests completed per second of the host's I/O so far, over the
   * result's span: from the first job's start to the last completion (or
   * to now while a job runs): the result's throughput.iops.
   */
  iops: number;
  /** Reads completed per second, over the same span (the result's throughput.read_iops); absent from an older core. */
  read_iops?: number;
  read_mbps: number;
  write_mbps: number;
  latency_us: { read: LatencySummary; write: LatencySummary };
  /**
   * Mean response time of reads and writes together, µs (seed 002's
   * measure; the result's mean_response_us); null before either completed,
   * absent from an older core.
   */
  mean_response_us?: number | null;
  /** Latency CDF of all completed I/O: [latency_us, cumulative fraction]. */
  latency_cdf: Array<[number, number]>;
  /**
   * The CDF of reads and of writes apart, shaped like latency_cdf; each
   * passes through its op's p50, p90, p99 and p99.9 in latency_us (empty
   * before the op's first completion). Absent from an older core.
   */
  latency_cdf_by_op?: { read: Array<[number, number]>; write: Array<[number, number]> };
  /** Erase-count histogram: blocks per bin of width erase_bin_width. */
  erase_histogram: number[];
  erase_bin_width: number;
  /** Erase counts of the least- and most-erased block now (the result's wear); absent from an older core. */
  wear?: { min_erases: number; max_erases: number };
  /**
   * Read-disturb refresh (device key read_disturb.enabled): blocks refreshed
   * so far in the timed run (the result's read_disturb.refreshes); null when
   * refresh is off, absent from an older core.
   */
  read_disturb?: { refreshes: number } | null;
  /**
   * Static wear levelling (wear_leveling.static_enabled): cold-data moves so
   * far (the result's static_wear_leveling.moves); null when off, absent
   * from an older core.
   */
  static_wear_leveling?: { moves: number } | null;
  /** New points since the previous frame; at most 256 (longer stretches are merged). */
  series: SeriesPoints;
  /** The newest of the events since the previous frame, at most 256. */
  events: SimEvent[];
  /** Events since the previous frame left out of `events` (the oldest ones). */
  events_dropped: number;
  /** Null (or absent, from an older core) when the drive has no SLC cache. */
  slc?: SlcMeta | null;
  /** Null (or absent, from an older core) when the workload is not a trace. */
  trace?: TraceReplayProgress | null;
  /** Null (or absent, from an older core) on a conventional drive. */
  zns?: ZnsMeta | null;
  /** Null (or absent, from an older core) unless a classic FTL or write cache runs. */
  classic?: ClassicMeta | null;
  /**
   * True when the core coarsened its series since the previous frame (a long
   * run keeps at most ~4096 points): `series` then holds the whole series
   * from the start, and replaces what the view had.
   */
  series_reset?: boolean;
  /**
   * The series' sampling interval now, simulated ms (the result JSON's
   * series_interval_ms): it doubles each time a long run's series merges
   * its points in pairs. Absent from an older core.
   */
  series_interval_ms?: number;
  /** The WebAssembly memory's size in bytes when the frame was taken (set by session.ts). */
  wasm_heap_bytes?: number;
}

export type WorkerMessage =
  | { type: 'ready'; seq: number; protocolVersion: number }
  | { type: 'loaded'; seq: number; layout: Layout; device: Record<string, unknown> }
  | { type: 'snapshot'; frame: number; blocks: BlockArrays; meta: SnapshotMeta }
  | { type: 'status'; seq: number; running: boolean; finished: boolean; simTimeNs: number }
  | { type: 'result'; seq: number; json: string }
  /** The summary so far of an 'inspectTrace' (done false). */
  | { type: 'traceProgress'; seq: number; summary: TraceSummary }
  /** The final summary of an 'inspectTrace' (done true), and the file's fingerprint from the scan's own reads. */
  | { type: 'traceSummary'; seq: number; summary: TraceSummary; sha256: string }
  | { type: 'traceFingerprint'; seq: number; sha256: string }
  | { type: 'stabilityProgress'; seq: number; progress: StabilityProgress }
  /** What `flashscope stability --json` prints, byte for byte. */
  | { type: 'stabilityResult'; seq: number; json: string }
  | { type: 'deviceSchema'; seq: number; schema: DeviceSchema }
  | { type: 'stabilityDefaults'; seq: number; defaults: StabilityDefaults }
  | { type: 'effectiveDevice'; seq: number; effective: EffectiveDevice }
  | { type: 'resolvedFio'; seq: number; fio: ResolvedFio }
  | { type: 'burstTemplate'; seq: number; burst: BurstTemplate }
  | { type: 'traceFit'; seq: number; fit: TraceFit }
  | { type: 'error'; seq: number; error: SerializedError };

export function assertNever(value: never): never {
  throw new Error(`unhandled protocol value: ${JSON.stringify(value)}`);
}
