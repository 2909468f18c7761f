// TraceInspector: scans trace files for the summary, each scan in a worker of
// its own — a SimClient made by the same factory as the run's — so a long
// scan never blocks the page or the running simulation (parsing never
// happens on the main thread). The worker is terminated when its scan ends
// or when another file or option replaces it (Squoosh's terminate-on-abort).
//
// Reports go to the traces slice under an inspection number; the slice drops
// those of a replaced scan, so a late progress message cannot overwrite the
// newer file's.

import type { SimClient } from '@flashscope/wasm/client';
import type { AppStore } from '../store';
import { runErrorOf } from '../store/simSlice';
import type { TraceFile } from '../store/traceSlice';
import { traceOptionsForRequest } from './runWorkload';

export type InspectorClientFactory = () => Promise<SimClient>;

/** Option edits typed quickly (a number, a column mapping) scan once, after this pause. */
export const OPTION_SCAN_DELAY_MS = 300;

export class TraceInspector {
  private client: SimClient | null = null;
  private scan: Promise<void> = Promise.resolve();
  private optionTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: AppStore,
    private readonly createClient: InspectorClientFactory,
  ) {}

  /** The user dropped or picked `file`: scan it with the current options. */
  choose(file: File): Promise<void> {
    return this.inspect({ file, name: file.name, sizeBytes: file.size });
  }

  /**
   * An option that changes the summary was edited: scan the file again (the
   * one being scanned, else the accepted one), after OPTION_SCAN_DELAY_MS.
   */
  optionsChanged(): void {
    clearTimeout(this.optionTimer);
    this.optionTimer = setTimeout(() => this.rescan(), OPTION_SCAN_DELAY_MS);
  }

  /**
   * Resolves when no scan is under way (or waiting for an option pause):
   * false when one was and it failed. Apply waits for the file the user has
   * just dropped rather than run the previous one; after an earlier failure
   * the accepted file (the one the panel shows) runs.
   */
  async settled(): Promise<boolean> {
    const waited = this.optionTimer !== undefined || this.store.getState().traces.pending !== null;
    if (!waited) return true;
    if (this.optionTimer !== undefined) this.rescan(); // now, without the pause
    for (;;) {
      const scan = this.scan;
      await scan;
      if (scan === this.scan) break; // no newer scan started meanwhile
    }
    return this.store.getState().traces.error === null;
  }

  /** Stops the scan under way, if any (its reports are dropped). */
  cancel(): void {
    clearTimeout(this.optionTimer);
    this.optionTimer = undefined;
    this.client?.terminate();
    this.client = null;
  }

  /** Scans the file being scanned, else the accepted one, with the current options. */
  private rescan(): void {
    clearTimeout(this.optionTimer);
    this.optionTimer = undefined;
    const { pending, file } = this.store.getState().traces;
    const trace = pending?.trace ?? file;
    if (trace) void this.inspect(trace);
  }

  private inspect(trace: TraceFile): Promise<void> {
    this.cancel();
    const traces = this.store.getState().traces;
    const id = traces.inspectionId + 1;
    traces.inspectionStarted(id, trace);
    this.scan = this.run(id, trace);
    return this.scan;
  }

  private async run(id: number, trace: TraceFile): Promise<void> {
    const stillCurrent = () => this.store.getState().traces.pending?.id === id;
    let client: SimClient | null = null;
    try {
      client = await this.createClient();
      if (!stillCurrent()) return;
      this.client = client;
      const { options } = this.store.getState().traces.pending!;
      // The same options a run of this trace would send (runWorkload.ts).
      const { summary, sha256 } = await client.inspectTrace(
        { file: trace.file, name: trace.name, options: traceOptionsForRequest(options) },
        (progress) => this.store.getState().traces.inspectionProgress(id, progress),
      );
      this.store.getState().traces.inspectionFinished(id, summary, sha256);
    } catch (error) {
      // A replaced scan's worker was terminated on purpose: the slice ignores it.
      this.store.getState().traces.inspectionFailed(id, runErrorOf(error));
    } finally {
      if (this.client === client) this.client = null;
      client?.terminate();
    }
  }
}
