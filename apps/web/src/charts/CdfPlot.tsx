// A latency CDF drawing: step lines over a log latency axis and a 0–100 %
// axis, optionally with marked latencies (the core's p50, p99). The live
// chart draws one curve per op, the compare charts one per configuration,
// over the same axes.

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
  /** The side of its line the label prefers (it moves over where the plot's edge would cut it). */
  side: 'left' | 'right';
  /** The label's line from the top (0 first): one per mark, so no two labels collide. */
  row?: number;
  color?: string;
  /** Attributes for tests: which figure the mark is. */
  data?: Record<`data-${string}`, string>;
}

/** The points a CDF curve can draw: those at a positive latency (the log axis). */
export function drawableCdf(cdf: CdfPoints): CdfPoints {
  return cdf.filter(([latency]) => latency > 0);
}

/** Approximate width of one character of a mark's 11 px label. */
const MARK_CHAR_PX = 6;

/**
 * The side of its line a label `width` wide goes: the one asked for, unless
 * the label would cross the plot's edge there and fits on the other side.
 */
export function sideInside(
  side: 'left' | 'right',
  lineX: number,
  width: number,
  plotWidth: number,
): 'left' | 'right' {
  const fitsLeft = lineX - 4 - width >= 0;
  const fitsRight = lineX + 4 + width <= plotWidth;
  if (side === 'left') return fitsLeft || !fitsRight ? 'left' : 'right';
  return fitsRight || !fitsLeft ? 'right' : 'left';
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
      {marks.map((mark) => {
        const x0 = x(mark.latencyUs);
        const side = sideInside(mark.side, x0, mark.label.length * MARK_CHAR_PX, w);
        return (
          <g key={mark.label} className="reference" data-testid="cdf-mark" {...mark.data}>
            <line x1={x0} x2={x0} y1={0} y2={h} style={{ stroke: mark.color }} />
            <text
              x={x0 + (side === 'left' ? -4 : 4)}
              y={12 + 13 * (mark.row ?? 0)}
              textAnchor={side === 'left' ? 'end' : 'start'}
              style={{ fill: mark.color }}
            >
              {mark.label}
            </text>
          </g>
        );
      })}
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
