// Latency percentiles over simulated time: p99 and mean per series interval
// (and p50 when the worker's series carries it), on a log axis. An interval
// that completed no I/O has no latency: the lines break there (a sparse
// week-long trace is mostly gaps) instead of joining its bursts.

import { useMemo } from 'react';
import { formatLatencyUs } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { binSeries, latencyWithoutIoAsMissing, type Reducer } from './binning';
import { ChartCard } from './ChartCard';
import { CHART_UPDATE_MS, selectSim, seriesIntervalText, timeDomain } from './chartLayout';
import { COLORS } from './palette';
import { TimeSeriesPlot, type LineSpec } from './TimeSeriesPlot';

export function LatencyChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const { lines, domain } = useMemo(() => {
    const t = sim.series.column('t_ms');
    const iops = sim.series.column('iops');
    // NaN where an interval completed no I/O, and a gap in the line there.
    const latency = (key: 'lat_p99_us' | 'lat_p50_us' | 'lat_mean_us', reducer: Reducer) =>
      binSeries(
        t,
        latencyWithoutIoAsMissing(sim.series.column(key), iops),
        undefined,
        reducer,
        'gap',
      );
    const specs: LineSpec[] = [
      {
        key: 'p99',
        label: 'p99',
        color: COLORS.p99,
        // The worst interval of a bin, so a short spike stays visible.
        points: latency('lat_p99_us', 'max'),
      },
    ];
    if (sim.series.has('lat_p50_us')) {
      specs.push({
        key: 'p50',
        label: 'p50',
        color: COLORS.p50,
        points: latency('lat_p50_us', 'mean'),
      });
    }
    specs.push({
      key: 'mean',
      label: 'mean',
      color: COLORS.mean,
      dashed: true,
      points: latency('lat_mean_us', 'mean'),
    });
    return { lines: specs, domain: timeDomain(t) };
  }, [sim]);
  const interval = seriesIntervalText(sim.frame?.meta.series_interval_ms, sim.series.length);

  return (
    <ChartCard
      term="latency"
      title="Latency over time"
      subtitle={`Completion − arrival of host I/O${interval ? `, ${interval}` : ''} (log scale; a gap: no I/O)`}
      testId="chart-latency"
      legend={lines.map((spec) => ({ label: spec.label, color: spec.color, dashed: spec.dashed }))}
      empty={sim.series.length === 0 ? 'Waiting for the first samples…' : null}
    >
      {(width) => (
        <TimeSeriesPlot
          width={width}
          xDomain={domain}
          lines={lines}
          yType="log"
          yFormat={formatLatencyUs}
        />
      )}
    </ChartCard>
  );
}
