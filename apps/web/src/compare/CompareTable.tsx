// The compare table: one column per configuration, one row per metric
// (compareMetrics.ts). The better value of each row is marked by a class
// and says so in its title and to screen readers; every column after the
// first shows its difference from the first in per cent.

import { formatSimTime } from '../app/format';
import type { RunResult } from '../runs/resultJson';
import type { OutcomeStatus } from '../runs/runRecord';
import { compareRows, formatDelta } from './compareMetrics';

export interface TableColumn {
  label: string;
  color: string;
  result: RunResult | null;
  /** Shown under the label: running, stopped, or the error. */
  status: OutcomeStatus | 'running' | 'starting';
  error: string | null;
}

const STATUS_TEXT: Record<TableColumn['status'], string> = {
  starting: 'starting…',
  running: 'running…',
  done: 'finished',
  stopped: 'stopped',
  error: 'failed',
};

export function CompareTable({ columns }: { columns: readonly TableColumn[] }) {
  const rows = compareRows(columns.map((column) => column.result));
  return (
    <div className="compare-table-wrap">
      <table className="compare-table" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            {columns.map((column, index) => (
              <th key={index} scope="col" data-status={column.status}>
                <span className="compare-swatch" style={{ background: column.color }} aria-hidden />
                {column.label}
                <span className="compare-column-status" title={column.error ?? undefined}>
                  {STATUS_TEXT[column.status]}
                  {column.result && ` · ${formatSimTime(column.result.sim_time_ms * 1e6)}`}
                  {index === 0 && columns.length > 1 && ' · baseline'}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.metric.id} data-metric={row.metric.id}>
              <th scope="row">
                {row.metric.label}
                <span className="compare-direction">
                  {row.metric.better} is better
                  {row.perGbWritten && ' per GB written (the runs wrote different amounts)'}
                </span>
              </th>
              {row.values.map((value, index) => {
                const better = row.better[index];
                const delta = formatDelta(row.deltaPercent[index]);
                const perGb = row.perGbWritten?.[index] ?? null;
                return (
                  <td
                    key={index}
                    className={better ? 'compare-value better' : 'compare-value'}
                    data-value={value ?? ''}
                    title={
                      better
                        ? `better: the ${row.metric.better === 'lower' ? 'lowest' : 'highest'} ${row.metric.label}${row.perGbWritten ? ' per GB written' : ''}`
                        : undefined
                    }
                  >
                    <span className="compare-number">
                      {value === null ? '—' : row.metric.format(value)}
                    </span>
                    {perGb !== null && row.metric.perGbWritten && (
                      <span className="compare-per-gb" data-per-gb={perGb}>
                        {row.metric.perGbWritten.format(perGb)}
                      </span>
                    )}
                    {better && <span className="visually-hidden"> (better)</span>}
                    {delta && <span className="compare-delta">{delta}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
