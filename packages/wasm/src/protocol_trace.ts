// The trace part of protocol.ts, which re-exports all of it: what a trace
// file is, how it is read and replayed, and what a scan of it reports.
// Kept apart only for size; protocol.ts stays the one protocol (docs/conventions.md
// convention 6).

/** The trace format names of the CLI's --format (sim-core trace/trace_format_names.h). */
export const TRACE_FORMATS = [
  'msr',
  'spc',
  'alibaba',
  'tencent',
  'blkparse',
  'iolog',
  'mqsim',
  'disksim',
  'csv',
  'systor',
] as const;
export type TraceFormatName = (typeof TRACE_FORMATS)[number];

/**
 * How a trace is read and replayed: the keys of the CLI's trace options and
 * of a scenario file's "trace" object (sim-core trace/trace_options.h), every
 * one optional (the core's defaults apply).
 */
export interface TraceOptions {
  /** 'auto' (default) detects the format from the first 64 KiB. */
  format?: 'auto' | TraceFormatName;
  /** csv only: the column mapping (sim-core trace/impl/csv.cpp). */
  csv_columns?: string;
  /** blkparse only: the one action replayed, queued (default) or issued. */
  blkparse_action?: 'Q' | 'D';
  /** Keep only the records of this device / volume id ("" or absent: all). */
  volume?: string;
  /** Open loop: arrival times divided by this (default 1). */
  speed?: number;
  /** 0 (default): open loop at the trace's timestamps; N: closed loop at queue depth N. */
  queue_depth?: number;
  /** Fold offsets onto the drive: wrap modulo its capacity, or compact the touched 1 MiB extents. */
  address_map?: 'wrap' | 'compact';
  /** 0 (default): every request. */
  max_requests?: number;
  /** Seconds after the first kept record. */
  window_start_s?: number;
  /** < 0 (default): to the end. */
  window_end_s?: number;
  /** A line that does not parse stops the run (default) or is skipped and counted. */
  bad_lines?: 'stop' | 'skip';
  /**
   * 'spread' (default): records sorted within a bounded window and records
   * sharing a coarse tick (>= 1 ms, e.g. whole seconds) spread across it;
   * 'sorted': sorted, ticks kept; 'as_is': file order, ticks kept.
   */
  clock?: 'spread' | 'sorted' | 'as_is';
  /**
   * A record the clock cannot put in order (out of order by more than the
   * sorting window; with clock 'as_is', earlier than its predecessor):
   * 'keep' (default) replays it at its predecessor's time, 'drop' leaves it out.
   */
  late_records?: 'keep' | 'drop';
  /** 'regions' (default): each volume its own region of the drive; 'shared': one address space. */
  volume_placement?: 'regions' | 'shared';
}

/**
 * A trace file the worker reads in slices (FileReaderSync): the bytes never
 * leave the browser and are never copied whole into wasm memory.
 */
export interface TraceRef {
  file: Blob;
  /** The file name errors and results cite ("x.trace"). */
  name: string;
  options: TraceOptions;
}

/** How a trace file is stored (sim-core trace/compression.h), told by its magic bytes. */
export type TraceCompression = 'none' | 'gzip' | 'bzip2' | 'xz' | 'zstd';

/**
 * A repair of the trace's clock that decides the figures (sim-core
 * TraceScanner::RepairWarnings), and the trace option (key and value) that
 * replays without it.
 */
export interface TraceRepairWarning {
  text: string;
  option: 'clock' | 'late_records';
  value: string;
}

/**
 * What a trace holds, as `flashscope trace inspect --json` prints it
 * (sim-core trace/trace_summary.h). The volume filter, time window and
 * max_requests apply to the counted records: it describes what would replay.
 * While a scan runs, done is false and the figures cover bytes_read so far.
 */
export interface TraceSummary {
  name: string;
  /** The detected (or given) format. */
  format: TraceFormatName;
  /** Detection confidence in [0, 1] (1 when the format was given). */
  confidence: number;
  /** Every format's confidence on the first lines, best first. */
  candidates: Array<{ format: TraceFormatName; confidence: number }>;
  done: boolean;
  /** Clock repairs that decide the figures, said before them (empty when none). */
  repair_warnings: TraceRepairWarning[];
  /** Bytes of the file as stored read so far (compressed bytes for a compressed trace). */
  bytes_read: number;
  /** The file's size as stored, so bytes_read / size_bytes is the progress. */
  size_bytes: number;
  /** How the file is stored; compressed files are decoded as they are read. */
  compression: TraceCompression;
  /** Text bytes read (the decoded bytes of a compressed trace; else bytes_read). */
  decompressed_bytes: number;
  lines: number;
  requests: number;
  reads: number;
  writes: number;
  trims: number;
  read_bytes: number;
  write_bytes: number;
  trim_bytes: number;
  /** Cache flushes the replay issues (flush records and flushes before an I/O); not in requests. */
  flushes: number;
  /** Writes with Force Unit Access: each completes once on flash. */
  fua_writes: number;
  /** Distinct 4 KiB blocks touched × 4096 (each volume's apart unless they share one space). */
  footprint_bytes: number;
  /** Beyond the footprint's fixed memory budget the count is an estimate (the notes say how close). */
  footprint_estimated: boolean;
  /** The highest end offset of any request. */
  max_offset_bytes: number;
  duration_s: number;
  iops: number;
  /** Requests per size bin: up to max_bytes (512, 1024, ... 1048576), null = larger. */
  size_histogram: Array<{ max_bytes: number | null; count: number }>;
  interarrival_us: { mean: number; p50: number; p99: number; p999: number; max: number };
  /** Records earlier than a time read before them: sorted, or late. */
  out_of_order: number;
  /** Records out of order by more than the reorder window (they took an earlier time, or were dropped). */
  late_records: number;
  /** The gcd of the steps between distinct timestamps (1e9: whole seconds; 0: unknown). */
  clock_resolution_ns: number;
  /** Lines starting with '#' (also counted in skipped_lines). */
  comment_lines: number;
  /** Distinct device / volume ids (at most 65,536). */
  volumes: number;
  /** Sentences on what the clock handling did (sorted, spread). */
  notes: string[];
  /** The 16 busiest devices / volumes. */
  devices: Array<{ id: string; requests: number }>;
  bad_lines: number;
  /** The first 20 bad lines. */
  bad_line_examples: Array<{ line: number; reason: string }>;
  skipped_lines: number;
  /** The first 20 lines of the file as text. */
  preview: string[];
}

/**
 * Does a trace fit a drive (fs_trace_fit, sim-core sim/trace_device_fit.h)?
 * The trace's figures as a scan counts them, the drive's logical capacity
 * and the device presets to name one that would hold it.
 */
export interface TraceFitRequest {
  trace: {
    footprint_bytes: number;
    footprint_estimated: boolean;
    max_offset_bytes: number;
    /** Volumes replayed in regions of their own; 1 when they share one address space. */
    volumes: number;
    compact: boolean;
  };
  capacity_bytes: number;
  /** Each preset's name and device JSON (as parsed, not text). */
  presets: Array<{ name: string; device: unknown }>;
}

/** The core's answer: whether the replay wraps addresses onto the drive, and its sentence. */
export interface TraceFit {
  wraps: boolean;
  /** '' when the trace fits. */
  note: string;
  /** The smallest preset that holds the footprint, when it exceeds the drive. */
  preset: { name: string; logical_bytes: number } | null;
}

/** SnapshotMeta.trace: how far a trace replay has read. */
export interface TraceReplayProgress {
  bytes_read: number;
  size_bytes: number;
  /** Requests issued so far. */
  requests: number;
}
