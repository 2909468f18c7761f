// What the sweep chart draws, worked out from the decoded columns: the x
// categories (a swept setting's values, in the spec's order, numbers
// sorted), the series (the combinations of the other swept settings), and
// per category and series either the one point's value or, for a
// per-volume sweep, the distribution over volumes (median, quartiles, p90,
// min, max). Failed rows and rows without the metric are left out here; the
// table lists them.

import { ascending, quantileSorted } from 'd3';
import type { SettingValue, SweepResults } from './sweepResults';

export interface Distribution {
  count: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  p90: number;
  max: number;
}

/**
 * The q-quantile (0..1) of ascending `sorted` values: d3's, interpolated
 * linearly between closest ranks (numpy's and pandas' default, so a summary
 * printed by the Python sweep and this chart agree).
 */
function quantile(sorted: number[], q: number): number {
  return quantileSorted(sorted, q) ?? Number.NaN;
}

export function distributionOf(values: readonly number[]): Distribution {
  // The marks' values: no NaN (sweepPlot leaves those rows out).
  const sorted = [...values].sort(ascending);
  return {
    count: sorted.length,
    min: sorted[0] ?? Number.NaN,
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
    p90: quantile(sorted, 0.9),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** The list of values the spec gives `key` (a property named so, holding a list), if any. */
export function specValues(spec: unknown, key: string): unknown[] | null {
  if (spec === null || typeof spec !== 'object') return null;
  if (Array.isArray(spec)) {
    for (const item of spec) {
      const found = specValues(item, key);
      if (found) return found;
    }
    return null;
  }
  const record = spec as Record<string, unknown>;
  if (Array.isArray(record[key])) return record[key];
  for (const value of Object.values(record)) {
    const found = specValues(value, key);
    if (found) return found;
  }
  return null;
}

/** `key`'s distinct values: numbers ascending; names in the spec's order, then as first met. */
export function settingOrder(results: SweepResults, key: string): SettingValue[] {
  const present = [
    ...new Set(results.settings[key].filter((value): value is SettingValue => value !== null)),
  ];
  if (present.every((value) => typeof value === 'number')) {
    return (present as number[]).sort((a, b) => a - b);
  }
  const listed = (specValues(results.spec, key) ?? []).map((value) => String(value));
  const rank = (value: SettingValue) => {
    const index = listed.indexOf(String(value));
    return index < 0 ? listed.length + present.indexOf(value) : index;
  };
  return present.sort((a, b) => rank(a) - rank(b));
}

export interface SweepMark {
  row: number;
  value: number;
}

export interface SweepCell {
  category: number;
  series: number;
  marks: SweepMark[];
  /** Over the marks' values (a per-volume sweep's volumes), null for one mark without volumes. */
  distribution: Distribution | null;
}

export interface SweepSeries {
  label: string;
  /** The other swept settings' values this series holds. */
  settings: Record<string, SettingValue>;
}

export interface SweepPlot {
  categories: SettingValue[];
  series: SweepSeries[];
  cells: SweepCell[];
  perVolume: boolean;
}

/** The x category of a sweep with no swept setting (volumes only). */
export const ALL_POINTS = 'all points';

export function seriesLabel(settings: Record<string, SettingValue>): string {
  const parts = Object.entries(settings).map(([key, value]) => `${key}=${value}`);
  return parts.length > 0 ? parts.join(' · ') : ALL_POINTS;
}

/**
 * The chart of `metric` against `setting` (a swept key; any other name puts
 * every row in one category): ok rows with a value, grouped by x and series.
 */
export function sweepPlot(results: SweepResults, setting: string, metric: string): SweepPlot {
  const column =
    results.settings[setting] ?? new Array<SettingValue>(results.rows).fill(ALL_POINTS);
  const categories = setting in results.settings ? settingOrder(results, setting) : [ALL_POINTS];
  const others = results.swept.filter((key) => key !== setting);
  const orders = new Map(others.map((key) => [key, settingOrder(results, key)]));
  const values = results.values[metric];
  const groups = new Map<string, { settings: Record<string, SettingValue>; rows: number[] }>();
  for (let row = 0; row < results.rows; row++) {
    if (results.status[row] !== 'ok' || !values || Number.isNaN(values[row])) continue;
    if (column[row] === null) continue;
    const settings: Record<string, SettingValue> = {};
    for (const key of others) {
      const value = results.settings[key][row];
      if (value !== null) settings[key] = value;
    }
    const id = JSON.stringify(others.map((key) => settings[key] ?? null));
    const group = groups.get(id) ?? { settings, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  // Series in the other settings' own orders (the first key varying slowest).
  const rankOf = (settings: Record<string, SettingValue>) =>
    others.map((key) => orders.get(key)!.indexOf(settings[key]));
  const sorted = [...groups.values()].sort((a, b) => {
    const [ra, rb] = [rankOf(a.settings), rankOf(b.settings)];
    const differing = ra.findIndex((rank, index) => rank !== rb[index]);
    return differing < 0 ? 0 : ra[differing] - rb[differing];
  });
  const perVolume = results.volume !== null;
  const cells: SweepCell[] = [];
  sorted.forEach((group, series) => {
    categories.forEach((categoryValue, category) => {
      const marks = group.rows
        .filter((row) => column[row] === categoryValue)
        .map((row) => ({ row, value: values[row] }));
      if (marks.length === 0) return;
      const distribution =
        perVolume || marks.length > 1 ? distributionOf(marks.map((mark) => mark.value)) : null;
      cells.push({ category, series, marks, distribution });
    });
  });
  return {
    categories,
    series: sorted.map((group) => ({
      label: seriesLabel(group.settings),
      settings: group.settings,
    })),
    cells,
    perVolume,
  };
}

/** A row's settings as one line (the hover text): every swept key, and the volume. */
export function rowSettings(results: SweepResults, row: number): string {
  const parts = results.swept.map((key) => `${key}=${results.settings[key][row] ?? '—'}`);
  if (results.volume) parts.push(`volume=${results.volume[row] ?? '—'}`);
  return parts.join(' · ');
}

/** How many rows the table lists at most (a fleet sweep has thousands). */
export const MAX_LISTED_ROWS = 500;

/** The rows listed: every failed one, then the first others, in file order. */
export function listedRows(results: SweepResults, limit = MAX_LISTED_ROWS): number[] {
  const failed = new Set<number>();
  results.status.forEach((status, row) => {
    if (status !== 'ok') failed.add(row);
  });
  const rows: number[] = [];
  let others = Math.max(0, limit - failed.size);
  for (let row = 0; row < results.rows; row++) {
    if (failed.has(row)) rows.push(row);
    else if (others > 0) {
      rows.push(row);
      others--;
    }
  }
  return rows;
}
