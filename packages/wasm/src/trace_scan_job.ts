// The trace scan job ('inspectTrace'): reads a whole trace in slices of
// traceSliceBytes through fs_trace_scan, posting 'traceProgress' right after
// the format is detected and then at most every progressMs, then
// 'traceSummary' with the file's fingerprint (trace_fingerprint.ts, from the
// bytes the scan read). Cancelled, it closes the inspection (fs_trace_close)
// and answers the command with an 'error'.

import { DONE, SLICE } from './job';
import type { Job, JobContext, SliceOutcome } from './job';
import { protocolError } from './host_errors';
import type { TraceInspection } from './session';

export interface TraceScanSettings {
  sliceBytes: number;
  progressMs: number;
}

export class TraceScanJob implements Job {
  readonly kind = 'traceScan';
  private inspection: TraceInspection | null;
  private lastProgressMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly context: JobContext,
    readonly seq: number,
    inspection: TraceInspection,
    private readonly settings: TraceScanSettings,
    /** The scanned file's fingerprint, once the scan has read its head. */
    private readonly fingerprint: () => Promise<string>,
  ) {
    this.inspection = inspection;
  }

  start(): void {
    // The detected format and the preview, before any counting.
    this.context.post({ type: 'traceProgress', seq: this.seq, summary: this.live().summary() });
    this.lastProgressMs = this.context.now();
  }

  runSlice(): SliceOutcome {
    const inspection = this.live();
    try {
      if (inspection.scan(this.settings.sliceBytes)) {
        const summary = inspection.summary();
        // The digest resolves after the slice; nothing of the job is used by then.
        this.fingerprint().then(
          (sha256) => this.context.post({ type: 'traceSummary', seq: this.seq, summary, sha256 }),
          (error: unknown) => this.context.fail(this.seq, error),
        );
        return DONE;
      }
      if (this.context.now() - this.lastProgressMs >= this.settings.progressMs) {
        this.context.post({ type: 'traceProgress', seq: this.seq, summary: inspection.summary() });
        this.lastProgressMs = this.context.now();
      }
    } catch (error) {
      if (this.context.fail(this.seq, error)) this.inspection = null;
      return DONE;
    }
    return SLICE;
  }

  cancel(reason: string): void {
    if (this.inspection === null) return;
    this.context.post({
      type: 'error',
      seq: this.seq,
      error: protocolError(`trace inspection cancelled: ${reason}`).serialized,
    });
  }

  dispose(options: { moduleCrashed?: boolean } = {}): void {
    const inspection = this.inspection;
    this.inspection = null;
    if (inspection !== null && options.moduleCrashed !== true) inspection.close();
  }

  private live(): TraceInspection {
    if (this.inspection === null) throw protocolError('trace inspection used after it ended');
    return this.inspection;
  }
}
