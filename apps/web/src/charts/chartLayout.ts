// Shared chart dimensions, time axis formatting and the store selector the
// charts follow (throttled; see useThrottledStore).

import { ticks } from 'd3';
import { formatInterval } from '../app/format';
import type { AppState } from '../store';
import { DEFAULT_MAX_BINS } from './binning';

export const CHART_HEIGHT = 190;
export const MARGIN = { top: 12, right: 16, bottom: 28, left: 52 };
export const CHART_UPDATE_MS = 250;

export const selectSim = (state: AppState) => state.sim;

export function innerWidth(width: number, margin = MARGIN): number {
  return Math.max(10, width - margin.left - margin.right);
}

export function innerHeight(height = CHART_HEIGHT, margin = MARGIN): number {
  return Math.max(10, height - margin.top - margin.bottom);
}

/** A unit a time axis can count in, largest first. */
interface TimeUnit {
  ms: number;
  label: string;
}

const TIME_UNITS: readonly TimeUnit[] = [
  { ms: 86_400_000, label: 'd' },
  { ms: 3_600_000, label: 'h' },
  { ms: 60_000, label: 'min' },
  { ms: 1000, label: 's' },
  { ms: 1, label: 'ms' },
];

/**
 * The unit a time axis ending at `maxMs` counts in: the largest that still
 * gives two of them, so a week-long replay reads "2 d, 4 d, 6 d" instead of
 * "345600 s", and a 90-minute run reads minutes.
 */
export function timeUnit(maxMs: number): TimeUnit {
  return TIME_UNITS.find((unit) => unit.ms === 1 || maxMs >= 2 * unit.ms) ?? TIME_UNITS[4];
}

/** Formats simulated ms for a time axis whose domain ends at `maxMs`. */
export function timeTickFormat(maxMs: number): (ms: number) => string {
  const unit = timeUnit(maxMs);
  return (ms) => `${+(ms / unit.ms).toFixed(unit.ms === 1 ? 0 : 1)} ${unit.label}`;
}

/**
 * About `count` tick values over [lo, hi] ms that are round in the axis's
 * unit (whole hours on a day-long axis, whole days on a week), as d3's ticks
 * are round in plain numbers.
 */
export function timeTickValues([lo, hi]: [number, number], count: number): number[] {
  const unit = timeUnit(hi);
  return ticks(lo / unit.ms, hi / unit.ms, count).map((value) => value * unit.ms);
}

/** The x domain of a run's time charts: [0, last sample], at least 100 ms wide. */
export function timeDomain(tMs: ArrayLike<number>): [number, number] {
  const last = tMs.length > 0 ? tMs[tMs.length - 1] : 0;
  return [0, Math.max(100, last)];
}

/** About one time label per 90 px, so "1200 ms" labels never touch. */
export function timeTickCount(innerWidthPx: number): number {
  return Math.max(2, Math.floor(innerWidthPx / 90));
}

/**
 * How a time chart's subtitle says what one point stands for: the series'
 * interval as the core has it now (meta.series_interval_ms, the result's
 * series_interval_ms: a long run doubles it as its series grows), and how
 * many intervals the chart bins into each point when it has more than
 * `maxBins`. "" when the core has not said (an older worker).
 */
export function seriesIntervalText(
  intervalMs: number | undefined,
  points: number,
  maxBins = DEFAULT_MAX_BINS,
): string {
  if (intervalMs === undefined || !(intervalMs > 0)) return '';
  const perPoint = Math.round(points / maxBins);
  const binned = points > maxBins && perPoint >= 2 ? `, ~${perPoint} to a point` : '';
  return `per ${formatInterval(intervalMs)}${binned}`;
}
