// The slice loop: runs the current job (job.ts) one slice at a time, each
// about sliceMs of wall time, and yields to the event loop in between so
// the worker handles commands within a frame (docs/conventions.md convention 4). One
// job at a time: start() cancels and frees the job it replaces.
//
// Time comes from the injected clock and the wake-ups from the injected
// timer, so tests drive both instead of sleeping.

import type { Job, SliceOutcome } from './job';

/** Schedules callbacks; returns a function that cancels the callback. */
export interface SliceTimer {
  /** `callback` after `delayMs` of wall time; 0: as soon as the event loop is free. */
  schedule(delayMs: number, callback: () => void): () => void;
}

export class SliceScheduler {
  private job: Job | null = null;
  private cancelWake: (() => void) | null = null;
  /** When a slice is pending: its wall time (now() + delay when scheduled). */
  private wakeAtMs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly now: () => number,
    private readonly timer: SliceTimer,
    private readonly sliceMs: number,
    /** Reports an error a slice threw (the job had nothing left to tell). */
    private readonly onSliceError: (job: Job, error: unknown) => void,
  ) {}

  get current(): Job | null {
    return this.job;
  }

  /** Makes `job` (already started) the current one, cancelling the one before. */
  start(job: Job, replacedBecause: string): void {
    this.stop(replacedBecause);
    this.job = job;
    this.wake();
  }

  /** Cancels and frees the current job, if any. */
  stop(reason: string): void {
    const job = this.job;
    this.job = null;
    this.clearWake();
    if (job === null) return;
    try {
      job.cancel(reason);
    } finally {
      job.dispose();
    }
  }

  /** Drops the current job without calling into the (crashed) module. */
  abandon(): void {
    const job = this.job;
    this.job = null;
    this.clearWake();
    job?.dispose({ moduleCrashed: true });
  }

  /** The current job's state changed (a command): run a slice as soon as possible. */
  wake(): void {
    this.scheduleSlice(0);
  }

  private scheduleSlice(delayMs: number): void {
    if (this.job === null) return;
    const at = this.now() + delayMs;
    // An earlier wake-up already pending covers this one.
    if (this.cancelWake !== null && this.wakeAtMs <= at) return;
    this.clearWake();
    this.wakeAtMs = at;
    this.cancelWake = this.timer.schedule(delayMs, this.runSlice);
  }

  private clearWake(): void {
    this.cancelWake?.();
    this.cancelWake = null;
    this.wakeAtMs = Number.POSITIVE_INFINITY;
  }

  private readonly runSlice = (): void => {
    this.cancelWake = null;
    this.wakeAtMs = Number.POSITIVE_INFINITY;
    const job = this.job;
    if (job === null) return;
    let outcome: SliceOutcome;
    try {
      outcome = job.runSlice(this.now() + this.sliceMs);
    } catch (error) {
      this.onSliceError(job, error);
      outcome = { next: 'done' };
    }
    // The job may have been replaced or abandoned from inside the slice
    // (a crash report); then it is no longer ours to schedule.
    if (this.job !== job) return;
    switch (outcome.next) {
      case 'slice':
        this.scheduleSlice(0);
        return;
      case 'wait':
        this.scheduleSlice(Math.max(0, outcome.ms));
        return;
      case 'idle':
        return;
      case 'done':
        this.job = null;
        job.dispose();
        return;
      default: {
        const unknown: never = outcome;
        throw new Error(`unknown slice outcome ${JSON.stringify(unknown)}`);
      }
    }
  };
}

/**
 * The real timer: setTimeout for a delay, otherwise a yield to the event
 * loop. setTimeout(0) is clamped to 4 ms after a few nested calls in
 * browsers, so the worker yields through a MessageChannel; Node has
 * setImmediate (a MessageChannel port there would keep the process alive).
 */
export const eventLoopTimer: SliceTimer = {
  schedule(delayMs, callback) {
    if (delayMs > 0) {
      const handle = setTimeout(callback, delayMs);
      return () => clearTimeout(handle);
    }
    return yieldToEventLoop(callback);
  },
};

const yieldToEventLoop: (callback: () => void) => () => void = (() => {
  if (typeof setImmediate === 'function') {
    return (callback: () => void) => {
      const handle = setImmediate(callback);
      return () => clearImmediate(handle);
    };
  }
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    const pending: Array<() => void> = [];
    channel.port1.onmessage = () => pending.shift()?.();
    return (callback: () => void) => {
      let live = true;
      pending.push(() => {
        if (live) callback();
      });
      channel.port2.postMessage(null);
      return () => {
        live = false;
      };
    };
  }
  return (callback: () => void) => {
    const handle = setTimeout(callback, 0);
    return () => clearTimeout(handle);
  };
})();
