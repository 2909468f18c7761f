// The sim slice: what the simulation worker reports. The latest frame's
// typed arrays, the series and the events are held by reference and marked
// changed by version counters (frameVersion for the device view, dataVersion
// for charts); canvas layers read them through transient subscriptions.
// A trace run also reports how far it has read (traceReplay, from
// SnapshotMeta.trace): the trace panel's progress bar.

import type {
  BlockArrays,
  Layout,
  SerializedError,
  SnapshotMeta,
  TraceReplayProgress,
} from '@flashscope/wasm/protocol';
import type { SliceGet, SliceSet } from './appState';
import { EventLog } from './eventLog';
import { SeriesBuffer } from './seriesBuffer';
import { DEFAULT_SPEED_ID } from './speeds';

export interface Frame {
  frame: number;
  blocks: BlockArrays;
  meta: SnapshotMeta;
}

/** starting: the worker is being created; loading: a scenario is being loaded. */
export type RunPhase = 'starting' | 'idle' | 'loading' | 'ready';

export interface RunError {
  /** input: the user's device or workload; client: the UI could not reach the worker. */
  kind: SerializedError['kind'] | 'client';
  message: string;
  file?: string;
  line?: number;
}

export interface SimSlice {
  phase: RunPhase;
  running: boolean;
  finished: boolean;
  simTimeNs: number;
  speedId: string;
  /** Bumped by every load and reset: views drop animations of the previous run. */
  runId: number;
  layout: Layout | null;
  device: Record<string, unknown> | null;
  frame: Frame | null;
  frameVersion: number;
  series: SeriesBuffer;
  events: EventLog;
  dataVersion: number;
  /** How far a trace run has read; null when the run is a fio job (or before its first frame). */
  traceReplay: TraceReplayProgress | null;
  error: RunError | null;

  clientReady(): void;
  /** The worker could not be started: there will be no run. */
  clientFailed(error: RunError): void;
  loadStarted(): void;
  loaded(layout: Layout, device: Record<string, unknown>): void;
  loadFailed(error: RunError): void;
  runReset(): void;
  frameArrived(frame: Frame): void;
  statusChanged(status: { running: boolean; finished: boolean; simTimeNs: number }): void;
  setSpeed(speedId: string): void;
  reportError(error: RunError): void;
  clearError(): void;
}

export function createSimSlice(set: SliceSet<'sim'>, get: SliceGet<'sim'>): SimSlice {
  const freshRun = (runId: number) => ({
    runId,
    frame: null,
    frameVersion: 0,
    series: new SeriesBuffer(),
    events: new EventLog(),
    dataVersion: 0,
    traceReplay: null,
    running: false,
    finished: false,
    simTimeNs: 0,
  });

  return {
    phase: 'starting',
    speedId: DEFAULT_SPEED_ID,
    layout: null,
    device: null,
    error: null,
    ...freshRun(0),

    clientReady: () => set({ phase: 'idle' }),
    clientFailed: (error) => set({ phase: 'idle', error }),
    loadStarted: () => set({ phase: 'loading', error: null }),
    loaded: (layout, device) =>
      set({ ...freshRun(get().runId + 1), phase: 'ready', layout, device, error: null }),
    // The worker drops its old run before creating the new one, so after a
    // failed load there is no run: its figures, charts and device view go
    // empty under the error rather than show the old run as if it were this
    // one. The draft (the user's edits) is the config slice's and stays.
    loadFailed: (error) =>
      set({ ...freshRun(get().runId + 1), phase: 'idle', layout: null, device: null, error }),
    runReset: () => set({ ...freshRun(get().runId + 1) }),

    frameArrived: (frame) => {
      const sim = get();
      if (frame.meta.series_reset) sim.series.clear();
      sim.series.append(frame.meta.series);
      sim.events.append(frame.meta.events, frame.meta.events_dropped ?? 0);
      set({
        frame,
        frameVersion: sim.frameVersion + 1,
        dataVersion: sim.dataVersion + 1,
        simTimeNs: frame.meta.sim_time_ns,
        finished: frame.meta.finished || sim.finished,
        traceReplay: frame.meta.trace ?? null,
      });
    },

    statusChanged: (status) =>
      set({ running: status.running, finished: status.finished, simTimeNs: status.simTimeNs }),
    setSpeed: (speedId) => set({ speedId }),
    reportError: (error) => set({ error }),
    clearError: () => set({ error: null }),
  };
}

/** A worker error as the banner shows it: the message already names file and line. */
export function runErrorFrom(error: SerializedError): RunError {
  return { kind: error.kind, message: error.message, file: error.file, line: error.line };
}

/** Anything a client call threw: a SimError carries the worker's serialised error. */
export function runErrorOf(error: unknown): RunError {
  const serialized = (error as { serialized?: SerializedError } | null)?.serialized;
  if (serialized) return runErrorFrom(serialized);
  return { kind: 'client', message: error instanceof Error ? error.message : String(error) };
}
