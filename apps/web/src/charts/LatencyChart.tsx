// Latency percentiles over simulated time: p99 and mean per series interval
// (and p50 when the worker's series carries it), on a log axis.

import { useMemo } from 'react';
import { formatLatencyUs } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { binSeries, zeroAsMissing } from './binning';
import { ChartCard } from './ChartCard';
import { CHART_UPDATE_MS, selectSim, timeDomain } from './chartLayout';
import { COLORS } from './palette';
import { TimeSeriesPlot, type LineSpec } from './TimeSeriesPlot';

export function LatencyChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const { lines, domain } = useMemo(() => {
    const t = sim.series.column('t_ms');
    const specs: LineSpec[] = [
      {
        key: 'p99',
        label: 'p99',
        color: COLORS.p99,
        // The worst interval of a bin, so a short spike stays visible.
        points: binSeries(t, zeroAsMissing(sim.series.column('lat_p99_us')), undefined, 'max'),
      },
    ];
    if (sim.series.has('lat_p50_us')) {
      specs.push({
        key: 'p50',
        label: 'p50',
        color: COLORS.p50,
        points: binSeries(t, zeroAsMissing(sim.series.column('lat_p50_us'))),
      });
    }
    specs.push({
      key: 'mean',
      label: 'mean',
      color: COLORS.mean,
      dashed: true,
      points: binSeries(t, zeroAsMissing(sim.series.column('lat_mean_us'))),
    });
    return { lines: specs, domain: timeDomain(t) };
  }, [sim]);

  return (
    <ChartCard
      term="latency"
      title="Latency over time"
      subtitle="Completion − arrival of host I/O, per 10 ms interval (log scale)"
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
