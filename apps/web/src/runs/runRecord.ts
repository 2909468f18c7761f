// A finished run as it is saved, listed, opened and exported: the
// configuration(s), the workload (a fio job's text, or a trace's name,
// options and summary — never its bytes), and per configuration the result
// JSON with the series the charts need. A live run is a record with one
// configuration, a compare run one with 2–4.
//
// The full series stays out of the stored result: a 600 s run sampled every
// 10 ms is 60,000 rows per column. Each series is binned to at most
// SERIES_POINTS points (what a chart draws anyway, docs/conventions.md convention 8).

import type { TraceOptions, TraceSummary, WorkloadGenerator } from '@flashscope/wasm/protocol';
import type { RunWorkload } from '../trace/currentWorkload';
import { runIops, type RunResult } from './resultJson';
import { distinctLabels } from './runLabels';

/** Bumped when a stored record's shape changes incompatibly. */
export const RUN_RECORD_VERSION = 1;

export const SERIES_POINTS = 400;

export interface SavedConfig {
  label: string;
  /** The file name errors cited ("tlc-8g.json"). */
  deviceName: string;
  deviceText: string;
  /** Device overrides, as --set entries (the workload's are in SavedWorkload.set). */
  set: string[];
}

export interface SavedWorkload {
  kind: 'fio' | 'trace' | 'generator';
  label: string;
  /** The fio job ('' for a trace or a generator). */
  fioText: string;
  set: string[];
  /** A trace's name, replay options and summary (no preview lines); the bytes stay with the user. */
  trace?: { name: string; options: TraceOptions; summary: TraceSummary | null };
  /** A scenario's generator workload (kind 'generator'). */
  generator?: WorkloadGenerator;
}

/** The chart series of one run, binned; all columns have t_ms's length. */
export interface RunSeries {
  t_ms: number[];
  read_mbps: number[];
  write_mbps: number[];
  iops: number[];
  waf: number[];
  /** SLC occupancy (static + dynamic pSLC bytes); absent without an SLC cache. */
  slc_used_bytes?: number[];
  slc_capacity_bytes?: number[];
}

export type OutcomeStatus = 'done' | 'stopped' | 'error';

export interface RunOutcome {
  status: OutcomeStatus;
  /** The error the column showed (status 'error'). */
  error: string | null;
  /** The result JSON without its series; null when the run failed before one existed. */
  result: RunResult | null;
  series: RunSeries | null;
  /** The latency CDF of all completed I/O at the end: [latency_us, cumulative fraction]. */
  latencyCdf: Array<[number, number]>;
}

export interface RunRecord {
  version: number;
  /** IndexedDB key; absent until stored. */
  id?: number;
  kind: 'live' | 'compare';
  name: string;
  createdAtMs: number;
  workload: SavedWorkload;
  configs: SavedConfig[];
  /** One per config, same order. */
  outcomes: RunOutcome[];
}

export function savedWorkload(workload: RunWorkload): SavedWorkload {
  const saved: SavedWorkload = {
    kind: workload.kind,
    label: workload.label,
    fioText: workload.kind === 'fio' ? workload.fioText : '',
    set: [...workload.set],
  };
  if (workload.kind === 'generator' && workload.generator) {
    saved.generator = { ...workload.generator };
  }
  if (workload.kind === 'trace' && workload.trace) {
    saved.trace = {
      name: workload.trace.name,
      options: { ...workload.trace.options },
      summary: workload.traceSummary ? withoutPreview(workload.traceSummary) : null,
    };
  }
  return saved;
}

/**
 * The summary without its preview (the trace's first lines): a saved run,
 * and any export of it, holds figures about the trace, not its content.
 */
function withoutPreview(summary: TraceSummary): TraceSummary {
  return { ...summary, preview: [] };
}

type Column = ArrayLike<number | null> | undefined;

function toNumbers(values: Column): Float64Array {
  const out = new Float64Array(values?.length ?? 0);
  for (let i = 0; i < out.length; i++) {
    const value = values![i];
    out[i] = value === null || value === undefined ? NaN : value;
  }
  return out;
}

/**
 * Bins a run's series columns (the result JSON's, or a SeriesBuffer's) to
 * the chart series. Every column is cut at the same time bins, so rows stay
 * aligned: a bin's time and rates are means, its WAF the last value (the
 * cumulative figure at the bin's end); a bin without a finite value holds
 * NaN (a gap in the charts; null in a JSON export).
 */
export function binRunSeries(
  column: (key: string) => Column,
  maxPoints = SERIES_POINTS,
): RunSeries | null {
  const t = toNumbers(column('t_ms'));
  if (t.length === 0) return null;
  const bins = timeBins(t, maxPoints);
  const binned = (values: Float64Array, reducer: 'mean' | 'last' = 'mean') =>
    bins.map(([start, end]) => reduce(values, start, end, reducer));
  const series: RunSeries = {
    t_ms: binned(t),
    read_mbps: binned(toNumbers(column('read_mbps'))),
    write_mbps: binned(toNumbers(column('write_mbps'))),
    iops: binned(toNumbers(column('iops'))),
    waf: binned(toNumbers(column('waf')), 'last'),
  };
  const capacity = toNumbers(column('slc_capacity_bytes'));
  if (capacity.length === t.length && capacity.some((value) => value > 0)) {
    const staticBytes = toNumbers(column('slc_static_bytes'));
    const dynamicBytes = toNumbers(column('slc_dynamic_bytes'));
    const used = new Float64Array(t.length);
    for (let i = 0; i < used.length; i++) {
      used[i] = (staticBytes[i] || 0) + (dynamicBytes[i] || 0);
    }
    series.slc_used_bytes = binned(used);
    series.slc_capacity_bytes = binned(capacity);
  }
  return series;
}

/** [start, end) row ranges of at most `maxPoints` equal time bins (one row each when few). */
export function timeBins(t: ArrayLike<number>, maxPoints: number): Array<[number, number]> {
  const n = t.length;
  const bins: Array<[number, number]> = [];
  if (n <= maxPoints) {
    for (let i = 0; i < n; i++) bins.push([i, i + 1]);
    return bins;
  }
  const t0 = t[0];
  const width = (t[n - 1] - t0) / maxPoints || 1;
  const binOf = (value: number) => Math.min(maxPoints - 1, Math.floor((value - t0) / width));
  let start = 0;
  let bin = binOf(t[0]);
  for (let i = 1; i < n; i++) {
    const next = binOf(t[i]);
    if (next === bin) continue;
    bins.push([start, i]);
    start = i;
    bin = next;
  }
  bins.push([start, n]);
  return bins;
}

function reduce(values: Float64Array, start: number, end: number, how: 'mean' | 'last'): number {
  let sum = 0;
  let count = 0;
  let last = NaN;
  for (let i = start; i < end && i < values.length; i++) {
    if (!Number.isFinite(values[i])) continue;
    sum += values[i];
    count++;
    last = values[i];
  }
  if (count === 0) return NaN;
  return how === 'mean' ? sum / count : last;
}

/** The result without its series (the record keeps the binned copy). */
export function withoutSeries(result: RunResult): RunResult {
  const copy: RunResult = { ...result };
  delete copy.series;
  if (Array.isArray(copy.jobs)) {
    copy.jobs = (copy.jobs as Array<Record<string, unknown>>).map((job) => {
      const { series: _series, ...rest } = job;
      return rest;
    });
  }
  return copy;
}

/** A finished (or stopped) run's outcome from its result JSON. */
export function outcomeFromResult(
  result: RunResult,
  latencyCdf: Array<[number, number]>,
  status: 'done' | 'stopped',
): RunOutcome {
  const columns = result.series ?? {};
  return {
    status,
    error: null,
    result: withoutSeries(result),
    series: binRunSeries((key) => columns[key]),
    latencyCdf: latencyCdf.map(([latency, fraction]) => [latency, fraction]),
  };
}

export function failedOutcome(error: string): RunOutcome {
  return { status: 'error', error, result: null, series: null, latencyCdf: [] };
}

/** "greedy vs fifo" style name of a compare, or the live run's configuration label. */
export function recordName(kind: RunRecord['kind'], configs: readonly SavedConfig[]): string {
  if (kind === 'live') return configs[0]?.label ?? 'Live run';
  return distinctLabels(configs).join(' vs ');
}

/** The figures a saved-runs list item shows for each configuration. */
export interface OutcomeFigures {
  label: string;
  status: OutcomeStatus;
  waf: number | null;
  iops: number | null;
  simTimeMs: number | null;
}

export function recordFigures(record: RunRecord): OutcomeFigures[] {
  return record.configs.map((config, index) => {
    const outcome = record.outcomes[index];
    const result = outcome?.result ?? null;
    return {
      label: config.label,
      status: outcome?.status ?? 'error',
      waf: typeof result?.waf === 'number' ? result.waf : null,
      iops: result ? runIops(result) : null,
      simTimeMs: typeof result?.sim_time_ms === 'number' ? result.sim_time_ms : null,
    };
  });
}

/** A stored value read back: the shape this version understands, or null. */
export function asRunRecord(value: unknown): RunRecord | null {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Partial<RunRecord>;
  if (
    record.version !== RUN_RECORD_VERSION ||
    !Array.isArray(record.configs) ||
    !Array.isArray(record.outcomes) ||
    typeof record.workload !== 'object'
  ) {
    return null;
  }
  return record as RunRecord;
}
