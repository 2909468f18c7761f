// The interactive run job ('load' / 'reset'): one drive the UI plays,
// pauses and steps, simulated in slices of the scheduler's length, with
// frames sent as the UI acks them.
//
// Contracts (the protocol's, see simulation_host.ts):
// - start() opens a fresh, preconditioned session paused at time 0 and
//   posts 'loaded' (for a load, not a reset), the first snapshot, then
//   'status'.
// - Frames: a snapshot is built at most once per frameIntervalMs, and only
//   after the UI acked the previous frame (the latest frame wins). While a
//   frame is unacked the simulation keeps running and no snapshot is built;
//   the C++ meta accumulates series points and events until the next one,
//   so none are lost. A UI that stops acking altogether (a hidden tab: no
//   animation frames) holds a running simulation after maxUnackedMs, so the
//   backlog one frame must carry stays bounded; the next ack resumes it.
// - A slice builds a frame or simulates, never both, so a pause waits for
//   one of them only (a frame's meta grows with the events since the last
//   one and can take longer than a slice at full speed).
// - A run that finishes, or a step that reaches its time, posts 'status'
//   with the seq of the command that started it. A failure inside the
//   session posts 'error' and 'status' with that seq and drops the session
//   (its state after a failed event is unknown; reset or load starts afresh).

import { IDLE, SLICE, waitFor } from './job';
import type { Job, JobContext, SliceOutcome } from './job';
import { protocolError, safeJson } from './host_errors';
import type { Layout, LoadRequest, Speed } from './protocol';
import type { AdvanceStop, SessionFactory, SimSession, TraceInput } from './session';

/** Series interval the host asks for when a LoadRequest names none. */
export const DEFAULT_SERIES_INTERVAL_MS = 10;

// fs_advance's until_ns for "no time limit": doubles are exact up to 2^53.
const UNBOUNDED_NS = 2 ** 53;
// Event budget per fs_advance call, tuned so one call takes ~1-4 ms.
const INITIAL_EVENT_BUDGET = 4096;
const MIN_EVENT_BUDGET = 256;
const MAX_EVENT_BUDGET = 1 << 22;
// How long a rate-limited run waits once it has caught up with wall time.
const RATE_WAIT_MS = 4;
// A rate-limited run that falls behind (a slow machine, a GC storm) catches
// up by at most this much wall time, rather than bursting at full speed.
const MAX_RATE_LAG_MS = 250;

export interface InteractiveRunSettings {
  frameIntervalMs: number;
  maxUnackedMs: number;
  /** The worker's frame numbers: they increase across loads and resets. */
  nextFrame: () => number;
}

export class InteractiveRunJob implements Job {
  readonly kind = 'interactive';
  private session: SimSession | null = null;
  private lastSimTimeNs = 0;
  private finished = false;
  private running = false;
  /** Seq of the load, reset, play or step the latest reply belongs to. */
  private runSeq: number;
  /** Simulated time a step stops at; null when not stepping. */
  private stepTargetNs: number | null = null;
  private speed: Speed;
  // Rate limiting: simulated time anchorSimNs corresponds to anchorWallMs.
  private anchorSimNs = 0;
  private anchorWallMs = 0;
  private eventBudget = INITIAL_EVENT_BUDGET;
  /** The number of the latest frame posted; only its ack counts. */
  private lastFrame = -1;
  private awaitingAck = false;
  /** Simulated state changed since the last snapshot. */
  private dirty = false;
  private lastSnapshotWallMs = Number.NEGATIVE_INFINITY;
  /** A run is held until the next ack (see maxUnackedMs). */
  private heldForAck = false;

  constructor(
    private readonly context: JobContext,
    seq: number,
    private readonly factory: SessionFactory,
    /** The request as the host checked it (its seriesIntervalMs filled in). */
    readonly request: LoadRequest,
    private readonly trace: TraceInput | undefined,
    /** Post 'loaded' (a load) or not (a reset). */
    private readonly announce: boolean,
    speed: Speed,
    private readonly settings: InteractiveRunSettings,
  ) {
    this.runSeq = seq;
    this.speed = speed;
  }

  get seq(): number {
    return this.runSeq;
  }

  start(): void {
    const { layout, device } = this.open();
    if (this.announce) this.context.post({ type: 'loaded', seq: this.runSeq, layout, device });
    // The first frame goes out whatever the UI acked before; a failure to
    // build it has posted its error and status already.
    this.postFrame();
    if (this.session !== null) this.postStatus(this.runSeq);
  }

  // --- commands ------------------------------------------------------------

  play(seq: number): void {
    this.requireSession('play');
    this.stepTargetNs = null;
    if (!this.finished && !this.running) {
      this.running = true;
      this.runSeq = seq;
      this.anchor();
    }
    this.postStatus(seq);
  }

  pause(seq: number): void {
    this.stopRun();
    this.postStatus(seq);
  }

  step(seq: number, simNs: number | undefined): void {
    const session = this.requireSession('step');
    const duration = simNs ?? (this.request.seriesIntervalMs ?? DEFAULT_SERIES_INTERVAL_MS) * 1e6;
    if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0) {
      throw protocolError(`'step' needs a finite, non-negative simNs (got ${safeJson(simNs)})`);
    }
    this.stopRun();
    if (this.finished || duration === 0) {
      this.postStatus(seq);
      return;
    }
    this.runSeq = seq;
    this.stepTargetNs = Math.min(UNBOUNDED_NS, Math.round(session.nowNs() + duration));
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.anchor();
  }

  ack(frame: number): void {
    // Only the latest frame's ack counts; a stale one (from before a reset)
    // must not let a second frame out.
    if (!this.awaitingAck || frame !== this.lastFrame) return;
    this.awaitingAck = false;
    if (this.heldForAck) {
      this.heldForAck = false;
      // Wall time spent held is not owed to a rate-limited run.
      this.anchor();
    }
  }

  result(): string {
    return this.requireSession('result').result();
  }

  /** The status figures for a 'status' reply. */
  status(): { running: boolean; finished: boolean; simTimeNs: number } {
    return {
      running: this.active,
      finished: this.finished,
      simTimeNs: this.session?.nowNs() ?? this.lastSimTimeNs,
    };
  }

  // --- the job ---------------------------------------------------------------

  runSlice(deadlineMs: number): SliceOutcome {
    const session = this.session;
    if (session === null) return IDLE;
    if (this.active) {
      if (
        this.running &&
        this.awaitingAck &&
        this.context.now() - this.lastSnapshotWallMs > this.settings.maxUnackedMs
      ) {
        this.heldForAck = true; // the ack wakes the job
        return IDLE;
      }
      if (this.frameDue()) {
        this.postFrame();
        return SLICE;
      }
      const outcome = this.simulate(session, deadlineMs);
      if (this.active || this.session === null) return outcome;
      // The run ended in this slice (finished, step done): its last state.
    }
    return this.flush();
  }

  cancel(): void {
    // Nothing is pending: play answered at once, and a step replaced by
    // another job is not answered (as a step replaced by a pause).
    this.stopRun();
  }

  dispose(options: { moduleCrashed?: boolean } = {}): void {
    const session = this.session;
    this.session = null;
    this.dirty = false;
    this.awaitingAck = false;
    if (session === null || options.moduleCrashed === true) return;
    try {
      session.destroy();
    } catch {
      // Destroying cannot be retried; the handle is gone either way.
    }
  }

  // --- running -------------------------------------------------------------

  private get active(): boolean {
    return this.session !== null && (this.running || this.stepTargetNs !== null);
  }

  /** Creates the drive and preconditions it, paused at time 0. */
  private open(): { layout: Layout; device: Record<string, unknown> } {
    const session = this.factory.create(this.request, this.trace);
    try {
      session.precondition();
      const description = session.describe();
      this.session = session;
      this.lastSimTimeNs = session.nowNs();
      this.dirty = true;
      return description;
    } catch (error) {
      session.destroy();
      throw error;
    }
  }

  private anchor(): void {
    this.anchorWallMs = this.context.now();
    this.anchorSimNs = this.session?.nowNs() ?? 0;
  }

  private stopRun(): void {
    this.running = false;
    this.stepTargetNs = null;
    this.heldForAck = false;
  }

  /** Simulated time the run may reach now (UNBOUNDED_NS at full speed). */
  private targetNs(nowNs: number): number {
    if (this.stepTargetNs !== null) return this.stepTargetNs;
    if (this.speed.kind === 'max') return UNBOUNDED_NS;
    const rateNsPerMs = this.speed.simNsPerSecond / 1000;
    let target = this.anchorSimNs + (this.context.now() - this.anchorWallMs) * rateNsPerMs;
    const maxLagNs = MAX_RATE_LAG_MS * rateNsPerMs;
    if (target - nowNs > maxLagNs) {
      this.anchorSimNs -= target - nowNs - maxLagNs;
      target = nowNs + maxLagNs;
    }
    return Math.floor(target);
  }

  /** fs_advance calls until the deadline, the target time or the end. */
  private simulate(session: SimSession, deadlineMs: number): SliceOutcome {
    const now = () => this.context.now();
    try {
      for (;;) {
        const nowNs = session.nowNs();
        const untilNs = this.targetNs(nowNs);
        // Only a rate-limited run gets here: wall time has not caught up.
        if (untilNs <= nowNs) return waitFor(RATE_WAIT_MS);
        const callStart = now();
        const stop = session.advance(untilNs, this.eventBudget);
        this.tuneBudget(stop, now() - callStart);
        this.dirty = true;
        this.lastSimTimeNs = session.nowNs();
        if (stop === 'finished') {
          this.stopRun();
          this.finished = true;
          this.postStatus(this.runSeq);
          return IDLE;
        }
        if (stop === 'time') {
          if (this.stepTargetNs === null) return waitFor(RATE_WAIT_MS);
          this.stepTargetNs = null;
          this.postStatus(this.runSeq);
          return IDLE;
        }
        if (now() >= deadlineMs) return SLICE;
      }
    } catch (error) {
      this.failSession(this.runSeq, error);
      return IDLE;
    }
  }

  private tuneBudget(stop: AdvanceStop, callMs: number): void {
    if (callMs > 4) {
      this.eventBudget = Math.max(MIN_EVENT_BUDGET, Math.floor(this.eventBudget / 2));
    } else if (stop === 'budget' && callMs < 1) {
      this.eventBudget = Math.min(MAX_EVENT_BUDGET, this.eventBudget * 2);
    }
  }

  // --- frames --------------------------------------------------------------

  private frameDue(): boolean {
    return (
      this.dirty &&
      !this.awaitingAck &&
      this.context.now() - this.lastSnapshotWallMs >= this.settings.frameIntervalMs
    );
  }

  /** Posts a frame if one is due and allowed, or says when to look again. */
  private flush(): SliceOutcome {
    if (this.session === null || !this.dirty || this.awaitingAck) return IDLE;
    const waitMs = this.lastSnapshotWallMs + this.settings.frameIntervalMs - this.context.now();
    if (waitMs > 0) return waitFor(waitMs);
    this.postFrame();
    return IDLE;
  }

  private postFrame(): void {
    const session = this.session;
    if (session === null) return;
    try {
      const snapshot = session.snapshot();
      const frame = this.settings.nextFrame();
      const meta = { ...snapshot.meta, frame };
      this.lastSimTimeNs = meta.sim_time_ns;
      this.lastFrame = frame;
      this.dirty = false;
      this.awaitingAck = true;
      this.lastSnapshotWallMs = this.context.now();
      this.context.post(
        { type: 'snapshot', frame, blocks: snapshot.blocks, meta },
        snapshot.transfer,
      );
    } catch (error) {
      this.failSession(this.runSeq, error);
    }
  }

  // --- replies and errors -------------------------------------------------

  private postStatus(seq: number): void {
    this.context.post({ type: 'status', seq, ...this.status() });
  }

  /** A failure inside the session: report it and drop the session. */
  private failSession(seq: number, error: unknown): void {
    const crashed = this.context.fail(seq, error);
    this.stopRun();
    this.dispose({ moduleCrashed: crashed });
    this.postStatus(seq);
  }

  private requireSession(what: string): SimSession {
    if (this.session === null) throw protocolError(`'${what}' with no scenario loaded`);
    return this.session;
  }
}
