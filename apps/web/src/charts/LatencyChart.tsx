// Latency percentiles over simulated time: p99 and mean per series interval
// (and p50 when the worker's series carries it), on a log axis, binned as
// charts/latencyLines.ts says (p50 and mean weighed by I/Os). An interval
// that completed no I/O has no latency: the lines break there (a sparse
// week-long trace is mostly gaps) instead of joining its bursts.

import { useMemo } from 'react';
import { formatLatencyUs } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { ChartCard } from './ChartCard';
import { CHART_UPDATE_MS, selectSim, seriesIntervalText, timeDomain } from './chartLayout';
import { latencyLines } from './latencyLines';
import { COLORS } from './palette';
import { TimeSeriesPlot, type LineSpec } from './TimeSeriesPlot';

export function LatencyChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const { lines, domain } = useMemo(() => {
    const t = sim.series.column('t_ms');
    const binned = latencyLines({
      t_ms: t,
      iops: sim.series.column('iops'),
      lat_p99_us: sim.series.column('lat_p99_us'),
      lat_p50_us: sim.series.has('lat_p50_us') ? sim.series.column('lat_p50_us') : null,
      lat_mean_us: sim.series.column('lat_mean_us'),
    });
    const specs: LineSpec[] = [{ key: 'p99', label: 'p99', color: COLORS.p99, points: binned.p99 }];
    if (binned.p50) {
      specs.push({ key: 'p50', label: 'p50', color: COLORS.p50, points: binned.p50 });
    }
    specs.push({
      key: 'mean',
      label: 'mean',
      color: COLORS.mean,
      dashed: true,
      points: binned.mean,
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
