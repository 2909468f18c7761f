import { describe, expect, it } from 'vitest';
import type { SnapshotFrame } from '@flashscope/wasm/client';
import type { Layout, SnapshotMeta } from '@flashscope/wasm/protocol';
import { createAppStore } from '../store';
import { EMPTY_DRAFT, type ScenarioDraft } from '../store/scenarioDraft';
import { TPCC_SUMMARY } from '../trace/testSummary';
import { SimSession } from './simSession';
import { FakeSimClient } from './testClient';

const layout = { blocks: 8, blocks_per_plane: 4, units_per_block: 64 } as Layout;

class FakeClient extends FakeSimClient {
  layout = layout;
  resultText = '{"sim_time_ms": 12.5}';
}

function frame(number: number, simTimeNs: number): SnapshotFrame {
  const meta = {
    frame: number,
    sim_time_ns: simTimeNs,
    finished: false,
    series: { t_ms: [] },
    events: [],
  } as unknown as SnapshotMeta;
  return { frame: number, blocks: {} as SnapshotFrame['blocks'], meta };
}

const draft: ScenarioDraft = {
  ...EMPTY_DRAFT,
  devicePresetId: 'teaching-slc-tiny',
  deviceText: '{"cell": "slc"}',
  workloadPresetId: 'randwrite-4k',
  fioText: '[job]\nrw=randwrite\n',
  preconditionFill: 0.9,
};

async function started() {
  const store = createAppStore();
  const client = new FakeClient();
  const session = new SimSession(store, async () => client.asClient());
  expect(await session.start()).toBe(true);
  return { store, client, session };
}

describe('SimSession', () => {
  it('sets the default speed on start and loads and plays a draft', async () => {
    const { store, client, session } = await started();
    expect(client.speeds).toEqual([{ kind: 'rate', simNsPerSecond: 100_000_000 }]);
    expect(await session.apply(draft, true)).toBe(true);
    expect(client.loads[0].set).toEqual(['precondition.fill=0.9']);
    expect(client.calls).toEqual(['play']);
    expect(store.getState().sim.phase).toBe('ready');
    expect(store.getState().config.applied).toBe(draft);
  });

  it('sends a speed chosen while the worker was still starting', async () => {
    // The speed select is usable before the core's schema arrives; a choice
    // made then must reach the worker, or the run plays at the default pace
    // while the select says "As fast as possible".
    let schemaArrives!: () => void;
    const schemaAsked = new Promise<void>((resolve) => (schemaArrives = resolve));
    class SlowSchemaClient extends FakeClient {
      override async deviceSchema() {
        await schemaAsked;
        return super.deviceSchema();
      }
    }
    const store = createAppStore();
    const client = new SlowSchemaClient();
    const session = new SimSession(store, async () => client.asClient());
    const starting = session.start();
    await Promise.resolve();
    await Promise.resolve();
    session.setSpeed('max');
    schemaArrives();
    expect(await starting).toBe(true);
    expect(store.getState().sim.speedId).toBe('max');
    expect(client.speeds.at(-1)).toEqual({ kind: 'max' });
  });

  it('does not reach the worker with a draft that fails the quick checks', async () => {
    const { store, client, session } = await started();
    expect(await session.apply({ ...draft, deviceText: '{"cell": ' }, true)).toBe(false);
    expect(client.loads).toHaveLength(0);
    expect(store.getState().sim.error?.message).toMatch(/teaching-slc-tiny\.json: not valid JSON/);
  });

  it('shows the simulator error with its file and line and keeps the draft', async () => {
    const { store, client, session } = await started();
    store.getState().config.editFioText(draft.fioText);
    client.loadError = {
      kind: 'input',
      message: 'randwrite-4k.fio:2: unknown option "rww"',
      file: 'randwrite-4k.fio',
      line: 2,
    };
    expect(await session.apply(draft, true)).toBe(false);
    const { sim, config } = store.getState();
    expect(sim.error).toMatchObject({ kind: 'input', line: 2 });
    expect(sim.error?.message).toBe('randwrite-4k.fio:2: unknown option "rww"');
    expect(sim.phase).toBe('idle');
    expect(config.draft.fioText).toBe(draft.fioText);
    expect(client.calls).toEqual([]);
  });

  it('a failed restart clears the old run under the error; the edits stay', async () => {
    const { store, client, session } = await started();
    expect(await session.apply(draft, true)).toBe(true);
    client.snapshot(frame(1, 5e6));
    expect(store.getState().sim.frame).not.toBeNull();
    const edited = { ...draft, overprovision: 0.3 };
    store.getState().config.selectScenario(edited);
    client.loadError = { kind: 'input', message: 'device.json: overprovision too low' };
    expect(await session.apply(edited, true)).toBe(false);
    const { sim, config } = store.getState();
    expect(sim.error?.message).toBe('device.json: overprovision too low');
    // No key figures, charts or device view of the old run under the error.
    expect(sim.frame).toBeNull();
    expect(sim.layout).toBeNull();
    expect(sim.series.length).toBe(0);
    expect(config.draft.overprovision).toBe(0.3);
  });

  it("loads the core's device schema once at start, for the form", async () => {
    const { store } = await started();
    expect(store.getState().config.schema?.properties?.gc).toBeDefined();
  });

  it('passes frames to the store and acks drawn ones', async () => {
    const { store, client, session } = await started();
    await session.apply(draft, false);
    client.snapshot(frame(7, 1_000_000));
    expect(store.getState().sim.frame?.frame).toBe(7);
    expect(client.acks).toEqual([]); // the device view acks after drawing
    session.ackFrame(7);
    expect(client.acks).toEqual([7]);
  });

  it('drops and acks the old run frames that arrive after a reset was asked for', async () => {
    const { store, client, session } = await started();
    await session.apply(draft, true);
    client.snapshot(frame(1, 50_000_000));
    const resetting = session.reset();
    expect(store.getState().sim.frame).toBeNull();
    client.snapshot(frame(2, 60_000_000)); // the old run, still in flight
    expect(store.getState().sim.frame).toBeNull();
    expect(client.acks).toEqual([2]);
    client.snapshot(frame(3, 0)); // the new run at time 0
    expect(store.getState().sim.frame?.frame).toBe(3);
    client.resolveReset();
    await resetting;
  });

  it('commands only a loaded run, and reports worker errors', async () => {
    const { store, client, session } = await started();
    session.play();
    expect(client.calls).toEqual([]);
    await session.apply(draft, false);
    session.pause();
    session.step();
    session.setSpeed('max');
    expect(client.calls).toEqual(['pause', 'step']);
    expect(client.speeds.at(-1)).toEqual({ kind: 'max' });
    expect(store.getState().sim.speedId).toBe('max');
    client.error({ kind: 'internal', message: 'advance failed' });
    expect(store.getState().sim.error?.message).toBe('advance failed');
  });

  it('gives the run result of its worker, and none before it started', async () => {
    const store = createAppStore();
    const idle = new SimSession(store, async () => new FakeClient().asClient());
    await expect(idle.result()).rejects.toThrow('not running');
    const { session } = await started();
    expect(await session.result()).toBe('{"sim_time_ms": 12.5}');
  });

  it('reports a worker that cannot start', async () => {
    const store = createAppStore();
    const session = new SimSession(store, async () => {
      throw new Error('no WebAssembly');
    });
    expect(await session.start()).toBe(false);
    expect(store.getState().sim.error?.message).toBe(
      'The simulator could not start: no WebAssembly',
    );
    expect(store.getState().sim.phase).toBe('idle');
  });

  it('replays the accepted trace file in trace mode, with the fill level and no fio text', async () => {
    const { store, client, session } = await started();
    const { traces } = store.getState();
    traces.setMode('trace');
    expect(await session.apply(draft, false)).toBe(false);
    expect(store.getState().sim.error?.message).toMatch(/Choose a trace file/);
    expect(client.loads).toHaveLength(0);

    const file = new Blob(['938513000 4 264719034 16 0\n']);
    traces.inspectionStarted(1, { file, name: 'mqsim_tpcc-small.trace', sizeBytes: 27 });
    traces.inspectionFinished(1, TPCC_SUMMARY);
    store.getState().traces.setOptions({ queue_depth: 16 });
    expect(await session.apply({ ...draft, fioText: '' }, true)).toBe(true);
    const request = client.loads[0];
    expect(request.fioText).toBe('');
    expect(request.trace).toEqual({
      file,
      name: 'mqsim_tpcc-small.trace',
      options: { queue_depth: 16 },
    });
    expect(request.workloadName).toBe('mqsim_tpcc-small.trace');
    expect(request.set).toEqual(['precondition.fill=0.9']);
    expect(client.calls).toEqual(['play']);
    // The run remembers the trace choice it was loaded with.
    expect(store.getState().traces.applied).toMatchObject({
      mode: 'trace',
      options: { queue_depth: 16 },
    });
    expect(store.getState().traces.applied?.file?.file).toBe(file);
  });

  it('keeps the trace replay progress of the latest frame', async () => {
    const { store, client, session } = await started();
    await session.apply(draft, false);
    const withTrace = frame(4, 2_000_000);
    withTrace.meta.trace = { bytes_read: 97_395, size_bytes: 194_790, requests: 3500 };
    client.snapshot(withTrace);
    expect(store.getState().sim.traceReplay).toEqual({
      bytes_read: 97_395,
      size_bytes: 194_790,
      requests: 3500,
    });
    await session.apply(draft, false);
    expect(store.getState().sim.traceReplay).toBeNull();
  });
});
