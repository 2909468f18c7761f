// A job: one kind of work the simulation worker runs in slices (an
// interactive run, a trace scan, a stability run). The scheduler
// (scheduler.ts) runs the current job one slice at a time and yields to the
// event loop between slices, so commands such as pause, step or a
// replacing job are handled within a frame.
//
// Lifecycle: the dispatcher (simulation_host.ts) constructs a job, calls
// start() (which posts its first messages, or throws for bad input before
// anything was posted), and hands it to the scheduler. The scheduler calls
// runSlice() until it returns 'done', then dispose(). A job replaced by
// another (or by worker shutdown) gets cancel() first: it stops at once
// and, when a request of the UI is still unanswered, answers it with an
// 'error'. dispose() frees every wasm handle the job holds and may be
// called more than once; dispose({ moduleCrashed: true }) forgets the
// handles without calling into a module that aborted.

import type { WorkerMessage } from './protocol';

/** What a slice asks the scheduler to do next. */
export type SliceOutcome =
  /** Run the next slice as soon as the event loop is free. */
  | { next: 'slice' }
  /** Run the next slice after `ms` of wall time (a rate-limited run, a frame not yet due). */
  | { next: 'wait'; ms: number }
  /** Nothing to do until a command wakes the job (paused, waiting for an ack). */
  | { next: 'idle' }
  /** The job has ended and posted its last message. */
  | { next: 'done' };

export const SLICE: SliceOutcome = { next: 'slice' };
export const IDLE: SliceOutcome = { next: 'idle' };
export const DONE: SliceOutcome = { next: 'done' };

export function waitFor(ms: number): SliceOutcome {
  return { next: 'wait', ms };
}

export type JobKind = 'interactive' | 'traceScan' | 'stability';

export interface Job {
  readonly kind: JobKind;
  /** Posts the job's first messages; throws (a SimError) when it cannot start. */
  start(): void;
  /**
   * Works until about `deadlineMs` (the clock's time) and says what next.
   * Failures are the job's to report; it throws only when it has none to
   * tell (the scheduler then reports the error with the job's seq).
   */
  runSlice(deadlineMs: number): SliceOutcome;
  /** Stops for good, answering an unanswered request with an error that says why. */
  cancel(reason: string): void;
  dispose(options?: { moduleCrashed?: boolean }): void;
  /** The seq of the command whose reply is pending (for errors thrown out of runSlice). */
  readonly seq: number;
}

/** What a job needs from the host that runs it. */
export interface JobContext {
  /** Wall clock in ms (injected: tests drive it). */
  now(): number;
  post(message: WorkerMessage, transfer?: ArrayBuffer[]): void;
  /**
   * Posts `error` as an 'error' with `seq`; returns true when the wasm module
   * crashed (the job must then drop its handles without calling into it).
   */
  fail(seq: number, error: unknown): boolean;
}
