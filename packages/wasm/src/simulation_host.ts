// SimulationHost: the worker side of protocol.ts, independent of where it
// runs. Given a session factory (the wasm module behind session.ts) and a
// post(message, transfer) function, it answers every Command. worker.ts wires
// it to a browser Worker; the tests drive it in Node with the real .wasm.
//
// Contracts:
// - Commands are handled in arrival order; nothing is thrown out of handle():
//   every failure becomes an 'error' message with the command's seq, and the
//   host stays usable (a new load or a reset works after any error).
// - The simulation runs in slices of about SLICE_MS of wall time (STYLE.md
//   convention 4), yielding to the event loop between slices, so pause and
//   step are handled within a frame.
// - Frames: a snapshot is built at most once per FRAME_INTERVAL_MS, and only
//   after the UI acked the previous frame (the latest frame wins). While a
//   frame is unacked the simulation keeps running and no snapshot is built;
//   the C++ meta accumulates series points and events until the next one, so
//   none are lost. A UI that stops acking altogether (a hidden tab: no
//   animation frames) holds a running simulation after MAX_UNACKED_MS, so
//   the backlog one frame must carry stays bounded; the next ack resumes it.
//   Frame numbers are the host's: they increase across loads and resets
//   within one worker (so a stale ack cannot release a frame), and meta.frame
//   equals the message's frame.
// - Replies: init -> 'ready'; load -> 'loaded', then the first snapshot, then
//   'status' (paused at time 0 after preconditioning); reset -> first
//   snapshot, then 'status'; play / pause / step -> 'status' (step's when the
//   simulated time is reached); result -> 'result'; setSpeed and ack are not
//   answered. A run that finishes posts 'status' with the seq of the command
//   that started it.
// - Traces: a LoadRequest with `trace` replays that Blob, read in chunks
//   through openTrace (FileReaderSync in the worker) as the simulation asks
//   for them. 'inspectTrace' scans a whole trace in slices of
//   traceSliceBytes, yielding between them, and posts 'traceProgress' right
//   after the format is detected and then at most every traceProgressMs,
//   then 'traceSummary' (or 'error' with its seq). Later commands wait for
//   the scan to end (the queue is in order), so the UI inspects in a worker
//   of its own.
// - A LoadRequest with `workload` runs that generator (fs_create's
//   `workload` option) instead of the fio job; it excludes `trace`.
// - 'stability' runs the stability flow (fs_stability_*) one slice of
//   16384 events at a time for about sliceMs, yielding between, and posts
//   'stabilityProgress' at once and then at most every stabilityProgressMs
//   (and when the flow ends), then 'stabilityResult' with the JSON text.
//   Like 'inspectTrace' it holds the queue until done, so the UI runs it in
//   a worker of its own and cancels by terminating that worker.

import { PROTOCOL_VERSION } from './protocol';
import type {
  Command,
  LoadRequest,
  SerializedError,
  Speed,
  StabilityRequest,
  TraceRef,
  WorkerMessage,
  WorkloadGenerator,
} from './protocol';
import { SimError } from './session';
import type { SessionFactory, SimSession, TraceInput } from './session';
import { openBlobTrace } from './trace_bytes';
import type { OpenTraceBytes } from './trace_bytes';

export type PostMessage = (message: WorkerMessage, transfer: ArrayBuffer[]) => void;

export interface SimulationHostOptions {
  /** Loads the engine; called once, at the first 'init'. */
  sessionFactory: () => Promise<SessionFactory> | SessionFactory;
  post: PostMessage;
  /** Wall clock in ms (default performance.now). */
  now?: () => number;
  sliceMs?: number;
  frameIntervalMs?: number;
  maxUnackedMs?: number;
  /** Reads a trace's Blob synchronously (default openBlobTrace: FileReaderSync, worker only). */
  openTrace?: OpenTraceBytes;
  traceSliceBytes?: number;
  traceProgressMs?: number;
  stabilityProgressMs?: number;
}

/** Wall time one run slice may take before yielding. */
export const SLICE_MS = 8;
/** Minimum wall time between two snapshots (one display frame). */
export const FRAME_INTERVAL_MS = 16;
/** How long a running simulation goes on without any ack before it holds. */
export const MAX_UNACKED_MS = 1000;
/** Bytes one 'inspectTrace' slice scans before yielding (the core reads 4 MiB chunks). */
export const TRACE_SLICE_BYTES = 4 << 20;
/** Minimum wall time between two 'traceProgress' messages. */
export const TRACE_PROGRESS_MS = 100;
/** Minimum wall time between two 'stabilityProgress' messages. */
export const STABILITY_PROGRESS_MS = 100;
/** Series interval the host asks for when a LoadRequest names none. */
export const DEFAULT_SERIES_INTERVAL_MS = 10;
/** The host's speed until the UI sets one. */
export const DEFAULT_SPEED: Speed = { kind: 'max' };

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

export class SimulationHost {
  private readonly post: PostMessage;
  private readonly now: () => number;
  private readonly sliceMs: number;
  private readonly frameIntervalMs: number;
  private readonly maxUnackedMs: number;
  private readonly loadFactory: () => Promise<SessionFactory> | SessionFactory;
  private readonly openTrace: OpenTraceBytes;
  private readonly traceSliceBytes: number;
  private readonly traceProgressMs: number;
  private readonly stabilityProgressMs: number;

  private factory: SessionFactory | null = null;
  private queue: Promise<void> = Promise.resolve();
  private session: SimSession | null = null;
  private lastLoad: LoadRequest | null = null;
  private lastSimTimeNs = 0;

  private running = false;
  private finished = false;
  /** Seq of the play/step that started the current run. */
  private runSeq = 0;
  /** Simulated time a step stops at; null when not stepping. */
  private stepTargetNs: number | null = null;
  private speed: Speed = DEFAULT_SPEED;
  // Rate limiting: simulated time anchorSimNs corresponds to anchorWallMs.
  private anchorSimNs = 0;
  private anchorWallMs = 0;
  private eventBudget = INITIAL_EVENT_BUDGET;
  private cancelRun: (() => void) | null = null;

  private frame = 0;
  private awaitingAck = false;
  /** Simulated state changed since the last snapshot. */
  private dirty = false;
  private lastSnapshotWallMs = Number.NEGATIVE_INFINITY;
  /** A run is held until the next ack (see MAX_UNACKED_MS). */
  private heldForAck = false;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** Set when the wasm module aborted; every later command fails with it. */
  private crashed: SerializedError | null = null;

  constructor(options: SimulationHostOptions) {
    this.post = options.post;
    this.loadFactory = options.sessionFactory;
    this.now = options.now ?? (() => performance.now());
    this.sliceMs = options.sliceMs ?? SLICE_MS;
    this.frameIntervalMs = options.frameIntervalMs ?? FRAME_INTERVAL_MS;
    this.maxUnackedMs = options.maxUnackedMs ?? MAX_UNACKED_MS;
    this.openTrace = options.openTrace ?? openBlobTrace;
    this.traceSliceBytes = options.traceSliceBytes ?? TRACE_SLICE_BYTES;
    this.traceProgressMs = options.traceProgressMs ?? TRACE_PROGRESS_MS;
    this.stabilityProgressMs = options.stabilityProgressMs ?? STABILITY_PROGRESS_MS;
  }

  /** Queues one command (as received from postMessage). Never throws. */
  handle(command: Command): void {
    this.queue = this.queue.then(async () => {
      if (this.disposed) return;
      try {
        await this.dispatch(command);
      } catch (error) {
        this.postError(seqOf(command), error);
      }
    });
  }

  /** Stops running, frees the session and cancels timers (worker shutdown, tests). */
  dispose(): void {
    this.disposed = true;
    this.stopRun();
    this.clearFlushTimer();
    this.destroySession();
  }

  private async dispatch(command: Command): Promise<void> {
    if (this.crashed !== null) {
      throw new SimError({
        kind: 'internal',
        message: `${this.crashed.message}; no further command can run in this worker (start a new one)`,
      });
    }
    if (typeof command !== 'object' || command === null || typeof command.type !== 'string') {
      throw protocolError(`malformed command: ${safeJson(command)}`);
    }
    if (command.type !== 'init' && this.factory === null) {
      throw protocolError(`'${command.type}' before a successful 'init'`);
    }
    switch (command.type) {
      case 'init':
        return this.init(command.seq, command.protocolVersion);
      case 'load':
        return this.load(command.seq, command);
      case 'play':
        return this.play(command.seq);
      case 'pause':
        return this.pause(command.seq);
      case 'step':
        return this.step(command.seq, command.simNs);
      case 'setSpeed':
        return this.setSpeed(command.speed);
      case 'reset':
        return this.reset(command.seq);
      case 'ack':
        return this.ack(command.frame);
      case 'result':
        return this.result(command.seq);
      case 'inspectTrace':
        return this.inspectTrace(command.seq, command.trace);
      case 'stability':
        return this.stability(command.seq, command);
      case 'deviceSchema':
      case 'effectiveDevice':
      case 'resolveFio':
        // Placeholder until H-worker's handlers merge (issue 16 contract).
        throw protocolError(`'${command.type}' is not built into this worker yet`);
      default: {
        const unknown: never = command;
        throw protocolError(`unknown command type: ${safeJson(unknown)}`);
      }
    }
  }

  private async init(seq: number, protocolVersion: number): Promise<void> {
    if (protocolVersion !== PROTOCOL_VERSION) {
      throw protocolError(
        `protocol version mismatch: the UI speaks ${protocolVersion}, the worker ${PROTOCOL_VERSION}`,
      );
    }
    if (this.factory === null) {
      const factory = await this.loadFactory();
      const apiVersion = factory.apiVersion();
      if (apiVersion !== PROTOCOL_VERSION) {
        throw protocolError(
          `simulator API version ${apiVersion} does not match protocol version ${PROTOCOL_VERSION}`,
        );
      }
      this.factory = factory;
    }
    this.send({ type: 'ready', seq, protocolVersion: PROTOCOL_VERSION });
  }

  private load(seq: number, request: LoadRequest): void {
    const copy: LoadRequest = {
      deviceJson: request.deviceJson,
      fioText: request.fioText,
      set: request.set,
      deviceName: request.deviceName,
      workloadName: request.workloadName,
      seriesIntervalMs: request.seriesIntervalMs ?? DEFAULT_SERIES_INTERVAL_MS,
    };
    if (request.trace !== undefined) {
      checkTraceRef(request.trace);
      // The trace is the workload; the fio text is ignored (protocol.ts).
      copy.trace = request.trace;
      copy.fioText = '';
    }
    if (request.workload !== undefined) {
      checkWorkload(request.workload, request.trace !== undefined);
      // The generator is the workload, likewise.
      copy.workload = request.workload;
      copy.fioText = '';
    }
    if (typeof copy.deviceJson !== 'string' || typeof copy.fioText !== 'string') {
      throw protocolError("'load' needs deviceJson and fioText strings");
    }
    const { layout, device } = this.open(copy);
    this.lastLoad = copy;
    this.send({ type: 'loaded', seq, layout, device });
    this.postFirstFrame(seq);
  }

  private reset(seq: number): void {
    if (this.lastLoad === null) throw protocolError("'reset' before a successful 'load'");
    this.open(this.lastLoad);
    this.postFirstFrame(seq);
  }

  private postFirstFrame(seq: number): void {
    try {
      this.postSnapshot();
    } catch (error) {
      this.failSession(seq, error);
      return;
    }
    this.postStatus(seq);
  }

  /** Replaces the session with a fresh, preconditioned one, paused at time 0. */
  private open(request: LoadRequest): ReturnType<SimSession['describe']> {
    this.stopRun();
    this.clearFlushTimer();
    // Free the old drive first: wasm memory never shrinks, but it is reused.
    this.destroySession();
    this.finished = false;
    this.lastSimTimeNs = 0;
    const trace = request.trace === undefined ? undefined : this.traceInput(request.trace);
    const session = this.requireFactory().create(request, trace);
    try {
      session.precondition();
      const description = session.describe();
      this.session = session;
      this.lastSimTimeNs = session.nowNs();
      // The first frame goes out whatever the UI acked before.
      this.awaitingAck = false;
      this.dirty = true;
      this.eventBudget = INITIAL_EVENT_BUDGET;
      return description;
    } catch (error) {
      session.destroy();
      throw error;
    }
  }

  private play(seq: number): void {
    this.requireSession('play');
    this.stepTargetNs = null;
    if (!this.finished && !this.running) {
      this.running = true;
      this.runSeq = seq;
      this.anchor();
      this.scheduleRun(0);
    }
    this.postStatus(seq);
  }

  private pause(seq: number): void {
    this.stopRun();
    this.postStatus(seq);
    this.flush();
  }

  private step(seq: number, simNs: number | undefined): void {
    const session = this.requireSession('step');
    const intervalMs = this.lastLoad?.seriesIntervalMs ?? DEFAULT_SERIES_INTERVAL_MS;
    const duration = simNs ?? intervalMs * 1e6;
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
    this.scheduleRun(0);
  }

  private setSpeed(speed: Speed): void {
    if (speed?.kind === 'rate') {
      if (!Number.isFinite(speed.simNsPerSecond) || speed.simNsPerSecond <= 0) {
        throw protocolError(`speed must be a positive rate (got ${safeJson(speed)})`);
      }
      this.speed = { kind: 'rate', simNsPerSecond: speed.simNsPerSecond };
    } else if (speed?.kind === 'max') {
      this.speed = { kind: 'max' };
    } else {
      throw protocolError(`unknown speed: ${safeJson(speed)}`);
    }
    this.anchor();
  }

  private ack(frame: number): void {
    // Only the latest frame's ack counts; a stale one (from before a reset)
    // must not let a second frame out.
    if (this.awaitingAck && frame === this.frame) {
      this.awaitingAck = false;
      if (this.heldForAck) {
        this.heldForAck = false;
        // Wall time spent held is not owed to a rate-limited run.
        this.anchor();
        if (this.active) this.scheduleRun(0);
      }
      this.flush();
    }
  }

  private result(seq: number): void {
    const json = this.requireSession('result').result();
    this.send({ type: 'result', seq, json });
  }

  // --- traces ------------------------------------------------------------

  private traceInput(trace: TraceRef): TraceInput {
    return { name: trace.name, options: trace.options ?? {}, bytes: this.openTrace(trace) };
  }

  private async inspectTrace(seq: number, trace: TraceRef): Promise<void> {
    checkTraceRef(trace);
    const inspection = this.requireFactory().inspectTrace(this.traceInput(trace));
    try {
      // The detected format and the preview, before any counting.
      this.send({ type: 'traceProgress', seq, summary: inspection.summary() });
      let lastProgressMs = this.now();
      while (!inspection.scan(this.traceSliceBytes)) {
        if (this.now() - lastProgressMs >= this.traceProgressMs) {
          this.send({ type: 'traceProgress', seq, summary: inspection.summary() });
          lastProgressMs = this.now();
        }
        await new Promise<void>((resolve) => yieldToEventLoop(resolve));
        if (this.disposed) return;
      }
      this.send({ type: 'traceSummary', seq, summary: inspection.summary() });
    } finally {
      inspection.close();
    }
  }

  // --- stability tests -----------------------------------------------------

  private async stability(seq: number, request: StabilityRequest): Promise<void> {
    checkStabilityRequest(request);
    const run = this.requireFactory().createStability(request);
    try {
      this.send({ type: 'stabilityProgress', seq, progress: run.progress() });
      let lastProgressMs = this.now();
      for (;;) {
        const sliceEnd = this.now() + this.sliceMs;
        let done = false;
        while (!done && this.now() < sliceEnd) done = run.advance(1);
        if (done) break;
        if (this.now() - lastProgressMs >= this.stabilityProgressMs) {
          this.send({ type: 'stabilityProgress', seq, progress: run.progress() });
          lastProgressMs = this.now();
        }
        await new Promise<void>((resolve) => yieldToEventLoop(resolve));
        if (this.disposed) return;
      }
      this.send({ type: 'stabilityProgress', seq, progress: run.progress() });
      this.send({ type: 'stabilityResult', seq, json: run.resultJson() });
    } finally {
      run.destroy();
    }
  }

  // --- the run loop ------------------------------------------------------

  private get active(): boolean {
    return this.session !== null && (this.running || this.stepTargetNs !== null);
  }

  private anchor(): void {
    this.anchorWallMs = this.now();
    this.anchorSimNs = this.session?.nowNs() ?? 0;
  }

  private stopRun(): void {
    this.running = false;
    this.stepTargetNs = null;
    this.heldForAck = false;
    this.cancelRun?.();
    this.cancelRun = null;
  }

  private scheduleRun(delayMs: number): void {
    this.cancelRun?.();
    this.cancelRun = delayMs > 0 ? delay(delayMs, this.runSlice) : yieldToEventLoop(this.runSlice);
  }

  /** Simulated time the run may reach now; null when there is no limit. */
  private targetNs(nowNs: number): number {
    if (this.stepTargetNs !== null) return this.stepTargetNs;
    if (this.speed.kind === 'max') return UNBOUNDED_NS;
    const rateNsPerMs = this.speed.simNsPerSecond / 1000;
    let target = this.anchorSimNs + (this.now() - this.anchorWallMs) * rateNsPerMs;
    const maxLagNs = MAX_RATE_LAG_MS * rateNsPerMs;
    if (target - nowNs > maxLagNs) {
      this.anchorSimNs -= target - nowNs - maxLagNs;
      target = nowNs + maxLagNs;
    }
    return Math.floor(target);
  }

  private readonly runSlice = (): void => {
    this.cancelRun = null;
    const session = this.session;
    if (session === null || !this.active || this.disposed) return;
    if (
      this.running &&
      this.awaitingAck &&
      this.now() - this.lastSnapshotWallMs > this.maxUnackedMs
    ) {
      this.heldForAck = true; // ack() schedules the next slice
      return;
    }
    if (this.frameDue()) {
      // A slice builds a frame or simulates, never both, so a pause waits
      // for one of them only (a frame's meta grows with the events since
      // the last one and can take longer than a slice at full speed).
      this.flush();
      if (this.active) this.scheduleRun(0);
      return;
    }
    const sliceEnd = this.now() + this.sliceMs;
    let waitMs = 0;
    try {
      for (;;) {
        const nowNs = session.nowNs();
        const untilNs = this.targetNs(nowNs);
        if (untilNs <= nowNs) {
          // Only a rate-limited run gets here: wall time has not caught up.
          waitMs = RATE_WAIT_MS;
          break;
        }
        const callStart = this.now();
        const stop = session.advance(untilNs, this.eventBudget);
        this.tuneBudget(stop, this.now() - callStart);
        this.dirty = true;
        this.lastSimTimeNs = session.nowNs();
        if (stop === 'finished') {
          this.finishRun();
          break;
        }
        if (stop === 'time') {
          if (this.stepTargetNs !== null) {
            this.stepTargetNs = null;
            this.postStatus(this.runSeq);
            break;
          }
          waitMs = RATE_WAIT_MS;
          break;
        }
        if (this.now() >= sliceEnd) break;
      }
    } catch (error) {
      this.failSession(this.runSeq, error);
      return;
    }
    if (this.active) {
      this.scheduleRun(waitMs);
    } else {
      this.flush(); // the run ended (finished, step done): its last state
    }
  };

  private tuneBudget(stop: string, callMs: number): void {
    if (callMs > 4) {
      this.eventBudget = Math.max(MIN_EVENT_BUDGET, Math.floor(this.eventBudget / 2));
    } else if (stop === 'budget' && callMs < 1) {
      this.eventBudget = Math.min(MAX_EVENT_BUDGET, this.eventBudget * 2);
    }
  }

  private finishRun(): void {
    this.running = false;
    this.stepTargetNs = null;
    this.finished = true;
    this.postStatus(this.runSeq);
  }

  // --- frames --------------------------------------------------------------

  private frameDue(): boolean {
    return (
      this.session !== null &&
      this.dirty &&
      !this.awaitingAck &&
      this.now() - this.lastSnapshotWallMs >= this.frameIntervalMs
    );
  }

  /** Posts a snapshot now if one is due and allowed, or arranges for it. */
  private flush(): void {
    if (this.session === null || !this.dirty || this.awaitingAck || this.disposed) return;
    const waitMs = this.lastSnapshotWallMs + this.frameIntervalMs - this.now();
    if (waitMs <= 0) {
      this.clearFlushTimer();
      try {
        this.postSnapshot();
      } catch (error) {
        this.failSession(this.runSeq, error);
      }
    } else if (this.flushTimer === null && !this.active) {
      // While running, the next slice flushes; when paused, a timer does.
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        this.flush();
      }, waitMs);
    }
  }

  private postSnapshot(): void {
    const session = this.session;
    if (session === null) return;
    const snapshot = session.snapshot();
    this.frame += 1;
    const meta = { ...snapshot.meta, frame: this.frame };
    this.lastSimTimeNs = meta.sim_time_ns;
    this.dirty = false;
    this.awaitingAck = true;
    this.lastSnapshotWallMs = this.now();
    this.post(
      { type: 'snapshot', frame: this.frame, blocks: snapshot.blocks, meta },
      snapshot.transfer,
    );
  }

  private clearFlushTimer(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }

  // --- replies and errors -------------------------------------------------

  private postStatus(seq: number): void {
    this.send({
      type: 'status',
      seq,
      running: this.active,
      finished: this.finished,
      simTimeNs: this.session?.nowNs() ?? this.lastSimTimeNs,
    });
  }

  private send(message: WorkerMessage): void {
    this.post(message, []);
  }

  private postError(seq: number, error: unknown): void {
    const serialized = serializeError(error);
    if (isWasmCrash(error)) {
      this.crashed = serialized;
      this.stopRun();
      this.clearFlushTimer();
      this.session = null; // not destroyed: calling into a crashed module is unsafe
    }
    try {
      this.send({ type: 'error', seq, error: serialized });
    } catch {
      // post itself failed (e.g. the port closed): nothing left to tell.
    }
  }

  /** A failure inside a running session: report it and drop the session. */
  private failSession(seq: number, error: unknown): void {
    this.postError(seq, error);
    this.stopRun();
    this.clearFlushTimer();
    // Its state after a failed event is unknown; reset or load starts afresh.
    this.destroySession();
    this.postStatus(seq);
  }

  private destroySession(): void {
    const session = this.session;
    this.session = null;
    this.dirty = false;
    this.awaitingAck = false;
    if (session !== null) {
      try {
        session.destroy();
      } catch {
        // Destroying cannot be retried; the handle is gone either way.
      }
    }
  }

  private requireFactory(): SessionFactory {
    if (this.factory === null) throw protocolError("'init' has not completed");
    return this.factory;
  }

  private requireSession(what: string): SimSession {
    if (this.session === null) throw protocolError(`'${what}' with no scenario loaded`);
    return this.session;
  }
}

function protocolError(message: string): SimError {
  return new SimError({ kind: 'protocol', message });
}

function checkWorkload(workload: WorkloadGenerator, withTrace: boolean): void {
  if (withTrace) throw protocolError("'load' takes a trace or a workload generator, not both");
  if (typeof workload !== 'object' || workload === null || typeof workload.generator !== 'string') {
    throw protocolError(`a workload needs a "generator" name (got ${safeJson(workload)})`);
  }
}

function checkStabilityRequest(request: StabilityRequest): void {
  if (typeof request.deviceJson !== 'string' || typeof request.fioText !== 'string') {
    throw protocolError(
      `'stability' needs deviceJson and fioText strings (got ${safeJson({
        deviceJson: typeof request.deviceJson,
        fioText: typeof request.fioText,
      })})`,
    );
  }
}

function checkTraceRef(trace: TraceRef): void {
  if (
    typeof trace !== 'object' ||
    trace === null ||
    typeof trace.name !== 'string' ||
    typeof trace.file !== 'object' ||
    trace.file === null ||
    typeof trace.file.size !== 'number' ||
    (trace.options !== undefined && (typeof trace.options !== 'object' || trace.options === null))
  ) {
    throw protocolError(`a trace needs a file (Blob), a name and options (got ${safeJson(trace)})`);
  }
}

/** Any thrown value as the wire form (SimErrors keep theirs). */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof SimError) return { ...error.serialized };
  if (isWasmCrash(error)) {
    const what = error instanceof Error ? error.message : `C++ exception at ${String(error)}`;
    return { kind: 'internal', message: `the simulator crashed: ${what}` };
  }
  if (error instanceof Error) {
    return { kind: 'internal', message: `${error.name}: ${error.message}` };
  }
  return { kind: 'internal', message: String(error) };
}

// An abort (WebAssembly.RuntimeError) or a C++ exception that escaped the C
// API (Emscripten throws its address, a number): the module's memory may be
// inconsistent, so no further call into it is safe.
function isWasmCrash(error: unknown): boolean {
  return (
    typeof error === 'number' ||
    (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError)
  );
}

function seqOf(command: unknown): number {
  const seq = (command as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' ? seq : 0;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function delay(ms: number, callback: () => void): () => void {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
}

// Yields to the event loop so queued commands (pause, step) run between
// slices. setTimeout(0) is clamped to 4 ms after a few nested calls in
// browsers, so the worker uses a MessageChannel; Node has setImmediate (a
// MessageChannel port there would keep the process alive).
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
  return (callback: () => void) => delay(0, callback);
})();
