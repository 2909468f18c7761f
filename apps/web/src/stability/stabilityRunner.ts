// Runs one stability test at a time in a worker of its own (the test holds
// its worker until done), streaming progress into the stability store at
// most every FLUSH_INTERVAL_MS; stop() terminates the worker (Squoosh's way
// of aborting), which is the only cancel a busy worker answers at once.
// Every finished test joins the store's history; compare() runs the
// standard variants (GC, suspend, client vs enterprise) of one input one after another.

import { SimClient } from '@flashscope/wasm/client';
import type {
  StabilityProgress,
  StabilityRequest,
  StabilityVariant,
} from '@flashscope/wasm/protocol';
import { errorMessage } from '../compare/compareRunner';
import { deviceFileName, overridesOf, workloadOverridesOf } from '../config/scenario';
import type { AppState } from '../store';
import { comparisonNotes, controlsLabel, runControlsOf, summarizeRun } from './stabilityRuns';
import { parseStabilityResult } from './stabilityResult';
import { stabilityStore, type StabilitySettings, type StabilityStore } from './stabilityStore';

export type ClientFactory = () => Promise<SimClient>;

const FLUSH_INTERVAL_MS = 150;

/** What a test runs: the request for the worker and how the report names it. */
export interface StabilityInput {
  request: StabilityRequest;
  deviceLabel: string;
  workloadLabel: string;
}

/** The flow purges and preconditions the drive itself, whatever the panel asks for. */
const NO_PRECONDITION = ['precondition.fill=0', 'precondition.random_writes=0'];

/** The device of the panel on the left and the chosen workload, as a stability request. */
export function stabilityInputFrom(state: AppState, settings: StabilitySettings): StabilityInput {
  const draft = state.config.draft;
  const deviceName = deviceFileName(draft);
  const panelFio = settings.workload === 'panel' ? draft.fioText : '';
  return {
    request: {
      deviceJson: draft.deviceText,
      fioText: panelFio,
      // Before the core's schema loads the form shows no fields, so there are
      // no choices of its own to add: the workload's overrides only.
      set: [
        ...(state.config.schema
          ? overridesOf(draft, state.config.schema)
          : workloadOverridesOf(draft)),
        ...NO_PRECONDITION,
      ],
      deviceName,
      workloadName: draft.workloadPresetId ? `${draft.workloadPresetId}.fio` : 'job.fio',
      roundsMax: settings.roundsMax,
      qosReadUs: settings.qosReadUs,
      qosWriteUs: settings.qosWriteUs,
      // Always sent: 0 (no random step) differs from the core's default of 2.
      randomPreconditionCapacity: settings.randomPrecondition,
      seriesIntervalMs: settings.samplingMs,
    },
    deviceLabel: draft.devicePresetId ?? deviceName.replace(/\.json$/, ''),
    workloadLabel:
      settings.workload === 'panel'
        ? `${draft.workloadPresetId ?? 'fio job'} (from the panel)`
        : '4 KiB random 70/30, QD32',
  };
}

export class StabilityRunner {
  private client: SimClient | null = null;
  private pending: StabilityProgress | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private runsFinished = 0;

  constructor(
    private readonly store: StabilityStore,
    private readonly createClient: ClientFactory,
    private readonly now: () => number = Date.now,
  ) {}

  get running(): boolean {
    return this.store.getState().test?.status === 'running';
  }

  /** Runs `input`; resolves when the test has ended (done, stopped or failed). */
  async start(input: StabilityInput): Promise<void> {
    if (this.running) return;
    const state = this.store.getState();
    const request = input.request;
    state.testStarted({
      status: 'running',
      deviceLabel: input.deviceLabel,
      workloadLabel: input.workloadLabel,
      controlsLabel: '', // the core's reading of the device, once the worker answers
      createdAtMs: this.now(),
      progress: null,
      resultText: null,
      result: null,
      error: null,
    });
    if (input.request.deviceJson.trim() === '') {
      state.testChanged({ status: 'error', error: 'Choose a device in the panel on the left.' });
      return;
    }
    let client: SimClient | null = null;
    try {
      client = await this.createClient();
      if (!this.running) return; // stopped while the worker started
      this.client = client;
      const controls = runControlsOf(
        await client.effectiveDevice(request.deviceJson, request.set ?? [], request.deviceName),
      );
      if (!this.running) return;
      if (controls) this.store.getState().testChanged({ controlsLabel: controlsLabel(controls) });
      const text = await client.runStability(input.request, (progress) => {
        this.pending = progress;
        this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
      });
      this.flush();
      const result = parseStabilityResult(text);
      this.store.getState().testChanged({ status: 'done', resultText: text, result });
      const test = this.store.getState().test;
      if (test) {
        this.store.getState().runFinished(
          summarizeRun(result, {
            id: ++this.runsFinished,
            label: test.controlsLabel,
            deviceLabel: test.deviceLabel,
            workloadLabel: test.workloadLabel,
            createdAtMs: test.createdAtMs,
          }),
        );
      }
    } catch (error) {
      this.flush();
      // A stop terminates the worker, which rejects the run: not an error.
      if (this.running) {
        this.store.getState().testChanged({ status: 'error', error: errorMessage(error) });
      }
    } finally {
      this.client = null;
      client?.terminate();
    }
  }

  /**
   * Runs `input` once per variant (its overrides after the input's own),
   * one after another; stops at the first variant that does not finish
   * (stopped or failed). Resolves when the last has ended. The variants
   * are the core's (`flashscope stability --compare`'s) unless given; with
   * neither loaded yet there is nothing to run.
   */
  async compare(input: StabilityInput, variants?: readonly StabilityVariant[]): Promise<void> {
    const defaults = this.store.getState().defaults;
    const compared = variants ?? defaults?.variants;
    if (this.running || !compared) return;
    const request = input.request;
    const notes = comparisonNotes(
      ...(await this.measurement(request)),
      request.randomPreconditionCapacity ?? defaults?.random_precondition ?? 0,
    );
    const store = this.store.getState();
    store.comparisonChanged({ done: 0, total: compared.length, notes });
    for (const [index, variant] of compared.entries()) {
      await this.start({
        ...input,
        request: { ...request, set: [...(request.set ?? []), ...variant.overrides] },
      });
      if (this.store.getState().test?.status !== 'done') break;
      this.store.getState().comparisonChanged({ done: index + 1, total: compared.length, notes });
    }
  }

  /**
   * The core's reading of the request: the device's controls and whether
   * the job keeps its queue full (no job file: the stability command's own
   * round, 4 KiB random at QD32, which does). Nulls (no notes on them)
   * when the core cannot read them: the run then reports why.
   */
  private async measurement(
    request: StabilityRequest,
  ): Promise<[ReturnType<typeof runControlsOf>, boolean | null]> {
    let client: SimClient | null = null;
    try {
      client = await this.createClient();
      const set = request.set ?? [];
      const controls = runControlsOf(
        await client.effectiveDevice(request.deviceJson, set, request.deviceName),
      );
      const closedLoop =
        request.fioText.trim() === ''
          ? true
          : (
              await client.resolveFio(
                request.deviceJson,
                request.fioText,
                set,
                request.workloadName,
              )
            ).closed_loop;
      return [controls, closedLoop];
    } catch {
      return [null, null];
    } finally {
      client?.terminate();
    }
  }

  /** Ends the running test at once (its worker is terminated); its rounds so far stay on screen. */
  stop(): void {
    if (!this.running) return;
    this.flush();
    this.store.getState().testChanged({ status: 'stopped' });
    this.client?.terminate();
  }

  private flush(): void {
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending !== null) this.store.getState().testChanged({ progress: this.pending });
    this.pending = null;
  }
}

export const stabilityRunner = new StabilityRunner(stabilityStore, () => SimClient.create());
