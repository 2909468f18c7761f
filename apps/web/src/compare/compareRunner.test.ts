// The compare runner with stand-in workers: every column gets its own
// client, a failing configuration shows its error in its column while the
// others finish, and the whole run is saved once, as one record.

import { readFileSync } from 'node:fs';
import type { SerializedError, SnapshotMeta } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';
import { FakeSimClient } from '../app/testClient';
import type { RunRecord } from '../runs/runRecord';
import { EMPTY_DRAFT } from '../store/scenarioDraft';
import type { RunWorkload } from '../trace/currentWorkload';
import { configFromDraft, copyConfig, withChanges } from './compareConfig';
import { CompareRunner } from './compareRunner';
import { createCompareStore } from './compareStore';
import { coreSchema } from '../app/testCore';

const schema = coreSchema();

const greedyResult = readFileSync(new URL('./testdata/tiny-greedy.json', import.meta.url), 'utf8');

/** A worker stand-in: load either fails with `loadError` or succeeds; play finishes the run. */
class FakeClient extends FakeSimClient {
  resultText = greedyResult;

  constructor(
    loadError: SerializedError | null,
    /** False: the run goes on until paused (a long job the user stops). */
    private readonly finishes = true,
  ) {
    super();
    this.loadError = loadError;
  }

  play() {
    super.play();
    const meta = {
      sim_time_ns: 500_000_000,
      latency_cdf: [
        [100, 0.5],
        [900, 1],
      ],
      series: { t_ms: [10], iops: [1000], read_mbps: [1], write_mbps: [4], waf: [1.2] },
      slc: null,
    } as unknown as SnapshotMeta;
    queueMicrotask(() => {
      this.snapshot({ frame: 7, blocks: {} as never, meta });
      if (this.finishes) {
        this.status({ running: false, finished: true, simTimeNs: 1_000_955_256 });
      }
    });
  }
}

/** A runner whose n-th worker is clients[n]; it saves into `saved` under `savedId`. */
function runnerFor(
  store: ReturnType<typeof createCompareStore>,
  clients: FakeClient[],
  savedId: number,
  now?: () => number,
) {
  const saved: RunRecord[] = [];
  let created = 0;
  const runner = new CompareRunner(
    store,
    async () => clients[created++].asClient(),
    async (record) => {
      saved.push(record);
      return savedId;
    },
    now,
  );
  return { runner, saved, created: () => created };
}

const workload: RunWorkload = {
  kind: 'fio',
  label: 'job.fio',
  fioText: '[j]\nrw=randwrite\nruntime=1s\n',
  set: ['precondition.fill=0.9'],
};

describe('CompareRunner', () => {
  it('runs each configuration in its own worker; one failure stays in its column', async () => {
    const store = createCompareStore();
    const first = configFromDraft(
      { ...EMPTY_DRAFT, devicePresetId: 'tiny', deviceText: '{"cell": "slc"}' },
      schema,
      'c1',
    );
    const second = withChanges(copyConfig(first, 'c2'), {
      policy: { ...first.policy, gcVictim: 'fifo' },
    });
    const broken = withChanges(copyConfig(first, 'c3'), { overridesText: 'not an override' });
    const clients = [
      new FakeClient(null),
      new FakeClient({ kind: 'input', message: 'tiny.json: unknown key "gc.bogus" (from --set)' }),
    ];
    const { runner, saved, created } = runnerFor(store, clients, 41, () => 1_700_000_000_000);

    await runner.start([first, second, broken], workload, schema);

    // The broken overrides never reach a worker.
    expect(created()).toBe(2);
    expect(clients[0].loads[0].set).toEqual([
      'precondition.fill=0.9',
      'gc.victim=greedy',
      'gc.background=true',
      'scheduler=fifo',
    ]);
    expect(clients[1].loads[0].set).toContain('gc.victim=fifo');
    expect(clients[0].loads[0].deviceName).toBe('tiny.json');
    expect(clients[0].acks).toEqual([7]);
    expect(clients.every((client) => client.terminated)).toBe(true);

    const run = store.getState().run!;
    expect(store.getState().running).toBe(false);
    expect(run.savedId).toBe(41);
    expect(run.progress.map((column) => column.status)).toEqual(['done', 'error', 'error']);
    expect(run.progress[0].fraction).toBe(1);
    expect(run.progress[1].error).toBe('tiny.json: unknown key "gc.bogus" (from --set)');
    expect(run.progress[2].error).toBe('Overrides line 1: "not an override" is not key=value');

    expect(saved).toHaveLength(1);
    const record = saved[0];
    expect(record.kind).toBe('compare');
    // The broken column sends the same settings as the first (its line never
    // parsed): equal labels are told apart by position.
    expect(record.name).toBe('tiny · greedy (1) vs tiny · fifo vs tiny · greedy (3)');
    expect(record.createdAtMs).toBe(1_700_000_000_000);
    expect(record.workload).toEqual({
      kind: 'fio',
      label: 'job.fio',
      fioText: workload.fioText,
      set: ['precondition.fill=0.9'],
    });
    expect(record.outcomes[0].status).toBe('done');
    expect(record.outcomes[0].result?.waf).toBe(1.375352);
    expect(record.outcomes[0].latencyCdf).toEqual([
      [100, 0.5],
      [900, 1],
    ]);
    expect(record.outcomes[1]).toMatchObject({ status: 'error', result: null });
  });

  it('stop pauses every column and keeps its result so far', async () => {
    const store = createCompareStore();
    const config = configFromDraft({ ...EMPTY_DRAFT, deviceText: '{}' }, schema, 'c1');
    const clients = [new FakeClient(null, false), new FakeClient(null, false)];
    const { runner, saved } = runnerFor(store, clients, 1);
    const finished = runner.start([config, copyConfig(config, 'c2')], workload, schema);
    // Wait until both columns run (their first snapshot arrived), then stop.
    await new Promise<void>((resolve) => {
      const unsubscribe = store.subscribe((state) => {
        if (state.run?.progress.every((column) => column.simTimeNs > 0)) {
          unsubscribe();
          resolve();
        }
      });
    });
    expect(store.getState().run!.progress[0].fraction).toBeCloseTo(0.5); // 0.5 s of runtime=1s
    runner.stop();
    await finished;
    expect(clients.every((client) => client.calls.includes('pause') && client.terminated)).toBe(
      true,
    );
    expect(saved[0].outcomes.map((outcome) => outcome.status)).toEqual(['stopped', 'stopped']);
    expect(saved[0].outcomes[0].result?.waf).toBe(1.375352);
    expect(store.getState().run!.progress.map((column) => column.status)).toEqual([
      'stopped',
      'stopped',
    ]);
  });

  it('will not start without a workload to run', async () => {
    const store = createCompareStore();
    const config = configFromDraft({ ...EMPTY_DRAFT, deviceText: '{}' }, schema, 'c1');
    const runner = new CompareRunner(
      store,
      async () => {
        throw new Error('no worker expected');
      },
      async () => null,
    );
    await runner.start([config, copyConfig(config, 'c2')], { ...workload, fioText: '  ' }, schema);
    expect(store.getState().problem).toBe('job.fio: the fio job is empty');
    expect(store.getState().run).toBeNull();
  });
});
