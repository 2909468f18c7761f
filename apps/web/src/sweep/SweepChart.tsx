// The sweep chart: a metric against one swept setting. x is categorical
// (the setting's values, in the spec's order, numbers sorted), each of the
// other swept settings' combinations a series side by side within an x
// (colour + legend). A per-volume sweep draws each x's distribution over
// volumes as a box (quartiles, median, a p90 tick, whiskers to min and max)
// with its points; otherwise one point per value. D3 computes the scales,
// React draws the SVG; every mark carries its row and value as data
// attributes and its settings as the hover text.

import { format, scaleBand, scaleLinear, schemeTableau10 } from 'd3';
import { useState } from 'react';
import { AxisLeft, GridRows } from '../charts/Axes';
import { ChartCard, type LegendEntry } from '../charts/ChartCard';
import { MARGIN, innerHeight, innerWidth } from '../charts/chartLayout';
import { CONFIG_COLORS } from '../compare/compareColors';
import { metricAxisLabel, metricInfo } from './sweepMetrics';
import type { SweepResults } from './sweepResults';
import { rowSettings, sweepPlot, type SweepCell, type SweepPlot } from './sweepStats';

const HEIGHT = 300;
const POINT_RADIUS = 3.5;
/** A value as the marks' hover texts say it. */
const fmt = format('~g');
const SERIES_COLORS = [...CONFIG_COLORS, ...schemeTableau10.slice(4)];

function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length];
}

/** Tick labels: plain decimals for small values, SI prefixes (k, M, G) for large ones. */
function valueFormat(max: number): (value: number) => string {
  return Math.abs(max) >= 10_000 ? format('~s') : format('~g');
}

function yScale(plot: SweepPlot, height: number) {
  const all = plot.cells.flatMap((cell) => cell.marks.map((mark) => mark.value));
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (lo === hi) [lo, hi] = [lo - Math.abs(lo || 1) * 0.1, hi + Math.abs(hi || 1) * 0.1];
  const pad = (hi - lo) * 0.06;
  return scaleLinear()
    .domain([lo - pad, hi + pad])
    .range([height, 0])
    .nice();
}

/** A horizontal stroke of the box: a whisker cap, the median or the p90 tick. */
function HLine(props: {
  y: number;
  center: number;
  half: number;
  strokeWidth?: number;
  strokeDasharray?: string;
}) {
  const { y, center, half, ...stroke } = props;
  return <line x1={center - half} x2={center + half} y1={y} y2={y} {...stroke} />;
}

interface CellProps {
  cell: SweepCell;
  x0: number;
  width: number;
  y: (value: number) => number;
  color: string;
  results: SweepResults;
  metric: string;
  onHover: (row: number | null) => void;
}

function CellMarks({ cell, x0, width, y, color, results, metric, onHover }: CellProps) {
  const { distribution } = cell;
  const center = x0 + width / 2;
  const boxWidth = Math.min(width, 36);
  // Points of a distribution spread across the box (deterministic), a lone point centred.
  const spread = distribution ? boxWidth * 0.7 : 0;
  const xOf = (index: number) =>
    cell.marks.length > 1
      ? center - spread / 2 + (spread * index) / (cell.marks.length - 1)
      : center;
  return (
    <g data-category={cell.category} data-series={cell.series}>
      {distribution && (
        <g
          data-testid="sweep-box"
          data-count={distribution.count}
          data-min={distribution.min}
          data-q1={distribution.q1}
          data-median={distribution.median}
          data-q3={distribution.q3}
          data-p90={distribution.p90}
          data-max={distribution.max}
          stroke={color}
          fill="none"
        >
          <title>
            {`median ${fmt(distribution.median)}, p90 ${fmt(distribution.p90)}, ` +
              `min ${fmt(distribution.min)}, max ${fmt(distribution.max)} over ${distribution.count}`}
          </title>
          <line x1={center} x2={center} y1={y(distribution.max)} y2={y(distribution.q3)} />
          <line x1={center} x2={center} y1={y(distribution.q1)} y2={y(distribution.min)} />
          <HLine y={y(distribution.min)} center={center} half={boxWidth / 4} />
          <HLine y={y(distribution.max)} center={center} half={boxWidth / 4} />
          <rect
            x={center - boxWidth / 2}
            width={boxWidth}
            y={y(distribution.q3)}
            height={Math.max(1, y(distribution.q1) - y(distribution.q3))}
            fill={color}
            fillOpacity={0.15}
          />
          <HLine y={y(distribution.median)} center={center} half={boxWidth / 2} strokeWidth={2} />
          <HLine
            y={y(distribution.p90)}
            center={center}
            half={boxWidth / 2}
            strokeDasharray="3 2"
          />
        </g>
      )}
      {cell.marks.map((mark, index) => (
        <circle
          key={mark.row}
          data-testid="sweep-mark"
          data-row={mark.row}
          data-value={mark.value}
          cx={xOf(index)}
          cy={y(mark.value)}
          r={POINT_RADIUS}
          fill={color}
          fillOpacity={distribution ? 0.55 : 0.9}
          onMouseEnter={() => onHover(mark.row)}
          onMouseLeave={() => onHover(null)}
        >
          <title>{`${rowSettings(results, mark.row)}: ${metric} ${fmt(mark.value)}`}</title>
        </circle>
      ))}
    </g>
  );
}

export function SweepChart({
  results,
  metric,
  setting,
}: {
  results: SweepResults;
  metric: string;
  setting: string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const plot = sweepPlot(results, setting, metric);
  const info = metricInfo(metric);
  const legend: LegendEntry[] | undefined =
    plot.series.length > 1
      ? plot.series.map((series, index) => ({ label: series.label, color: seriesColor(index) }))
      : undefined;
  const settingName = setting || 'all points';
  const title = `${info.label} by ${settingName}`;
  const shape = plot.perVolume
    ? `each ${settingName} over the volumes (box: quartiles, bar: median, dashed: p90, whiskers: min–max)`
    : 'one point per sweep point';
  const subtitle = `y: ${metricAxisLabel(metric)}; ${shape} · ${results.fileName}`;
  return (
    <>
      <ChartCard
        title={title}
        subtitle={subtitle}
        testId="sweep-chart"
        legend={legend}
        height={HEIGHT}
        empty={plot.cells.length === 0 ? `No point has a value for ${metric}.` : null}
        exportContext={{
          context: `sweep ${results.fileName}, ${results.rows} points`,
          xUnit: settingName,
          yUnit: metricAxisLabel(metric),
        }}
      >
        {(width) => {
          const w = innerWidth(width);
          const h = innerHeight(HEIGHT);
          const x = scaleBand<number>()
            .domain(plot.categories.map((_value, index) => index))
            .range([0, w])
            .padding(0.2);
          const dodge = scaleBand<number>()
            .domain(plot.series.map((_series, index) => index))
            .range([0, x.bandwidth()])
            .padding(0.15);
          const y = yScale(plot, h);
          const max = Math.max(...y.domain().map(Math.abs));
          // Every category gets a label while they fit (about 48 px each), else every n-th.
          const labelEvery = Math.max(1, Math.ceil(48 / Math.max(1, x.step())));
          return (
            <g
              transform={`translate(${MARGIN.left}, ${MARGIN.top})`}
              data-metric={metric}
              data-setting={setting}
            >
              <GridRows scale={y} width={w} />
              {plot.cells.map((cell) => (
                <CellMarks
                  key={`${cell.category}-${cell.series}`}
                  cell={cell}
                  x0={(x(cell.category) ?? 0) + (dodge(cell.series) ?? 0)}
                  width={dodge.bandwidth()}
                  y={y}
                  color={seriesColor(cell.series)}
                  results={results}
                  metric={metric}
                  onHover={setHovered}
                />
              ))}
              <AxisLeft scale={y} format={valueFormat(max)} />
              <g className="axis axis-x" transform={`translate(0, ${h})`}>
                <line x1={0} x2={w} className="axis-line" />
                {plot.categories.map((value, index) => (
                  <text
                    key={index}
                    visibility={index % labelEvery === 0 ? undefined : 'hidden'}
                    data-testid="sweep-category"
                    x={(x(index) ?? 0) + x.bandwidth() / 2}
                    y={16}
                    textAnchor="middle"
                  >
                    {String(value)}
                  </text>
                ))}
              </g>
            </g>
          );
        }}
      </ChartCard>
      <p className="field-note sweep-hover" data-testid="sweep-hover" aria-live="polite">
        {hovered === null
          ? 'Hover a point for its settings.'
          : `${rowSettings(results, hovered)} · point ${results.point[hovered]} · ${metric} ${fmt(results.values[metric][hovered])}${info.unit ? ` ${info.unit}` : ''}`}
      </p>
    </>
  );
}
