// Axes and grid lines as React SVG: D3 computes scales and ticks, React
// renders the DOM (the visx habit).

import type { ScaleContinuousNumeric } from 'd3';
import { timeTickCount, timeTickFormat, timeTickValues } from './chartLayout';

type Scale = ScaleContinuousNumeric<number, number>;

interface AxisProps {
  scale: Scale;
  ticks?: number;
  /** Explicit tick values (log axes label only 1-2-5 steps). */
  tickValues?: number[];
  format?: (value: number) => string;
}

/** Ticks of a log axis: powers of ten, with 2 and 5 between them over short spans. */
export function logTicks([lo, hi]: [number, number]): number[] {
  const ticks: number[] = [];
  const decades = Math.log10(hi / lo);
  const steps = decades < 1.5 ? [1, 2, 5] : decades < 3 ? [1, 3] : [1];
  for (let p = Math.floor(Math.log10(lo)); p <= Math.ceil(Math.log10(hi)); p++) {
    for (const step of steps) {
      const value = step * 10 ** p;
      if (value >= lo && value <= hi) ticks.push(value);
    }
  }
  return ticks;
}

export function AxisBottom({ scale, ticks = 6, tickValues, format, y }: AxisProps & { y: number }) {
  const values = tickValues ?? scale.ticks(ticks);
  const fmt = format ?? scale.tickFormat(ticks);
  const [x0, x1] = scale.range();
  return (
    <g className="axis axis-x" transform={`translate(0, ${y})`}>
      <line x1={x0} x2={x1} className="axis-line" />
      {values.map((value) => (
        <g key={value} transform={`translate(${scale(value)}, 0)`}>
          <line y2={4} className="axis-tick" />
          <text y={16} textAnchor="middle">
            {fmt(value)}
          </text>
        </g>
      ))}
    </g>
  );
}

/**
 * The bottom axis of a chart over simulated time: ticks round in the unit
 * the span calls for (ms, s, min, h or d), about one per 90 px.
 */
export function TimeAxisBottom({ scale, y }: { scale: Scale; y: number }) {
  const domain = scale.domain() as [number, number];
  const [x0, x1] = scale.range();
  const count = timeTickCount(Math.abs(x1 - x0));
  return (
    <AxisBottom
      scale={scale}
      y={y}
      tickValues={timeTickValues(domain, count)}
      format={timeTickFormat(domain[1])}
    />
  );
}

export function AxisLeft({
  scale,
  ticks = 4,
  tickValues,
  format,
  x = 0,
}: AxisProps & { x?: number }) {
  const values = tickValues ?? scale.ticks(ticks);
  const fmt = format ?? scale.tickFormat(ticks);
  return (
    <g className="axis axis-y" transform={`translate(${x}, 0)`}>
      {values.map((value) => (
        <g key={value} transform={`translate(0, ${scale(value)})`}>
          <text x={-6} dy="0.32em" textAnchor="end">
            {fmt(value)}
          </text>
        </g>
      ))}
    </g>
  );
}

export function AxisRight({ scale, ticks = 4, tickValues, format, x }: AxisProps & { x: number }) {
  const values = tickValues ?? scale.ticks(ticks);
  const fmt = format ?? scale.tickFormat(ticks);
  return (
    <g className="axis axis-y axis-right" transform={`translate(${x}, 0)`}>
      {values.map((value) => (
        <g key={value} transform={`translate(0, ${scale(value)})`}>
          <text x={6} dy="0.32em" textAnchor="start">
            {fmt(value)}
          </text>
        </g>
      ))}
    </g>
  );
}

export function GridRows({
  scale,
  width,
  ticks = 4,
  tickValues,
}: {
  scale: Scale;
  width: number;
  ticks?: number;
  tickValues?: number[];
}) {
  return (
    <g className="grid">
      {(tickValues ?? scale.ticks(ticks)).map((value) => (
        <line key={value} x1={0} x2={width} y1={scale(value)} y2={scale(value)} />
      ))}
    </g>
  );
}
