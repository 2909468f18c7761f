// The latency chart's lines from the series: per bin the worst p99 (a short
// spike stays visible), and p50 and mean over the bin's I/Os, each row
// weighed by the I/Os it completed, as the core merges its own rows
// (TimeSeries::MergePairs): a bin's mean is then the mean latency of the
// I/Os in it. An interval that completed no I/O has no latency: a gap.

import { binSeries, iosPerRow, latencyWithoutIoAsMissing, type Points } from './binning';

export interface LatencyColumns {
  t_ms: ArrayLike<number>;
  iops: ArrayLike<number>;
  lat_p99_us: ArrayLike<number>;
  /** null: an older core's series without p50. */
  lat_p50_us: ArrayLike<number> | null;
  lat_mean_us: ArrayLike<number>;
}

export interface LatencyLines {
  p99: Points;
  p50: Points | null;
  mean: Points;
}

export function latencyLines(columns: LatencyColumns, maxBins?: number): LatencyLines {
  const { t_ms: t, iops } = columns;
  const ios = iosPerRow(t, iops);
  // NaN where an interval completed no I/O, and a gap in the line there.
  const line = (values: ArrayLike<number>, reducer: 'max' | 'mean') =>
    binSeries(t, latencyWithoutIoAsMissing(values, iops), maxBins, reducer, 'gap', ios);
  return {
    p99: line(columns.lat_p99_us, 'max'),
    p50: columns.lat_p50_us ? line(columns.lat_p50_us, 'mean') : null,
    mean: line(columns.lat_mean_us, 'mean'),
  };
}
