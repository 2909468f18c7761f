// How worn the blocks are: blocks per erase-count bin (meta.erase_histogram).
// A narrow histogram means even wear; a long right tail, hot blocks.

import { max, scaleBand, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { AxisLeft, GridRows } from './Axes';
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

export function binLabel(index: number, binWidth: number): string {
  if (binWidth <= 1) return String(index);
  return `${index * binWidth}–${(index + 1) * binWidth - 1}`;
}

/** Erase counts of the least- and most-erased block (the core's meta.wear). */
type Wear = { min_erases: number; max_erases: number };

/** How unevenly the drive wears: most-erased block minus least-erased. */
export function eraseSpread(wear: Wear): number {
  return wear.max_erases - wear.min_erases;
}

/** "spread N erases (MIN–MAX)"; null before a frame, or from a core that does not send wear. */
export function eraseSpreadText(wear: Wear | undefined): string | null {
  if (!wear) return null;
  return `spread ${eraseSpread(wear).toLocaleString('en')} erases (${wear.min_erases}–${wear.max_erases})`;
}

export function EraseHistogramChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const spread = eraseSpreadText(sim.frame?.meta.wear);
  const { counts, binWidth } = useMemo(() => {
    const meta = sim.frame?.meta;
    const histogram = meta?.erase_histogram ?? [];
    // Trailing empty bins carry no information.
    let end = histogram.length;
    while (end > 1 && histogram[end - 1] === 0) end--;
    return { counts: histogram.slice(0, end), binWidth: meta?.erase_bin_width ?? 1 };
  }, [sim]);

  return (
    <ChartCard
      term="erase"
      title="Erase counts"
      subtitle={`Blocks per erase-count bin: how evenly the drive wears${spread ? `; ${spread}` : ''}`}
      testId="chart-erase-histogram"
      empty={counts.length === 0 ? 'No snapshot yet' : null}
    >
      {(width) => <Bars width={width} counts={counts} binWidth={binWidth} />}
    </ChartCard>
  );
}

function Bars({ width, counts, binWidth }: { width: number; counts: number[]; binWidth: number }) {
  const w = innerWidth(width);
  const h = innerHeight(CHART_HEIGHT);
  const indices = counts.map((_, i) => i);
  const x = scaleBand<number>().domain(indices).range([0, w]).padding(0.15);
  const y = scaleLinear()
    .domain([0, max(counts) ?? 1])
    .range([h, 0])
    .nice();
  // Label about eight bins whatever their number.
  const labelEvery = Math.max(1, Math.ceil(counts.length / 8));
  return (
    <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
      <GridRows scale={y} width={w} />
      {counts.map((count, i) => (
        <rect
          key={i}
          x={x(i)}
          y={y(count)}
          width={x.bandwidth()}
          height={Math.max(0, h - y(count))}
          fill={COLORS.bars}
        >
          <title>
            {count} blocks erased {binLabel(i, binWidth)} times
          </title>
        </rect>
      ))}
      <AxisLeft scale={y} format={(value) => String(value)} />
      <g className="axis axis-x" transform={`translate(0, ${h})`}>
        <line x1={0} x2={w} className="axis-line" />
        {indices
          .filter((i) => i % labelEvery === 0)
          .map((i) => (
            <text key={i} x={(x(i) ?? 0) + x.bandwidth() / 2} y={16} textAnchor="middle">
              {binLabel(i, binWidth)}
            </text>
          ))}
      </g>
    </g>
  );
}
