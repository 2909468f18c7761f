// A protocol round trip with the real simulator: the Node flavour of the wasm
// build (dist/flashscope.node.cjs, from scripts/build-wasm.sh) behind
// session.ts, driven through SimulationHost exactly as the worker drives it.
// Commands and replies pass through structuredClone, as postMessage would
// copy them; snapshot transfer lists are checked and then used.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { BlockMode, FRONTIERS_PER_PLANE, PROTOCOL_VERSION } from './protocol';
import type { Command, Layout, TraceRef, TraceSummary, WorkerMessage } from './protocol';
import { WasmSessionFactory } from './session';
import type { FlashScopeModule } from './session';
import { SimulationHost } from './simulation_host';
import type { SimulationHostOptions } from './simulation_host';
import { memoryTraceBytes } from './trace_bytes';

const GLUE_PATH = fileURLToPath(new URL('../dist/flashscope.node.cjs', import.meta.url));
const DEVICE_JSON = readFileSync(
  fileURLToPath(new URL('../../../public/presets/devices/teaching-slc-tiny.json', import.meta.url)),
  'utf8',
);
// 2 channels x 1 die x 1 plane x 128 blocks of 64 4-KiB pages, 25 % spare.
const DEVICE_BLOCKS = 2 * 1 * 1 * 128;
// Filled once, so every logical unit holds valid data before the timed run.
const FILLED = ['precondition.fill=1'];
// Random overwrites that run for an hour of simulated time: never finishes in a test.
const ENDLESS_JOB = '[overwrite]\nrw=randwrite\nbs=4k\niodepth=4\nruntime=3600s\ntime_based=1\n';
// 16 MiB of random writes: finishes in well under a second of wall time.
const SHORT_JOB = '[overwrite]\nrw=randwrite\nbs=4k\niodepth=4\nsize=16m\n';
// A real TPC-C trace in MQSim's format (6999 requests), from ../shared/traces.
const TPCC_NAME = 'mqsim_tpcc-small.trace';
const TPCC_BYTES = readFileSync(
  fileURLToPath(new URL(`../../../../shared/traces/${TPCC_NAME}`, import.meta.url)),
);
// Not a text trace: a PNG signature and zeros.
const PNG_BYTES = new Uint8Array(4096);
PNG_BYTES.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The traces the harness's openTrace serves, by name: a Blob cannot be read
// synchronously in Node, and postMessage's copy of it is a different object.
const TRACES: Record<string, Uint8Array> = { [TPCC_NAME]: TPCC_BYTES, 'picture.png': PNG_BYTES };

function traceRef(name: string): TraceRef {
  return { file: new Blob([new Uint8Array(TRACES[name])]), name, options: {} };
}

let wasm: FlashScopeModule;

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

beforeAll(async () => {
  wasm = await loadNodeModule();
});

type Snapshot = Extract<WorkerMessage, { type: 'snapshot' }>;
type Status = Extract<WorkerMessage, { type: 'status' }>;
type CommandBody = Command extends infer C ? (C extends Command ? Omit<C, 'seq'> : never) : never;

/** A host plus what it posted, as the UI thread would receive it. */
class Harness {
  readonly host: SimulationHost;
  readonly messages: WorkerMessage[] = [];
  private seq = 0;
  private cursor = 0;

  constructor(options: Partial<SimulationHostOptions> = {}) {
    this.host = new SimulationHost({
      sessionFactory: () => new WasmSessionFactory(wasm),
      post: (message, transfer) => this.receive(message, transfer),
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

  /** The next message (after those already consumed) that matches. */
  async next(match: (m: WorkerMessage) => boolean, timeoutMs = 5000): Promise<WorkerMessage> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.messages.length) {
        const message = this.messages[this.cursor++];
        if (match(message)) return message;
      }
      if (performance.now() > deadline) {
        throw new Error(`timed out; last messages: ${summarize(this.messages.slice(-5))}`);
      }
      await sleep(1);
    }
  }

  async nextSnapshot(): Promise<Snapshot> {
    return (await this.next((m) => m.type === 'snapshot')) as Snapshot;
  }

  /** Acks every frame (seen or coming) until one shows the run finished. */
  async nextFinishedFrame(): Promise<Snapshot> {
    const snapshots = () => this.messages.filter((m): m is Snapshot => m.type === 'snapshot');
    const finished = snapshots().find((m) => m.meta.finished);
    if (finished !== undefined) return finished;
    for (;;) {
      const last = snapshots().at(-1);
      if (last !== undefined) this.send({ type: 'ack', frame: last.frame });
      const frame = await this.nextSnapshot();
      if (frame.meta.finished) return frame;
    }
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
    }
  }
}

/** The transfer list holds exactly the block arrays' own buffers, none of them the heap. */
function checkTransfer(message: Snapshot, transfer: ArrayBuffer[]): void {
  const { state, validUnits, eraseCount, writtenUnits, mode, frontiers, pageState } =
    message.blocks;
  const views = [state, validUnits, eraseCount, writtenUnits, mode, frontiers];
  if (pageState !== null) views.push(pageState);
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sum(values: Uint32Array): number {
  return values.reduce((total, value) => total + value, 0);
}

let harness: Harness;

afterEach(() => {
  harness?.host.dispose();
});

describe('SimulationHost with the real simulator', () => {
  it('answers init with ready and the protocol version', async () => {
    harness = new Harness();
    const seq = harness.send({ type: 'init', protocolVersion: PROTOCOL_VERSION });
    const ready = await harness.next((m) => m.type === 'ready');
    expect(ready).toEqual({ type: 'ready', seq, protocolVersion: PROTOCOL_VERSION });
    expect(wasm._fs_api_version()).toBe(PROTOCOL_VERSION);
  });

  it('refuses a protocol version mismatch, then still accepts the right one', async () => {
    harness = new Harness();
    const bad = harness.send({ type: 'init', protocolVersion: PROTOCOL_VERSION + 1 });
    const error = await harness.nextError(bad);
    expect(error.kind).toBe('protocol');
    expect(error.message).toMatch(/version/);
    // Nothing but init is accepted before a successful init.
    const early = harness.send({ type: 'play' });
    expect((await harness.nextError(early)).kind).toBe('protocol');
    await harness.init();
  });

  it('loads a device: its layout and a first frame of the preconditioned drive', async () => {
    harness = new Harness();
    const { layout, first } = await harness.load(ENDLESS_JOB);
    expect(layout.blocks).toBe(DEVICE_BLOCKS);
    expect(layout.blocks).toBe(
      layout.channels * layout.dies_per_channel * layout.planes_per_die * layout.blocks_per_plane,
    );
    expect(layout.planes).toBe(2);
    expect(layout.units_per_block).toBe(64);

    const blocks = first.blocks;
    expect(first.meta.frame).toBe(first.frame);
    expect(first.meta.sim_time_ns).toBe(0);
    for (const array of [
      blocks.state,
      blocks.validUnits,
      blocks.eraseCount,
      blocks.writtenUnits,
      blocks.mode,
    ]) {
      expect(array).toHaveLength(DEVICE_BLOCKS);
    }
    expect(blocks.frontiers).toHaveLength(FRONTIERS_PER_PLANE * layout.planes);
    // A drive without an SLC cache: every block native.
    expect(blocks.mode.every((mode) => mode === BlockMode.Native)).toBe(true);
    // The fill wrote every logical unit once: that many units are valid.
    const logicalUnits = layout.logical_bytes / layout.unit_bytes;
    expect(logicalUnits).toBe(Math.floor((DEVICE_BLOCKS * 64) / 1.25));
    expect(sum(blocks.validUnits)).toBe(logicalUnits);
    expect(sum(blocks.writtenUnits)).toBe(logicalUnits);
    expect(blocks.pageState).toHaveLength(DEVICE_BLOCKS * 64);
    expect(blocks.pageState!.filter((unit) => unit === 1)).toHaveLength(logicalUnits);
  });

  it('plays: frames advance in simulated time and carry the series in order', async () => {
    harness = new Harness();
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'play' });
    harness.send({ type: 'ack', frame: first.frame });
    const frames: Snapshot[] = [];
    while (frames.length < 6) {
      const frame = await harness.nextSnapshot();
      frames.push(frame);
      harness.send({ type: 'ack', frame: frame.frame });
    }
    harness.send({ type: 'pause' });

    const times = frames.map((f) => f.meta.sim_time_ns);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    // Series points arrive once each, in order, one per 10 ms simulated; a
    // frame carries at most 256, merging runs of points when it covers more
    // (the last point of a merged run keeps its time).
    const points = frames.flatMap((f) => f.meta.series.t_ms);
    for (const f of frames) expect(f.meta.series.t_ms.length).toBeLessThanOrEqual(256);
    for (let i = 1; i < points.length; i++) expect(points[i]).toBeGreaterThan(points[i - 1]);
    points.forEach((t) => expect(t / 10).toBeCloseTo(Math.round(t / 10), 6));
    expect(points[points.length - 1]).toBe(Math.floor(times[times.length - 1] / 10e6) * 10);
    expect(frames.some((f) => f.meta.series.iops.some((iops) => iops > 0))).toBe(true);
    expect(frames[frames.length - 1].meta.host_write_bytes).toBeGreaterThan(0);
  });

  it('sends no second frame until the first is acked, and loses no stretch of the series', async () => {
    harness = new Harness();
    const { first } = await harness.load(ENDLESS_JOB);
    const play = harness.send({ type: 'play' });
    await harness.nextStatus(play);
    await sleep(150);
    expect(harness.drain().filter((m) => m.type === 'snapshot')).toEqual([]);

    harness.send({ type: 'ack', frame: first.frame });
    const second = await harness.nextSnapshot();
    expect(second.frame).toBe(first.frame + 1);
    // The simulation kept running while the frame was unacked; the points
    // of that whole stretch arrive with the next frame.
    expect(second.meta.sim_time_ns).toBeGreaterThan(0);
    const t = second.meta.series.t_ms;
    expect(t.length).toBeGreaterThan(0);
    expect(t.length).toBeLessThanOrEqual(256);
    expect(t[t.length - 1]).toBe(Math.floor(second.meta.sim_time_ns / 10e6) * 10);
    // Cumulative figures are exact whatever the merging: the last point's
    // host bytes are the device's count at that point in time.
    expect(second.meta.series.host_write_bytes.at(-1)).toBeLessThanOrEqual(
      second.meta.host_write_bytes,
    );
    harness.send({ type: 'pause' });
  });

  it('holds a run that no ack answers for too long, and resumes on the ack', async () => {
    harness = new Harness({ maxUnackedMs: 100 });
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'play' });
    await sleep(200);
    const probe = harness.send({ type: 'pause' });
    const held = (await harness.nextStatus(probe)).simTimeNs;
    harness.send({ type: 'play' });
    await sleep(100);
    const probeAgain = harness.send({ type: 'pause' });
    // Still held: the UI has not acked, so simulated time has not moved.
    expect((await harness.nextStatus(probeAgain)).simTimeNs).toBe(held);

    harness.send({ type: 'play' });
    harness.send({ type: 'ack', frame: first.frame });
    const resumed = await harness.nextSnapshot();
    harness.send({ type: 'ack', frame: resumed.frame });
    const later = await harness.nextSnapshot();
    expect(later.meta.sim_time_ns).toBeGreaterThan(held);
    harness.send({ type: 'pause' });
  });

  it('pauses: simulated time stops advancing', async () => {
    harness = new Harness();
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'play' });
    harness.send({ type: 'ack', frame: first.frame });
    const running = await harness.nextSnapshot();
    expect(running.meta.sim_time_ns).toBeGreaterThan(0);

    const pause = harness.send({ type: 'pause' });
    const paused = await harness.nextStatus(pause);
    expect(paused.running).toBe(false);
    expect(paused.simTimeNs).toBeGreaterThan(0);
    // Once acked, at most one more frame comes: the paused state ...
    harness.send({ type: 'ack', frame: running.frame });
    await sleep(100);
    const after = harness.drain().filter((m): m is Snapshot => m.type === 'snapshot');
    expect(after.length).toBeLessThanOrEqual(1);
    for (const frame of after) {
      expect(frame.meta.sim_time_ns).toBe(paused.simTimeNs);
      harness.send({ type: 'ack', frame: frame.frame });
    }
    await sleep(50);
    // ... and nothing moves afterwards.
    expect(harness.drain().filter((m) => m.type === 'snapshot')).toEqual([]);
    const again = harness.send({ type: 'pause' });
    expect((await harness.nextStatus(again)).simTimeNs).toBe(paused.simTimeNs);
  });

  it('answers pause within a frame while running at full speed', async () => {
    harness = new Harness();
    await harness.load(ENDLESS_JOB);
    const play = harness.send({ type: 'play' });
    await harness.nextStatus(play);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      await sleep(30);
      const sent = performance.now();
      const pause = harness.send({ type: 'pause' });
      await harness.nextStatus(pause);
      latencies.push(performance.now() - sent);
      harness.send({ type: 'play' });
    }
    harness.send({ type: 'pause' });
    // A slice is ~8 ms of wall time; the reply waits for at most one.
    expect(Math.max(...latencies)).toBeLessThan(16);
  });

  it('steps by the requested simulated time, or one series interval', async () => {
    harness = new Harness();
    const { first } = await harness.load(ENDLESS_JOB);
    const step = harness.send({ type: 'step', simNs: 5_000_000 });
    const stepped = await harness.nextStatus(step);
    expect(stepped).toMatchObject({ running: false, finished: false, simTimeNs: 5_000_000 });

    const byDefault = harness.send({ type: 'step' });
    expect((await harness.nextStatus(byDefault)).simTimeNs).toBe(15_000_000);

    // The stepped state reaches the UI once it acks the first frame.
    harness.send({ type: 'ack', frame: first.frame });
    const frame = await harness.nextSnapshot();
    expect(frame.meta.sim_time_ns).toBe(15_000_000);
    expect(frame.meta.series.t_ms).toEqual([10]);
  });

  it('limits simulated time to the set speed', async () => {
    harness = new Harness();
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'ack', frame: first.frame });
    const rate = 50_000_000; // 50 ms simulated per wall second
    harness.send({ type: 'setSpeed', speed: { kind: 'rate', simNsPerSecond: rate } });
    const play = harness.send({ type: 'play' });
    const started = performance.now();
    await harness.nextStatus(play);
    await sleep(400);
    const pause = harness.send({ type: 'pause' });
    const paused = await harness.nextStatus(pause);
    const elapsedS = (performance.now() - started) / 1000;
    const ratio = paused.simTimeNs / (rate * elapsedS);
    // Never ahead of the wall clock; behind only by scheduling slack.
    expect(ratio).toBeLessThanOrEqual(1.02);
    expect(ratio).toBeGreaterThan(0.6);

    // At full speed the same wall time covers far more simulated time.
    harness.send({ type: 'setSpeed', speed: { kind: 'max' } });
    const fast = harness.send({ type: 'play' });
    await harness.nextStatus(fast);
    await sleep(200);
    const stop = harness.send({ type: 'pause' });
    const afterMax = await harness.nextStatus(stop);
    expect(afterMax.simTimeNs - paused.simTimeNs).toBeGreaterThan(rate * 0.2 * 4);
  });

  it('resets to time zero and the preconditioned drive', async () => {
    harness = new Harness();
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'ack', frame: first.frame });
    const step = harness.send({ type: 'step', simNs: 50_000_000 });
    await harness.nextStatus(step);
    const stepped = await harness.nextSnapshot();
    expect(stepped.meta.host_write_bytes).toBeGreaterThan(0);

    // Reset sends its first frame whether or not the UI acked the last one.
    const reset = harness.send({ type: 'reset' });
    const fresh = await harness.nextSnapshot();
    const status = await harness.nextStatus(reset);
    expect(status).toMatchObject({ running: false, finished: false, simTimeNs: 0 });
    expect(fresh.frame).toBeGreaterThan(stepped.frame);
    expect(fresh.meta.sim_time_ns).toBe(0);
    expect(fresh.meta.host_write_bytes).toBe(0);
    expect(Array.from(fresh.blocks.validUnits)).toEqual(Array.from(first.blocks.validUnits));
    // A stale ack (of the frame before the reset) does not release a frame.
    harness.send({ type: 'ack', frame: stepped.frame });
    const later = harness.send({ type: 'step', simNs: 1_000_000 });
    await harness.nextStatus(later);
    await sleep(50);
    expect(harness.drain().filter((m) => m.type === 'snapshot')).toEqual([]);
  });

  it('runs to the end and returns the result JSON with its WAF', async () => {
    harness = new Harness();
    const { first } = await harness.load(SHORT_JOB);
    harness.send({ type: 'ack', frame: first.frame });
    const play = harness.send({ type: 'play' });
    const finished = (await harness.next(
      (m) => m.type === 'status' && m.seq === play && m.finished,
    )) as Status;
    expect(finished.running).toBe(false);
    // The last frame shows the end; frames taken while it ran (sent before
    // the status) are acked as the UI would, so that one can follow.
    const frame = await harness.nextFinishedFrame();
    expect(frame.meta.finished).toBe(true);

    const seq = harness.send({ type: 'result' });
    const reply = await harness.next((m) => m.type === 'result' && m.seq === seq);
    if (reply.type !== 'result') throw new Error('unreachable');
    const result = JSON.parse(reply.json) as {
      waf: number;
      host: { write_bytes: number };
      nand: unknown;
    };
    expect(result.host.write_bytes).toBe(16 << 20);
    // Random overwrites of a full drive: GC copies valid data, so WAF > 1.
    expect(result.waf).toBeGreaterThan(1);
    expect(result.waf).toBeCloseTo(frame.meta.waf!, 3);
    // Playing a finished run changes nothing.
    const again = harness.send({ type: 'play' });
    expect(await harness.nextStatus(again)).toMatchObject({ running: false, finished: true });
  });

  it('reports a bad fio job with its file and line, then loads a good one', async () => {
    harness = new Harness();
    await harness.init();
    const bad = harness.send({
      type: 'load',
      deviceJson: DEVICE_JSON,
      fioText: '[job]\nrw=sideways\nbs=4k\n',
      workloadName: 'bad.fio',
    });
    const error = await harness.nextError(bad);
    expect(error).toMatchObject({ kind: 'input', file: 'bad.fio', line: 2 });
    expect(error.message).toMatch(/^bad\.fio:2: /);
    expect(error.problem).toMatch(/sideways/);
    // No session now: play is refused, but the host is still usable.
    const play = harness.send({ type: 'play' });
    expect((await harness.nextError(play)).kind).toBe('protocol');

    const badDevice = harness.send({
      type: 'load',
      deviceJson: '{"cell": "tlc",\n "geometry": {"channels": 0}}',
      fioText: SHORT_JOB,
      deviceName: 'broken.json',
    });
    expect(await harness.nextError(badDevice)).toMatchObject({
      kind: 'input',
      file: 'broken.json',
    });

    const { layout, first } = await harness.load(SHORT_JOB);
    expect(layout.blocks).toBe(DEVICE_BLOCKS);
    expect(first.blocks.state).toHaveLength(DEVICE_BLOCKS);
  });

  it('turns malformed commands into protocol errors', async () => {
    harness = new Harness();
    await harness.init();
    harness.host.handle({ type: 'explode', seq: 41 } as unknown as Command);
    expect((await harness.nextError(41)).kind).toBe('protocol');
    const step = harness.send({ type: 'step', simNs: 1000 });
    expect((await harness.nextError(step)).message).toMatch(/no scenario/);
    const speed = harness.send({ type: 'setSpeed', speed: { kind: 'rate', simNsPerSecond: -1 } });
    expect((await harness.nextError(speed)).kind).toBe('protocol');
  });

  it('inspects a trace: the detected format first, growing progress, then the summary', async () => {
    // Small slices and no throttle, so a 190 KB trace gives many progress messages.
    harness = new Harness({ traceSliceBytes: 16 * 1024, traceProgressMs: 0 });
    await harness.init();
    const seq = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    const done = (await harness.next((m) => m.type === 'traceSummary' && m.seq === seq)) as {
      summary: TraceSummary;
    };
    const progress = harness.messages
      .filter((m) => m.type === 'traceProgress' && m.seq === seq)
      .map((m) => (m as { summary: TraceSummary }).summary);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress[0]).toMatchObject({ format: 'mqsim', requests: 0, done: false });
    expect(progress[0].preview[0]).toBe('938513000 4 264719034 16 0');
    for (let i = 1; i < progress.length; ++i) {
      expect(progress[i].bytes_read).toBeGreaterThanOrEqual(progress[i - 1].bytes_read);
      expect(progress[i].requests).toBeGreaterThanOrEqual(progress[i - 1].requests);
      expect(progress[i].done).toBe(false);
    }
    expect(done.summary).toMatchObject({
      name: TPCC_NAME,
      format: 'mqsim',
      done: true,
      requests: 6999,
      reads: 4381,
      writes: 2618,
      bytes_read: TPCC_BYTES.byteLength,
      size_bytes: TPCC_BYTES.byteLength,
    });
  });

  it('sends trace progress at most every traceProgressMs', async () => {
    harness = new Harness({ traceSliceBytes: 16 * 1024, traceProgressMs: 60_000 });
    await harness.init();
    const seq = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    await harness.next((m) => m.type === 'traceSummary' && m.seq === seq);
    // Only the one right after detection: no slice came a minute later.
    expect(harness.messages.filter((m) => m.type === 'traceProgress')).toHaveLength(1);
  });

  it('reports a binary trace as an input error with its seq, then inspects the next', async () => {
    harness = new Harness();
    await harness.init();
    const bad = harness.send({ type: 'inspectTrace', trace: traceRef('picture.png') });
    const error = await harness.nextError(bad);
    expect(error.kind).toBe('input');
    expect(error.file).toBe('picture.png');
    expect(error.message).toMatch(/^picture\.png: binary data at byte \d+/);
    const good = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    const done = await harness.next((m) => m.type === 'traceSummary' && m.seq === good);
    expect((done as { summary: TraceSummary }).summary.requests).toBe(6999);
    // A session over the binary file fails at load the same way.
    await harness.init();
    const load = harness.send({
      type: 'load',
      deviceJson: DEVICE_JSON,
      fioText: '',
      trace: traceRef('picture.png'),
    });
    expect((await harness.nextError(load)).file).toBe('picture.png');
  });

  it('replays a trace: meta.trace tracks it and the result cites the trace', async () => {
    harness = new Harness();
    const { first } = await harness.load('', FILLED, traceRef(TPCC_NAME));
    expect(first.meta.trace).toMatchObject({ size_bytes: TPCC_BYTES.byteLength, requests: 0 });
    harness.send({ type: 'ack', frame: first.frame });
    const play = harness.send({ type: 'play' });
    await harness.next((m) => m.type === 'status' && m.seq === play && m.finished, 20_000);
    const last = await harness.nextFinishedFrame();
    expect(last.meta.trace).toEqual({
      bytes_read: TPCC_BYTES.byteLength,
      size_bytes: TPCC_BYTES.byteLength,
      requests: 6999,
    });
    // Progress never went backwards on the way.
    const seen = harness.messages
      .filter((m): m is Snapshot => m.type === 'snapshot')
      .map((m) => m.meta.trace?.requests ?? -1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const seq = harness.send({ type: 'result' });
    const reply = await harness.next((m) => m.type === 'result' && m.seq === seq);
    if (reply.type !== 'result') throw new Error('unreachable');
    const result = JSON.parse(reply.json);
    expect(result.workload).toBe(TPCC_NAME);
    expect(result.trace).toMatchObject({ format: 'mqsim', requests: 6999 });
    expect(result.host.read_requests + result.host.write_requests).toBe(6999);

    // Reset replays the same trace from its start.
    const reset = harness.send({ type: 'reset' });
    const again = await harness.nextSnapshot();
    await harness.nextStatus(reset);
    expect(again.meta.trace).toMatchObject({ requests: 0 });
  });
  it('runs a generator workload on a zoned drive: frames carry its zones, the result its WAF', async () => {
    // 8 dies of 1 MiB (MLC) blocks, zones of 4 blocks: 96 zones, 7 open classes.
    const zoned = JSON.stringify({
      cell: 'mlc',
      geometry: {
        channels: 4,
        dies_per_channel: 2,
        planes_per_die: 1,
        blocks_per_plane: 48,
        pages_per_block: 64,
        page_bytes: 16384,
      },
      overprovision: 0.5,
      zns: { zone_bytes: 4 << 20, max_open: 14, max_active: 14, placement: 'normal' },
    });
    const workload = { generator: 'cloud_block' as const, num_writes: 40_000, seed: 1 };
    harness = new Harness();
    await harness.init();
    // The generator excludes a trace.
    const both = harness.send({
      type: 'load',
      deviceJson: zoned,
      fioText: '',
      workload,
      trace: traceRef(TPCC_NAME),
    });
    expect((await harness.nextError(both)).message).toMatch(/not both/);

    const seq = harness.send({ type: 'load', deviceJson: zoned, fioText: '[ignored]\n', workload });
    await harness.next((m) => m.type === 'loaded' && m.seq === seq);
    const first = await harness.nextSnapshot();
    await harness.nextStatus(seq);
    const zns = first.meta.zns!;
    expect(zns.zone_count).toBeGreaterThan(0);
    expect(zns.wp).toHaveLength(zns.zone_count);
    expect(zns.placement).toBe('normal');
    harness.send({ type: 'ack', frame: first.frame });
    const play = harness.send({ type: 'play' });
    await harness.next((m) => m.type === 'status' && m.seq === play && m.finished, 60_000);
    const last = await harness.nextFinishedFrame();
    expect(last.meta.zns!.user_write_bytes).toBe(40_000 * 4096);
    expect(last.meta.zns!.open).toBeLessThanOrEqual(last.meta.zns!.max_open);

    const result = harness.send({ type: 'result' });
    const reply = await harness.next((m) => m.type === 'result' && m.seq === result);
    if (reply.type !== 'result') throw new Error('unreachable');
    const parsed = JSON.parse(reply.json) as { zns: { waf: number; user_write_bytes: number } };
    expect(parsed.zns.user_write_bytes).toBe(40_000 * 4096);
    expect(parsed.zns.waf).toBeCloseTo(last.meta.zns!.waf!, 5);
  });
});
