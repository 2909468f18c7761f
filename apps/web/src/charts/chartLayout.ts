// Shared chart dimensions, time axis formatting and the store selector the
// charts follow (throttled; see useThrottledStore).

import type { AppState } from '../store';

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

/** Formats simulated ms for a time axis whose domain ends at `maxMs`. */
export function timeTickFormat(maxMs: number): (ms: number) => string {
  if (maxMs >= 120_000) return (ms) => `${Math.round(ms / 1000)} s`;
  if (maxMs >= 2_000) return (ms) => `${+(ms / 1000).toFixed(1)} s`;
  return (ms) => `${Math.round(ms)} ms`;
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
