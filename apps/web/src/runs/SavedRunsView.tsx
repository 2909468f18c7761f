// Saved runs: every finished live run and compare, kept in this browser
// (IndexedDB), newest first, with their key figures; one can be opened —
// its table and charts drawn from the stored data — exported or deleted.

import { useEffect } from 'react';
import { formatBytes, formatCount, formatSimTime, formatWaf } from '../app/format';
import { RunResults } from '../compare/RunResults';
import '../compare/compare.css';
import { workloadText } from './runLabels';
import { recordFigures, type RunRecord } from './runRecord';
import { savedRuns, useSavedRuns } from './savedRunsStore';

function formatDate(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function SavedRunsView() {
  const runs = useSavedRuns((state) => state.runs);
  const loaded = useSavedRuns((state) => state.loaded);
  const error = useSavedRuns((state) => state.error);
  const openedId = useSavedRuns((state) => state.openedId);
  const opened = runs.find((run) => run.id === openedId) ?? null;

  useEffect(() => {
    void savedRuns.getState().refresh();
  }, []);

  return (
    <div className="saved-runs-view">
      <section className="card">
        <header className="card-header">
          <div>
            <h2>Saved runs</h2>
            <p className="card-subtitle">
              Every finished live run and every compare, kept in this browser (traces by name and
              summary only)
            </p>
          </div>
        </header>
        {error && (
          <p className="compare-problem" role="alert">
            {error}
          </p>
        )}
        <ul className="saved-runs" data-testid="saved-runs" aria-busy={!loaded}>
          {loaded && runs.length === 0 && (
            <li className="saved-runs-empty field-note">
              No saved runs yet: a live run that finishes and every compare are saved here.
            </li>
          )}
          {runs.map((run) => (
            <SavedRunItem key={run.id} run={run} opened={run.id === openedId} />
          ))}
        </ul>
      </section>
      {opened && <SavedRunDetail run={opened} />}
    </div>
  );
}

function SavedRunItem({ run, opened }: { run: RunRecord; opened: boolean }) {
  const figures = recordFigures(run);
  return (
    <li
      className={opened ? 'saved-run opened' : 'saved-run'}
      data-testid="saved-run"
      data-run-id={run.id}
      data-kind={run.kind}
    >
      <div className="saved-run-main">
        <div className="saved-run-title">
          <span className={`saved-run-kind ${run.kind}`}>
            {run.kind === 'compare' ? 'Compare' : 'Live'}
          </span>
          <strong className="saved-run-name">{run.name}</strong>
          <time className="saved-run-date" dateTime={new Date(run.createdAtMs).toISOString()}>
            {formatDate(run.createdAtMs)}
          </time>
        </div>
        <div className="saved-run-workload">{workloadText(run.workload)}</div>
        <div className="saved-run-figures">
          {figures.map((figure, index) => (
            <span key={index} className="saved-run-figure" data-status={figure.status}>
              {run.kind === 'compare' && <span className="figure-config">{figure.label}: </span>}
              {figure.status === 'error'
                ? 'failed'
                : `WAF ${formatWaf(figure.waf)} · ${
                    figure.iops === null ? '—' : formatCount(figure.iops)
                  } IOPS · ${figure.simTimeMs === null ? '—' : formatSimTime(figure.simTimeMs * 1e6)}`}
              {figure.status === 'stopped' && ' (stopped)'}
            </span>
          ))}
        </div>
      </div>
      <div className="saved-run-actions">
        <button
          type="button"
          data-testid="saved-run-open"
          className={opened ? 'pressed' : undefined}
          onClick={() => savedRuns.getState().open(opened ? null : (run.id ?? null))}
        >
          {opened ? 'Close' : 'Open'}
        </button>
        <button
          type="button"
          className="quiet"
          data-testid="saved-run-delete"
          aria-label={`Delete ${run.name}`}
          onClick={() => run.id !== undefined && void savedRuns.getState().remove(run.id)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

function SavedRunDetail({ run }: { run: RunRecord }) {
  const summary = run.workload.trace?.summary;
  return (
    <section className="card saved-run-detail" data-testid="saved-run-detail">
      <header className="card-header">
        <div>
          <h2>{run.name}</h2>
          <p className="card-subtitle">
            {formatDate(run.createdAtMs)} · {workloadText(run.workload)}
          </p>
        </div>
      </header>
      <details className="saved-run-config">
        <summary>Configuration{run.configs.length > 1 ? 's' : ''} and workload</summary>
        <div className="saved-run-config-grid">
          {run.configs.map((config, index) => (
            <div key={index}>
              <strong>{config.label}</strong>
              <div className="field-note">
                {config.deviceName}
                {config.set.length > 0 && ` · ${config.set.join(' ')}`}
              </div>
              {run.outcomes[index]?.error && (
                <code className="error-message compare-error">{run.outcomes[index].error}</code>
              )}
            </div>
          ))}
          <div>
            <strong>Workload</strong>
            {run.workload.set.length > 0 && (
              <div className="field-note">{run.workload.set.join(' ')}</div>
            )}
            {run.workload.kind === 'fio' ? (
              <pre className="saved-run-fio">{run.workload.fioText}</pre>
            ) : run.workload.kind === 'generator' ? (
              <pre className="saved-run-fio">{JSON.stringify(run.workload.generator, null, 2)}</pre>
            ) : (
              summary && (
                <div className="field-note">
                  {summary.requests.toLocaleString('en')} requests ({summary.reads} reads,{' '}
                  {summary.writes} writes), {formatBytes(summary.read_bytes + summary.write_bytes)},
                  footprint {formatBytes(summary.footprint_bytes)}, {summary.duration_s.toFixed(1)}{' '}
                  s
                </div>
              )
            )}
          </div>
        </div>
      </details>
      <RunResults
        run={{ configs: run.configs, outcomes: run.outcomes, version: 0 }}
        record={run}
        chartTestIdPrefix="saved-chart"
      />
    </section>
  );
}
