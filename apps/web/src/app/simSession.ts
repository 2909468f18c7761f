// SimSession: the one place the UI talks to the simulation worker. It turns
// SimClient's callbacks into store actions and the user's commands into
// client calls; components call it, never the client.
//
// Frames that belong to a run being replaced are dropped (and acked, so the
// worker does not wait for them): while a load is pending, and after a reset
// until the run is back near time 0. The worker numbers frames across runs,
// so their numbers cannot tell old from new.
//
// The workload is the draft's fio job or, when the workload panel is in
// trace mode, the accepted trace file (trace/currentWorkload.ts). Trace
// files are scanned for their summary by `traces`, in workers of their own
// made by the same factory.

import type { SimClient } from '@flashscope/wasm/client';
import type {
  BurstTemplate,
  EffectiveDevice,
  ResolvedFio,
  TraceFit,
  TraceFitRequest,
} from '@flashscope/wasm/protocol';
import { buildLoadRequest, validateDevice, validateDraft } from '../config/scenario';
import type { AppStore } from '../store';
import type { ScenarioDraft } from '../store/scenarioDraft';
import { runErrorFrom, runErrorOf, type Frame } from '../store/simSlice';
import { speedById } from '../store/speeds';
import { stabilityStore } from '../stability/stabilityStore';
import { traceChoiceOf } from '../store/traceSlice';
import { workloadOf, workloadProblem } from '../trace/currentWorkload';
import { TraceInspector } from '../trace/traceInspector';

export type ClientFactory = () => Promise<SimClient>;

export class SimSession {
  private client: SimClient | null = null;
  private loading = false;
  /** Sim time when a reset was asked for; frames later than it are the old run's. */
  private resetFromNs: number | null = null;
  /** Scans trace files for the workload panel's summary. */
  readonly traces: TraceInspector;

  constructor(
    private readonly store: AppStore,
    private readonly createClient: ClientFactory,
  ) {
    this.traces = new TraceInspector(store, createClient);
  }

  /** Starts the worker; reports a failure in the error banner. */
  async start(): Promise<boolean> {
    try {
      const client = await this.createClient();
      client.onSnapshot((frame) => this.onSnapshot(frame));
      client.onStatus((status) => this.store.getState().sim.statusChanged(status));
      client.onError((error) => this.store.getState().sim.reportError(runErrorFrom(error)));
      // The form's defaults, limits and choices are the core's: asked once, here.
      this.store.getState().config.schemaLoaded(await client.deviceSchema());
      // So are the Stability tab's defaults and its --compare variants.
      stabilityStore.getState().defaultsLoaded(await client.stabilityDefaults());
      this.client = client;
      // The speed chosen by now (the select works while the worker starts:
      // setSpeed had no client to tell until the line above).
      client.setSpeed(speedById(this.store.getState().sim.speedId));
      this.store.getState().sim.clientReady();
      return true;
    } catch (error) {
      const problem = runErrorOf(error);
      this.store.getState().sim.clientFailed({
        ...problem,
        message: `The simulator could not start: ${problem.message}`,
      });
      return false;
    }
  }

  /**
   * Checks the draft, then loads it as a new run; plays it when `autoplay`.
   * In trace mode the run replays the trace file (after its scan, if one is
   * under way). On failure the banner shows the error and the draft, the
   * fio text and the trace panel stay as they were.
   */
  async apply(draft: ScenarioDraft, autoplay: boolean): Promise<boolean> {
    if (this.store.getState().traces.mode === 'trace' && !(await this.traces.settled())) {
      // The scan of the file just dropped failed: say so rather than replay an older file.
      const { traces, sim } = this.store.getState();
      if (traces.error) sim.reportError(traces.error);
      return false;
    }
    const { sim, config, traces } = this.store.getState();
    // What this run replays, read once: the panel may change while it loads.
    const traceChoice = traceChoiceOf(traces);
    const workload = workloadOf(draft, traceChoice);
    const problem =
      workload.kind === 'fio'
        ? validateDraft(draft)
        : (validateDevice(draft) ?? workloadProblem(workload));
    if (problem) {
      sim.reportError({ kind: 'input', message: problem });
      return false;
    }
    const client = this.client;
    if (!client || config.schema === null) {
      sim.reportError({ kind: 'client', message: 'The simulator is not running.' });
      return false;
    }
    sim.loadStarted();
    this.loading = true;
    try {
      const { layout, device } = await client.load(
        buildLoadRequest(draft, config.schema, workload),
      );
      this.loading = false;
      // Synchronously, before the run's first snapshot is delivered.
      this.store.getState().sim.loaded(layout, device);
      config.markApplied(draft);
      traces.markApplied(traceChoice);
      if (autoplay) client.play();
      return true;
    } catch (error) {
      this.loading = false;
      this.store.getState().sim.loadFailed(runErrorOf(error));
      return false;
    }
  }

  /**
   * The core's view of a device under overrides (defaults filled in, what it
   * derives, its first problem and the key it is at), for the form's inline
   * checks; null while the simulator is not running.
   */
  async effectiveDevice(
    deviceText: string,
    overrides: string[],
    deviceName?: string,
  ): Promise<EffectiveDevice | null> {
    return this.client ? this.client.effectiveDevice(deviceText, overrides, deviceName) : null;
  }

  /**
   * The fio job file as a run resolves it against the device under overrides
   * (the core's fs_fio_resolve: each job's region and sizes, and the jobs
   * that overwrite the fill level's data); rejects with the core's SimError
   * for a bad job file; null while the simulator is not running.
   */
  async resolveFio(
    deviceText: string,
    fioText: string,
    overrides: string[],
    workloadName?: string,
  ): Promise<ResolvedFio | null> {
    return this.client
      ? this.client.resolveFio(deviceText, fioText, overrides, workloadName)
      : null;
  }

  /**
   * The fingerprint a share link names a trace by (hex SHA-256 of its first
   * MiB), hashed in the simulation worker. Rejects while it is not running.
   */
  async traceFingerprint(file: Blob): Promise<string> {
    if (!this.client) throw new Error('The simulator is not running.');
    return this.client.traceFingerprint(file);
  }

  /**
   * The burst / idle / burst job sized to the device under overrides (the core's
   * fs_burst_template); rejects with the core's SimError naming the problem; null while the
   * simulator is not running.
   */
  async burstTemplate(
    deviceText: string,
    overrides: string[],
    request: { multiple: number; idleS: number; bursts: number },
    deviceName?: string,
  ): Promise<BurstTemplate | null> {
    return this.client
      ? this.client.burstTemplate(deviceText, overrides, request, deviceName)
      : null;
  }

  /**
   * Whether a trace fits a drive and the preset that would hold it (the
   * core's fs_trace_fit); null while the simulator is not running.
   */
  async traceFit(request: TraceFitRequest): Promise<TraceFit | null> {
    return this.client ? this.client.traceFit(request) : null;
  }

  play(): void {
    if (this.canCommand()) this.client!.play();
  }

  pause(): void {
    if (this.canCommand()) this.client!.pause();
  }

  step(): void {
    if (this.canCommand()) this.client!.step();
  }

  /** Back to time 0 of the same scenario, paused. */
  async reset(): Promise<void> {
    if (!this.canCommand()) return;
    const { sim } = this.store.getState();
    this.resetFromNs = sim.frame?.meta.sim_time_ns ?? sim.simTimeNs;
    sim.runReset();
    try {
      await this.client!.reset();
    } catch (error) {
      this.store.getState().sim.reportError(runErrorOf(error));
    } finally {
      this.resetFromNs = null;
    }
  }

  setSpeed(speedId: string): void {
    this.store.getState().sim.setSpeed(speedId);
    this.client?.setSpeed(speedById(speedId));
  }

  /**
   * The current run's result JSON so far (what `flashscope run --json`
   * prints); the live recorder saves it when a run finishes. Rejects while
   * the simulator is not running.
   */
  async result(): Promise<string> {
    if (!this.client) throw new Error('The simulator is not running.');
    return this.client.result();
  }

  /** The device view drew `frame`: the worker may send the next one. */
  readonly ackFrame = (frame: number): void => {
    this.client?.ack(frame);
  };

  terminate(): void {
    this.traces.cancel();
    this.client?.terminate();
    this.client = null;
  }

  private canCommand(): boolean {
    return this.client !== null && this.store.getState().sim.phase === 'ready';
  }

  private onSnapshot(frame: Frame): void {
    const stale =
      this.loading ||
      (this.resetFromNs !== null &&
        frame.meta.sim_time_ns !== 0 &&
        frame.meta.sim_time_ns >= this.resetFromNs);
    if (stale) {
      this.client?.ack(frame.frame);
      return;
    }
    this.store.getState().sim.frameArrived(frame);
  }
}
