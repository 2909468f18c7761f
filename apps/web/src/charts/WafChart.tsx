// Cumulative write amplification over simulated time: NAND bytes programmed
// per host byte written. 1 means no GC copies. A finished run's end-of-run
// drain is its own dashed segment, and the line ends on the run's WAF.

import { useMemo } from 'react';
import { formatWaf } from '../app/format';
import { drainNote } from '../app/wafNotes';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { ChartCard, type LegendEntry } from './ChartCard';
import { CHART_UPDATE_MS, selectSim, timeDomain } from './chartLayout';
import { COLORS } from './palette';
import { TimeSeriesPlot, type LineSpec } from './TimeSeriesPlot';
import { wafEmptyText, wafLines } from './wafSeries';

export function WafChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const endOfRun = sim.frame?.meta.end_of_run;
  const { lines, domain } = useMemo(() => {
    const t = sim.series.column('t_ms');
    return {
      lines: wafLines(t, sim.series.column('waf'), endOfRun?.host_end_ms),
      domain: timeDomain(t),
    };
  }, [sim, endOfRun]);
  const last = lines.last;
  const note = drainNote(endOfRun);
  const specs: LineSpec[] = [{ key: 'waf', label: 'WAF', color: COLORS.waf, points: lines.host }];
  const legend: LegendEntry[] = [{ label: 'WAF (cumulative)', color: COLORS.waf }];
  if (lines.drain.x.length > 0) {
    specs.push({
      key: 'waf-drain',
      label: 'End-of-run drain',
      color: COLORS.waf,
      points: lines.drain,
      dashed: true,
    });
    legend.push({ label: 'end-of-run drain', color: COLORS.waf, dashed: true });
  }

  return (
    <ChartCard
      term="waf"
      title="Write amplification"
      subtitle={
        Number.isFinite(last)
          ? `NAND writes ÷ host writes since the start: ${formatWaf(last)} now`
          : 'NAND writes ÷ host writes since the start'
      }
      note={note && <span data-testid="waf-drain-note">{note}</span>}
      testId="chart-waf"
      legend={legend}
      empty={
        lines.host.y.length === 0 && lines.drain.y.length === 0
          ? wafEmptyText(sim.frame?.meta.host_write_bytes)
          : null
      }
    >
      {(width) => (
        <TimeSeriesPlot
          width={width}
          xDomain={domain}
          lines={specs}
          yFormat={(value) => value.toFixed(1)}
          reference={{ y: 1, label: 'no amplification' }}
        />
      )}
    </ChartCard>
  );
}
