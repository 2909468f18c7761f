// A latency CDF drawing: step lines over a log latency axis and a 0–100 %
// axis, optionally with marked latencies (p50, p99). The live chart draws
// one curve, the compare charts one per configuration, over the same axes.

import { curveStepAfter, line, scaleLinear, scaleLog } from 'd3';
import { formatLatencyUs } from '../app/format';
import { AxisBottom, AxisLeft, GridRows, logTicks } from './Axes';
import { CHART_HEIGHT, MARGIN, innerHeight, innerWidth } from './chartLayout';

export type CdfPoints = ReadonlyArray<readonly [number, number]>;

export interface CdfCurve {
  key: string;
  color: string;
  /** [latency_us > 0, cumulative fraction], at least two points, latency ascending. */
  cdf: CdfPoints;
}

export interface CdfMark {
  label: string;
  latencyUs: number;
}

/** The points a CDF curve can draw: those at a positive latency (the log axis). */
export function drawableCdf(cdf: CdfPoints): CdfPoints {
  return cdf.filter(([latency]) => latency > 0);
}

/** `curves` must not be empty. */
export function CdfPlot({
  width,
  curves,
  marks = [],
}: {
  width: number;
  curves: readonly CdfCurve[];
  marks?: readonly CdfMark[];
}) {
  const w = innerWidth(width);
  const h = innerHeight(CHART_HEIGHT);
  const lo = Math.min(...curves.map((curve) => curve.cdf[0][0]));
  const hi = Math.max(...curves.map((curve) => curve.cdf[curve.cdf.length - 1][0]));
  const x = scaleLog()
    .domain([lo * 0.8, Math.max(hi * 1.25, lo * 2)])
    .range([0, w])
    .nice();
  const y = scaleLinear().domain([0, 1]).range([h, 0]);
  const path = line<readonly [number, number]>()
    .x(([latency]) => x(latency))
    .y(([, fraction]) => y(fraction))
    .curve(curveStepAfter);
  return (
    <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
      <GridRows scale={y} width={w} />
      {curves.map(({ key, color, cdf }) => (
        <path
          key={key}
          data-series={key}
          d={path([[cdf[0][0], 0], ...cdf]) ?? ''}
          fill="none"
          stroke={color}
          strokeWidth={1.8}
        />
      ))}
      {marks.map((mark, index) => (
        <g key={mark.label} className="reference">
          <line x1={x(mark.latencyUs)} x2={x(mark.latencyUs)} y1={0} y2={h} />
          {/* The first (p50) is labelled left of its line, the next right: they never collide. */}
          <text
            x={x(mark.latencyUs) + (index === 0 ? -4 : 4)}
            y={12}
            textAnchor={index === 0 ? 'end' : 'start'}
          >
            {mark.label} {formatLatencyUs(mark.latencyUs)}
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
