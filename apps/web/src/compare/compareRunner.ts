// Runs one workload on 2–4 configurations at once: one SimClient (one
// worker) per configuration, at maximum speed. Columns are independent: a
// configuration that fails shows its error in its column while the others
// keep running. Each worker is terminated as soon as its result is in.
//
// While a column runs, its snapshots feed a SeriesBuffer (the charts fill
// as it goes) and its progress; the store is told at most every
// FLUSH_INTERVAL_MS. When every column has ended, the run is saved as one
// record (RunRecord, kind 'compare') — stopped columns with their results so
// far, failed ones with their error.

import { SimClient } from '@flashscope/wasm/client';
import type { DeviceSchema, SerializedError } from '@flashscope/wasm/protocol';
import { parseRunResult } from '../runs/resultJson';
import {
  RUN_RECORD_VERSION,
  failedOutcome,
  outcomeFromResult,
  recordName,
  savedWorkload,
  type RunOutcome,
  type RunRecord,
  type SavedConfig,
} from '../runs/runRecord';
import { withDistinctLabels } from '../runs/runLabels';
import { savedRuns } from '../runs/savedRunsStore';
import { SeriesBuffer } from '../store/seriesBuffer';
import { loadRequestFor, workloadProblem, type RunWorkload } from '../trace/currentWorkload';
import { autoLabel, configProblem, deviceSetOf, type CompareConfig } from './compareConfig';
import {
  compareStore,
  type ColumnProgress,
  type CompareStore,
  type LiveColumn,
} from './compareStore';
import { runFraction } from './runProgress';

export type ClientFactory = () => Promise<SimClient>;
export type SaveRecord = (record: RunRecord) => Promise<number | null>;

/** Progress and live series reach the store at most this often. */
const FLUSH_INTERVAL_MS = 150;

/** The message of a worker error (it names file and line), or of anything thrown. */
export function errorMessage(error: unknown): string {
  const serialized = (error as { serialized?: SerializedError } | null)?.serialized;
  if (serialized) return serialized.message;
  return error instanceof Error ? error.message : String(error);
}

export function savedConfigOf(config: CompareConfig, schema: DeviceSchema): SavedConfig {
  return {
    label: config.label.trim() || autoLabel(config),
    deviceName: config.deviceName,
    deviceText: config.deviceText,
    set: deviceSetOf(config, schema),
  };
}

type Ending = 'done' | 'stopped';

export class CompareRunner {
  private progress: ColumnProgress[] = [];
  private live: LiveColumn[] = [];
  private outcomes: Array<RunOutcome | null> = [];
  private stops: Array<() => void> = [];
  private stopRequested = false;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: CompareStore,
    private readonly createClient: ClientFactory,
    private readonly save: SaveRecord,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `workload` on every configuration; resolves when all have ended and the run is saved. */
  async start(
    configs: readonly CompareConfig[],
    workload: RunWorkload,
    schema: DeviceSchema,
  ): Promise<void> {
    const state = this.store.getState();
    if (state.running) return;
    const problem = workloadProblem(workload);
    if (problem) {
      state.setProblem(problem);
      return;
    }
    const saved = withDistinctLabels(configs.map((config) => savedConfigOf(config, schema)));
    this.stopRequested = false;
    this.progress = configs.map(() => ({
      status: 'starting',
      simTimeNs: 0,
      fraction: 0,
      error: null,
    }));
    this.live = configs.map(() => ({
      series: new SeriesBuffer(),
      latencyCdf: [],
      hasSlcCache: false,
    }));
    this.outcomes = configs.map(() => null);
    this.stops = configs.map(() => () => {});
    const createdAtMs = this.now();
    state.runStarted({
      configIds: configs.map((config) => config.id),
      configs: saved,
      workload: savedWorkload(workload),
      createdAtMs,
      progress: [...this.progress],
      live: this.live,
      outcomes: [...this.outcomes],
      version: 0,
      savedId: null,
    });

    const outcomes = await Promise.all(
      configs.map((config, index) => this.runColumn(index, config, workload, saved[index].set)),
    );
    this.flush();
    const record: RunRecord = {
      version: RUN_RECORD_VERSION,
      kind: 'compare',
      name: recordName('compare', saved),
      createdAtMs,
      workload: savedWorkload(workload),
      configs: saved,
      outcomes,
    };
    const savedId = await this.save(record);
    this.store.getState().runChanged({ savedId });
    this.store.getState().runEnded();
  }

  /** Pauses every running column and keeps its result so far. */
  stop(): void {
    this.stopRequested = true;
    for (const stop of this.stops) stop();
  }

  private async runColumn(
    index: number,
    config: CompareConfig,
    workload: RunWorkload,
    deviceSet: string[],
  ): Promise<RunOutcome> {
    const problem = configProblem(config);
    if (problem) return this.fail(index, problem);
    let client: SimClient | null = null;
    try {
      client = await this.createClient();
      const worker = client;
      const live = this.live[index];
      let end!: (ending: Ending) => void;
      let fail!: (error: unknown) => void;
      const ended = new Promise<Ending>((resolve, reject) => {
        end = resolve;
        fail = reject;
      });
      // Awaited only after load; a worker error before then must not count as unhandled.
      ended.catch(() => {});
      let runtimeSeconds: number | null = null;
      worker.onSnapshot((frame) => {
        live.series.append(frame.meta.series);
        live.latencyCdf = frame.meta.latency_cdf;
        live.hasSlcCache = live.hasSlcCache || Boolean(frame.meta.slc);
        this.progress[index] = {
          ...this.progress[index],
          simTimeNs: frame.meta.sim_time_ns,
          fraction: runFraction(frame.meta, runtimeSeconds),
        };
        worker.ack(frame.frame);
        this.scheduleFlush();
      });
      worker.onStatus((status) => {
        if (status.finished) end('done');
      });
      worker.onError((error) =>
        fail(Object.assign(new Error(error.message), { serialized: error })),
      );
      worker.setSpeed({ kind: 'max' });
      this.stops[index] = () => {
        worker.pause();
        end('stopped');
      };
      if (this.stopRequested) return this.fail(index, 'Stopped before it started', 'stopped');
      const request = loadRequestFor(config.deviceText, deviceSet, workload, config.deviceName);
      // A fio job's runtime as the core resolves it (the progress bar's scale);
      // one without a runtime ends when its bytes are written: no fraction.
      if (workload.kind === 'fio') {
        const fio = await worker.resolveFio(
          request.deviceJson,
          request.fioText,
          request.set ?? [],
          request.workloadName,
        );
        runtimeSeconds = fio.longest_runtime_s;
      }
      await worker.load(request);
      if (this.stopRequested) {
        end('stopped');
      } else {
        this.setProgress(index, { status: 'running' });
        worker.play();
      }
      const ending = await ended;
      const result = parseRunResult(await worker.result());
      const outcome = outcomeFromResult(result, live.latencyCdf, ending);
      this.outcomes[index] = outcome;
      this.setProgress(index, {
        status: ending,
        simTimeNs: result.sim_time_ms * 1e6,
        fraction: ending === 'done' ? 1 : this.progress[index].fraction,
      });
      return outcome;
    } catch (error) {
      return this.fail(index, errorMessage(error));
    } finally {
      this.stops[index] = () => {};
      client?.terminate();
    }
  }

  private fail(index: number, message: string, status: 'error' | 'stopped' = 'error'): RunOutcome {
    const outcome = { ...failedOutcome(message), status };
    this.outcomes[index] = outcome;
    this.setProgress(index, { status, error: message });
    return outcome;
  }

  /** A status change reaches the store at once; progress alone waits for the next flush. */
  private setProgress(index: number, patch: Partial<ColumnProgress>): void {
    this.progress[index] = { ...this.progress[index], ...patch };
    this.flush();
  }

  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  private flush(): void {
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.store
      .getState()
      .runChanged({ progress: [...this.progress], outcomes: [...this.outcomes] });
  }
}

/** The app's runner: real workers, runs saved to IndexedDB. */
export const compareRunner = new CompareRunner(
  compareStore,
  () => SimClient.create(),
  (record) => savedRuns.getState().save(record),
);
