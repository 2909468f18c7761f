// Binning for charts: an SVG chart draws at most a few hundred marks
// (docs/conventions.md convention 8), however long the run. Series are cut into equal
// bins of x and each bin is reduced to one point; NaN values (no data yet,
// e.g. WAF before the first write) are skipped, and empty bins produce no
// point, so a line never dips to zero for want of data. A series whose NaN
// means "nothing happened then" (latency in an interval without I/O) asks
// for gaps instead: each bin with no value gives a NaN point, which the
// line leaves undrawn, so it does not join across the silence. A mean can
// weigh each sample: a latency mean or p50 by the I/Os its row stands for
// (iosPerRow), as the core merges series points (TimeSeries::MergePairs,
// the frame meta's WriteSeriesSince), so a bin of one slow I/O and a
// thousand fast ones reads near the fast ones.

export type Reducer = 'mean' | 'max' | 'min' | 'last';
/** What a bin (or a short series' sample) without a finite value gives: nothing, or a gap. */
export type Empty = 'skip' | 'gap';

export interface Points {
  x: number[];
  y: number[];
}

export const DEFAULT_MAX_BINS = 300;

/**
 * Reduces (x, y) to at most `maxBins` points over [x[0], x[n-1]]. Each
 * point sits at the mean x of its bin's samples. With `maxBins` or fewer
 * samples the finite ones are returned unchanged. With `empty` 'gap', a
 * sample or bin without a finite value gives a point with y NaN. With
 * `weights`, 'mean' is the weighted mean (a bin whose finite samples weigh
 * nothing takes their plain mean).
 */
export function binSeries(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  maxBins = DEFAULT_MAX_BINS,
  reducer: Reducer = 'mean',
  empty: Empty = 'skip',
  weights?: ArrayLike<number>,
): Points {
  const n = Math.min(x.length, y.length);
  const out: Points = { x: [], y: [] };
  if (n === 0 || maxBins < 1) return out;
  if (n <= maxBins) {
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(x[i])) continue;
      if (Number.isFinite(y[i])) {
        out.x.push(x[i]);
        out.y.push(y[i]);
      } else if (empty === 'gap') {
        out.x.push(x[i]);
        out.y.push(NaN);
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
  // The weighted mean's sums (with `weights`).
  let weighted = 0;
  let weight = 0;
  // Samples of the bin without a finite value, and their x (for a gap).
  let missing = 0;
  let missingX = 0;
  const flush = () => {
    if (count > 0) {
      out.x.push(sumX / count);
      out.y.push(reducer !== 'mean' ? acc : weight > 0 ? weighted / weight : acc / count);
    } else if (missing > 0 && empty === 'gap') {
      out.x.push(missingX / missing);
      out.y.push(NaN);
    }
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
      missing = 0;
      missingX = 0;
      weighted = 0;
      weight = 0;
      acc = reducer === 'max' ? -Infinity : reducer === 'min' ? Infinity : 0;
    }
    if (!Number.isFinite(yi)) {
      missing++;
      missingX += xi;
      continue;
    }
    count++;
    sumX += xi;
    if (reducer === 'mean') {
      acc += yi;
      const wi = weights ? weights[i] : 0;
      if (wi > 0) {
        weighted += wi * yi;
        weight += wi;
      }
    } else if (reducer === 'max') acc = Math.max(acc, yi);
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
 * The host I/Os each series row stands for: its rate times its interval
 * (from the row before it, or from 0), as the core weighs a row's latency
 * when it merges rows.
 */
export function iosPerRow(tMs: ArrayLike<number>, iops: ArrayLike<number>): Float64Array {
  const n = Math.min(tMs.length, iops.length);
  const ios = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const seconds = (tMs[i] - (i > 0 ? tMs[i - 1] : 0)) / 1000;
    ios[i] = iops[i] > 0 && seconds > 0 ? iops[i] * seconds : 0;
  }
  return ios;
}

/**
 * A copy of a latency column with NaN where the core's series says the
 * interval completed no read or write (its `iops` is 0): the core writes
 * latency 0 there, which means "no sample", not "instant".
 */
export function latencyWithoutIoAsMissing(
  latency: ArrayLike<number>,
  iops: ArrayLike<number>,
): Float64Array {
  const out = Float64Array.from(latency);
  for (let i = 0; i < out.length; i++) if (!(iops[i] > 0)) out[i] = NaN;
  return out;
}
