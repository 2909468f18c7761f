// Binning for charts: an SVG chart draws at most a few hundred marks
// (STYLE.md convention 8), however long the run. Series are cut into equal
// bins of x and each bin is reduced to one point; NaN values (no data yet,
// e.g. WAF before the first write) are skipped, and empty bins produce no
// point, so a line never dips to zero for want of data.

export type Reducer = 'mean' | 'max' | 'min' | 'last';

export interface Points {
  x: number[];
  y: number[];
}

export const DEFAULT_MAX_BINS = 300;

/**
 * Reduces (x, y) to at most `maxBins` points over [x[0], x[n-1]]. Each
 * point sits at the mean x of its bin's samples. With `maxBins` or fewer
 * samples the finite ones are returned unchanged.
 */
export function binSeries(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  maxBins = DEFAULT_MAX_BINS,
  reducer: Reducer = 'mean',
): Points {
  const n = Math.min(x.length, y.length);
  const out: Points = { x: [], y: [] };
  if (n === 0 || maxBins < 1) return out;
  if (n <= maxBins) {
    for (let i = 0; i < n; i++) {
      if (Number.isFinite(y[i]) && Number.isFinite(x[i])) {
        out.x.push(x[i]);
        out.y.push(y[i]);
      }
    }
    return out;
  }

  const x0 = x[0];
  const span = x[n - 1] - x0;
  const width = span > 0 ? span / maxBins : 1;
  let bin = -1;
  let count = 0;
  let sumX = 0;
  let acc = 0;
  const flush = () => {
    if (count === 0) return;
    out.x.push(sumX / count);
    out.y.push(reducer === 'mean' ? acc / count : acc);
  };
  for (let i = 0; i < n; i++) {
    const xi = x[i];
    const yi = y[i];
    if (!Number.isFinite(xi)) continue;
    const b = Math.min(maxBins - 1, Math.floor((xi - x0) / width));
    if (b !== bin) {
      flush();
      bin = b;
      count = 0;
      sumX = 0;
      acc = reducer === 'max' ? -Infinity : reducer === 'min' ? Infinity : 0;
    }
    if (!Number.isFinite(yi)) continue;
    count++;
    sumX += xi;
    if (reducer === 'mean') acc += yi;
    else if (reducer === 'max') acc = Math.max(acc, yi);
    else if (reducer === 'min') acc = Math.min(acc, yi);
    else acc = yi;
  }
  flush();
  return out;
}

export interface Interval {
  start: number;
  end: number;
}

/**
 * The fraction of each of `bins` equal bins over [domainStart, domainEnd]
 * that is covered by `intervals` (overlaps add up, so two planes collecting
 * at once count twice: the result can exceed 1 on multi-plane devices).
 */
export function binCoverage(
  intervals: readonly Interval[],
  domainStart: number,
  domainEnd: number,
  bins: number,
): Float64Array {
  const coverage = new Float64Array(Math.max(0, bins));
  const span = domainEnd - domainStart;
  if (bins < 1 || !(span > 0)) return coverage;
  const width = span / bins;
  for (const { start, end } of intervals) {
    const s = Math.max(start, domainStart);
    const e = Math.min(end, domainEnd);
    if (!(e > s)) continue;
    const first = Math.min(bins - 1, Math.floor((s - domainStart) / width));
    const last = Math.min(bins - 1, Math.floor((e - domainStart) / width));
    for (let b = first; b <= last; b++) {
      const binStart = domainStart + b * width;
      const overlap = Math.min(e, binStart + width) - Math.max(s, binStart);
      if (overlap > 0) coverage[b] += overlap / width;
    }
  }
  return coverage;
}

/** Keeps the `maxMarks` most important point events: the largest `weight` per bin. */
export function binMarks<T>(
  items: readonly T[],
  position: (item: T) => number,
  weight: (item: T) => number,
  domainStart: number,
  domainEnd: number,
  maxMarks = DEFAULT_MAX_BINS,
): T[] {
  if (items.length <= maxMarks) return [...items];
  const span = domainEnd - domainStart;
  if (!(span > 0)) return items.slice(-maxMarks);
  const best = new Map<number, T>();
  for (const item of items) {
    const b = Math.min(
      maxMarks - 1,
      Math.floor(((position(item) - domainStart) / span) * maxMarks),
    );
    const kept = best.get(b);
    if (kept === undefined || weight(item) > weight(kept)) best.set(b, item);
  }
  return [...best.values()].sort((a, b) => position(a) - position(b));
}

/** Mean of the finite values among the last `count` rows (a recent rate for key figures). */
export function recentMean(values: ArrayLike<number>, count: number): number {
  let sum = 0;
  let used = 0;
  for (let i = values.length - 1; i >= Math.max(0, values.length - count); i--) {
    if (Number.isFinite(values[i])) {
      sum += values[i];
      used++;
    }
  }
  return used > 0 ? sum / used : NaN;
}

/**
 * A copy of `values` with zeros as NaN: an interval without completed I/O
 * reports latency 0, which means "no sample", not "instant".
 */
export function zeroAsMissing(values: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(values);
  for (let i = 0; i < out.length; i++) if (out[i] === 0) out[i] = NaN;
  return out;
}
