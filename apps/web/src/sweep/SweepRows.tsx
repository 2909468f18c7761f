// The sweep's rows under its chart: each point's settings, volume, the
// chosen metric and its status; a failed row is marked with its error.
// Long sweeps (a fleet of volumes) list the failed rows and the first rows
// up to a bound, and say how many are left out (nothing grows with a run).

import { format } from 'd3';
import { metricInfo } from './sweepMetrics';
import type { SweepResults } from './sweepResults';
import { listedRows } from './sweepStats';

export function SweepRows({ results, metric }: { results: SweepResults; metric: string }) {
  const rows = listedRows(results);
  const values = results.values[metric];
  const fmt = format('~g');
  const unit = metricInfo(metric).unit;
  return (
    <div className="compare-table-wrap">
      <table className="compare-table sweep-table" data-testid="sweep-table">
        <thead>
          <tr>
            <th scope="col">Point</th>
            {results.volume && <th scope="col">volume</th>}
            {results.swept.map((key) => (
              <th key={key} scope="col">
                {key}
              </th>
            ))}
            <th scope="col" title={unit}>
              {metric}
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const failed = results.status[row] !== 'ok';
            const value = values?.[row];
            return (
              <tr
                key={row}
                data-testid="sweep-row"
                data-status={results.status[row]}
                className={failed ? 'sweep-failed' : undefined}
              >
                <th scope="row">{results.point[row]}</th>
                {results.volume && <td>{results.volume[row] ?? '—'}</td>}
                {results.swept.map((key) => (
                  <td key={key}>{String(results.settings[key][row] ?? '—')}</td>
                ))}
                <td data-value={value === undefined || Number.isNaN(value) ? undefined : value}>
                  {value === undefined || Number.isNaN(value) ? '—' : fmt(value)}
                </td>
                <td className="sweep-status">
                  {failed
                    ? `${results.status[row]}: ${results.error[row] ?? 'no error recorded'}`
                    : 'ok'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length < results.rows && (
        <p className="field-note sweep-more">
          {rows.length} of {results.rows} rows listed (every failed one); the chart draws them all.
        </p>
      )}
    </div>
  );
}
