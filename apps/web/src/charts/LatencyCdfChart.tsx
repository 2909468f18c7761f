// The latency CDF of every completed host I/O so far (meta.latency_cdf,
// at most ~200 points), log-scaled in latency, with p50 and p99 marked.

import { curveStepAfter, line, scaleLinear, scaleLog } from 'd3';
import { useMemo } from 'react';
import { formatLatencyUs } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { AxisBottom, AxisLeft, GridRows, logTicks } from './Axes';
import { ChartCard } from './ChartCard';
import {
  CHART_HEIGHT,
  CHART_UPDATE_MS,
  MARGIN,
  innerHeight,
  innerWidth,
  selectSim,
} from './chartLayout';
import { COLORS } from './palette';

/** The latency at which the CDF first reaches `fraction`. */
export function cdfQuantile(cdf: ReadonlyArray<[number, number]>, fraction: number): number {
  for (const [latency, cumulative] of cdf) if (cumulative >= fraction) return latency;
  return cdf.length > 0 ? cdf[cdf.length - 1][0] : NaN;
}

export function LatencyCdfChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const cdf = useMemo(
    () => (sim.frame?.meta.latency_cdf ?? []).filter(([latency]) => latency > 0),
    [sim],
  );

  return (
    <ChartCard
      title="Latency CDF"
      subtitle="Fraction of all completed I/O at or below a latency"
      testId="chart-latency-cdf"
      legend={[{ label: 'reads and writes', color: COLORS.write }]}
      empty={cdf.length < 2 ? 'No completed I/O yet' : null}
    >
      {(width) => <CdfPlot width={width} cdf={cdf} />}
    </ChartCard>
  );
}

function CdfPlot({ width, cdf }: { width: number; cdf: Array<[number, number]> }) {
  const w = innerWidth(width);
  const h = innerHeight(CHART_HEIGHT);
  const lo = cdf[0][0];
  const hi = cdf[cdf.length - 1][0];
  const x = scaleLog()
    .domain([lo * 0.8, Math.max(hi * 1.25, lo * 2)])
    .range([0, w])
    .nice();
  const y = scaleLinear().domain([0, 1]).range([h, 0]);
  const path =
    line<[number, number]>()
      .x(([latency]) => x(latency))
      .y(([, fraction]) => y(fraction))
      .curve(curveStepAfter)([[cdf[0][0], 0], ...cdf]) ?? '';
  const marks = [
    { label: 'p50', value: cdfQuantile(cdf, 0.5) },
    { label: 'p99', value: cdfQuantile(cdf, 0.99) },
  ];
  return (
    <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
      <GridRows scale={y} width={w} />
      <path d={path} fill="none" stroke={COLORS.write} strokeWidth={1.8} />
      {marks.map((mark) => (
        <g key={mark.label} className="reference">
          <line x1={x(mark.value)} x2={x(mark.value)} y1={0} y2={h} />
          {/* p50 is labelled to the left of its line, p99 to the right, so they never collide. */}
          <text
            x={x(mark.value) + (mark.label === 'p50' ? -4 : 4)}
            y={12}
            textAnchor={mark.label === 'p50' ? 'end' : 'start'}
          >
            {mark.label} {formatLatencyUs(mark.value)}
          </text>
        </g>
      ))}
      <AxisLeft scale={y} format={(value) => `${Math.round(value * 100)} %`} />
      <AxisBottom
        scale={x}
        y={h}
        tickValues={logTicks(x.domain() as [number, number])}
        format={formatLatencyUs}
      />
    </g>
  );
}
