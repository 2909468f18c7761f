// The latency CDF of every completed host I/O so far (meta.latency_cdf,
// at most ~200 points), log-scaled in latency, with p50 and p99 marked.

import { useMemo } from 'react';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { ChartCard } from './ChartCard';
import { CdfPlot, drawableCdf, type CdfPoints } from './CdfPlot';
import { CHART_UPDATE_MS, selectSim } from './chartLayout';
import { COLORS } from './palette';

/** The latency at which the CDF first reaches `fraction`. */
export function cdfQuantile(cdf: CdfPoints, fraction: number): number {
  for (const [latency, cumulative] of cdf) if (cumulative >= fraction) return latency;
  return cdf.length > 0 ? cdf[cdf.length - 1][0] : NaN;
}

export function LatencyCdfChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const cdf = useMemo(() => drawableCdf(sim.frame?.meta.latency_cdf ?? []), [sim]);

  return (
    <ChartCard
      term="latency"
      title="Latency CDF"
      subtitle="Fraction of all completed I/O at or below a latency"
      testId="chart-latency-cdf"
      legend={[{ label: 'reads and writes', color: COLORS.write }]}
      empty={cdf.length < 2 ? 'No completed I/O yet' : null}
    >
      {(width) => (
        <CdfPlot
          width={width}
          curves={[{ key: 'all', color: COLORS.write, cdf }]}
          marks={[
            { label: 'p50', latencyUs: cdfQuantile(cdf, 0.5) },
            { label: 'p99', latencyUs: cdfQuantile(cdf, 0.99) },
          ]}
        />
      )}
    </ChartCard>
  );
}
