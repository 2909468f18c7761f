import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimClient } from '@flashscope/wasm/client';
import type { SerializedError, TraceRef, TraceSummary } from '@flashscope/wasm/protocol';
import { createAppStore } from '../store';
import { OPTION_SCAN_DELAY_MS, TraceInspector } from './traceInspector';
import { TPCC_SUMMARY } from './testSummary';

/** A scan worker the test drives: progress, then a summary or an error. */
class FakeScanWorker {
  trace: TraceRef | null = null;
  terminated = false;
  progress: (summary: TraceSummary) => void = () => {};
  finish: (summary: TraceSummary, sha256?: string) => void = () => {};
  fail: (error: SerializedError) => void = () => {};

  inspectTrace(trace: TraceRef, onProgress?: (summary: TraceSummary) => void) {
    this.trace = trace;
    this.progress = onProgress ?? (() => {});
    return new Promise<{ summary: TraceSummary; sha256: string }>((resolve, reject) => {
      this.finish = (summary, sha256 = 'f'.repeat(64)) => resolve({ summary, sha256 });
      this.fail = (error) => reject(Object.assign(new Error(error.message), { serialized: error }));
    });
  }
  terminate() {
    if (this.terminated) return;
    this.terminated = true;
    this.fail({ kind: 'internal', message: 'simulation worker terminated' });
  }
}

function setup() {
  const store = createAppStore();
  const workers: FakeScanWorker[] = [];
  const inspector = new TraceInspector(store, async () => {
    const worker = new FakeScanWorker();
    workers.push(worker);
    return worker as unknown as SimClient;
  });
  return { store, workers, inspector, traces: () => store.getState().traces };
}

const tpccFile = new File(['938513000 4 264719034 16 0\n'], 'mqsim_tpcc-small.trace');
const binaryFile = new File([new Uint8Array([0, 159, 146, 150])], 'random.bin');

/** Lets the awaited client factory resolve. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('TraceInspector', () => {
  it('scans a file in its own worker, reports progress, and ends the worker', async () => {
    const { workers, inspector, traces } = setup();
    const scan = inspector.choose(tpccFile);
    await tick();
    expect(workers).toHaveLength(1);
    expect(workers[0].trace).toMatchObject({ name: 'mqsim_tpcc-small.trace' });
    expect(workers[0].trace?.options).toEqual({}); // every option at its default
    workers[0].progress({ ...TPCC_SUMMARY, done: false, bytes_read: 97_395 });
    expect(traces().pending?.summary?.bytes_read).toBe(97_395);
    workers[0].finish(TPCC_SUMMARY, 'ab'.repeat(32));
    await scan;
    expect(traces().file?.name).toBe('mqsim_tpcc-small.trace');
    expect(traces().summary?.requests).toBe(6999);
    // The worker's fingerprint travels with the accepted file, for share links.
    expect(traces().file?.sha256).toBe('ab'.repeat(32));
    expect(workers[0].terminated).toBe(true);
  });

  it('a file dropped during a scan ends the old worker; its failure keeps the last summary', async () => {
    const { workers, inspector, traces } = setup();
    const first = inspector.choose(tpccFile);
    await tick();
    workers[0].finish(TPCC_SUMMARY);
    await first;

    const slow = inspector.choose(tpccFile);
    await tick();
    const second = inspector.choose(binaryFile);
    await slow;
    expect(workers[1].terminated).toBe(true);
    await tick();
    expect(traces().error).toBeNull();
    workers[2].fail({
      kind: 'input',
      message: 'random.bin: binary data at byte 0 (not a text trace)',
      file: 'random.bin',
    });
    await second;
    expect(traces().error?.message).toBe('random.bin: binary data at byte 0 (not a text trace)');
    expect(traces().file?.name).toBe('mqsim_tpcc-small.trace');
    expect(traces().summary?.requests).toBe(6999);
    // Nothing is being scanned any more: Apply may run the accepted file.
    expect(await inspector.settled()).toBe(true);

    // Apply during a scan waits for it, and hears that it failed.
    const third = inspector.choose(binaryFile);
    const settled = inspector.settled();
    await tick();
    workers[3].fail({ kind: 'input', message: 'random.bin: binary data at byte 0' });
    await third;
    expect(await settled).toBe(false);
  });

  it('scans again, once, after option edits pause', async () => {
    vi.useFakeTimers();
    const { workers, inspector, traces, store } = setup();
    const first = inspector.choose(tpccFile);
    await vi.advanceTimersByTimeAsync(0);
    workers[0].finish(TPCC_SUMMARY);
    await first;

    for (const max_requests of [1, 10, 100]) {
      if (store.getState().traces.setOptions({ max_requests })) inspector.optionsChanged();
    }
    await vi.advanceTimersByTimeAsync(OPTION_SCAN_DELAY_MS - 1);
    expect(workers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers).toHaveLength(2);
    expect(workers[1].trace?.options).toEqual({ max_requests: 100 });
    workers[1].finish({ ...TPCC_SUMMARY, requests: 100 });
    expect(await inspector.settled()).toBe(true);
    expect(traces().summary?.requests).toBe(100);
    expect(traces().summaryOptions?.max_requests).toBe(100);
  });
});
