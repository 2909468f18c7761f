// The compare view's sweep panel: open a sweep's results.parquet (decoded
// in a worker), then plot any of its metrics against any swept setting, the
// volumes of a per-volume sweep as a distribution, and list its rows. A
// file it cannot read says so here, by name; nothing else in the app
// changes (a running simulation keeps running).

import { metricInfo } from './sweepMetrics';
import { SweepChart } from './SweepChart';
import { SweepRows } from './SweepRows';
import { sweepStore, useSweep } from './sweepStore';
import './sweep.css';

export function SweepPanel() {
  const results = useSweep((state) => state.results);
  const opening = useSweep((state) => state.opening);
  const error = useSweep((state) => state.error);
  const metric = useSweep((state) => state.metric);
  const setting = useSweep((state) => state.setting);
  const failed = results ? results.status.filter((status) => status !== 'ok').length : 0;

  return (
    <section className="card sweep-panel" aria-label="Sweep results">
      <header className="card-header">
        <div>
          <h2>Sweep results</h2>
          <p className="card-subtitle">
            The results.parquet a <code>flashscope sweep</code> wrote: any metric against any swept
            setting, a per-volume sweep&apos;s volumes as a distribution
          </p>
        </div>
        <label className="sweep-open">
          <span>Open sweep results (.parquet)</span>
          <input
            type="file"
            accept=".parquet"
            data-testid="sweep-open"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file chosen again (rewritten by a resumed sweep) must be read again.
              event.target.value = '';
              if (file) void sweepStore.getState().open(file);
            }}
          />
        </label>
      </header>
      {opening && (
        <p className="field-note" data-testid="sweep-opening">
          Reading {opening}…
        </p>
      )}
      {error && (
        <p className="compare-problem" role="alert" data-testid="sweep-error">
          {error}
        </p>
      )}
      {results && (
        <div className="sweep-view" data-testid="sweep-view" data-file={results.fileName}>
          <p className="field-note sweep-summary">
            <strong>{results.fileName}</strong>: {results.rows} points
            {results.volume ? ', per volume' : ''}
            {failed > 0 ? `, ${failed} failed` : ''}; swept{' '}
            {results.swept.length > 0 ? results.swept.join(', ') : 'volumes only'}
          </p>
          <div className="sweep-choices">
            <label>
              Metric{' '}
              <select
                data-testid="sweep-metric"
                value={metric}
                onChange={(event) => sweepStore.getState().choose({ metric: event.target.value })}
              >
                {results.metrics.map((name) => (
                  <option key={name} value={name}>
                    {name} — {metricInfo(name).label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Setting{' '}
              <select
                data-testid="sweep-setting"
                value={setting}
                disabled={results.swept.length === 0}
                onChange={(event) => sweepStore.getState().choose({ setting: event.target.value })}
              >
                {results.swept.length === 0 && <option value="">(none: volumes only)</option>}
                {results.swept.map((key) => (
                  <option key={key} value={key}>
                    {key}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {results.metrics.length === 0 ? (
            <p className="field-note">No metric column of this sweep has a value.</p>
          ) : (
            <SweepChart results={results} metric={metric} setting={setting} />
          )}
          <SweepRows results={results} metric={metric} />
        </div>
      )}
    </section>
  );
}
