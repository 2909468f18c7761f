// The WAF chart's lines: the run's cumulative WAF while the host did I/O,
// and the end-of-run drain after it (the series' points after the host's
// last completion, sim-core sim/simulator.h DrainSample) as its own, dashed
// segment, so the line ends on the run's WAF (the key figure's, the
// exported result's) and shows where the drain took it.

import { binSeries, type Points } from './binning';

export interface WafLines {
  /** The host's part, binned (each bin's last value: the WAF is cumulative). */
  host: Points;
  /** From the host's last point to the drain's; empty without a drain. */
  drain: Points;
  /** The series' last WAF (NaN without one): the chart's "now". */
  last: number;
}

/** Splits (t_ms, waf) at `hostEndMs` (undefined while the run goes on: no drain yet). */
export function wafLines(
  tMs: ArrayLike<number>,
  waf: ArrayLike<number>,
  hostEndMs: number | undefined,
): WafLines {
  const n = Math.min(tMs.length, waf.length);
  let split = n;
  if (hostEndMs !== undefined) {
    while (split > 0 && tMs[split - 1] > hostEndMs) split--;
  }
  const hostT = Array.prototype.slice.call(tMs, 0, split) as number[];
  const hostWaf = Array.prototype.slice.call(waf, 0, split) as number[];
  const host = binSeries(hostT, hostWaf, undefined, 'last');
  const drain: Points = { x: [], y: [] };
  if (split < n) {
    if (host.x.length > 0) {
      drain.x.push(host.x[host.x.length - 1]);
      drain.y.push(host.y[host.y.length - 1]);
    }
    for (let i = split; i < n; i++) {
      if (!Number.isFinite(waf[i])) continue;
      drain.x.push(tMs[i]);
      drain.y.push(waf[i]);
    }
  }
  let last = NaN;
  for (let i = n - 1; i >= 0 && !Number.isFinite(last); i--) last = waf[i];
  return { host, drain, last };
}

/**
 * What the chart says while it has no point: the core sends no WAF (null)
 * until the host has written and the flash has been programmed, as the
 * result's waf, so a run whose writes still wait in the buffer has none yet.
 */
export function wafEmptyText(hostWriteBytes: number | undefined): string {
  return hostWriteBytes ? 'Nothing programmed to flash yet' : 'No host writes yet';
}
