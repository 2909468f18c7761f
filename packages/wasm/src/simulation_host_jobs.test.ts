// SimulationHost's trace scans and stability runs with the real simulator
// on an injected clock (see host_test_harness.ts): each a job run in slices,
// cancelled within one slice when another job replaces it or the worker
// shuts down, its wasm handle freed at once.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import {
  DEVICE_JSON,
  FILLED,
  SHORT_JOB,
  STABILITY_DEVICE,
  TPCC_BYTES,
  TPCC_NAME,
  traceRef,
  useHarness,
} from './host_test_harness';
import type { Harness, Snapshot } from './host_test_harness';
import type { TraceSummary } from './protocol';

const setup = useHarness();
let harness: Harness;

describe('SimulationHost: trace scans and stability runs as cancellable jobs', () => {
  it('inspects a trace: the detected format first, growing progress, then the summary', async () => {
    // Small slices and no throttle, so a 190 KB trace gives many progress messages.
    harness = setup.harness({ traceSliceBytes: 16 * 1024, traceProgressMs: 0 });
    await harness.init();
    const seq = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    const done = (await harness.next((m) => m.type === 'traceSummary' && m.seq === seq)) as {
      summary: TraceSummary;
      sha256: string;
    };
    // The share-link fingerprint, taken from the scan's reads.
    expect(done.sha256).toBe(createHash('sha256').update(TPCC_BYTES).digest('hex'));
    const progress = harness.messages
      .filter((m) => m.type === 'traceProgress' && m.seq === seq)
      .map((m) => (m as { summary: TraceSummary }).summary);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress[0]).toMatchObject({ format: 'mqsim', requests: 0, done: false });
    expect(progress[0].preview[0]).toBe('938513000 4 264719034 16 0');
    for (let i = 1; i < progress.length; ++i) {
      expect(progress[i].bytes_read).toBeGreaterThanOrEqual(progress[i - 1].bytes_read);
      expect(progress[i].requests).toBeGreaterThanOrEqual(progress[i - 1].requests);
    }
    expect(done.summary).toMatchObject({
      name: TPCC_NAME,
      format: 'mqsim',
      done: true,
      requests: 6999,
      reads: 4381,
      writes: 2618,
      bytes_read: TPCC_BYTES.byteLength,
    });
  });

  it('sends trace progress at most every traceProgressMs of the clock', async () => {
    harness = setup.harness({ traceSliceBytes: 16 * 1024, traceProgressMs: 5, msPerReading: 1 });
    await harness.init();
    const seq = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    await harness.next((m) => m.type === 'traceSummary' && m.seq === seq);
    const progress = harness.messages.filter((m) => m.type === 'traceProgress');
    const slices = harness.time.sliceDurations.length;
    // The clock moves ~2 ms a slice: one progress message per ~3 slices, plus the first.
    expect(slices).toBeGreaterThan(5);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.length).toBeLessThan(slices);
  });

  it('cancels a trace scan mid-way when a second replaces it: closed at once, the second completes', async () => {
    harness = setup.harness({ traceSliceBytes: 16 * 1024, traceProgressMs: 0 });
    await harness.init();
    const spy = setup.spy(['_fs_trace_open', '_fs_trace_scan', '_fs_trace_close']);
    const firstSeq = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    await harness.next((m) => m.type === 'traceProgress' && m.seq === firstSeq);
    await harness.runSlice();
    await harness.runSlice();
    const firstHandle = spy.of('_fs_trace_open')[0].result as number;
    expect(spy.of('_fs_trace_scan').map((c) => c.arg)).toEqual([firstHandle, firstHandle]);

    const secondSeq = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    const error = await harness.nextError(firstSeq);
    expect(error.message).toMatch(/cancelled: replaced by 'inspectTrace'/);
    // Freed before the second opened, and never scanned again.
    expect(spy.calls.filter((c) => c.name !== '_fs_trace_scan').map((c) => c.name)).toEqual([
      '_fs_trace_open',
      '_fs_trace_close',
      '_fs_trace_open',
    ]);
    expect(spy.of('_fs_trace_close')[0].arg).toBe(firstHandle);
    const done = await harness.next((m) => m.type === 'traceSummary');
    expect(done).toMatchObject({ seq: secondSeq, summary: { requests: 6999, done: true } });
    expect(spy.of('_fs_trace_scan').filter((c) => c.arg === firstHandle)).toHaveLength(2);
    expect(harness.messages.filter((m) => m.type === 'traceSummary')).toHaveLength(1);
    // The second's inspection is closed once it ends.
    expect(spy.of('_fs_trace_close').map((c) => c.arg)).toHaveLength(2);
  });

  it("answers 'traceFingerprint' with the SHA-256 of the Blob's first MiB, and refuses no Blob", async () => {
    harness = setup.harness();
    await harness.init();
    const bytes = new Uint8Array(1024 * 1024 + 1);
    bytes[0] = 1;
    bytes[1024 * 1024] = 2; // past the first MiB: not hashed
    const seq = harness.send({ type: 'traceFingerprint', file: new Blob([bytes]) });
    const reply = await harness.next((m) => m.type === 'traceFingerprint' && m.seq === seq);
    expect(reply).toMatchObject({
      sha256: createHash('sha256')
        .update(bytes.subarray(0, 1024 * 1024))
        .digest('hex'),
    });
    const bad = harness.send({ type: 'traceFingerprint', file: 'x' as unknown as Blob });
    expect((await harness.nextError(bad)).message).toMatch(/'traceFingerprint' needs a file/);
  });

  it('reports a binary trace as an input error with its seq, then inspects the next', async () => {
    harness = setup.harness();
    await harness.init();
    const bad = harness.send({ type: 'inspectTrace', trace: traceRef('picture.png') });
    const error = await harness.nextError(bad);
    expect(error).toMatchObject({ kind: 'input', file: 'picture.png' });
    expect(error.message).toMatch(/^picture\.png: binary data at byte \d+/);
    const good = harness.send({ type: 'inspectTrace', trace: traceRef(TPCC_NAME) });
    const done = await harness.next((m) => m.type === 'traceSummary' && m.seq === good);
    expect((done as { summary: TraceSummary }).summary.requests).toBe(6999);
    const load = harness.send({
      type: 'load',
      deviceJson: DEVICE_JSON,
      fioText: '',
      trace: traceRef('picture.png'),
    });
    expect((await harness.nextError(load)).file).toBe('picture.png');
  });

  it('replays a trace: meta.trace tracks it and the result cites the trace', async () => {
    harness = setup.harness();
    const { first } = await harness.load('', FILLED, traceRef(TPCC_NAME));
    expect(first.meta.trace).toMatchObject({ size_bytes: TPCC_BYTES.byteLength, requests: 0 });
    harness.autoAck = true;
    harness.send({ type: 'ack', frame: first.frame });
    const play = harness.send({ type: 'play' });
    await harness.next((m) => m.type === 'status' && m.seq === play && m.finished);
    const last = (await harness.next((m) => m.type === 'snapshot' && m.meta.finished)) as Snapshot;
    expect(last.meta.trace).toEqual({
      bytes_read: TPCC_BYTES.byteLength,
      size_bytes: TPCC_BYTES.byteLength,
      requests: 6999,
    });
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
  });

  it('runs a stability test in slices, then a load replaces it mid-way: destroyed at once', async () => {
    // Each reading of the clock takes 1 ms: two 16384-event calls of the
    // flow fit in a 2 ms slice (the whole flow takes 13).
    harness = setup.harness({ stabilityProgressMs: 0, sliceMs: 2 });
    await harness.init();
    const spy = setup.spy(['_fs_stability_create', '_fs_stability_advance', '_fs_destroy']);
    const seq = harness.send({ type: 'stability', deviceJson: STABILITY_DEVICE, fioText: '' });
    const started = await harness.next((m) => m.type === 'stabilityProgress' && m.seq === seq);
    expect(started).toMatchObject({ progress: { phase: 'precondition', precondition_bytes: 0 } });
    await harness.runSlice();
    await harness.runSlice();
    const handle = spy.of('_fs_stability_create')[0].result as number;
    const advanced = spy.of('_fs_stability_advance').length;
    expect(advanced).toBe(4);
    const progress = harness.messages.filter((m) => m.type === 'stabilityProgress');
    expect(progress).toHaveLength(3);

    const load = harness.send({ type: 'load', deviceJson: DEVICE_JSON, fioText: SHORT_JOB });
    expect((await harness.nextError(seq)).message).toMatch(
      /stability run cancelled: replaced by 'load'/,
    );
    expect(spy.of('_fs_destroy').map((c) => c.arg)).toEqual([handle]);
    await harness.next((m) => m.type === 'loaded' && m.seq === load);
    await harness.advance(100);
    // Not one more call on the cancelled run.
    expect(spy.of('_fs_stability_advance')).toHaveLength(advanced);
    expect(harness.messages.some((m) => m.type === 'stabilityResult')).toBe(false);
  });

  it('cancels a stability run at shutdown, and runs one to its result', async () => {
    harness = setup.harness({ sliceMs: 2 });
    await harness.init();
    const spy = setup.spy(['_fs_stability_create', '_fs_destroy']);
    const cancelled = harness.send({
      type: 'stability',
      deviceJson: STABILITY_DEVICE,
      fioText: '',
    });
    await harness.runSlice();
    harness.host.dispose();
    expect(spy.of('_fs_destroy').map((c) => c.arg)).toEqual([
      spy.of('_fs_stability_create')[0].result,
    ]);
    expect((await harness.nextError(cancelled)).message).toMatch(/shutting down/);
    expect(harness.time.nextAtMs()).toBeNull();

    harness = setup.harness({ sliceMs: 2, stabilityProgressMs: 0 });
    await harness.init();
    const seq = harness.send({
      type: 'stability',
      deviceJson: STABILITY_DEVICE,
      fioText: '',
      roundsMax: 2,
    });
    const done = await harness.next((m) => m.type === 'stabilityResult' && m.seq === seq);
    if (done.type !== 'stabilityResult') throw new Error('unreachable');
    const result = JSON.parse(done.json) as { rounds: unknown[] };
    expect(result.rounds.length).toBeGreaterThan(0);
    expect(result.rounds.length).toBeLessThanOrEqual(2);
    // Progress after every slice, the rounds growing; the last says done.
    const progress = harness.messages.filter((m) => m.type === 'stabilityProgress');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toMatchObject({ progress: { phase: 'done' } });
  });
});
