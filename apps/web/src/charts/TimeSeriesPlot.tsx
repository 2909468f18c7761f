// Lines over simulated time, already binned by the caller. Linear or log y.

import { area, line, max, min, scaleLinear, scaleLog } from 'd3';
import { TimeAxisBottom, AxisLeft, GridRows, logTicks } from './Axes';
import type { Points } from './binning';
import { CHART_HEIGHT, MARGIN, innerHeight, innerWidth } from './chartLayout';

export interface LineSpec {
  key: string;
  label: string;
  color: string;
  points: Points;
  dashed?: boolean;
  /** Fill the area under the line (linear scales only). */
  area?: boolean;
}

export interface ReferenceLine {
  y: number;
  label: string;
}

interface TimeSeriesPlotProps {
  width: number;
  height?: number;
  xDomain: [number, number];
  lines: LineSpec[];
  yType?: 'linear' | 'log';
  yFormat?: (value: number) => string;
  /** The y domain always includes this value (e.g. 0, or 1 for WAF). */
  yFloor?: number;
  reference?: ReferenceLine;
}

export function TimeSeriesPlot(props: TimeSeriesPlotProps) {
  const height = props.height ?? CHART_HEIGHT;
  const w = innerWidth(props.width);
  const h = innerHeight(height);
  const x = scaleLinear().domain(props.xDomain).range([0, w]);

  const log = props.yType === 'log';
  // A log axis cannot place 0: an interval without completions (latency 0)
  // leaves a gap in the line instead of a NaN in the path.
  const drawable = (v: number) => Number.isFinite(v) && (!log || v > 0);
  const positives = props.lines.flatMap((spec) => spec.points.y).filter(drawable);
  let lo = min(positives) ?? (log ? 1 : 0);
  let hi = max(positives) ?? 1;
  if (props.yFloor !== undefined) lo = Math.min(lo, props.yFloor);
  if (props.reference) hi = Math.max(hi, props.reference.y);
  if (!log) lo = Math.min(lo, 0);
  if (!(hi > lo)) hi = lo + 1;
  const y = log
    ? scaleLog()
        .domain([Math.max(lo * 0.8, 1e-3), hi * 1.25])
        .range([h, 0])
        .nice()
    : scaleLinear()
        .domain([lo, hi * 1.08])
        .range([h, 0])
        .nice();

  return (
    <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
      <GridRows
        scale={y}
        width={w}
        tickValues={log ? logTicks(y.domain() as [number, number]) : undefined}
      />
      {props.reference && (
        <g className="reference">
          <line x1={0} x2={w} y1={y(props.reference.y)} y2={y(props.reference.y)} />
          <text x={w - 4} y={y(props.reference.y) - 4} textAnchor="end">
            {props.reference.label}
          </text>
        </g>
      )}
      {props.lines.map((spec) => {
        const xs = spec.points.x;
        const path =
          line<number>()
            .defined(drawable)
            .x((_, i) => x(xs[i]))
            .y((v) => y(v))(spec.points.y) ?? '';
        const fill =
          spec.area && !log
            ? (area<number>()
                .x((_, i) => x(xs[i]))
                .y0(h)
                .y1((v) => y(v))
                .defined(drawable)(spec.points.y) ?? '')
            : null;
        return (
          <g key={spec.key} className="series" data-series={spec.key}>
            {fill && <path d={fill} fill={spec.color} opacity={0.12} />}
            <path
              d={path}
              fill="none"
              stroke={spec.color}
              strokeWidth={1.6}
              strokeDasharray={spec.dashed ? '4 3' : undefined}
            />
            {/* A value between two gaps is a line of no length: a dot shows it. */}
            {isolatedPoints(spec.points.y, drawable).map((i) => (
              <circle
                key={i}
                className="isolated-point"
                cx={x(xs[i])}
                cy={y(spec.points.y[i])}
                r={1.8}
                fill={spec.color}
              />
            ))}
          </g>
        );
      })}
      <AxisLeft
        scale={y}
        format={props.yFormat}
        tickValues={log ? logTicks(y.domain() as [number, number]) : undefined}
      />
      <TimeAxisBottom scale={x} y={h} />
    </g>
  );
}

/** Indices of drawable values whose neighbours are not (gaps either side, or the ends). */
export function isolatedPoints(
  values: readonly number[],
  drawable: (v: number) => boolean,
): number[] {
  const isolated: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (!drawable(values[i])) continue;
    const before = i > 0 && drawable(values[i - 1]);
    const after = i + 1 < values.length && drawable(values[i + 1]);
    if (!before && !after) isolated.push(i);
  }
  return isolated;
}
