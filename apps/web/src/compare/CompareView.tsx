// The what-if compare: the workload of the panel on the left (a fio job or
// a trace) on 2–4 configurations at once, one worker each, as fast as they
// go; then the table of differences and the overlaid charts. The first two
// configurations start as the panel's device, so changing one thing in the
// second is the quickest what-if.

import { useEffect, useMemo, type CSSProperties } from 'react';
import { deviceFileName } from '../config/scenario';
import { RUN_RECORD_VERSION, recordName, type RunRecord } from '../runs/runRecord';
import { appStore, useAppStore } from '../store';
import { SweepPanel } from '../sweep/SweepPanel';
import { currentWorkload, workloadOf } from '../trace/currentWorkload';
import { MAX_COMPARE_CONFIGS, MIN_COMPARE_CONFIGS } from './compareConfig';
import { configColor } from './compareColors';
import { compareRunner } from './compareRunner';
import { compareStore, useCompare, type CompareRun } from './compareStore';
import { ConfigEditor } from './ConfigEditor';
import { RunResults } from './RunResults';
import './compare.css';

/** The finished run as a record (what its export buttons save), or null while it runs. */
function recordOf(run: CompareRun, running: boolean): RunRecord | null {
  if (running || run.outcomes.some((outcome) => outcome === null)) return null;
  return {
    version: RUN_RECORD_VERSION,
    id: run.savedId ?? undefined,
    kind: 'compare',
    name: recordName('compare', run.configs),
    createdAtMs: run.createdAtMs,
    workload: run.workload,
    configs: run.configs,
    outcomes: run.outcomes.map((outcome) => outcome!),
  };
}

export function CompareView() {
  const configs = useCompare((state) => state.configs);
  const run = useCompare((state) => state.run);
  const running = useCompare((state) => state.running);
  const problem = useCompare((state) => state.problem);
  const draft = useAppStore((state) => state.config.draft);
  const applied = useAppStore((state) => state.config.applied);
  const traces = useAppStore((state) => state.traces);
  const schema = useAppStore((state) => state.config.schema);
  const workload = useMemo(() => workloadOf(draft, traces), [draft, traces]);
  const record = useMemo(() => (run ? recordOf(run, running) : null), [run, running]);

  // The first time there is a device in the panel: its run's device, twice.
  useEffect(() => {
    const panel = applied ?? draft;
    if (panel.deviceText.trim() === '' || schema === null) return;
    compareStore.getState().initialise(panel, schema, deviceFileName(panel));
  }, [applied, draft, schema]);

  const startRun = () => {
    const state = compareStore.getState();
    void compareRunner.start(
      state.configs,
      currentWorkload(appStore.getState()),
      appStore.getState().config.schema!,
    );
  };

  return (
    <div className="compare-view" data-testid="compare-view">
      <section className="card compare-intro">
        <header className="card-header">
          <div>
            <h2>What-if compare</h2>
            <p className="card-subtitle">
              The same workload on {MIN_COMPARE_CONFIGS}–{MAX_COMPARE_CONFIGS} configurations at
              once, each in its own worker, as fast as it runs
            </p>
          </div>
          <div className="compare-actions">
            <button
              type="button"
              data-testid="compare-add"
              disabled={running || configs.length >= MAX_COMPARE_CONFIGS}
              onClick={() => compareStore.getState().add()}
            >
              + Add configuration
            </button>
            {running ? (
              <button type="button" data-testid="compare-stop" onClick={() => compareRunner.stop()}>
                ■ Stop
              </button>
            ) : (
              <button
                type="button"
                className="primary"
                data-testid="compare-run"
                disabled={configs.length < MIN_COMPARE_CONFIGS}
                onClick={startRun}
              >
                ▶ Run compare
              </button>
            )}
          </div>
        </header>
        <p className="compare-workload" data-testid="compare-workload">
          Workload: <strong>{workload.label}</strong>{' '}
          {workload.kind === 'trace' ? '(trace file)' : workload.kind === 'fio' ? '(fio job)' : ''}
          {workload.set.length > 0 && (
            <span className="field-note"> · {workload.set.join(', ')}</span>
          )}
          <span className="field-note"> — set it in the Workload section on the left.</span>
        </p>
        {problem && (
          <p className="compare-problem" role="alert" data-testid="compare-problem">
            {problem}
          </p>
        )}
      </section>
      <div className="compare-configs" style={{ '--columns': configs.length } as CSSProperties}>
        {configs.map((config, index) => {
          const column = run ? run.configIds.indexOf(config.id) : -1;
          return (
            <ConfigEditor
              key={config.id}
              config={config}
              index={index}
              color={configColor(index)}
              canRemove={configs.length > MIN_COMPARE_CONFIGS}
              locked={running}
              progress={run && column >= 0 ? run.progress[column] : null}
            />
          );
        })}
      </div>
      {run && <RunResults run={run} record={record} />}
      <SweepPanel />
    </div>
  );
}
