// SimulationHost: the worker side of protocol.ts, independent of where it
// runs. Given a session factory (the wasm module behind session.ts) and a
// post(message, transfer) function, it answers every Command. worker.ts wires
// it to a browser Worker; the tests drive it in Node with the real .wasm and
// an injected clock and timer.
//
// It is a dispatcher: commands are checked and turned into calls on the
// current job (job.ts), which the scheduler (scheduler.ts) runs in slices of
// about SLICE_MS of wall time, yielding to the event loop between slices, so
// pause, step and a replacing job are handled within a frame (docs/conventions.md
// convention 4). Three kinds of job, one file each:
//   interactive_run_job.ts  'load' / 'reset', then play, pause, step, frames
//   trace_scan_job.ts       'inspectTrace'
//   stability_job.ts        'stability'
//
// Contracts:
// - Commands are handled in arrival order; nothing is thrown out of handle():
//   every failure becomes an 'error' message with the command's seq, and the
//   host stays usable (a new load or a reset works after any error).
// - One job at a time. A load, reset, inspectTrace or stability replaces the
//   job that runs: it stops within the slice it is in, its wasm handle is
//   freed at once, and a trace scan or stability run so replaced answers its
//   command with an 'error' (kind 'protocol', "... cancelled: ..."). The UI
//   gives scans and stability runs a worker of their own and cancels by
//   terminating it (dispose() is the same for a host).
// - Replies: init -> 'ready'; load -> 'loaded', then the first snapshot, then
//   'status' (paused at time 0 after preconditioning); reset -> first
//   snapshot, then 'status'; play / pause / step -> 'status' (step's when the
//   simulated time is reached); result -> 'result'; setSpeed and ack are not
//   answered. A run that finishes posts 'status' with the seq of the command
//   that started it. Frames: see interactive_run_job.ts. Frame numbers are
//   the host's: they increase across loads and resets within one worker (so
//   a stale ack cannot release a frame), and meta.frame equals the
//   message's frame.
// - Traces: a LoadRequest with `trace` replays that Blob, read in chunks
//   through openTrace (FileReaderSync in the worker) as the simulation asks
//   for them. 'inspectTrace' scans a whole trace in slices of
//   traceSliceBytes and posts 'traceProgress' right after the format is
//   detected and then at most every traceProgressMs, then 'traceSummary'
//   with the file's fingerprint taken from the scan's reads (or 'error'
//   with its seq).
// - A LoadRequest with `workload` runs that generator (fs_create's
//   `workload` option) instead of the fio job; it excludes `trace`.
// - 'stability' runs the stability flow (fs_stability_*), 16384 events per
//   call, as many calls as fit in a slice, and posts 'stabilityProgress' at
//   once and then at most every stabilityProgressMs (and when the flow
//   ends), then 'stabilityResult' with the JSON text.
// - 'deviceSchema', 'stabilityDefaults', 'effectiveDevice', 'resolveFio',
//   'traceFingerprint', 'burstTemplate' and 'traceFit' are answered at once (between
//   slices), whatever job runs; they start none.

import { InteractiveRunJob, DEFAULT_SERIES_INTERVAL_MS } from './interactive_run_job';
import type { Job, JobContext } from './job';
import { isWasmCrash, protocolError, safeJson, serializeError } from './host_errors';
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
import { eventLoopTimer, SliceScheduler } from './scheduler';
import type { SliceTimer } from './scheduler';
import { SimError } from './session';
import type { SessionFactory, TraceInput } from './session';
import { StabilityJob } from './stability_job';
import { openBlobTrace } from './trace_bytes';
import type { OpenTraceBytes } from './trace_bytes';
import { blobFingerprint, HeadCapture } from './trace_fingerprint';
import { TraceScanJob } from './trace_scan_job';

export { DEFAULT_SERIES_INTERVAL_MS, serializeError };

export type PostMessage = (message: WorkerMessage, transfer: ArrayBuffer[]) => void;

export interface SimulationHostOptions {
  /** Loads the engine; called once, at the first 'init'. */
  sessionFactory: () => Promise<SessionFactory> | SessionFactory;
  post: PostMessage;
  /** Wall clock in ms (default performance.now). */
  now?: () => number;
  /** Wakes the slice loop (default: the event loop: setTimeout / setImmediate / MessageChannel). */
  timer?: SliceTimer;
  sliceMs?: number;
  frameIntervalMs?: number;
  maxUnackedMs?: number;
  /** Reads a trace's Blob synchronously (default openBlobTrace: FileReaderSync, worker only). */
  openTrace?: OpenTraceBytes;
  traceSliceBytes?: number;
  traceProgressMs?: number;
  stabilityProgressMs?: number;
}

/** Wall time one slice may take before yielding. */
export const SLICE_MS = 8;
/** Minimum wall time between two snapshots (one display frame). */
export const FRAME_INTERVAL_MS = 16;
/** How long a running simulation goes on without any ack before it holds. */
export const MAX_UNACKED_MS = 1000;
/** Bytes one 'inspectTrace' slice scans (the core reads 4 MiB chunks). */
export const TRACE_SLICE_BYTES = 4 << 20;
/** Minimum wall time between two 'traceProgress' messages. */
export const TRACE_PROGRESS_MS = 100;
/** Minimum wall time between two 'stabilityProgress' messages. */
export const STABILITY_PROGRESS_MS = 100;
/** The host's speed until the UI sets one. */
export const DEFAULT_SPEED: Speed = { kind: 'max' };

export class SimulationHost {
  private readonly post: PostMessage;
  private readonly now: () => number;
  private readonly frameIntervalMs: number;
  private readonly maxUnackedMs: number;
  private readonly loadFactory: () => Promise<SessionFactory> | SessionFactory;
  private readonly openTrace: OpenTraceBytes;
  private readonly traceSliceBytes: number;
  private readonly traceProgressMs: number;
  private readonly stabilityProgressMs: number;
  private readonly scheduler: SliceScheduler;
  private readonly context: JobContext;

  private factory: SessionFactory | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** The last load that succeeded, for 'reset'. */
  private lastLoad: LoadRequest | null = null;
  private speed: Speed = DEFAULT_SPEED;
  private frame = 0;
  private disposed = false;
  /** Set when the wasm module aborted; every later command fails with it. */
  private crashed: SerializedError | null = null;

  constructor(options: SimulationHostOptions) {
    this.post = options.post;
    this.loadFactory = options.sessionFactory;
    this.now = options.now ?? (() => performance.now());
    this.frameIntervalMs = options.frameIntervalMs ?? FRAME_INTERVAL_MS;
    this.maxUnackedMs = options.maxUnackedMs ?? MAX_UNACKED_MS;
    this.openTrace = options.openTrace ?? openBlobTrace;
    this.traceSliceBytes = options.traceSliceBytes ?? TRACE_SLICE_BYTES;
    this.traceProgressMs = options.traceProgressMs ?? TRACE_PROGRESS_MS;
    this.stabilityProgressMs = options.stabilityProgressMs ?? STABILITY_PROGRESS_MS;
    this.context = {
      now: () => this.now(),
      post: (message, transfer = []) => this.post(message, transfer),
      fail: (seq, error) => this.postError(seq, error),
    };
    this.scheduler = new SliceScheduler(
      this.now,
      options.timer ?? eventLoopTimer,
      options.sliceMs ?? SLICE_MS,
      (job, error) => this.postError(job.seq, error),
    );
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
      // The command may have changed what the job should do (play, ack, ...).
      if (!this.disposed) this.scheduler.wake();
    });
  }

  /**
   * Holds the next commands (and settled()) until `reply` has settled: an
   * asynchronous part of a job's answer (a scan's fingerprint) is posted
   * before anything a later command causes.
   */
  private track<T>(reply: Promise<T>): Promise<T> {
    this.queue = this.queue.then(() => reply.then(noop, noop));
    return reply;
  }

  /** Resolves once every command handed over so far has been handled (tests). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Cancels the job, frees its handles and stops the slice loop (worker shutdown, tests). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.crashed === null) this.scheduler.stop('the worker is shutting down');
    else this.scheduler.abandon();
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
      case 'reset':
        if (this.lastLoad === null) throw protocolError("'reset' before a successful 'load'");
        return this.startInteractive(command.seq, 'reset', this.lastLoad);
      case 'play':
        return this.requireRun('play').play(command.seq);
      case 'pause': {
        const run = this.interactiveRun();
        if (run !== null) return run.pause(command.seq);
        this.send({
          type: 'status',
          seq: command.seq,
          running: false,
          finished: false,
          simTimeNs: 0,
        });
        return;
      }
      case 'step':
        return this.requireRun('step').step(command.seq, command.simNs);
      case 'setSpeed':
        this.speed = checkSpeed(command.speed);
        this.interactiveRun()?.setSpeed(this.speed);
        return;
      case 'ack':
        this.interactiveRun()?.ack(command.frame);
        return;
      case 'result':
        this.send({ type: 'result', seq: command.seq, json: this.requireRun('result').result() });
        return;
      case 'inspectTrace':
        return this.inspectTrace(command.seq, command.trace);
      case 'stability':
        return this.stability(command.seq, command);
      case 'traceFingerprint':
        checkBlob(command.type, command.file);
        this.send({
          type: 'traceFingerprint',
          seq: command.seq,
          sha256: await blobFingerprint(command.file),
        });
        return;
      case 'deviceSchema':
        this.send({
          type: 'deviceSchema',
          seq: command.seq,
          schema: this.requireFactory().deviceSchema(),
        });
        return;
      case 'stabilityDefaults':
        this.send({
          type: 'stabilityDefaults',
          seq: command.seq,
          defaults: this.requireFactory().stabilityDefaults(),
        });
        return;
      case 'effectiveDevice':
        checkDeviceText(command.type, command.deviceJson);
        this.send({
          type: 'effectiveDevice',
          seq: command.seq,
          effective: this.requireFactory().effectiveDevice(command),
        });
        return;
      case 'resolveFio':
        checkDeviceText(command.type, command.deviceJson);
        if (typeof command.fioText !== 'string') throw protocolError("'resolveFio' needs fioText");
        this.send({
          type: 'resolvedFio',
          seq: command.seq,
          fio: this.requireFactory().resolveFio(command),
        });
        return;
      case 'burstTemplate':
        checkDeviceText(command.type, command.deviceJson);
        for (const key of ['multiple', 'idleS', 'bursts'] as const) {
          if (typeof command[key] !== 'number') {
            throw protocolError(`'burstTemplate' needs a number ${key}`);
          }
        }
        this.send({
          type: 'burstTemplate',
          seq: command.seq,
          burst: this.requireFactory().burstTemplate(command),
        });
        return;
      case 'traceFit':
        if (typeof command.request !== 'object' || command.request === null) {
          throw protocolError("'traceFit' needs a request");
        }
        this.send({
          type: 'traceFit',
          seq: command.seq,
          fit: this.requireFactory().traceFit(command.request),
        });
        return;
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

  // --- starting jobs -------------------------------------------------------

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
    this.startInteractive(seq, 'load', copy);
    this.lastLoad = copy;
  }

  private startInteractive(seq: number, what: 'load' | 'reset', request: LoadRequest): void {
    const factory = this.requireFactory();
    this.replaceJob(seq, what, () => {
      const trace = request.trace === undefined ? undefined : this.traceInput(request.trace);
      return new InteractiveRunJob(
        this.context,
        seq,
        factory,
        request,
        trace,
        what === 'load',
        this.speed,
        {
          frameIntervalMs: this.frameIntervalMs,
          maxUnackedMs: this.maxUnackedMs,
          nextFrame: () => ++this.frame,
        },
      );
    });
  }

  private inspectTrace(seq: number, trace: TraceRef): void {
    checkTraceRef(trace);
    const factory = this.requireFactory();
    this.replaceJob(seq, 'inspectTrace', () => {
      // The scan's reads also give the file's fingerprint (no second read).
      const head = new HeadCapture(this.openTrace(trace));
      const inspection = factory.inspectTrace(this.traceInput(trace, head.bytes));
      return new TraceScanJob(
        this.context,
        seq,
        inspection,
        { sliceBytes: this.traceSliceBytes, progressMs: this.traceProgressMs },
        () => this.track(head.fingerprint()),
      );
    });
  }

  private stability(seq: number, request: StabilityRequest): void {
    checkStabilityRequest(request);
    const factory = this.requireFactory();
    this.replaceJob(seq, 'stability', () => {
      const run = factory.createStability(request);
      return new StabilityJob(this.context, seq, run, this.stabilityProgressMs);
    });
  }

  /**
   * Stops the current job (freeing its memory before the new one takes
   * some: wasm memory never shrinks, but it is reused), then makes and
   * starts the next. A job that fails to start is freed and not scheduled.
   */
  private replaceJob(seq: number, what: string, make: () => Job): void {
    this.scheduler.stop(`replaced by '${what}' (seq ${seq})`);
    const job = make();
    try {
      job.start();
    } catch (error) {
      job.dispose({ moduleCrashed: this.crashed !== null || isWasmCrash(error) });
      throw error;
    }
    this.scheduler.start(job, `replaced by '${what}' (seq ${seq})`);
  }

  private traceInput(trace: TraceRef, bytes = this.openTrace(trace)): TraceInput {
    return { name: trace.name, options: trace.options ?? {}, bytes };
  }

  // --- helpers ---------------------------------------------------------------

  private interactiveRun(): InteractiveRunJob | null {
    const job = this.scheduler.current;
    return job instanceof InteractiveRunJob ? job : null;
  }

  private requireRun(what: string): InteractiveRunJob {
    const run = this.interactiveRun();
    if (run === null) throw protocolError(`'${what}' with no scenario loaded`);
    return run;
  }

  private requireFactory(): SessionFactory {
    if (this.factory === null) throw protocolError("'init' has not completed");
    return this.factory;
  }

  private send(message: WorkerMessage): void {
    this.post(message, []);
  }

  /** Posts `error` with `seq`; returns true when it was a crash of the module. */
  private postError(seq: number, error: unknown): boolean {
    const serialized = serializeError(error);
    const crash = isWasmCrash(error);
    if (crash) {
      this.crashed = serialized;
      // Not freed: calling into a crashed module is unsafe.
      this.scheduler.abandon();
    }
    try {
      this.send({ type: 'error', seq, error: serialized });
    } catch {
      // post itself failed (e.g. the port closed): nothing left to tell.
    }
    return crash;
  }
}

function checkSpeed(speed: Speed): Speed {
  if (speed?.kind === 'rate') {
    if (!Number.isFinite(speed.simNsPerSecond) || speed.simNsPerSecond <= 0) {
      throw protocolError(`speed must be a positive rate (got ${safeJson(speed)})`);
    }
    return { kind: 'rate', simNsPerSecond: speed.simNsPerSecond };
  }
  if (speed?.kind === 'max') return { kind: 'max' };
  throw protocolError(`unknown speed: ${safeJson(speed)}`);
}

function checkWorkload(workload: WorkloadGenerator, withTrace: boolean): void {
  if (withTrace) throw protocolError("'load' takes a trace or a workload generator, not both");
  if (typeof workload !== 'object' || workload === null || typeof workload.generator !== 'string') {
    throw protocolError(`a workload needs a "generator" name (got ${safeJson(workload)})`);
  }
}

function checkDeviceText(what: string, deviceJson: unknown): void {
  if (typeof deviceJson !== 'string') throw protocolError(`'${what}' needs a deviceJson string`);
}

function checkBlob(what: string, file: unknown): asserts file is Blob {
  if (!(file instanceof Blob)) throw protocolError(`'${what}' needs a file (Blob)`);
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

function noop(): void {}

function seqOf(command: unknown): number {
  const seq = (command as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' ? seq : 0;
}
