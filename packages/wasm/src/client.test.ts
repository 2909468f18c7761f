// SimClient against a stand-in worker that runs SimulationHost with the real
// simulator (the Node flavour) on the same thread, with postMessage's
// asynchrony and copying (structuredClone, transfer lists) in between.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { SimClient, SimError } from './client';
import type { SnapshotFrame, WorkerLike } from './client';
import type { Command, SerializedError, TraceRef, TraceSummary, WorkerMessage } from './protocol';
import { WasmSessionFactory } from './session';
import type { FlashScopeModule } from './session';
import { SimulationHost } from './simulation_host';
import { memoryTraceBytes } from './trace_bytes';

const GLUE_PATH = fileURLToPath(new URL('../dist/flashscope.node.cjs', import.meta.url));
const DEVICE_JSON = readFileSync(
  fileURLToPath(new URL('../../../public/presets/devices/teaching-slc-tiny.json', import.meta.url)),
  'utf8',
);
const ENDLESS_JOB = '[overwrite]\nrw=randwrite\nbs=4k\niodepth=4\nruntime=3600s\ntime_based=1\n';
// The traces the stand-in worker reads, by name (Node has no FileReaderSync).
const TRACES: Record<string, Uint8Array> = {
  'mqsim_tpcc-small.trace': readFileSync(
    fileURLToPath(new URL('../../../../shared/traces/mqsim_tpcc-small.trace', import.meta.url)),
  ),
  'notes.bin': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]),
};

function traceRef(name: string): TraceRef {
  return { file: new Blob([new Uint8Array(TRACES[name])]), name, options: {} };
}

let wasm: FlashScopeModule;

beforeAll(async () => {
  if (!existsSync(GLUE_PATH)) {
    throw new Error(`${GLUE_PATH} is missing: run 'bash scripts/build-wasm.sh' first`);
  }
  const factory = createRequire(import.meta.url)(GLUE_PATH) as (
    overrides: object,
  ) => Promise<FlashScopeModule>;
  const wasmPath = GLUE_PATH.replace(/\.cjs$/, '.wasm');
  wasm = await factory(existsSync(wasmPath) ? { wasmBinary: readFileSync(wasmPath) } : {});
});

/** A Worker stand-in: commands and replies cross a task boundary, copied. */
class LoopbackWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  private readonly host: SimulationHost;
  private readonly versionOverride: number | undefined;

  /** versionOverride: the protocol version this "UI" claims at init. */
  constructor(versionOverride?: number) {
    this.host = new SimulationHost({
      sessionFactory: () => new WasmSessionFactory(wasm),
      openTrace: (trace) => memoryTraceBytes(TRACES[trace.name]),
      // Small slices and no throttle: a small trace still shows progress.
      traceSliceBytes: 32 * 1024,
      traceProgressMs: 0,
      post: (message, transfer) => {
        const copy = structuredClone(message, { transfer });
        setTimeout(() => {
          if (!this.terminated) this.onmessage?.({ data: copy } as MessageEvent<WorkerMessage>);
        }, 0);
      },
    });
    this.versionOverride = versionOverride;
  }

  /** Every command's type, in the order the client sent them. */
  readonly sent: string[] = [];

  postMessage(message: Command): void {
    this.sent.push(message.type);
    let copy = structuredClone(message);
    if (copy.type === 'init' && this.versionOverride !== undefined) {
      copy = { ...copy, protocolVersion: this.versionOverride };
    }
    setTimeout(() => {
      if (!this.terminated) this.host.handle(copy);
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
    this.host.dispose();
  }
}

function nextFrame(client: SimClient): Promise<SnapshotFrame> {
  return new Promise((resolve) => {
    const off = client.onSnapshot((frame) => {
      off();
      resolve(frame);
    });
  });
}

let client: SimClient | null = null;

afterEach(() => {
  client?.terminate();
  client = null;
});

describe('SimClient', () => {
  it('connects, loads, plays frame by frame, resets and returns the result', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    const statuses: Array<{ running: boolean; simTimeNs: number }> = [];
    client.onStatus((status) => statuses.push(status));

    const firstFrame = nextFrame(client);
    const { layout, device } = await client.load({
      deviceJson: DEVICE_JSON,
      fioText: ENDLESS_JOB,
      set: ['precondition.fill=1'],
    });
    expect(layout.blocks).toBe(256);
    expect(device.name).toBe('teaching-slc-tiny');
    const first = await firstFrame;
    expect(first.blocks.validUnits).toHaveLength(256);
    expect(first.meta.sim_time_ns).toBe(0);

    // Draw-then-ack, as the UI does: each frame is newer than the last.
    const times: number[] = [];
    const off = client.onSnapshot((frame) => {
      times.push(frame.meta.sim_time_ns);
      client!.ack(frame.frame);
    });
    client.play();
    client.ack(first.frame);
    while (times.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    client.pause();
    off();
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);

    await client.reset();
    expect(statuses[statuses.length - 1]).toMatchObject({ running: false, simTimeNs: 0 });

    client.step(20_000_000);
    const result = JSON.parse(await client.result()) as { waf: number | null };
    expect(result).toHaveProperty('waf');
  });

  it('rejects load with a SimError naming the file and line, then loads', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    const error = await client
      .load({ deviceJson: DEVICE_JSON, fioText: '[job]\nbs=lots\n', workloadName: 'mine.fio' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimError);
    expect(error).toBeInstanceOf(Error);
    expect((error as SimError).serialized).toMatchObject({
      kind: 'input',
      file: 'mine.fio',
      line: 2,
    });
    const { layout } = await client.load({ deviceJson: DEVICE_JSON, fioText: ENDLESS_JOB });
    expect(layout.blocks).toBe(256);
  });

  it('reports errors of fire-and-forget commands through onError', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    const errors: SerializedError[] = [];
    client.onError((error) => errors.push(error));
    client.play(); // nothing loaded
    while (errors.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(errors[0]).toMatchObject({ kind: 'protocol' });
    expect(errors[0].message).toMatch(/no scenario/);
  });

  it('acks frames itself while nobody listens, so playback never stalls', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    await client.load({ deviceJson: DEVICE_JSON, fioText: ENDLESS_JOB });
    client.play();
    await new Promise((resolve) => setTimeout(resolve, 60));
    // A listener added now still receives fresh frames.
    const frame = await nextFrame(client);
    expect(frame.meta.sim_time_ns).toBeGreaterThan(0);
    client.pause();
  });

  it('fails to connect on a protocol version mismatch', async () => {
    const worker = new LoopbackWorker(999);
    const error = await SimClient.attach(worker).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimError);
    expect((error as SimError).serialized.kind).toBe('protocol');
    expect(worker.terminated).toBe(true);
  });

  it('rejects pending requests when terminated', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    const pending = client.load({ deviceJson: DEVICE_JSON, fioText: ENDLESS_JOB });
    client.terminate();
    await expect(pending).rejects.toBeInstanceOf(SimError);
    expect(() => client!.play()).toThrow(SimError);
  });

  it('inspects a trace with progress, then replays it', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    const progress: TraceSummary[] = [];
    const { summary, sha256 } = await client.inspectTrace(
      traceRef('mqsim_tpcc-small.trace'),
      (partial) => progress.push(partial),
    );
    expect(summary).toMatchObject({ format: 'mqsim', done: true, requests: 6999, reads: 4381 });
    // The share-link fingerprint, from the scan's reads (a 195 KB file: all of it).
    const tpcc = TRACES['mqsim_tpcc-small.trace'];
    expect(sha256).toBe(createHash('sha256').update(tpcc).digest('hex'));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((partial) => !partial.done)).toBe(true);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i].bytes_read).toBeGreaterThanOrEqual(progress[i - 1].bytes_read);
    }

    const { layout } = await client.load({
      deviceJson: DEVICE_JSON,
      fioText: '',
      set: ['precondition.fill=1'],
      trace: traceRef('mqsim_tpcc-small.trace'),
    });
    expect(layout.blocks).toBe(256);
    const finished = new Promise<void>((resolve) =>
      client!.onStatus((status) => status.finished && resolve()),
    );
    client.play();
    await finished;
    const result = JSON.parse(await client.result()) as { trace: { requests: number } };
    expect(result.trace.requests).toBe(6999);
  });

  it('fingerprints a file in the worker while a run plays: SHA-256 of its first MiB', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    await client.load({ deviceJson: DEVICE_JSON, fioText: ENDLESS_JOB });
    client.play();
    const bytes = new Uint8Array(1536 * 1024).map((_, i) => (i * 7919) % 251);
    const sha256 = await client.traceFingerprint(new Blob([bytes]));
    expect(sha256).toBe(
      createHash('sha256')
        .update(bytes.subarray(0, 1024 * 1024))
        .digest('hex'),
    );
    client.pause();
  });

  it('rejects inspectTrace of a binary file with a SimError naming it', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    let calls = 0;
    const error = await client.inspectTrace(traceRef('notes.bin'), () => ++calls).catch((e) => e);
    expect(error).toBeInstanceOf(SimError);
    expect((error as SimError).serialized).toMatchObject({ kind: 'input', file: 'notes.bin' });
    expect(calls).toBe(0);
  });
});

// The core's answers for the UI (issue 16), asked through the worker.

describe('SimClient.deviceSchema', () => {
  it('asks the worker once per client and shares the answer', async () => {
    const worker = new LoopbackWorker();
    client = await SimClient.attach(worker);
    const [a, b] = await Promise.all([client.deviceSchema(), client.deviceSchema()]);
    expect(a).toBe(b);
    expect(await client.deviceSchema()).toBe(a);
    expect(worker.sent.filter((type) => type === 'deviceSchema')).toHaveLength(1);
    expect(a.properties?.overprovision?.default).toBeTypeOf('number');
  });
});

describe('SimClient.stabilityDefaults', () => {
  it("asks the worker once and gives the core's defaults and --compare variants", async () => {
    const worker = new LoopbackWorker();
    client = await SimClient.attach(worker);
    const [a, b] = await Promise.all([client.stabilityDefaults(), client.stabilityDefaults()]);
    expect(a).toBe(b);
    expect(worker.sent.filter((type) => type === 'stabilityDefaults')).toHaveLength(1);
    // Seed 001's QoS limits and the PTS round cap, as the CLI applies them.
    expect(a).toMatchObject({ qos_read_us: 1000, qos_write_us: 200, rounds_max: 25 });
    expect(a.variants.map((v) => v.name)).toContain('baseline');
    for (const variant of a.variants) expect(variant.overrides.length).toBeGreaterThan(0);
  });
});

describe('SimClient.effectiveDevice and resolveFio', () => {
  it('flags an over-provisioning below the minimum at its key, and rejects a bad job file', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    const effective = await client.effectiveDevice(
      DEVICE_JSON,
      ['overprovision=0.001'],
      'tiny.json',
    );
    expect(effective.error).toMatchObject({ kind: 'input', key: 'overprovision' });
    expect(effective.derived!.min_overprovision).toBeGreaterThan(0.001);

    const fio = await client.resolveFio(DEVICE_JSON, ENDLESS_JOB, [], 'endless.fio');
    expect(fio.jobs).toHaveLength(1);
    expect(fio.jobs[0]).toMatchObject({ name: 'overwrite', rw: 'randwrite', runtime_s: 3600 });
    const error = await client
      .resolveFio(DEVICE_JSON, '[job]\nbs=lots\n', [], 'mine.fio')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimError);
    expect((error as SimError).serialized).toMatchObject({
      kind: 'input',
      file: 'mine.fio',
      line: 2,
    });
  });
});

describe('SimClient.burstTemplate', () => {
  it('answers with the job sized to the cache, and rejects a drive without one', async () => {
    client = await SimClient.attach(new LoopbackWorker());
    const qlc = readFileSync(
      fileURLToPath(
        new URL('../../../public/presets/devices/teaching-qlc-slc.json', import.meta.url),
      ),
      'utf8',
    );
    const burst = await client.burstTemplate(
      qlc,
      ['precondition.fill=0.5'],
      { multiple: 2, idleS: 1, bursts: 2 },
      'qlc.json',
    );
    expect(burst.bursts).toBe(2);
    expect(Math.abs(burst.burst_bytes - 2 * burst.cache_bytes_at_start)).toBeLessThanOrEqual(
      2 ** 19,
    );
    expect(burst.fio_text).toContain('[burst-2-after-1s-idle]');
    // The tiny teaching drive is SLC throughout: no cache to size to.
    const error = await client
      .burstTemplate(DEVICE_JSON, [], { multiple: 1.2, idleS: 10, bursts: 3 }, 'tiny.json')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimError);
    expect((error as SimError).serialized).toMatchObject({
      kind: 'input',
      problem: 'this drive has no SLC cache',
    });
  });
});
