// Cumulative write amplification over simulated time: NAND bytes programmed
// per host byte written. 1 means no GC copies.

import { useMemo } from 'react';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { binSeries } from './binning';
import { ChartCard } from './ChartCard';
import { CHART_UPDATE_MS, selectSim, timeDomain } from './chartLayout';
import { COLORS } from './palette';
import { TimeSeriesPlot } from './TimeSeriesPlot';

export function WafChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const { points, domain } = useMemo(() => {
    const t = sim.series.column('t_ms');
    return { points: binSeries(t, sim.series.column('waf')), domain: timeDomain(t) };
  }, [sim]);
  const last = points.y.length > 0 ? points.y[points.y.length - 1] : NaN;

  return (
    <ChartCard
      term="waf"
      title="Write amplification"
      subtitle={
        Number.isFinite(last)
          ? `NAND writes ÷ host writes since the start: ${last.toFixed(2)} now`
          : 'NAND writes ÷ host writes since the start'
      }
      testId="chart-waf"
      legend={[{ label: 'WAF (cumulative)', color: COLORS.waf }]}
      empty={points.y.length === 0 ? 'No host writes yet' : null}
    >
      {(width) => (
        <TimeSeriesPlot
          width={width}
          xDomain={domain}
          lines={[{ key: 'waf', label: 'WAF', color: COLORS.waf, points }]}
          yFormat={(value) => value.toFixed(1)}
          reference={{ y: 1, label: 'no amplification' }}
        />
      )}
    </ChartCard>
  );
}
