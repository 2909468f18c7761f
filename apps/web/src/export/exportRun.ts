// A shown run (live or compare, saved or just finished) as files: JSON with
// the configurations and their result objects, and CSV with one row per
// compared metric and a column per configuration, followed by the chart
// series in long form (one row per configuration and time). Pure: the
// buttons (ExportButtons.tsx) only download what these return.

import { COMPARE_METRICS } from '../compare/compareMetrics';
import type { RunRecord, RunSeries } from '../runs/runRecord';

/** Identifies an export file; bumped if its shape changes. */
export const RUN_EXPORT_FORMAT = 'flashscope-run';
export const RUN_EXPORT_VERSION = 1;

/** The JSON export: JSON.stringify writes NaN (a series gap) as null. */
export function runToJson(record: RunRecord): string {
  return `${JSON.stringify(
    {
      format: RUN_EXPORT_FORMAT,
      version: RUN_EXPORT_VERSION,
      name: record.name,
      kind: record.kind,
      created: new Date(record.createdAtMs).toISOString(),
      workload: record.workload,
      configs: record.configs.map((config, index) => {
        const outcome = record.outcomes[index];
        return {
          ...config,
          status: outcome?.status ?? 'error',
          error: outcome?.error ?? null,
          result: outcome?.result ?? null,
          series: outcome?.series ?? null,
          latency_cdf: outcome?.latencyCdf ?? [],
        };
      }),
    },
    null,
    2,
  )}\n`;
}

/** RFC 4180 quoting: fields with a comma, quote, line break or edge space are quoted. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvRow(fields: ReadonlyArray<string | number | null | undefined>): string {
  return fields.map(csvField).join(',');
}

const SERIES_COLUMNS: ReadonlyArray<keyof RunSeries> = [
  't_ms',
  'read_mbps',
  'write_mbps',
  'iops',
  'waf',
  'slc_used_bytes',
  'slc_capacity_bytes',
];

export function runToCsv(record: RunRecord): string {
  const results = record.outcomes.map((outcome) => outcome?.result ?? null);
  const lines = [
    csvRow(['metric', 'unit', ...record.configs.map((config) => config.label)]),
    csvRow(['status', '', ...record.outcomes.map((outcome) => outcome?.status ?? 'error')]),
    csvRow(['sim_time_ms', 'ms', ...results.map((result) => result?.sim_time_ms ?? null)]),
    ...COMPARE_METRICS.map((metric) =>
      csvRow([
        metric.id,
        metric.unit,
        ...results.map((result) => (result ? metric.value(result) : null)),
      ]),
    ),
    '',
    csvRow(['config', ...SERIES_COLUMNS]),
  ];
  record.outcomes.forEach((outcome, index) => {
    const series = outcome?.series;
    if (!series) return;
    for (let row = 0; row < series.t_ms.length; row++) {
      lines.push(
        csvRow([record.configs[index].label, ...SERIES_COLUMNS.map((key) => series[key]?.[row])]),
      );
    }
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** "flashscope-greedy-vs-fifo-2025-01-31-1405.csv": safe on every file system. */
export function exportFileName(record: Pick<RunRecord, 'name' | 'createdAtMs'>, extension: string) {
  const slug =
    record.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'run';
  const date = new Date(record.createdAtMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(
    date.getHours(),
  )}${pad(date.getMinutes())}`;
  return `flashscope-${slug}-${stamp}.${extension}`;
}
