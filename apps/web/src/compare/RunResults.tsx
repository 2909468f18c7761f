// A run's results as the compare and saved-runs views show them: the
// export buttons, the compare table and the overlaid charts. Columns still
// running draw from their live series; finished ones from their outcome.

import { useMemo } from 'react';
import { ExportButtons } from '../export/ExportButtons';
import { distinctLabels } from '../runs/runLabels';
import type { RunOutcome, RunRecord, SavedConfig } from '../runs/runRecord';
import { CompareCharts, seriesSource, type ChartColumn } from './CompareCharts';
import { configColor } from './compareColors';
import type { ColumnProgress, LiveColumn } from './compareStore';
import { CompareTable, type TableColumn } from './CompareTable';
import { partialWritesNote } from './partialWrites';
import { unwrittenReadsNote } from './unwrittenReads';

export interface ShownRun {
  configs: readonly SavedConfig[];
  outcomes: ReadonlyArray<RunOutcome | null>;
  /** A running compare's live data (absent for a saved run). */
  live?: readonly LiveColumn[];
  progress?: readonly ColumnProgress[];
  version: number;
}

export function RunResults({
  run,
  record,
  chartTestIdPrefix,
}: {
  run: ShownRun;
  /** What the export buttons save; null until the run has ended. */
  record: RunRecord | null;
  chartTestIdPrefix?: string;
}) {
  const { configs, outcomes, live, progress, version } = run;
  // Saved before labels were made distinct, a run may still hold equal ones.
  const labels = useMemo(() => distinctLabels(configs), [configs]);
  const tableColumns: TableColumn[] = configs.map((_config, index) => {
    const outcome = outcomes[index];
    const status = outcome?.status ?? progress?.[index]?.status ?? 'running';
    return {
      label: labels[index],
      color: configColor(index),
      result: outcome?.result ?? null,
      status,
      error: outcome?.error ?? progress?.[index]?.error ?? null,
    };
  });
  const unwrittenNote = unwrittenReadsNote(tableColumns);
  const partialNote = partialWritesNote(tableColumns);
  const chartColumns = useMemo<ChartColumn[]>(
    () =>
      configs.map((_config, index) => {
        const outcome = outcomes[index];
        const running = live?.[index];
        const stored = outcome?.series ? seriesSource(outcome.series) : null;
        return {
          key: `c${index}`,
          label: labels[index],
          color: configColor(index),
          series: stored ?? running?.series ?? null,
          latencyCdf: outcome?.latencyCdf.length ? outcome.latencyCdf : (running?.latencyCdf ?? []),
          hasSlcCache:
            Boolean(outcome?.result?.slc) ||
            Boolean(outcome?.series?.slc_used_bytes) ||
            Boolean(running?.hasSlcCache),
        };
      }),
    [configs, outcomes, live, labels],
  );

  return (
    <div className="run-results">
      <div className="run-results-bar">
        <h3>Results</h3>
        <ExportButtons record={record} />
      </div>
      <CompareTable columns={tableColumns} />
      {unwrittenNote && (
        <p className="field-note" data-testid="unwritten-reads-note">
          {unwrittenNote}
        </p>
      )}
      {partialNote && (
        <p className="field-note" data-testid="partial-writes-note">
          {partialNote}
        </p>
      )}
      <CompareCharts columns={chartColumns} version={version} testIdPrefix={chartTestIdPrefix} />
    </div>
  );
}
