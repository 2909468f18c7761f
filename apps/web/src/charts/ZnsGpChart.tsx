// A zoned drive's reclaimed zones by garbage proportion (seed 004 Fig. 2.8,
// 2.11): how much of each zone GC reclaimed was already garbage. Bars far
// right mean GC found zones almost empty of live data (little to copy, WAF
// near 1); bars to the left mean it had to move most of a zone.

import { max, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { useThrottledStore } from '../hooks/useThrottledStore';
import type { AppState } from '../store';
import { AxisBottom, AxisLeft, GridRows } from './Axes';
import { ChartCard } from './ChartCard';
import { CHART_HEIGHT, CHART_UPDATE_MS, MARGIN, innerHeight, innerWidth } from './chartLayout';
import { gpBars, gpSubtitle, reclaimedZones, type GpBar } from './znsFigures';

const selectZns = (state: AppState) => state.sim.frame?.meta.zns ?? null;
const BAR_COLOR = '#5f7db0';

export function ZnsGpChart() {
  const zns = useThrottledStore(selectZns, CHART_UPDATE_MS);
  const histogram = zns?.gp_histogram ?? null;
  const bars = useMemo(() => gpBars(histogram), [histogram]);
  const zones = reclaimedZones(bars);

  return (
    <ChartCard
      term="garbage-proportion"
      title="Garbage proportion of reclaimed zones"
      subtitle={gpSubtitle(zones, zns?.mean_reclaimed_gp)}
      testId="chart-gp"
      empty={zones === 0 ? 'No zone reclaimed by GC yet' : null}
    >
      {(width) => <Bars width={width} bars={bars} />}
    </ChartCard>
  );
}

function Bars({ width, bars }: { width: number; bars: GpBar[] }) {
  const w = innerWidth(width);
  const h = innerHeight(CHART_HEIGHT);
  const x = scaleLinear().domain([0, 1]).range([0, w]);
  const y = scaleLinear()
    .domain([0, max(bars, (bar) => bar.count) || 1])
    .range([h, 0])
    .nice();
  const gap = Math.min(2, w / bars.length / 6);
  return (
    <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
      <GridRows scale={y} width={w} />
      {bars.map((bar) => (
        <rect
          key={bar.from}
          className="gp-bar"
          data-count={bar.count}
          x={x(bar.from) + gap / 2}
          y={y(bar.count)}
          width={Math.max(0, x(bar.to) - x(bar.from) - gap)}
          height={Math.max(0, h - y(bar.count))}
          fill={BAR_COLOR}
        >
          <title>
            {bar.count} zones reclaimed with GP {bar.from.toFixed(2)}–{bar.to.toFixed(2)}
          </title>
        </rect>
      ))}
      <AxisLeft scale={y} format={(value) => String(value)} />
      <AxisBottom
        scale={x}
        y={h}
        tickValues={[0, 0.25, 0.5, 0.75, 1]}
        format={(gp) => String(gp)}
      />
    </g>
  );
}
