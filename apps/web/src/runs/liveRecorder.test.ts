// The live recorder on a real app store: a run that finishes is saved once,
// with the configuration it was loaded with (not later edits), the workload
// and the worker's result JSON (a real CLI result, see compare/testdata).

import { readFileSync } from 'node:fs';
import type { Layout, SnapshotMeta } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../store';
import { installLiveRecorder } from './liveRecorder';
import type { RunRecord } from './runRecord';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const result = readFileSync(
  new URL('../compare/testdata/tiny-greedy.json', import.meta.url),
  'utf8',
);

function finishedFrame(frame: number) {
  return {
    frame,
    blocks: {} as never,
    meta: {
      frame,
      sim_time_ns: 1_000_955_256,
      finished: true,
      latency_cdf: [
        [1.2, 0.4],
        [2482.96, 1],
      ],
      series: { t_ms: [] },
      events: [],
      events_dropped: 0,
    } as unknown as SnapshotMeta,
  };
}

describe('live recorder', () => {
  it('saves each finished run once, as it was applied', async () => {
    const store = createAppStore();
    store.getState().config.schemaLoaded(schema);
    const config = () => store.getState().config;
    config().selectDevicePreset('teaching-slc-tiny', '{"cell": "slc"}');
    config().selectWorkloadPreset('randwrite-4k', '[job]\nrw=randwrite\n', [
      'precondition.fill=0.9',
    ]);
    config().setPolicy({ gcVictim: 'fifo' });
    config().markApplied(config().draft);
    const saved: RunRecord[] = [];
    let results = 0;
    const client = {
      result: async () => {
        results++;
        return result;
      },
    };
    let done!: () => void;
    const stored = new Promise<void>((resolve) => (done = resolve));
    installLiveRecorder(
      store,
      client,
      async (record) => {
        saved.push(record);
        done();
      },
      () => 1234,
    );

    store.getState().sim.loaded({ blocks: 256 } as Layout, {});
    // An edit after Apply is not what ran.
    config().setPolicy({ gcVictim: 'random' });
    store.getState().sim.frameArrived(finishedFrame(1));
    store.getState().sim.frameArrived(finishedFrame(2)); // still the same run
    await stored;

    expect(results).toBe(1);
    expect(saved).toHaveLength(1);
    const record = saved[0];
    expect(record.kind).toBe('live');
    expect(record.name).toBe('teaching-slc-tiny · fifo');
    expect(record.createdAtMs).toBe(1234);
    expect(record.configs[0]).toEqual({
      label: 'teaching-slc-tiny · fifo',
      deviceName: 'teaching-slc-tiny.json',
      deviceText: '{"cell": "slc"}',
      set: ['gc.victim=fifo'],
    });
    expect(record.workload).toEqual({
      kind: 'fio',
      label: 'randwrite-4k.fio',
      fioText: '[job]\nrw=randwrite\n',
      set: ['precondition.fill=0.9'],
    });
    expect(record.outcomes[0].result?.waf).toBe(1.375352);
    expect(record.outcomes[0].result?.nand.block_erases).toBe(64);
    expect(record.outcomes[0].latencyCdf).toEqual([
      [1.2, 0.4],
      [2482.96, 1],
    ]);
  });
});
