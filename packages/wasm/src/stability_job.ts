// The stability run job ('stability'): runs the stability flow
// (fs_stability_*) one 16384-event slice of the flow at a time, as many as
// fit in the scheduler's slice, posting 'stabilityProgress' at once, then at
// most every progressMs and when the flow ends, then 'stabilityResult' with
// the JSON text. Cancelled, it frees the run (fs_destroy) and answers the
// command with an 'error'.

import { DONE, SLICE } from './job';
import type { Job, JobContext, SliceOutcome } from './job';
import { protocolError } from './host_errors';
import type { StabilityRun } from './session';

export class StabilityJob implements Job {
  readonly kind = 'stability';
  private run: StabilityRun | null;
  private lastProgressMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly context: JobContext,
    readonly seq: number,
    run: StabilityRun,
    private readonly progressMs: number,
  ) {
    this.run = run;
  }

  start(): void {
    this.context.post({
      type: 'stabilityProgress',
      seq: this.seq,
      progress: this.live().progress(),
    });
    this.lastProgressMs = this.context.now();
  }

  runSlice(deadlineMs: number): SliceOutcome {
    const run = this.live();
    const context = this.context;
    try {
      let done = false;
      // At least one flow slice per scheduler slice, however slow.
      do done = run.advance(1);
      while (!done && context.now() < deadlineMs);
      if (done) {
        context.post({ type: 'stabilityProgress', seq: this.seq, progress: run.progress() });
        context.post({ type: 'stabilityResult', seq: this.seq, json: run.resultJson() });
        return DONE;
      }
      if (context.now() - this.lastProgressMs >= this.progressMs) {
        context.post({ type: 'stabilityProgress', seq: this.seq, progress: run.progress() });
        this.lastProgressMs = context.now();
      }
    } catch (error) {
      if (this.context.fail(this.seq, error)) this.run = null;
      return DONE;
    }
    return SLICE;
  }

  cancel(reason: string): void {
    if (this.run === null) return;
    this.context.post({
      type: 'error',
      seq: this.seq,
      error: protocolError(`stability run cancelled: ${reason}`).serialized,
    });
  }

  dispose(options: { moduleCrashed?: boolean } = {}): void {
    const run = this.run;
    this.run = null;
    if (run !== null && options.moduleCrashed !== true) run.destroy();
  }

  private live(): StabilityRun {
    if (this.run === null) throw protocolError('stability run used after it ended');
    return this.run;
  }
}
