// SimulationHost with the real simulator on an injected clock (see
// host_test_harness.ts): the protocol, loading, and the interactive run —
// play at a rate and at full speed, pause, step, frames and acks, reset, a
// run to its end, and a load replacing the running drive.

import { describe, expect, it } from 'vitest';

import {
  DEVICE_BLOCKS,
  DEVICE_JSON,
  ENDLESS_JOB,
  SHORT_JOB,
  sum,
  useHarness,
  wasm,
} from './host_test_harness';
import type { Harness, Snapshot, Status } from './host_test_harness';
import { BlockMode, FRONTIERS_PER_PLANE, PROTOCOL_VERSION } from './protocol';
import type { Command } from './protocol';
import { SLICE_MS } from './simulation_host';

const setup = useHarness();
let harness: Harness;

describe('SimulationHost: protocol and loading', () => {
  it('answers init with ready and the protocol version', async () => {
    harness = setup.harness();
    const seq = harness.send({ type: 'init', protocolVersion: PROTOCOL_VERSION });
    const ready = await harness.next((m) => m.type === 'ready');
    expect(ready).toEqual({ type: 'ready', seq, protocolVersion: PROTOCOL_VERSION });
    expect(wasm._fs_api_version()).toBe(PROTOCOL_VERSION);
  });

  it('refuses a protocol version mismatch, then still accepts the right one', async () => {
    harness = setup.harness();
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
    harness = setup.harness();
    const { layout, first } = await harness.load(ENDLESS_JOB);
    expect(layout.blocks).toBe(DEVICE_BLOCKS);
    expect(layout.planes).toBe(2);
    expect(layout.units_per_block).toBe(64);
    const blocks = first.blocks;
    expect(first.meta.frame).toBe(first.frame);
    expect(first.meta.sim_time_ns).toBe(0);
    for (const array of [blocks.state, blocks.validUnits, blocks.eraseCount, blocks.mode]) {
      expect(array).toHaveLength(DEVICE_BLOCKS);
    }
    expect(blocks.frontiers).toHaveLength(FRONTIERS_PER_PLANE * layout.planes);
    expect(blocks.mode.every((mode) => mode === BlockMode.Native)).toBe(true);
    // The fill wrote every logical unit once: that many units are valid.
    const logicalUnits = layout.logical_bytes / layout.unit_bytes;
    expect(logicalUnits).toBe(Math.floor((DEVICE_BLOCKS * 64) / 1.25));
    expect(sum(blocks.validUnits)).toBe(logicalUnits);
    expect(blocks.pageState!.filter((unit) => unit === 1)).toHaveLength(logicalUnits);
  });

  it('reports a bad fio job with its file and line, then loads a good one', async () => {
    harness = setup.harness();
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
    const { layout } = await harness.load(SHORT_JOB);
    expect(layout.blocks).toBe(DEVICE_BLOCKS);
  });

  it('turns malformed commands into protocol errors', async () => {
    harness = setup.harness();
    await harness.init();
    harness.host.handle({ type: 'explode', seq: 41 } as unknown as Command);
    expect((await harness.nextError(41)).kind).toBe('protocol');
    const step = harness.send({ type: 'step', simNs: 1000 });
    expect((await harness.nextError(step)).message).toMatch(/no scenario/);
    const speed = harness.send({ type: 'setSpeed', speed: { kind: 'rate', simNsPerSecond: -1 } });
    expect((await harness.nextError(speed)).kind).toBe('protocol');
  });
});

describe('SimulationHost: the interactive run on an injected clock', () => {
  it('plays at a rate: simulated time advances in proportion to the clock', async () => {
    harness = setup.harness({ msPerReading: 0 });
    const { first } = await harness.load(ENDLESS_JOB);
    harness.autoAck = true;
    harness.send({ type: 'ack', frame: first.frame });
    const rate = 50_000_000; // 50 ms simulated per wall second
    harness.send({ type: 'setSpeed', speed: { kind: 'rate', simNsPerSecond: rate } });
    const play = harness.send({ type: 'play' });
    await harness.nextStatus(play);
    const started = harness.time.nowMs;
    // A rate-limited run catches up at most every 4 ms of wall time.
    const caughtUp = (elapsedMs: number, simNs: number) => {
      expect(simNs).toBeLessThanOrEqual((rate * elapsedMs) / 1000);
      expect(simNs).toBeGreaterThanOrEqual((rate * (elapsedMs - 4)) / 1000);
    };
    await harness.advance(100);
    caughtUp(100, (await harness.pause()).simTimeNs);
    // Paused: the clock moves on, simulated time does not.
    const paused = harness.time.nowMs;
    await harness.advance(1000);
    const stillPaused = await harness.pause();
    caughtUp(100, stillPaused.simTimeNs);
    // Playing again at 4x the rate: 300 ms of clock give 4x as much.
    harness.send({ type: 'setSpeed', speed: { kind: 'rate', simNsPerSecond: 4 * rate } });
    harness.send({ type: 'play' });
    await harness.advance(300);
    const after = await harness.pause();
    const gained = after.simTimeNs - stillPaused.simTimeNs;
    expect(gained).toBeLessThanOrEqual(4 * rate * 0.3);
    expect(gained).toBeGreaterThanOrEqual(4 * rate * 0.296);
    expect(paused - started).toBe(100);
    // Frames kept coming while it played, each newer than the last.
    const times = harness.messages
      .filter((m): m is Snapshot => m.type === 'snapshot')
      .map((m) => m.meta.sim_time_ns);
    expect(times.length).toBeGreaterThan(5);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]);
  });

  it('plays at full speed in slices no longer than SLICE_MS, carrying the series in order', async () => {
    harness = setup.harness({ msPerReading: 1 });
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'play' });
    harness.send({ type: 'ack', frame: first.frame });
    const frames: Snapshot[] = [];
    while (frames.length < 6) {
      const frame = await harness.nextSnapshot();
      frames.push(frame);
      harness.send({ type: 'ack', frame: frame.frame });
    }
    // Pause is answered at once: the next command runs between two slices.
    const pause = harness.send({ type: 'pause' });
    await harness.settle();
    expect(harness.drain().some((m) => m.type === 'status' && m.seq === pause)).toBe(true);
    // One fs_advance call may overrun the deadline by its own length.
    expect(Math.max(...harness.time.sliceDurations)).toBeLessThanOrEqual(SLICE_MS + 4);

    const times = frames.map((f) => f.meta.sim_time_ns);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    // Series points arrive once each, in order, one per 10 ms simulated.
    const points = frames.flatMap((f) => f.meta.series.t_ms);
    for (let i = 1; i < points.length; i++) expect(points[i]).toBeGreaterThan(points[i - 1]);
    points.forEach((t) => expect(t / 10).toBeCloseTo(Math.round(t / 10), 6));
    expect(points.at(-1)).toBe(Math.floor(times.at(-1)! / 10e6) * 10);
    expect(frames.at(-1)!.meta.host_write_bytes).toBeGreaterThan(0);
  });

  it('pauses: after the clock moves on, simulated time and frames stand still', async () => {
    harness = setup.harness();
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'play' });
    harness.send({ type: 'ack', frame: first.frame });
    const running = await harness.nextSnapshot();
    expect(running.meta.sim_time_ns).toBeGreaterThan(0);
    // It runs on while that frame is unacked.
    await harness.advance(20);
    const paused = await harness.pause();
    expect(paused.simTimeNs).toBeGreaterThan(running.meta.sim_time_ns);
    expect(paused.running).toBe(false);
    // Once acked, exactly one more frame comes: the paused state ...
    harness.send({ type: 'ack', frame: running.frame });
    await harness.advance(100);
    const after = harness.drain().filter((m): m is Snapshot => m.type === 'snapshot');
    expect(after.map((f) => f.meta.sim_time_ns)).toEqual([paused.simTimeNs]);
    harness.send({ type: 'ack', frame: after[0].frame });
    // ... and nothing moves afterwards, however long the clock runs.
    await harness.advance(5000);
    expect(harness.drain().filter((m) => m.type === 'snapshot')).toEqual([]);
    expect(harness.time.nextAtMs()).toBeNull();
    expect((await harness.pause()).simTimeNs).toBe(paused.simTimeNs);
  });

  it('sends no second frame until the first is acked, and loses no stretch of the series', async () => {
    harness = setup.harness();
    const { first } = await harness.load(ENDLESS_JOB);
    const play = harness.send({ type: 'play' });
    await harness.nextStatus(play);
    await harness.advance(150);
    expect(harness.drain().filter((m) => m.type === 'snapshot')).toEqual([]);
    harness.send({ type: 'ack', frame: first.frame });
    const second = await harness.nextSnapshot();
    expect(second.frame).toBe(first.frame + 1);
    // The simulation kept running while the frame was unacked; the points
    // of that whole stretch arrive with the next frame.
    const t = second.meta.series.t_ms;
    expect(t.length).toBeGreaterThan(0);
    expect(t.length).toBeLessThanOrEqual(256);
    expect(t.at(-1)).toBe(Math.floor(second.meta.sim_time_ns / 10e6) * 10);
    harness.send({ type: 'pause' });
  });

  it('holds a run that no ack answers for maxUnackedMs, and resumes on the ack', async () => {
    harness = setup.harness({ maxUnackedMs: 100 });
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'play' });
    await harness.advance(200);
    // Held: nothing is scheduled, and simulated time stops.
    expect(harness.time.nextAtMs()).toBeNull();
    const held = (await harness.pause()).simTimeNs;
    expect(held).toBeGreaterThan(0);
    harness.send({ type: 'play' });
    await harness.advance(500);
    expect((await harness.pause()).simTimeNs).toBe(held);

    harness.send({ type: 'play' });
    harness.send({ type: 'ack', frame: first.frame });
    const resumed = await harness.nextSnapshot();
    harness.send({ type: 'ack', frame: resumed.frame });
    const later = await harness.nextSnapshot();
    expect(later.meta.sim_time_ns).toBeGreaterThan(held);
  });

  it('steps by the requested simulated time, or one series interval', async () => {
    harness = setup.harness();
    const { first } = await harness.load(ENDLESS_JOB);
    const step = harness.send({ type: 'step', simNs: 5_000_000 });
    expect(await harness.nextStatus(step)).toMatchObject({
      running: false,
      finished: false,
      simTimeNs: 5_000_000,
    });
    const byDefault = harness.send({ type: 'step' });
    expect((await harness.nextStatus(byDefault)).simTimeNs).toBe(15_000_000);
    // The stepped state reaches the UI once it acks the first frame.
    harness.send({ type: 'ack', frame: first.frame });
    const frame = await harness.nextSnapshot();
    expect(frame.meta.sim_time_ns).toBe(15_000_000);
    expect(frame.meta.series.t_ms).toEqual([10]);
    // Then nothing runs until the next command.
    await harness.advance(1000);
    expect((await harness.pause()).simTimeNs).toBe(15_000_000);
  });

  it('resets to time zero and the preconditioned drive; a stale ack releases nothing', async () => {
    harness = setup.harness();
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'ack', frame: first.frame });
    await harness.nextStatus(harness.send({ type: 'step', simNs: 50_000_000 }));
    const stepped = await harness.nextSnapshot();
    expect(stepped.meta.host_write_bytes).toBeGreaterThan(0);
    const spy = setup.spy(['_fs_create', '_fs_destroy']);
    // Reset sends its first frame whether or not the UI acked the last one.
    const reset = harness.send({ type: 'reset' });
    const fresh = await harness.nextSnapshot();
    expect(await harness.nextStatus(reset)).toMatchObject({ running: false, simTimeNs: 0 });
    // The old drive was freed before the new one was made.
    expect(spy.calls.map((c) => c.name)).toEqual(['_fs_destroy', '_fs_create']);
    expect(fresh.frame).toBeGreaterThan(stepped.frame);
    expect(fresh.meta.host_write_bytes).toBe(0);
    expect(Array.from(fresh.blocks.validUnits)).toEqual(Array.from(first.blocks.validUnits));
    harness.send({ type: 'ack', frame: stepped.frame });
    await harness.nextStatus(harness.send({ type: 'step', simNs: 1_000_000 }));
    await harness.advance(100);
    expect(harness.drain().filter((m) => m.type === 'snapshot')).toEqual([]);
  });

  it('runs to the end and returns the result JSON with its WAF', async () => {
    harness = setup.harness();
    const { first } = await harness.load(SHORT_JOB);
    harness.autoAck = true;
    harness.send({ type: 'ack', frame: first.frame });
    const play = harness.send({ type: 'play' });
    const done = (await harness.next(
      (m) => m.type === 'status' && m.seq === play && m.finished,
    )) as Status;
    expect(done.running).toBe(false);
    const last = (await harness.next((m) => m.type === 'snapshot' && m.meta.finished)) as Snapshot;
    const seq = harness.send({ type: 'result' });
    const reply = await harness.next((m) => m.type === 'result' && m.seq === seq);
    if (reply.type !== 'result') throw new Error('unreachable');
    const result = JSON.parse(reply.json) as { waf: number; host: { write_bytes: number } };
    expect(result.host.write_bytes).toBe(16 << 20);
    // Random overwrites of a full drive: GC copies valid data, so WAF > 1.
    expect(result.waf).toBeGreaterThan(1);
    expect(result.waf).toBeCloseTo(last.meta.waf!, 3);
    const again = harness.send({ type: 'play' });
    expect(await harness.nextStatus(again)).toMatchObject({ running: false, finished: true });
    // A finished run schedules nothing more.
    await harness.advance(100);
    expect(harness.time.nextAtMs()).toBeNull();
  });

  it('a second load replaces the running drive: the first is freed at once', async () => {
    harness = setup.harness();
    const { first } = await harness.load(ENDLESS_JOB);
    harness.send({ type: 'play' });
    harness.send({ type: 'ack', frame: first.frame });
    await harness.nextSnapshot();
    const spy = setup.spy(['_fs_create', '_fs_destroy', '_fs_advance']);
    const seq = harness.send({ type: 'load', deviceJson: DEVICE_JSON, fioText: SHORT_JOB });
    await harness.next((m) => m.type === 'loaded' && m.seq === seq);
    const created = spy.of('_fs_create');
    expect(spy.calls.map((c) => c.name).slice(0, 2)).toEqual(['_fs_destroy', '_fs_create']);
    // The new drive is paused at 0: no slice advances any drive.
    await harness.advance(200);
    expect(spy.of('_fs_advance')).toEqual([]);
    expect(created).toHaveLength(1);
  });
});
