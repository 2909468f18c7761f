// The compare table's rows: which figures of each result JSON are compared,
// which direction is better, which column holds the better value, and each
// column's difference from the first (the baseline) in per cent. Pure, so
// the table, the CSV export and the tests share one definition.

import { formatBytes, formatCount, formatLatencyUs } from '../app/format';
import { runIops, type RunResult } from '../runs/resultJson';

export type Better = 'lower' | 'higher';

export interface CompareMetric {
  /** Stable key: CSV rows and data-metric attributes use it. */
  id: string;
  label: string;
  /** Unit of the raw value, as the CSV states it. */
  unit: 'ratio' | 'us' | 'iops' | 'count' | 'bytes';
  better: Better;
  /** null when the result has no such figure (e.g. no reads completed). */
  value(result: RunResult): number | null;
  format(value: number): string;
  /**
   * A total that grows with what the host wrote (erases, bytes moved): where
   * the runs wrote different amounts it is compared per GB written, so the
   * run that simply wrote less does not win.
   */
  perGbWritten?: { format(value: number): string };
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A latency percentile, or null when no request of that kind completed. */
function latency(op: 'read' | 'write', key: 'p50' | 'p99' | 'p999') {
  return (result: RunResult): number | null => {
    const summary = result.latency_us?.[op];
    return summary && summary.count > 0 ? finite(summary[key]) : null;
  };
}

const formatWaf = (value: number) => value.toFixed(3);
const formatWhole = (value: number) => Math.round(value).toLocaleString('en');
const formatPerGb = (value: number) => value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2);

export const COMPARE_METRICS: readonly CompareMetric[] = [
  {
    id: 'waf',
    label: 'WAF',
    unit: 'ratio',
    better: 'lower',
    value: (result) => finite(result.waf),
    format: formatWaf,
  },
  ...(['read', 'write'] as const).flatMap((op) =>
    (
      [
        ['p50', 'p50'],
        ['p99', 'p99'],
        ['p999', 'p99.9'],
      ] as const
    ).map(([key, name]): CompareMetric => ({
      id: `${op}_${key}_us`,
      label: `${op === 'read' ? 'Read' : 'Write'} ${name} latency`,
      unit: 'us',
      better: 'lower',
      value: latency(op, key),
      format: formatLatencyUs,
    })),
  ),
  {
    id: 'iops',
    label: 'IOPS (run average)',
    unit: 'iops',
    better: 'higher',
    value: runIops,
    format: formatCount,
  },
  {
    id: 'block_erases',
    label: 'Block erases',
    unit: 'count',
    better: 'lower',
    value: (result) => finite(result.nand?.block_erases),
    format: formatWhole,
    perGbWritten: { format: (value) => `${formatPerGb(value)} / GB written` },
  },
  {
    id: 'gc_bytes',
    label: 'GC bytes moved',
    unit: 'bytes',
    better: 'lower',
    // The core's bytes (units x the drive's unit size); "—" for a result
    // of an older core, which had only the units.
    value: (result) => finite(result.gc?.bytes_moved),
    format: formatBytes,
    perGbWritten: { format: (value) => `${formatBytes(value)} / GB written` },
  },
  {
    // A drive without an SLC cache migrates nothing: 0, not "unknown".
    id: 'migration_bytes',
    label: 'SLC migration bytes',
    unit: 'bytes',
    better: 'lower',
    value: (result) => (result.slc ? finite(result.slc.migration_bytes) : 0),
    format: formatBytes,
    perGbWritten: { format: (value) => `${formatBytes(value)} / GB written` },
  },
];

export interface CompareRow {
  metric: CompareMetric;
  /** One per column; null where the column has no result or no such figure. */
  values: Array<number | null>;
  /** True where the column holds the better value (never when all values are equal). */
  better: boolean[];
  /** Per cent difference from the first column; null for the first and where undefined. */
  deltaPercent: Array<number | null>;
  /**
   * Set when the runs wrote different amounts and the metric grows with them:
   * each column's value per GB (10^9 bytes) the host wrote. `better` and
   * `deltaPercent` are then computed on these, not on the totals.
   */
  perGbWritten: Array<number | null> | null;
}

/** Host writes closer than this (relative) count as the same amount written. */
const SAME_WRITTEN_TOLERANCE = 0.01;

/** Host bytes written per column, or null when they are all (nearly) the same. */
export function writtenDiffers(results: ReadonlyArray<RunResult | null>): number[] | null {
  const written = results.map((result) => finite(result?.host?.write_bytes) ?? 0);
  const present = written.filter((bytes) => bytes > 0);
  if (present.length < 2) return null;
  const most = Math.max(...present);
  const least = Math.min(...present);
  return most - least > SAME_WRITTEN_TOLERANCE * most ? written : null;
}

/** Values closer than this (relative) count as equal: no column is "better". */
const EQUAL_TOLERANCE = 1e-9;

function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= EQUAL_TOLERANCE * Math.max(Math.abs(a), Math.abs(b), 1e-300);
}

/** Marks the best value(s) of a row; nothing when fewer than two differ. */
export function markBetter(values: ReadonlyArray<number | null>, better: Better): boolean[] {
  const present = values.filter((value): value is number => value !== null);
  const marks = values.map(() => false);
  if (present.length < 2) return marks;
  const best = better === 'lower' ? Math.min(...present) : Math.max(...present);
  if (present.every((value) => nearlyEqual(value, best))) return marks;
  return values.map((value) => value !== null && nearlyEqual(value, best));
}

/** (value − first) / first in per cent; null when either is missing or the first is 0. */
export function deltaPercent(value: number | null, first: number | null): number | null {
  if (value === null || first === null || first === 0) return null;
  return ((value - first) / Math.abs(first)) * 100;
}

export function compareRows(results: ReadonlyArray<RunResult | null>): CompareRow[] {
  const written = writtenDiffers(results);
  return COMPARE_METRICS.map((metric) => {
    const values = results.map((result) => (result ? metric.value(result) : null));
    const perGb =
      written && metric.perGbWritten
        ? values.map((value, index) =>
            value === null || !(written[index] > 0) ? null : value / (written[index] / 1e9),
          )
        : null;
    const judged = perGb ?? values;
    return {
      metric,
      values,
      better: markBetter(judged, metric.better),
      deltaPercent: judged.map((value, index) =>
        index === 0 ? null : deltaPercent(value, judged[0]),
      ),
      perGbWritten: perGb,
    };
  });
}

/** "+5.2 %", "−3.1 %", "±0 %" (a real minus sign, one decimal under 10 %). */
export function formatDelta(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return '';
  const magnitude = Math.abs(percent);
  const digits = magnitude < 10 ? 1 : 0;
  if (Number(magnitude.toFixed(digits)) === 0) return '±0 %';
  return `${percent > 0 ? '+' : '−'}${magnitude.toFixed(digits)} %`;
}
