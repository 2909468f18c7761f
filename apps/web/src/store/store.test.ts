import { describe, expect, it } from 'vitest';
import type { BlockArrays, Layout, SnapshotMeta } from '@flashscope/wasm/protocol';
import { createAppStore } from './index';
import type { Frame } from './simSlice';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const layout: Layout = {
  channels: 2,
  dies_per_channel: 1,
  planes_per_die: 1,
  blocks_per_plane: 4,
  blocks: 8,
  planes: 2,
  pages_per_block: 64,
  units_per_page: 1,
  units_per_block: 64,
  slc_units_per_block: 21, // TLC: 64 / 3
  unit_bytes: 4096,
  logical_bytes: 1_572_864,
  physical_bytes: 2_097_152,
};

function meta(overrides: Partial<SnapshotMeta> = {}): SnapshotMeta {
  const latency = { count: 0, mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 };
  return {
    frame: 1,
    sim_time_ns: 20_000_000,
    finished: false,
    waf: 1.5,
    free_blocks: 3,
    host_write_bytes: 0,
    nand_write_bytes: 0,
    gc_runs: 1,
    iops: 5000,
    read_mbps: 0,
    write_mbps: 20,
    latency_us: { read: latency, write: { ...latency, count: 10, p50: 800, p99: 1700 } },
    latency_cdf: [
      [100, 0.5],
      [1700, 1],
    ],
    erase_histogram: [8],
    erase_bin_width: 1,
    series: {
      t_ms: [10, 20],
      iops: [4000, 6000],
      read_mbps: [0, 0],
      write_mbps: [16, 24],
      lat_mean_us: [700, 710],
      lat_p50_us: [400, 410],
      lat_p99_us: [1600, 1700],
      free_blocks: [4, 3],
      gc_page_programs: [0, 38],
      host_write_bytes: [4096, 8192],
      nand_write_bytes: [4096, 12288],
      waf: [1, 1.5],
    },
    events: [
      { kind: 'gc_start', t_ms: 12, block: 5, valid_units: 38, background: false },
      {
        kind: 'gc_end',
        t_ms: 19,
        block: 5,
        units_moved: 38,
        duration_ms: 7,
        background: false,
      },
      { kind: 'stall', t_ms: 15, duration_ms: 2, during_gc: true },
    ],
    events_dropped: 0,
    ...overrides,
  };
}

function blocks(): BlockArrays {
  return {
    state: new Uint8Array(8),
    validUnits: new Uint32Array(8),
    eraseCount: new Uint32Array(8),
    writtenUnits: new Uint32Array(8),
    mode: new Uint8Array(8),
    frontiers: new Uint32Array(8).fill(0xffffffff),
    pageState: null,
  };
}

function frame(number: number, overrides: Partial<SnapshotMeta> = {}): Frame {
  return { frame: number, blocks: blocks(), meta: meta({ frame: number, ...overrides }) };
}

describe('sim slice', () => {
  it('starts empty and becomes ready with a layout, in a new run', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    expect(store.getState().sim.phase).toBe('starting');
    store.getState().sim.clientReady();
    store.getState().sim.loadStarted();
    expect(store.getState().sim.phase).toBe('loading');
    store.getState().sim.loaded(layout, { name: 'tiny' });
    const sim = store.getState().sim;
    expect(sim.phase).toBe('ready');
    expect(sim.layout?.blocks).toBe(8);
    expect(sim.runId).toBe(1);
    expect(sim.frame).toBeNull();
  });

  it('keeps frame arrays by reference and bumps versions; series and events accumulate', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    store.getState().sim.loaded(layout, {});
    const first = frame(1);
    store.getState().sim.frameArrived(first);
    let sim = store.getState().sim;
    expect(sim.frame).toBe(first);
    expect(sim.frame!.blocks.validUnits).toBe(first.blocks.validUnits);
    expect(sim.frameVersion).toBe(1);
    expect(sim.simTimeNs).toBe(20_000_000);
    expect(sim.series.length).toBe(2);
    expect(Array.from(sim.series.column('waf'))).toEqual([1, 1.5]);
    expect(sim.events.gc).toEqual([
      { start_ms: 12, end_ms: 19, block: 5, units_moved: 38, background: false },
    ]);
    expect(sim.events.stalls).toHaveLength(1);
    expect(sim.events.dropped).toBe(0);

    const series = sim.series;
    store.getState().sim.frameArrived(
      frame(2, {
        sim_time_ns: 40_000_000,
        series: { ...meta().series, t_ms: [30, 40] },
        events: [],
        events_dropped: 40,
      }),
    );
    sim = store.getState().sim;
    expect(sim.events.dropped).toBe(40);
    expect(sim.series).toBe(series); // appended in place, not copied
    expect(sim.series.length).toBe(4);
    expect(Array.from(sim.series.column('t_ms'))).toEqual([10, 20, 30, 40]);
    expect(sim.frameVersion).toBe(2);
    expect(sim.dataVersion).toBe(2);
  });

  it('a reset starts a new, empty run on the same layout', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    store.getState().sim.loaded(layout, {});
    store.getState().sim.frameArrived(frame(1));
    const before = store.getState().sim;
    store.getState().sim.runReset();
    const sim = store.getState().sim;
    expect(sim.runId).toBe(before.runId + 1);
    expect(sim.layout).toBe(before.layout);
    expect(sim.frame).toBeNull();
    expect(sim.series.length).toBe(0);
    expect(sim.events.gc).toHaveLength(0);
    expect(sim.simTimeNs).toBe(0);
  });

  it('a failed load clears the old run under the error and keeps the edits', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    store.getState().config.setOverprovision(0.2);
    store.getState().sim.loaded(layout, { cell: 'tlc' });
    store.getState().sim.frameArrived(frame(1));
    store.getState().sim.statusChanged({ running: true, finished: false, simTimeNs: 5 });
    expect(store.getState().sim.running).toBe(true);
    const runId = store.getState().sim.runId;
    store.getState().sim.loadStarted();
    store.getState().sim.loadFailed({
      kind: 'input',
      message: 'device.json:3: unknown key "bogus"',
      file: 'device.json',
      line: 3,
    });
    const sim = store.getState().sim;
    expect(sim.phase).toBe('idle');
    expect(sim.running).toBe(false);
    expect(sim.error?.message).toBe('device.json:3: unknown key "bogus"');
    // The old run's figures, charts and device view are gone, not shown under the error.
    expect(sim.layout).toBeNull();
    expect(sim.device).toBeNull();
    expect(sim.frame).toBeNull();
    expect(sim.series.length).toBe(0);
    expect(sim.simTimeNs).toBe(0);
    expect(sim.runId).toBe(runId + 1);
    // What the user typed is still there to fix.
    expect(store.getState().config.draft.overprovision).toBe(0.2);
    store.getState().sim.clearError();
    expect(store.getState().sim.error).toBeNull();
  });

  it('marks a run finished from a frame and keeps the chosen speed', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    store.getState().sim.loaded(layout, {});
    store.getState().sim.frameArrived(frame(1, { finished: true }));
    expect(store.getState().sim.finished).toBe(true);
    store.getState().sim.setSpeed('1s');
    expect(store.getState().sim.speedId).toBe('1s');
  });
});

describe('config slice', () => {
  const deviceText = '{"cell": "slc", "gc": {"victim": "fifo"}, "geometry": {"channels": 2}}';

  it('a device preset replaces the text and drops geometry overrides, keeping policies', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectDevicePreset('a', deviceText);
    config().setGeometry('channels', 4);
    config().setOverprovision(0.3);
    config().setPolicy({ gcVictim: 'random' });
    config().selectDevicePreset('b', '{"cell": "tlc"}');
    const draft = config().draft;
    expect(draft.devicePresetId).toBe('b');
    expect(draft.geometry).toEqual({});
    expect(draft.overprovision).toBeNull();
    expect(draft.policy).toEqual({ gcVictim: 'random' });
  });

  it('removes a geometry override set to undefined', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    store.getState().config.setGeometry('channels', 4);
    store.getState().config.setGeometry('channels', undefined);
    expect(store.getState().config.draft.geometry).toEqual({});
  });

  it('offers a restart only when a policy differs from the running one', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectDevicePreset('a', deviceText);
    config().setPolicy({ gcVictim: 'greedy' });
    expect(config().restartOffered).toBe(false); // nothing is running yet
    config().markApplied(config().draft);
    config().setPolicy({ gcVictim: 'cost_benefit' });
    expect(config().restartOffered).toBe(true);
    config().setPolicy({ gcVictim: 'greedy' }); // back to what runs
    expect(config().restartOffered).toBe(false);
    config().setPolicy({ scheduler: 'read_priority' });
    expect(config().restartOffered).toBe(true);
    config().dismissRestartOffer();
    expect(config().restartOffered).toBe(false);
    expect(config().draft.policy.scheduler).toBe('read_priority'); // Keep keeps the edit
  });

  it('a policy equal to the device text value is no change', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectDevicePreset('a', deviceText); // gc.victim fifo in the text
    config().markApplied(config().draft);
    config().setPolicy({ gcVictim: 'fifo' });
    expect(config().restartOffered).toBe(false);
  });

  it('a workload preset splits its precondition fill from its other overrides', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    store
      .getState()
      .config.selectWorkloadPreset('rw', '[job]\nrw=randwrite\n', [
        'precondition.fill=0.9',
        'gc.d_choices=4',
      ]);
    const draft = store.getState().config.draft;
    expect(draft.preconditionFill).toBe(0.9);
    expect(draft.workloadSet).toEqual(['gc.d_choices=4']);
    expect(draft.fioText).toContain('randwrite');
    store.getState().config.editFioText('');
    expect(store.getState().config.draft.fioText).toBe('');
  });

  it('a workload template replaces the job and keeps the fill and overrides it was sized with', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectWorkloadPreset('rw', '[job]\nrw=randwrite\n', [
      'precondition.fill=0.5',
      'gc.d_choices=4',
    ]);
    store.getState().traces.setMode('trace');
    config().applyWorkloadTemplate('[burst-1]\nrw=write\n');
    const draft = config().draft;
    expect(draft.fioText).toBe('[burst-1]\nrw=write\n');
    expect(draft.workloadPresetId).toBeNull();
    expect(draft.preconditionFill).toBe(0.5);
    expect(draft.workloadSet).toEqual(['gc.d_choices=4']);
    expect(store.getState().traces.mode).toBe('fio');
  });

  it('marking a draft applied withdraws the restart offer', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().markApplied(config().draft);
    config().setPolicy({ gcBackground: false });
    expect(config().restartOffered).toBe(true);
    config().markApplied(config().draft);
    expect(config().restartOffered).toBe(false);
    expect(config().applied).toBe(config().draft);
  });
});

describe('view slice', () => {
  it('switches colour mode and throughput unit', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    expect(store.getState().view.colorMode).toBe('valid');
    store.getState().view.setColorMode('erase');
    expect(store.getState().view.colorMode).toBe('erase');
    store.getState().view.setThroughputUnit('iops');
    expect(store.getState().view.throughputUnit).toBe('iops');
  });

  it('ignores a hover identical to the current one (no needless renders)', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    let notifications = 0;
    store.subscribe(() => notifications++);
    store.getState().view.setHover({ block: 3, unit: null, x: 10, y: 12 });
    store.getState().view.setHover({ block: 3, unit: null, x: 10, y: 12 });
    expect(notifications).toBe(1);
    store.getState().view.setHover(null);
    expect(store.getState().view.hover).toBeNull();
  });
});

describe('config slice and the SLC cache', () => {
  const qlc = '{"cell": "qlc", "slc_cache": {"static_bytes": 8388608, "when_full": "direct"}}';

  it('offers a restart when an SLC policy differs from the running one', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectDevicePreset('teaching-qlc-slc', qlc);
    config().markApplied(config().draft);
    config().setSlcPolicy({ whenFull: 'fold-then-write' });
    expect(config().restartOffered).toBe(true);
    config().setSlcPolicy({ whenFull: 'direct' }); // what the device text says
    expect(config().restartOffered).toBe(false);
  });

  it('a scenario replaces the draft; a preset chosen afterwards leaves the scenario', () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectScenario({
      ...config().draft,
      scenarioId: 'slc-cliff-fill50',
      deviceText: qlc,
      preconditionFill: 0.5,
    });
    expect(config().draft.scenarioId).toBe('slc-cliff-fill50');
    config().selectDevicePreset('tlc-8g', '{"cell": "tlc"}');
    expect(config().draft.scenarioId).toBeNull();
    expect(config().draft.preconditionFill).toBe(0.5); // the workload side stays
  });
});
