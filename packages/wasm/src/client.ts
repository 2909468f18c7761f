// SimClient: the UI's handle on one simulation worker. It spawns the worker
// and speaks protocol.ts; it never imports the Emscripten glue (docs/conventions.md
// convention 1), so the UI bundle stays free of it.
//
// Usage: subscribe (onSnapshot, onStatus, onError) before load(); draw each
// snapshot, then ack(frame) — the worker sends the next frame only after the
// ack, so a slow UI sees the latest state rather than a backlog. While no
// snapshot listener is registered the client acks frames itself, so frames
// never stall for want of a viewer.

import { PROTOCOL_VERSION } from './protocol';
import type {
  BlockArrays,
  BurstTemplate,
  Command,
  DeviceSchema,
  StabilityDefaults,
  EffectiveDevice,
  Layout,
  LoadRequest,
  ResolvedFio,
  SerializedError,
  SnapshotMeta,
  Speed,
  StabilityProgress,
  StabilityRequest,
  TraceFit,
  TraceFitRequest,
  TraceRef,
  TraceSummary,
  WorkerMessage,
} from './protocol';
import { SimError } from './session';

export { SimError };

export interface SnapshotFrame {
  frame: number;
  blocks: BlockArrays;
  meta: SnapshotMeta;
}

export interface SimStatus {
  running: boolean;
  finished: boolean;
  simTimeNs: number;
}

/** The part of Worker the client uses (a test can pass a stand-in). */
export interface WorkerLike {
  postMessage(message: Command): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

type Pending = {
  expect: WorkerMessage['type'];
  resolve: (message: WorkerMessage) => void;
  reject: (error: SimError) => void;
};

// Distributive Omit, so each member of the union keeps its own fields.
type CommandBody = Command extends infer C ? (C extends Command ? Omit<C, 'seq'> : never) : never;

export class SimClient {
  private readonly worker: WorkerLike;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly snapshotListeners = new Set<(frame: SnapshotFrame) => void>();
  private readonly statusListeners = new Set<(status: SimStatus) => void>();
  private readonly errorListeners = new Set<(error: SerializedError) => void>();
  /** inspectTrace progress callbacks by the command's seq. */
  private readonly traceProgressListeners = new Map<number, (summary: TraceSummary) => void>();
  /** stability progress callbacks by the command's seq. */
  private readonly stabilityProgressListeners = new Map<
    number,
    (progress: StabilityProgress) => void
  >();
  private terminated = false;
  /** deviceSchema()'s answer, asked once per client. */
  private schema: Promise<DeviceSchema> | null = null;
  /** stabilityDefaults()'s answer, asked once per client. */
  private stabilityDefaultsAnswer: Promise<StabilityDefaults> | null = null;

  /** Spawns the worker, sends init and resolves once it is 'ready'. */
  static async create(): Promise<SimClient> {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    return SimClient.attach(worker as unknown as WorkerLike);
  }

  /** Speaks the protocol over an existing worker (or a stand-in in tests). */
  static async attach(worker: WorkerLike): Promise<SimClient> {
    const client = new SimClient(worker);
    try {
      await client.request({ type: 'init', protocolVersion: PROTOCOL_VERSION }, 'ready');
    } catch (error) {
      client.terminate();
      throw error;
    }
    return client;
  }

  private constructor(worker: WorkerLike) {
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      // A worker script that failed to load or threw at top level.
      event.preventDefault?.();
      const reason = event.message || 'its script could not be loaded or threw';
      this.failAll({ kind: 'internal', message: `simulation worker failed: ${reason}` });
    };
  }

  /** Creates the drive and preconditions it; the first snapshot follows. */
  async load(request: LoadRequest): Promise<{ layout: Layout; device: Record<string, unknown> }> {
    const message = await this.request({ type: 'load', ...request }, 'loaded');
    if (message.type !== 'loaded') throw unexpected(message);
    return { layout: message.layout, device: message.device };
  }

  play(): void {
    this.send({ type: 'play' });
  }

  pause(): void {
    this.send({ type: 'pause' });
  }

  /** Advances by simNs of simulated time (default: one series interval), then pauses. */
  step(simNs?: number): void {
    this.send(simNs === undefined ? { type: 'step' } : { type: 'step', simNs });
  }

  setSpeed(speed: Speed): void {
    this.send({ type: 'setSpeed', speed });
  }

  /** Reloads the last scenario from time 0, paused; resolves after its first frame. */
  async reset(): Promise<void> {
    await this.request({ type: 'reset' }, 'status');
  }

  /** The full result JSON text (what `flashscope run --json` prints) so far. */
  async result(): Promise<string> {
    const message = await this.request({ type: 'result' }, 'result');
    if (message.type !== 'result') throw unexpected(message);
    return message.json;
  }

  /**
   * Scans a whole trace in the worker and resolves with its summary (what
   * `flashscope trace inspect --json` prints) and its fingerprint (hex
   * SHA-256 of its first MiB, trace_fingerprint.ts); onProgress gets the partial
   * summary (done false) at most every 100 ms meanwhile. The scan holds the
   * worker until it ends, so the UI gives it a worker of its own. Rejects
   * with a SimError: kind 'input' with file and line for a binary or
   * undetectable trace.
   */
  async inspectTrace(
    trace: TraceRef,
    onProgress?: (summary: TraceSummary) => void,
  ): Promise<{ summary: TraceSummary; sha256: string }> {
    let seq = 0;
    try {
      const message = await this.request(
        { type: 'inspectTrace', trace },
        'traceSummary',
        (sent) => {
          seq = sent;
          if (onProgress !== undefined) this.traceProgressListeners.set(sent, onProgress);
        },
      );
      if (message.type !== 'traceSummary') throw unexpected(message);
      return { summary: message.summary, sha256: message.sha256 };
    } finally {
      this.traceProgressListeners.delete(seq);
    }
  }

  /**
   * The fingerprint a share link names a trace by: the hex SHA-256 of the
   * first MiB of `file`, hashed in the worker (the main thread neither
   * reads nor hashes it). Answered between the slices of a running job.
   */
  async traceFingerprint(file: Blob): Promise<string> {
    const message = await this.request({ type: 'traceFingerprint', file }, 'traceFingerprint');
    if (message.type !== 'traceFingerprint') throw unexpected(message);
    return message.sha256;
  }

  /**
   * Runs a stability test in the worker and resolves with its result JSON
   * text (what `flashscope stability --json` prints); onProgress gets the
   * rounds so far at most every 100 ms meanwhile. The test holds the worker
   * until it ends, so the UI gives it a worker of its own and cancels by
   * terminate() (the promise then rejects). Rejects with a SimError: kind
   * 'input' with file and line for a bad device, fio text or option.
   */
  async runStability(
    request: StabilityRequest,
    onProgress?: (progress: StabilityProgress) => void,
  ): Promise<string> {
    let seq = 0;
    try {
      const message = await this.request(
        { type: 'stability', ...request },
        'stabilityResult',
        (sent) => {
          seq = sent;
          if (onProgress !== undefined) this.stabilityProgressListeners.set(sent, onProgress);
        },
      );
      if (message.type !== 'stabilityResult') throw unexpected(message);
      return message.json;
    } finally {
      this.stabilityProgressListeners.delete(seq);
    }
  }

  /**
   * The device JSON Schema the core emits (what `flashscope schema` prints):
   * every setting's default, description, limits, choices and unit.
   * Memoised: asked of the worker once per client (a failure is forgotten).
   */
  deviceSchema(): Promise<DeviceSchema> {
    this.schema ??= this.request({ type: 'deviceSchema' }, 'deviceSchema').then(
      (message) => {
        if (message.type !== 'deviceSchema') throw unexpected(message);
        return message.schema;
      },
      (error: unknown) => {
        this.schema = null;
        throw error;
      },
    );
    return this.schema;
  }

  /**
   * The stability flow's defaults and limits (rounds, QoS limits, random
   * preconditioning, sampling) and the variants `flashscope stability
   * --compare` runs. Memoised like deviceSchema.
   */
  stabilityDefaults(): Promise<StabilityDefaults> {
    this.stabilityDefaultsAnswer ??= this.request(
      { type: 'stabilityDefaults' },
      'stabilityDefaults',
    ).then(
      (message) => {
        if (message.type !== 'stabilityDefaults') throw unexpected(message);
        return message.defaults;
      },
      (error: unknown) => {
        this.stabilityDefaultsAnswer = null;
        throw error;
      },
    );
    return this.stabilityDefaultsAnswer;
  }

  /**
   * The device as a run would use it: `overrides` (dotted keys, as the
   * CLI's --set) applied and every default filled in, with the geometry the
   * core derives (reserve blocks, minimum over-provisioning). Bad input does
   * not reject: it is in `error` (file:line, and `key` naming the setting),
   * and `derived` is still given when the geometry can be computed.
   */
  async effectiveDevice(
    deviceText: string,
    overrides: string[],
    deviceName?: string,
  ): Promise<EffectiveDevice> {
    const message = await this.request(
      { type: 'effectiveDevice', deviceJson: deviceText, set: overrides, deviceName },
      'effectiveDevice',
    );
    if (message.type !== 'effectiveDevice') throw unexpected(message);
    return message.effective;
  }

  /**
   * A fio job file as a run resolves it against the device (`flashscope run
   * --parse-only`): per job its pattern, sizes, rates and runtime. Rejects
   * with a SimError (kind 'input', file and line) for a bad job file.
   */
  async resolveFio(
    deviceText: string,
    fioText: string,
    overrides: string[],
    workloadName?: string,
  ): Promise<ResolvedFio> {
    const message = await this.request(
      { type: 'resolveFio', deviceJson: deviceText, fioText, set: overrides, workloadName },
      'resolvedFio',
    );
    if (message.type !== 'resolvedFio') throw unexpected(message);
    return message.fio;
  }

  /**
   * The burst / idle / burst workload sized to the device as configured
   * (overrides and fill level included): the SLC cache the run will start
   * with, each burst's size and the fio job text. Rejects with a SimError
   * (kind 'input') naming the problem: "this drive has no SLC cache",
   * bursts that do not fit the user capacity, a request out of range.
   */
  async burstTemplate(
    deviceText: string,
    overrides: string[],
    request: { multiple: number; idleS: number; bursts: number },
    deviceName?: string,
  ): Promise<BurstTemplate> {
    const message = await this.request(
      { type: 'burstTemplate', deviceJson: deviceText, set: overrides, deviceName, ...request },
      'burstTemplate',
    );
    if (message.type !== 'burstTemplate') throw unexpected(message);
    return message.burst;
  }

  /**
   * Whether a trace fits a drive and the smallest preset that holds it (the
   * core's rule and sentence, fs_trace_fit). Rejects with a SimError (kind
   * 'input') for a malformed request or preset.
   */
  async traceFit(request: TraceFitRequest): Promise<TraceFit> {
    const message = await this.request({ type: 'traceFit', request }, 'traceFit');
    if (message.type !== 'traceFit') throw unexpected(message);
    return message.fit;
  }

  onSnapshot(listener: (frame: SnapshotFrame) => void): () => void {
    this.snapshotListeners.add(listener);
    return () => this.snapshotListeners.delete(listener);
  }

  onStatus(listener: (status: SimStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Errors not tied to a pending promise (play/step failures, a crashed run). */
  onError(listener: (error: SerializedError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Call after drawing frame `frame`: the worker may then send the next one. */
  ack(frame: number): void {
    this.send({ type: 'ack', frame });
  }

  /** Ends the worker; pending promises reject. */
  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.worker.terminate();
    this.rejectPending({ kind: 'internal', message: 'simulation worker terminated' });
  }

  private send(body: CommandBody): number {
    if (this.terminated) {
      throw new SimError({ kind: 'protocol', message: 'the simulation worker was terminated' });
    }
    const seq = ++this.seq;
    this.worker.postMessage({ ...body, seq } as Command);
    return seq;
  }

  /** Sends body and waits for the reply `expect` with its seq; `sent` learns the seq. */
  private request(
    body: CommandBody,
    expect: WorkerMessage['type'],
    sent?: (seq: number) => void,
  ): Promise<WorkerMessage> {
    return new Promise((resolve, reject) => {
      const seq = this.send(body);
      this.pending.set(seq, { expect, resolve, reject });
      sent?.(seq);
    });
  }

  private receive(message: WorkerMessage): void {
    switch (message.type) {
      case 'snapshot': {
        const frame = { frame: message.frame, blocks: message.blocks, meta: message.meta };
        if (this.snapshotListeners.size === 0) {
          this.ack(message.frame);
          return;
        }
        for (const listener of this.snapshotListeners) listener(frame);
        return;
      }
      case 'status': {
        const status = {
          running: message.running,
          finished: message.finished,
          simTimeNs: message.simTimeNs,
        };
        for (const listener of this.statusListeners) listener(status);
        this.settle(message);
        return;
      }
      case 'traceProgress':
        this.traceProgressListeners.get(message.seq)?.(message.summary);
        return;
      case 'stabilityProgress':
        this.stabilityProgressListeners.get(message.seq)?.(message.progress);
        return;
      case 'ready':
      case 'loaded':
      case 'result':
      case 'traceSummary':
      case 'stabilityResult':
      case 'deviceSchema':
      case 'stabilityDefaults':
      case 'effectiveDevice':
      case 'resolvedFio':
      case 'traceFingerprint':
      case 'burstTemplate':
      case 'traceFit':
        this.settle(message);
        return;
      case 'error': {
        const pending = this.pending.get(message.seq);
        if (pending !== undefined) {
          this.pending.delete(message.seq);
          pending.reject(new SimError(message.error));
        } else {
          for (const listener of this.errorListeners) listener(message.error);
        }
        return;
      }
      default: {
        const unknown: never = message;
        this.emitError({
          kind: 'protocol',
          message: `unknown worker message ${JSON.stringify(unknown)}`,
        });
      }
    }
  }

  private settle(message: WorkerMessage & { seq: number }): void {
    const pending = this.pending.get(message.seq);
    if (pending === undefined || pending.expect !== message.type) return;
    this.pending.delete(message.seq);
    pending.resolve(message);
  }

  private failAll(error: SerializedError): void {
    if (this.pending.size === 0) this.emitError(error);
    this.rejectPending(error);
  }

  private rejectPending(error: SerializedError): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const entry of pending) entry.reject(new SimError(error));
  }

  private emitError(error: SerializedError): void {
    for (const listener of this.errorListeners) listener(error);
  }
}

function unexpected(message: WorkerMessage): SimError {
  return new SimError({
    kind: 'protocol',
    message: `unexpected worker message '${message.type}'`,
  });
}
