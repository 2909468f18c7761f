// Runs side by side: the label of what a device does about GC and suspend
// (its JSON under the --set overrides), a result reduced to the table's
// figures, the notes on what a comparison cannot show, and the runner's
// comparison of the five variants with stand-in workers.

import type { StabilityRequest } from '@flashscope/wasm/protocol';
import type { SimClient } from '@flashscope/wasm/client';
import { describe, expect, it } from 'vitest';
import {
  appendRun,
  comparisonNotes,
  controlsLabel,
  freshDriveNote,
  lowestRows,
  runControlsOf,
  summarizeRun,
  type StabilityRunSummary,
} from './stabilityRuns';
import type { StabilityResult } from './stabilityResult';
import { StabilityRunner } from './stabilityRunner';
import { createStabilityStore, settingsFrom } from './stabilityStore';
import { coreEffectiveDevice, coreResolveFio, coreStabilityDefaults } from '../app/testCore';

/** The variants `flashscope stability --compare` runs, as the core lists them. */
const STANDARD_VARIANTS = coreStabilityDefaults().variants;

/** A stability store with the core's defaults loaded, as the app has once its worker answered. */
function loadedStore() {
  const store = createStabilityStore();
  store.getState().defaultsLoaded(coreStabilityDefaults());
  return store;
}

/** The controls the core reads from a device under overrides. */
const controlsOf = (device: string, set: string[] = []) =>
  runControlsOf(coreEffectiveDevice(device, set));

// A 5 % GC reserve needs more spare than the default 7 % over-provisioning
// leaves on 128-block planes (the core's minimum is 0.076).
const TINY = JSON.stringify({
  cell: 'slc',
  geometry: { blocks_per_plane: 128 },
  overprovision: 0.1,
  gc: { victim: 'greedy', free_block_threshold: 0.05 },
});

/** A result with the figures the table reads; rounds 2-6 are the window. */
function result(figures: { cv: number; readP999: number; writeP999: number; waf: number }) {
  const rounds = [1, 2, 3, 4, 5, 6].map((round) => ({
    round,
    start_ms: round * 10,
    end_ms: round * 10 + 10,
    iops: 5000,
    read_iops: 3500,
    write_iops: 1500,
    read_p99_us: 1,
    read_p999_us: 1,
    write_p99_us: 1,
    write_p999_us: 1,
    // FOB round 1 has no GC: it must not count.
    waf: round === 1 ? 1 : figures.waf,
    in_window: round >= 2,
  }));
  const latency = (p999: number) => ({
    count: 10,
    mean: 1,
    p50: 1,
    p99: 1,
    p999,
    p9999: p999,
    max: p999,
  });
  return {
    device: 'tiny',
    workload: 'stability:default',
    user_capacity_bytes: 1,
    precondition: { pattern: '', bytes: 2, end_ms: 10, waf: 1 },
    rounds,
    steady_state: {
      reached: true,
      round: 6,
      window: [2, 6],
      window_ms: [20, 70],
      mean_iops: 5000,
      range_fraction: 0.05,
      slope_excursion_fraction: 0.01,
      range_ok: true,
      slope_ok: true,
      window_rounds: 5,
      max_range_fraction: 0.2,
      max_slope_excursion_fraction: 0.1,
    },
    // The core's mean of the window rounds' WAF (rounds 2-6).
    window_waf: figures.waf,
    cv: figures.cv,
    consistency: 0.5,
    iops_intervals: {
      interval_ms: 10,
      samples: 5,
      mean: 4990,
      stddev: 100,
      consistency_dropped: 0,
      consistency_min: 2500,
    },
    qos: {
      read_limit_us: 1000,
      write_limit_us: 200,
      percentile: null,
      statistic: 'mean',
      pass: figures.readP999 < 1000,
      read_us: 500,
      write_us: 50,
      read_pass: true,
      write_pass: true,
    },
    latency_us: { read: latency(figures.readP999), write: latency(figures.writeP999) },
    series: { interval_ms: 10, t_ms: [], iops: [], round: [], in_window: [] },
  } satisfies StabilityResult;
}

describe('the controls of a run and their label', () => {
  it("reads the core's effective device: the JSON, then the overrides in order, over its defaults", () => {
    expect(controlsLabel(controlsOf('{}')!)).toBe('greedy GC · bg GC · no suspend');
    const controls = controlsOf(TINY, [
      'gc.victim=cost_benefit',
      'gc.background=false',
      'suspend.program=true',
      'scheduler=read_priority',
      'gc.background=true', // a later override wins
    ]);
    expect(controls).toMatchObject({
      gcVictim: 'cost_benefit',
      gcBackground: true,
      suspendProgram: true,
      suspendErase: false,
      blocksPerPlane: 128,
    });
    expect(controlsLabel(controls!)).toBe(
      'cost-benefit GC · bg GC · program suspend · read priority',
    );
  });

  it('labels each standard variant differently whatever the device says', () => {
    const device = JSON.stringify({ gc: { victim: 'fifo', background: false } });
    const labels = STANDARD_VARIANTS.map((v) => controlsLabel(controlsOf(device, v.overrides)!));
    expect(labels).toEqual([
      'greedy GC · bg GC · no suspend',
      'cost-benefit GC · bg GC · no suspend',
      'greedy GC · no bg GC · no suspend',
      'greedy GC · bg GC · P/E suspend',
      'greedy GC · bg GC · no suspend · paced GC',
    ]);
  });

  it('has no controls for a device the core cannot read', () => {
    expect(controlsOf('{ not json')).toBeNull();
  });
});

describe('summaries', () => {
  it("reduces a result to the table figures; WAF is the result's window_waf", () => {
    const r = result({ cv: 0.25, readP999: 12648.4, writeP999: 15663.1, waf: 4 });
    const meta = { id: 3, label: 'x', deviceLabel: 'd', workloadLabel: 'w', createdAtMs: 0 };
    expect(summarizeRun(r, meta)).toEqual({
      ...meta,
      rounds: 6,
      steadyRound: 6,
      meanIops: 4990,
      cv: 0.25,
      consistency: 0.5,
      readP999Us: 12648.4,
      writeP999Us: 15663.1,
      windowWaf: 4,
      qosPass: false,
    });
    const notSteady = { ...r, steady_state: { ...r.steady_state, reached: false, round: null } };
    expect(summarizeRun(notSteady, meta).steadyRound).toBeNull();
    expect(summarizeRun({ ...r, window_waf: null }, meta).windowWaf).toBeNull();
  });

  it('keeps the newest runs and marks every row holding the lowest value', () => {
    const run = (id: number, cv: number | null) => ({ id, cv }) as StabilityRunSummary;
    let history: StabilityRunSummary[] = [];
    for (let id = 1; id <= 5; id++) history = appendRun(history, run(id, id % 2), 3);
    expect(history.map((r) => r.id)).toEqual([3, 4, 5]);
    expect([...lowestRows(history, (r) => r.cv)]).toEqual([4]);
    const tied = [run(1, 0.2), run(2, null), run(3, 0.2)];
    expect([...lowestRows(tied, (r) => r.cv)]).toEqual([1, 3]);
    expect(lowestRows([run(1, null)], (r) => r.cv).size).toBe(0);
  });
});

describe('what a comparison cannot show', () => {
  it('notes runs that all measured a drive doing no GC in the window', () => {
    const run = (windowWaf: number | null) => ({ windowWaf }) as StabilityRunSummary;
    expect(freshDriveNote([run(1), run(1.02)])).toMatch(/window WAF near 1/);
    expect(freshDriveNote([run(1), run(4.1)])).toBeNull();
    // A run that wrote nothing has no WAF: not a fresh drive's.
    expect(freshDriveNote([run(1), run(null)])).toBeNull();
    expect(freshDriveNote([])).toBeNull();
  });

  it("takes the GC reserves from the core's geometry (layout.cpp's rounding)", () => {
    // 5 % of 128 blocks: 7 for both (the teaching drive's free_block_threshold).
    expect(controlsOf(TINY)).toMatchObject({ gcReserveBlocks: 7, gcBackgroundReserveBlocks: 7 });
    // Defaults: 2 % -> 3, 5 % -> 7; 32 blocks per plane: both 2.
    expect(controlsOf('{}')).toMatchObject({ gcReserveBlocks: 3, gcBackgroundReserveBlocks: 7 });
    expect(controlsOf('{"geometry": {"blocks_per_plane": 32}}')).toMatchObject({
      gcReserveBlocks: 2,
      gcBackgroundReserveBlocks: 2,
    });
  });

  it('notes a closed-loop measurement, equal reserves, a paced one without random preconditioning', () => {
    const notes = comparisonNotes(controlsOf(TINY), true, 2);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/closed-loop/);
    expect(notes[1]).toMatch(/same 7 free blocks per plane/);
    // The default random preconditioning (2x, seed 001) is enough for a paced job.
    expect(comparisonNotes(controlsOf('{}'), false, 2)).toEqual([]);
    const paced = comparisonNotes(controlsOf('{}'), false, 0);
    // Nothing is said about what the core could not tell.
    expect(comparisonNotes(null, null, 0)).toEqual([]);
    expect(paced).toHaveLength(1);
    expect(paced[0]).toMatch(/no random preconditioning/);
    expect(comparisonNotes(controlsOf('{}'), false, 1)).toEqual([]);
  });
});

/** A worker stand-in whose result depends on the overrides it ran with. */
class FakeStabilityClient {
  requests: StabilityRequest[] = [];
  terminated = false;

  constructor(private readonly fail = false) {}

  asClient(): SimClient {
    return this as unknown as SimClient;
  }

  effectiveDevice(deviceText: string, overrides: string[]) {
    return Promise.resolve(coreEffectiveDevice(deviceText, overrides));
  }

  resolveFio(deviceText: string, fioText: string, overrides: string[]) {
    return Promise.resolve(coreResolveFio(deviceText, fioText, overrides));
  }

  async runStability(request: StabilityRequest): Promise<string> {
    this.requests.push(request);
    if (this.fail) throw new Error('tiny.json: unknown key');
    const suspend = request.set?.includes('suspend.program=true') ?? false;
    const costBenefit = request.set?.includes('gc.victim=cost_benefit') ?? false;
    return JSON.stringify(
      result({
        cv: suspend ? 0.8 : 0.28,
        readP999: suspend ? 5000 : 12600,
        writeP999: 15000,
        waf: costBenefit ? 5 : 4,
      }),
    );
  }

  terminate() {
    this.terminated = true;
  }
}

const input = {
  request: { deviceJson: TINY, fioText: '', set: ['precondition.fill=0'] },
  deviceLabel: 'teaching-slc-tiny',
  workloadLabel: '4 KiB random 70/30, QD32',
};

describe('the stability store', () => {
  it("starts from the core's defaults once they load, keeping settings already made", () => {
    const store = createStabilityStore();
    expect(store.getState().settings).toBeNull();
    store.getState().setSettings({ roundsMax: 7 }); // nothing to change yet
    const defaults = coreStabilityDefaults();
    store.getState().defaultsLoaded(defaults);
    expect(store.getState().settings).toEqual(settingsFrom(defaults));
    // Seed 001's QoS limits and two passes of random writes, from the core.
    expect(store.getState().settings).toMatchObject({
      qosReadUs: 1000,
      qosWriteUs: 200,
      randomPrecondition: 2,
    });
    store.getState().setSettings({ roundsMax: 7 });
    store.getState().defaultsLoaded(defaults);
    expect(store.getState().settings?.roundsMax).toBe(7);
  });

  it('compares nothing before the defaults (and their variants) have loaded', async () => {
    const store = createStabilityStore();
    let created = 0;
    const runner = new StabilityRunner(store, async () => {
      created++;
      return new FakeStabilityClient().asClient();
    });
    await runner.compare(input);
    expect(created).toBe(0);
    expect(store.getState().comparison).toBeNull();
  });
});

describe('StabilityRunner history and comparison', () => {
  it('keeps each finished run in the history, labelled by its controls', async () => {
    const store = loadedStore();
    const runner = new StabilityRunner(store, async () => new FakeStabilityClient().asClient());
    await runner.start(input);
    await runner.start({
      ...input,
      request: { ...input.request, set: ['suspend.program=true', 'suspend.erase=true'] },
    });
    const history = store.getState().history;
    expect(history.map((r) => [r.id, r.label, r.readP999Us])).toEqual([
      [1, 'greedy GC · bg GC · no suspend', 12600],
      [2, 'greedy GC · bg GC · P/E suspend', 5000],
    ]);
    expect(store.getState().test?.controlsLabel).toBe('greedy GC · bg GC · P/E suspend');
  });

  it('runs the five variants after the input overrides, one worker each', async () => {
    const store = loadedStore();
    const clients: FakeStabilityClient[] = [];
    const runner = new StabilityRunner(store, async () => {
      clients.push(new FakeStabilityClient());
      return clients[clients.length - 1].asClient();
    });
    await runner.compare(input);
    // The first worker only reads the device and the job for the notes.
    expect(clients).toHaveLength(6);
    expect(clients[0].requests).toEqual([]);
    expect(clients.every((c) => c.terminated)).toBe(true);
    expect(clients.slice(1).map((c) => c.requests[0].set)).toEqual(
      STANDARD_VARIANTS.map((v) => ['precondition.fill=0', ...v.overrides]),
    );
    const { history, comparison } = store.getState();
    expect(history.map((r) => r.label)).toEqual([
      'greedy GC · bg GC · no suspend',
      'cost-benefit GC · bg GC · no suspend',
      'greedy GC · no bg GC · no suspend',
      'greedy GC · bg GC · P/E suspend',
      'greedy GC · bg GC · no suspend · paced GC',
    ]);
    expect(history.map((r) => r.windowWaf)).toEqual([4, 5, 4, 4, 4]);
    expect(comparison?.done).toBe(5);
    expect(comparison?.total).toBe(5);
    // The default round is closed-loop, and the teaching drive's reserves are equal.
    expect(comparison?.notes).toHaveLength(2);
  });

  it("asks the core whether the panel's job is paced", async () => {
    const store = loadedStore();
    const runner = new StabilityRunner(store, async () => new FakeStabilityClient().asClient());
    const paced = '[a]\nrw=randrw\nbs=4k\niodepth=32\nrate_iops=1000\nruntime=1s\n';
    await runner.compare({ ...input, request: { ...input.request, fioText: paced } });
    const notes = store.getState().comparison?.notes ?? [];
    expect(notes.some((note) => /closed-loop/.test(note))).toBe(false);
    expect(notes.some((note) => /same 7 free blocks/.test(note))).toBe(true);
  });

  it('stops the comparison at a variant that fails', async () => {
    const store = loadedStore();
    let created = 0;
    // Worker 1 reads the notes, 2 runs the baseline, 3 fails.
    const runner = new StabilityRunner(store, async () =>
      new FakeStabilityClient(++created === 3).asClient(),
    );
    await runner.compare(input);
    expect(created).toBe(3);
    expect(store.getState().history).toHaveLength(1);
    expect(store.getState().comparison?.done).toBe(1);
    expect(store.getState().test?.status).toBe('error');
  });
});
