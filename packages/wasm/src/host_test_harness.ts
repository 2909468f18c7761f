// The test harness of the SimulationHost tests (simulation_host*.test.ts):
// the real simulator (the Node flavour of the wasm build,
// dist/flashscope.node.cjs from scripts/build-wasm.sh, behind session.ts),
// driven exactly as the worker drives it, but on an injected clock and
// timer: a test decides when wall time passes and when the next slice
// runs, so it asserts what happened after a known amount of time instead of
// sleeping. Commands and replies pass through structuredClone, as
// postMessage would copy them; snapshot transfer lists are checked.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, expect } from 'vitest';

import { PROTOCOL_VERSION } from './protocol';
import type { Command, Layout, TraceRef, WorkerMessage } from './protocol';
import type { SliceTimer } from './scheduler';
import { WasmSessionFactory } from './session';
import type { FlashScopeModule } from './session';
import { SimulationHost } from './simulation_host';
import type { SimulationHostOptions } from './simulation_host';
import { memoryTraceBytes } from './trace_bytes';

export const GLUE_PATH = fileURLToPath(new URL('../dist/flashscope.node.cjs', import.meta.url));
export const DEVICE_JSON = readFileSync(
  fileURLToPath(new URL('../../../public/presets/devices/teaching-slc-tiny.json', import.meta.url)),
  'utf8',
);
// 2 channels x 1 die x 1 plane x 128 blocks of 64 4-KiB pages, 25 % spare.
export const DEVICE_BLOCKS = 2 * 1 * 1 * 128;
// Filled once, so every logical unit holds valid data before the timed run.
export const FILLED = ['precondition.fill=1'];
// Random overwrites that run for an hour of simulated time: never finishes in a test.
export const ENDLESS_JOB =
  '[overwrite]\nrw=randwrite\nbs=4k\niodepth=4\nruntime=3600s\ntime_based=1\n';
// 16 MiB of random writes: finishes in well under a second of wall time.
export const SHORT_JOB = '[overwrite]\nrw=randwrite\nbs=4k\niodepth=4\nsize=16m\n';
// A real TPC-C trace in MQSim's format (6999 requests), from ../shared/traces.
export const TPCC_NAME = 'mqsim_tpcc-small.trace';
export const TPCC_BYTES = readFileSync(
  fileURLToPath(new URL(`../../../../shared/traces/${TPCC_NAME}`, import.meta.url)),
);
// Not a text trace: a PNG signature and zeros.
export const PNG_BYTES = new Uint8Array(4096);
PNG_BYTES.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The traces the harness's openTrace serves, by name: a Blob cannot be read
// synchronously in Node, and postMessage's copy of it is a different object.
const TRACES: Record<string, Uint8Array> = { [TPCC_NAME]: TPCC_BYTES, 'picture.png': PNG_BYTES };
// The stability CLI tests' small TLC drive (80 MiB of user capacity).
export const STABILITY_DEVICE = JSON.stringify({
  name: 'small',
  cell: 'tlc',
  geometry: {
    channels: 2,
    dies_per_channel: 1,
    planes_per_die: 2,
    blocks_per_plane: 32,
    pages_per_block: 48,
    page_bytes: 16384,
  },
  overprovision: 0.2,
  write_buffer_bytes: 1048576,
});

export function traceRef(name: string): TraceRef {
  return { file: new Blob([new Uint8Array(TRACES[name])]), name, options: {} };
}

export let wasm: FlashScopeModule;

async function loadNodeModule(): Promise<FlashScopeModule> {
  if (!existsSync(GLUE_PATH)) {
    throw new Error(`${GLUE_PATH} is missing: run 'bash scripts/build-wasm.sh' first`);
  }
  const factory = createRequire(import.meta.url)(GLUE_PATH) as (
    overrides: object,
  ) => Promise<FlashScopeModule>;
  // Older Emscripten Node glue fetch()es the .wasm by file path whenever a
  // global fetch exists (Node >= 18), which fails; handing it the bytes
  // sidesteps that. A SINGLE_FILE build has no .wasm and needs nothing.
  const wasmPath = GLUE_PATH.replace(/\.cjs$/, '.wasm');
  return factory(existsSync(wasmPath) ? { wasmBinary: readFileSync(wasmPath) } : {});
}

/**
 * Wall time under the test's control. Each reading of the clock moves it by
 * msPerReading (0: time stands still until advance()): a stand-in for the
 * work a full-speed run does between readings, so its slices end.
 */
export class FakeTime implements SliceTimer {
  nowMs = 1000;
  /** Wall time each timer callback (one slice) took. */
  readonly sliceDurations: number[] = [];
  private timers: Array<{ atMs: number; order: number; run: () => void; live: boolean }> = [];
  private order = 0;

  constructor(public msPerReading = 0) {}

  readonly now = (): number => {
    const t = this.nowMs;
    this.nowMs += this.msPerReading;
    return t;
  };

  schedule(delayMs: number, run: () => void): () => void {
    const timer = { atMs: this.nowMs + delayMs, order: this.order++, run, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }

  /** The earliest pending callback's time, or null when nothing is pending. */
  nextAtMs(): number | null {
    this.timers = this.timers.filter((t) => t.live);
    if (this.timers.length === 0) return null;
    return Math.min(...this.timers.map((t) => t.atMs));
  }

  /** Runs the earliest pending callback, moving the clock to its time. */
  runNext(): boolean {
    const atMs = this.nextAtMs();
    if (atMs === null) return false;
    const timer = this.timers
      .filter((t) => t.atMs === atMs)
      .reduce((a, b) => (a.order < b.order ? a : b));
    timer.live = false;
    this.nowMs = Math.max(this.nowMs, timer.atMs);
    const start = this.nowMs;
    timer.run();
    this.sliceDurations.push(this.nowMs - start);
    return true;
  }
}

export type Snapshot = Extract<WorkerMessage, { type: 'snapshot' }>;
export type Status = Extract<WorkerMessage, { type: 'status' }>;
type CommandBody = Command extends infer C ? (C extends Command ? Omit<C, 'seq'> : never) : never;

/** A host on fake time plus what it posted, as the UI thread would receive it. */
export class Harness {
  readonly host: SimulationHost;
  readonly time: FakeTime;
  readonly messages: WorkerMessage[] = [];
  /** Ack every snapshot as it arrives (a UI that draws every frame). */
  autoAck = false;
  private seq = 0;
  private cursor = 0;

  constructor(options: Partial<SimulationHostOptions> & { msPerReading?: number } = {}) {
    this.time = new FakeTime(options.msPerReading ?? 1);
    this.host = new SimulationHost({
      sessionFactory: () => new WasmSessionFactory(wasm),
      post: (message, transfer) => this.receive(message, transfer),
      now: this.time.now,
      timer: this.time,
      openTrace: (trace) => {
        const bytes = TRACES[trace.name];
        if (bytes === undefined || bytes.byteLength !== trace.file.size) {
          throw new Error(`the test serves no trace ${trace.name} of ${trace.file.size} bytes`);
        }
        return memoryTraceBytes(bytes);
      },
      ...options,
    });
  }

  send(body: CommandBody): number {
    const seq = ++this.seq;
    this.host.handle(structuredClone({ ...body, seq } as Command));
    return seq;
  }

  async init(): Promise<void> {
    const seq = this.send({ type: 'init', protocolVersion: PROTOCOL_VERSION });
    await this.next((m) => m.type === 'ready' && m.seq === seq);
  }

  /** init + load; returns the layout and the first frame. */
  async load(
    fioText: string,
    set = FILLED,
    trace?: TraceRef,
  ): Promise<{ layout: Layout; first: Snapshot }> {
    await this.init();
    const seq = this.send({ type: 'load', deviceJson: DEVICE_JSON, fioText, set, trace });
    const loaded = await this.next((m) => m.type === 'loaded' && m.seq === seq);
    if (loaded.type !== 'loaded') throw new Error('unreachable');
    const first = await this.nextSnapshot();
    await this.nextStatus(seq);
    return { layout: loaded.layout, first };
  }

  /** Lets every command sent so far be handled (no wall time passes). */
  async settle(): Promise<void> {
    await this.host.settled();
  }

  /** Runs slices (and the commands they cause) until the fake clock has moved by ms. */
  async advance(ms: number): Promise<void> {
    const end = this.time.nowMs + ms;
    for (;;) {
      await this.settle();
      const at = this.time.nextAtMs();
      if (at === null || at > end) break;
      this.time.runNext();
    }
    this.time.nowMs = Math.max(this.time.nowMs, end);
    await this.settle();
  }

  /** Runs exactly one slice (the earliest pending wake-up). */
  async runSlice(): Promise<void> {
    await this.settle();
    expect(this.time.runNext()).toBe(true);
    await this.settle();
  }

  /**
   * The next message (after those already consumed) that matches, running
   * slices until one does; fails when the host has nothing left to run.
   */
  async next(match: (m: WorkerMessage) => boolean, maxSlices = 1_000_000): Promise<WorkerMessage> {
    for (let slices = 0; ; slices++) {
      await this.settle();
      while (this.cursor < this.messages.length) {
        const message = this.messages[this.cursor++];
        if (match(message)) return message;
      }
      if (slices >= maxSlices || !this.time.runNext()) {
        throw new Error(`nothing more came; last messages: ${summarize(this.messages.slice(-5))}`);
      }
    }
  }

  async nextSnapshot(): Promise<Snapshot> {
    return (await this.next((m) => m.type === 'snapshot')) as Snapshot;
  }

  async nextStatus(seq: number): Promise<Status> {
    return (await this.next((m) => m.type === 'status' && m.seq === seq)) as Status;
  }

  async nextError(seq: number) {
    const message = await this.next((m) => m.type === 'error' && m.seq === seq);
    if (message.type !== 'error') throw new Error('unreachable');
    return message.error;
  }

  /** Every message not yet consumed, consuming them. */
  drain(): WorkerMessage[] {
    const rest = this.messages.slice(this.cursor);
    this.cursor = this.messages.length;
    return rest;
  }

  /** The status a pause answers with (pausing the run). */
  async pause(): Promise<Status> {
    return this.nextStatus(this.send({ type: 'pause' }));
  }

  private receive(message: WorkerMessage, transfer: ArrayBuffer[]): void {
    if (message.type === 'snapshot') {
      checkTransfer(message, transfer);
    } else {
      expect(transfer).toEqual([]);
    }
    this.messages.push(structuredClone(message, { transfer }));
    if (message.type === 'snapshot') {
      // Transferred: the worker's copies are detached, as after postMessage.
      for (const buffer of transfer) expect(buffer.byteLength).toBe(0);
      if (this.autoAck) this.send({ type: 'ack', frame: message.frame });
    }
  }
}

/** The transfer list holds exactly the block arrays' own buffers, none of them the heap. */
function checkTransfer(message: Snapshot, transfer: ArrayBuffer[]): void {
  const { state, validUnits, eraseCount, writtenUnits, mode, frontiers, pageState, reads } =
    message.blocks;
  const views = [state, validUnits, eraseCount, writtenUnits, mode, frontiers];
  if (pageState !== null) views.push(pageState);
  if (reads !== undefined) views.push(reads);
  expect(transfer).toHaveLength(views.length);
  for (const view of views) {
    expect(transfer).toContain(view.buffer);
    expect(view.buffer).not.toBe(wasm.HEAPU8.buffer);
    expect(view.byteOffset).toBe(0);
    expect(view.byteLength).toBe(view.buffer.byteLength);
  }
}

function summarize(messages: WorkerMessage[]): string {
  return JSON.stringify(
    messages.map((m) =>
      m.type === 'snapshot' ? { type: m.type, frame: m.frame, t: m.meta.sim_time_ns } : m,
    ),
  );
}

export function sum(values: Uint32Array): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * Records calls of the module's C functions `names` (with their first
 * argument and what they returned) until restore().
 */
export function spyOnModule(names: Array<keyof FlashScopeModule>) {
  const calls: Array<{ name: string; arg: number; result: unknown }> = [];
  const record = wasm as unknown as Record<string, (...args: number[]) => unknown>;
  const originals = names.map((name) => [name, record[name]] as const);
  for (const [name, original] of originals) {
    record[name] = (...args: number[]) => {
      const result = original(...args);
      calls.push({ name, arg: args[0], result });
      return result;
    };
  }
  return {
    calls,
    of: (name: string) => calls.filter((c) => c.name === name),
    restore: () => {
      for (const [name, original] of originals) record[name] = original;
    },
  };
}

/**
 * Per test file: loads the module once, and after each test disposes the
 * harnesses made and restores the spies.
 */
export function useHarness() {
  const made: Harness[] = [];
  const spies: Array<ReturnType<typeof spyOnModule>> = [];
  beforeAll(async () => {
    wasm ??= await loadNodeModule();
  });
  afterEach(() => {
    for (const harness of made.splice(0)) harness.host.dispose();
    for (const spy of spies.splice(0)) spy.restore();
  });
  return {
    harness(options?: ConstructorParameters<typeof Harness>[0]): Harness {
      const harness = new Harness(options);
      made.push(harness);
      return harness;
    },
    spy(names: Array<keyof FlashScopeModule>) {
      const spy = spyOnModule(names);
      spies.push(spy);
      return spy;
    },
  };
}
