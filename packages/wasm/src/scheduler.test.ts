// The slice loop's contract, with scripted jobs on a manual clock and timer:
// one job at a time, a replaced job cancelled then disposed before the next
// slice, 'wait' / 'idle' / 'done' honoured, wake-ups merged, and an error
// thrown out of a slice reported with the job and the job freed.

import { describe, expect, it } from 'vitest';

import { DONE, IDLE, SLICE, waitFor } from './job';
import type { Job, SliceOutcome } from './job';
import { SliceScheduler } from './scheduler';
import type { SliceTimer } from './scheduler';

class ManualTimer implements SliceTimer {
  nowMs = 0;
  pending: Array<{ atMs: number; run: () => void; live: boolean }> = [];

  schedule(delayMs: number, run: () => void): () => void {
    const entry = { atMs: this.nowMs + delayMs, run, live: true };
    this.pending.push(entry);
    return () => {
      entry.live = false;
    };
  }

  live() {
    return this.pending.filter((entry) => entry.live);
  }

  /** Runs every callback due by nowMs + ms, in time order. */
  advance(ms: number): void {
    const end = this.nowMs + ms;
    for (;;) {
      const due = this.live()
        .filter((entry) => entry.atMs <= end)
        .sort((a, b) => a.atMs - b.atMs)[0];
      if (due === undefined) break;
      due.live = false;
      this.nowMs = Math.max(this.nowMs, due.atMs);
      due.run();
    }
    this.nowMs = end;
  }
}

/** A job that answers each slice from a script and logs what happened to it. */
class ScriptedJob implements Job {
  readonly kind = 'traceScan';
  readonly log: string[] = [];
  deadlines: number[] = [];

  constructor(
    readonly seq: number,
    private readonly script: Array<SliceOutcome | Error>,
  ) {}

  start(): void {}

  runSlice(deadlineMs: number): SliceOutcome {
    this.deadlines.push(deadlineMs);
    this.log.push('slice');
    const next = this.script.shift() ?? IDLE;
    if (next instanceof Error) throw next;
    return next;
  }

  cancel(reason: string): void {
    this.log.push(`cancel: ${reason}`);
  }

  dispose(): void {
    this.log.push('dispose');
  }
}

function setup() {
  const timer = new ManualTimer();
  const errors: Array<[number, unknown]> = [];
  const scheduler = new SliceScheduler(
    () => timer.nowMs,
    timer,
    8,
    (job, error) => errors.push([job.seq, error]),
  );
  return { timer, scheduler, errors };
}

describe('SliceScheduler', () => {
  it('runs slices with a deadline SLICE ms ahead, waits when asked, frees a finished job', () => {
    const { timer, scheduler } = setup();
    const job = new ScriptedJob(1, [SLICE, waitFor(10), SLICE, DONE]);
    scheduler.start(job, 'unused');
    timer.advance(0);
    // Two slices at once, then nothing until 10 ms later.
    expect(job.log).toEqual(['slice', 'slice']);
    expect(job.deadlines).toEqual([8, 8]);
    timer.advance(9);
    expect(job.log).toEqual(['slice', 'slice']);
    timer.advance(1);
    expect(job.log).toEqual(['slice', 'slice', 'slice', 'slice', 'dispose']);
    expect(scheduler.current).toBeNull();
    expect(timer.live()).toEqual([]);
  });

  it('an idle job runs again only when woken; wake-ups before a slice merge into one', () => {
    const { timer, scheduler } = setup();
    const job = new ScriptedJob(1, [IDLE, IDLE]);
    scheduler.start(job, 'unused');
    timer.advance(1000);
    expect(job.log).toEqual(['slice']);
    scheduler.wake();
    scheduler.wake();
    expect(timer.live()).toHaveLength(1);
    timer.advance(0);
    expect(job.log).toEqual(['slice', 'slice']);
  });

  it('a wake-up brings forward a slice that was waiting', () => {
    const { timer, scheduler } = setup();
    const job = new ScriptedJob(1, [waitFor(100), IDLE]);
    scheduler.start(job, 'unused');
    timer.advance(0);
    scheduler.wake();
    timer.advance(0);
    expect(job.log).toEqual(['slice', 'slice']);
    // The 100 ms wait was replaced, not kept as well.
    timer.advance(200);
    expect(job.log).toEqual(['slice', 'slice']);
  });

  it('a new job cancels and disposes the current one before its first slice', () => {
    const { timer, scheduler } = setup();
    const first = new ScriptedJob(1, [SLICE, SLICE, SLICE]);
    const second = new ScriptedJob(2, [DONE]);
    scheduler.start(first, 'unused');
    timer.advance(0);
    const sliced = first.log.length;
    scheduler.start(second, "replaced by 'load' (seq 2)");
    expect(first.log.slice(sliced)).toEqual(["cancel: replaced by 'load' (seq 2)", 'dispose']);
    timer.advance(0);
    expect(first.log.filter((entry) => entry === 'slice')).toHaveLength(sliced);
    expect(second.log).toEqual(['slice', 'dispose']);
  });

  it('reports an error thrown out of a slice and frees the job', () => {
    const { timer, scheduler, errors } = setup();
    const boom = new Error('boom');
    const job = new ScriptedJob(7, [boom]);
    scheduler.start(job, 'unused');
    timer.advance(0);
    expect(errors).toEqual([[7, boom]]);
    expect(job.log).toEqual(['slice', 'dispose']);
    expect(scheduler.current).toBeNull();
  });

  it('stop cancels the current job; abandon drops it without cancelling', () => {
    const { timer, scheduler } = setup();
    const stopped = new ScriptedJob(1, [SLICE]);
    scheduler.start(stopped, 'unused');
    scheduler.stop('the worker is shutting down');
    expect(stopped.log).toEqual(['cancel: the worker is shutting down', 'dispose']);
    const abandoned = new ScriptedJob(2, [SLICE]);
    scheduler.start(abandoned, 'unused');
    scheduler.abandon();
    timer.advance(100);
    expect(abandoned.log).toEqual(['dispose']);
    expect(timer.live()).toEqual([]);
  });
});
