// The traces slice (docs/conventions.md convention 9): whether the workload is the fio
// job of the draft or a trace file the user dropped, that file, its replay
// options and what the inspection worker reported about it.
//
// Two files may be in play: `file` is the accepted trace — the one Apply
// runs and `summary` describes — and `pending` the one being inspected. A
// pending file becomes the accepted one only when its inspection succeeds,
// so a binary file or a bad option leaves the user's last good trace, its
// summary and the draft as they were (the error says what went wrong).
//
// `applied` is the choice the current run was loaded with (SimSession.apply
// records it), so the panel can tell a new choice from the one running.
//
// Inspections are numbered (inspectionId); reports of an older one are
// dropped, since a new file or option can replace an inspection midway.

import type { TraceOptions, TraceSummary } from '@flashscope/wasm/protocol';
import type { SliceGet, SliceSet } from './appState';
import type { RunError } from './simSlice';

export type WorkloadMode = 'fio' | 'trace';

/** Every replay option with the value the simulator assumes when it is absent. */
export const DEFAULT_TRACE_OPTIONS = {
  format: 'auto',
  csv_columns: '',
  blkparse_action: 'Q',
  volume: '',
  speed: 1,
  queue_depth: 0,
  address_map: 'wrap',
  max_requests: 0,
  window_start_s: 0,
  window_end_s: -1,
  bad_lines: 'stop',
  clock: 'spread',
  late_records: 'keep',
  volume_placement: 'regions',
} as const satisfies Required<TraceOptions>;

/**
 * Options that change what the summary counts (the format and its parsing,
 * the volume filter, the window, the request limit, the clock's sorting and
 * spreading, late records kept or left out, volumes counted apart or in one
 * space for the footprint). Speed, queue depth, address mapping and the
 * bad-line policy change only how a run replays:
 * the inspector counts bad lines whatever the policy says.
 */
export const SUMMARY_OPTION_KEYS = [
  'format',
  'csv_columns',
  'blkparse_action',
  'volume',
  'max_requests',
  'window_start_s',
  'window_end_s',
  'clock',
  'late_records',
  'volume_placement',
] as const satisfies ReadonlyArray<keyof TraceOptions>;

/** A trace file the slice holds: the Blob stays in the browser, never copied. */
export interface TraceFile {
  file: Blob;
  name: string;
  sizeBytes: number;
  /**
   * Hex SHA-256 of its first MiB (a share link's fingerprint), hashed in the
   * scan's worker from the bytes the scan read; absent until a scan ends.
   */
  sha256?: string;
}

export interface TraceInspection {
  id: number;
  trace: TraceFile;
  options: TraceOptions;
  /** The latest progress report (done = false), null before the first. */
  summary: TraceSummary | null;
}

/** What a run replays of the trace panel: the mode, the accepted file, its options and summary. */
export type TraceChoice = Pick<TraceSlice, 'mode' | 'file' | 'options' | 'summary'>;

export function traceChoiceOf(traces: TraceChoice): TraceChoice {
  const { mode, file, options, summary } = traces;
  return { mode, file, options, summary };
}

export interface TraceSlice {
  mode: WorkloadMode;
  /** The accepted trace: what Apply replays. */
  file: TraceFile | null;
  options: TraceOptions;
  /** The final summary of `file`, with the options it was made with. */
  summary: TraceSummary | null;
  summaryOptions: TraceOptions | null;
  /** The inspection under way, if any. */
  pending: TraceInspection | null;
  inspectionId: number;
  /** The last inspection failure (names the file and line); cleared by the next success. */
  error: RunError | null;
  /** The choice the current run was loaded with; null before the first run. */
  applied: TraceChoice | null;

  setMode(mode: WorkloadMode): void;
  /** Changes options; true when the summary must be made again (see SUMMARY_OPTION_KEYS). */
  setOptions(patch: Partial<TraceOptions>): boolean;
  /** Starts inspection number `id` of `trace` with the current options. */
  inspectionStarted(id: number, trace: TraceFile): void;
  inspectionProgress(id: number, summary: TraceSummary): void;
  /** The scan ended: the file is accepted, with its summary and fingerprint. */
  inspectionFinished(id: number, summary: TraceSummary, sha256?: string): void;
  inspectionFailed(id: number, error: RunError): void;
  clearError(): void;
  /** The run was loaded with `choice` (what SimSession.apply read from this slice). */
  markApplied(choice: TraceChoice): void;
}

export function createTraceSlice(set: SliceSet<'traces'>, get: SliceGet<'traces'>): TraceSlice {
  const current = (id: number) => get().pending?.id === id;
  return {
    mode: 'fio',
    file: null,
    options: { ...DEFAULT_TRACE_OPTIONS },
    summary: null,
    summaryOptions: null,
    pending: null,
    inspectionId: 0,
    error: null,
    applied: null,

    setMode: (mode) => set({ mode }),

    // Compared with the options of the scan under way, else of the summary shown.
    setOptions: (patch) => {
      const { options, pending, summaryOptions } = get();
      const scanned = pending?.options ?? summaryOptions;
      set({ options: { ...options, ...patch } });
      return SUMMARY_OPTION_KEYS.some((key) => key in patch && patch[key] !== scanned?.[key]);
    },

    inspectionStarted: (id, trace) =>
      set((traces) => ({
        inspectionId: Math.max(traces.inspectionId, id),
        pending: { id, trace, options: traces.options, summary: null },
      })),

    inspectionProgress: (id, summary) => {
      if (!current(id)) return;
      set((traces) => ({ pending: { ...traces.pending!, summary } }));
    },

    inspectionFinished: (id, summary, sha256) => {
      if (!current(id)) return;
      const { trace, options } = get().pending!;
      const file = sha256 === undefined ? trace : { ...trace, sha256 };
      set({ file, summary, summaryOptions: options, pending: null, error: null });
    },

    inspectionFailed: (id, error) => {
      if (!current(id)) return;
      set({ pending: null, error });
    },

    clearError: () => set({ error: null }),

    markApplied: (choice) => set({ applied: traceChoiceOf(choice) }),
  };
}
