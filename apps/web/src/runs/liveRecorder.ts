// Saves every live run that finishes: it watches the app store's sim slice
// (a run id whose `finished` turns true, once per run id) and asks the live
// worker for the result JSON. What ran is read from config.applied (the
// draft the run was loaded with), not from the draft being edited, and the
// trace from the traces slice; a trace's bytes are never stored.

import type { SimClient } from '@flashscope/wasm/client';
import { deviceFileName, deviceOverridesOf, effectivePolicy } from '../config/scenario';
import type { AppState, AppStore } from '../store';
import { workloadOf } from '../trace/currentWorkload';
import { parseRunResult, type RunResult } from './resultJson';
import {
  RUN_RECORD_VERSION,
  outcomeFromResult,
  recordName,
  savedWorkload,
  type RunRecord,
  type SavedConfig,
} from './runRecord';

/** What the recorder needs of the live worker. */
export interface ResultSource {
  result(): Promise<string>;
}

/**
 * Wraps the live session's client factory so the recorder can reach the
 * client the session runs on (SimSession keeps it private). The session
 * also makes short-lived trace-inspection clients with the same factory;
 * the run's client is the one asked for first (SimSession.start, once at
 * startup), so that is the one kept. A SimSession.result() would make this
 * handle unnecessary.
 */
export class LiveClientHandle {
  private client: SimClient | null = null;
  private calls = 0;

  constructor(private readonly create: () => Promise<SimClient>) {}

  readonly factory = (): Promise<SimClient> => {
    const created = this.create();
    // The first call, not the first to resolve: an inspection started meanwhile may be quicker.
    if (this.calls++ === 0) {
      created.then(
        (client) => (this.client = client),
        () => {},
      );
    }
    return created;
  };

  readonly source = (): ResultSource | null => this.client;
}

/** The live run's configuration as saved (one config). */
export function liveConfig(state: AppState): SavedConfig | null {
  const applied = state.config.applied;
  if (!applied) return null;
  const device = applied.devicePresetId ?? applied.scenarioId ?? 'device';
  return {
    label: `${device} · ${effectivePolicy(applied).gcVictim}`,
    deviceName: deviceFileName(applied),
    deviceText: applied.deviceText,
    set: deviceOverridesOf(applied),
  };
}

/**
 * Starts watching `store`; returns the unsubscribe function. `save` gets
 * each record; failures to fetch a result skip that run (a run replaced
 * before its result arrived has nothing left to save).
 */
export function installLiveRecorder(
  store: AppStore,
  source: () => ResultSource | null,
  save: (record: RunRecord) => Promise<unknown>,
  now: () => number = Date.now,
): () => void {
  let lastRecordedRunId = -1;
  return store.subscribe((state) => {
    const { sim } = state;
    if (!sim.finished || sim.runId === lastRecordedRunId) return;
    lastRecordedRunId = sim.runId;
    const config = liveConfig(state);
    const client = source();
    if (!config || !client || !state.config.applied) return;
    const workload = savedWorkload(workloadOf(state.config.applied, state.traces));
    const runId = sim.runId;
    void (async () => {
      let result: RunResult;
      try {
        result = parseRunResult(await client.result());
      } catch {
        return;
      }
      const current = store.getState().sim;
      // Another run loaded meanwhile: the worker's result is no longer this run's.
      if (current.runId !== runId) return;
      const record: RunRecord = {
        version: RUN_RECORD_VERSION,
        kind: 'live',
        name: recordName('live', [config]),
        createdAtMs: now(),
        workload,
        configs: [config],
        outcomes: [outcomeFromResult(result, current.frame?.meta.latency_cdf ?? [], 'done')],
      };
      await save(record);
    })();
  });
}
