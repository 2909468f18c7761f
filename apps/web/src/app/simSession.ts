// SimSession: the one place the UI talks to the simulation worker. It turns
// SimClient's callbacks into store actions and the user's commands into
// client calls; components call it, never the client.
//
// Frames that belong to a run being replaced are dropped (and acked, so the
// worker does not wait for them): while a load is pending, and after a reset
// until the run is back near time 0. The worker numbers frames across runs,
// so their numbers cannot tell old from new.

import type { SimClient } from '@flashscope/wasm/client';
import type { SerializedError } from '@flashscope/wasm/protocol';
import { buildLoadRequest, validateDraft } from '../config/scenario';
import type { AppStore } from '../store';
import type { ScenarioDraft } from '../store/scenarioDraft';
import { runErrorFrom, type Frame, type RunError } from '../store/simSlice';
import { speedById } from '../store/speeds';

export type ClientFactory = () => Promise<SimClient>;

function toRunError(error: unknown): RunError {
  const serialized = (error as { serialized?: SerializedError } | null)?.serialized;
  if (serialized) return runErrorFrom(serialized);
  return { kind: 'client', message: error instanceof Error ? error.message : String(error) };
}

export class SimSession {
  private client: SimClient | null = null;
  private loading = false;
  /** Sim time when a reset was asked for; frames later than it are the old run's. */
  private resetFromNs: number | null = null;

  constructor(
    private readonly store: AppStore,
    private readonly createClient: ClientFactory,
  ) {}

  /** Starts the worker; reports a failure in the error banner. */
  async start(): Promise<boolean> {
    try {
      const client = await this.createClient();
      client.onSnapshot((frame) => this.onSnapshot(frame));
      client.onStatus((status) => this.store.getState().sim.statusChanged(status));
      client.onError((error) => this.store.getState().sim.reportError(runErrorFrom(error)));
      client.setSpeed(speedById(this.store.getState().sim.speedId));
      this.client = client;
      this.store.getState().sim.clientReady();
      return true;
    } catch (error) {
      const problem = toRunError(error);
      this.store.getState().sim.clientFailed({
        ...problem,
        message: `The simulator could not start: ${problem.message}`,
      });
      return false;
    }
  }

  /**
   * Checks the draft, then loads it as a new run; plays it when `autoplay`.
   * On failure the banner shows the error and the draft stays as typed.
   */
  async apply(draft: ScenarioDraft, autoplay: boolean): Promise<boolean> {
    const { sim, config } = this.store.getState();
    const problem = validateDraft(draft);
    if (problem) {
      sim.reportError({ kind: 'input', message: problem });
      return false;
    }
    const client = this.client;
    if (!client) {
      sim.reportError({ kind: 'client', message: 'The simulator is not running.' });
      return false;
    }
    sim.loadStarted();
    this.loading = true;
    try {
      const { layout, device } = await client.load(buildLoadRequest(draft));
      this.loading = false;
      // Synchronously, before the run's first snapshot is delivered.
      this.store.getState().sim.loaded(layout, device);
      config.markApplied(draft);
      if (autoplay) client.play();
      return true;
    } catch (error) {
      this.loading = false;
      this.store.getState().sim.loadFailed(toRunError(error));
      return false;
    }
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
      this.store.getState().sim.reportError(toRunError(error));
    } finally {
      this.resetFromNs = null;
    }
  }

  setSpeed(speedId: string): void {
    this.store.getState().sim.setSpeed(speedId);
    this.client?.setSpeed(speedById(speedId));
  }

  /** The device view drew `frame`: the worker may send the next one. */
  readonly ackFrame = (frame: number): void => {
    this.client?.ack(frame);
  };

  terminate(): void {
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
