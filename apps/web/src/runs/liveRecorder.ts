// Saves every live run that finishes: it watches the app store's sim slice
// (a run id whose `finished` turns true, once per run id) and asks the
// session for the result JSON (SimSession.result; useLiveRecorder installs
// the recorder for the app). What ran is read from config.applied (the
// draft the run was loaded with), not from the draft being edited, and the
// trace from traces.applied; a trace's bytes are never stored.

import { effectivePolicy } from '../config/deviceValues';
import { deviceFileName, deviceOverridesOf } from '../config/scenario';
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

/** What the recorder needs of the live run: its result JSON (SimSession.result). */
export interface ResultSource {
  result(): Promise<string>;
}

/** The live run's configuration as saved (one config). */
export function liveConfig(state: AppState): SavedConfig | null {
  const { applied, schema } = state.config;
  if (!applied || !schema) return null;
  const device = applied.devicePresetId ?? applied.scenarioId ?? 'device';
  return {
    label: `${device} · ${effectivePolicy(applied, schema).gcVictim}`,
    deviceName: deviceFileName(applied),
    deviceText: applied.deviceText,
    set: deviceOverridesOf(applied, schema),
  };
}

/**
 * Starts watching `store`; returns the unsubscribe function. `save` gets
 * each record; failures to fetch a result skip that run (a run replaced
 * before its result arrived has nothing left to save).
 */
export function installLiveRecorder(
  store: AppStore,
  source: ResultSource,
  save: (record: RunRecord) => Promise<unknown>,
  now: () => number = Date.now,
): () => void {
  let lastRecordedRunId = -1;
  return store.subscribe((state) => {
    const { sim } = state;
    if (!sim.finished || sim.runId === lastRecordedRunId) return;
    lastRecordedRunId = sim.runId;
    const config = liveConfig(state);
    if (!config || !state.config.applied) return;
    const workload = savedWorkload(
      workloadOf(state.config.applied, state.traces.applied ?? state.traces),
    );
    const runId = sim.runId;
    void (async () => {
      let result: RunResult;
      try {
        result = parseRunResult(await source.result());
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
