// When GC ran and what it cost: per time bin, how many planes were
// collecting on average (foreground GC stalls host writes, background GC
// runs while idle), host stalls as red marks on top, and the free-block pool
// as a line on the right axis.

import { line, max, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { formatLatencyUs } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import type { EventLog, Stall } from '../store/eventLog';
import type { SeriesBuffer } from '../store/seriesBuffer';
import { AxisBottom, AxisLeft, AxisRight, GridRows } from './Axes';
import { binCoverage, binMarks, binSeries, type Interval, type Points } from './binning';
import { ChartCard } from './ChartCard';
import {
  CHART_HEIGHT,
  CHART_UPDATE_MS,
  MARGIN,
  innerHeight,
  innerWidth,
  selectSim,
  timeDomain,
  timeTickCount,
  timeTickFormat,
} from './chartLayout';
import { COLORS } from './palette';

const MARGIN_RIGHT = 44;
const STALL_STRIP = 16;

interface TimelineData {
  domain: [number, number];
  foreground: Interval[];
  background: Interval[];
  stalls: Stall[];
  free: Points;
}

function timelineData(series: SeriesBuffer, events: EventLog, nowMs: number): TimelineData {
  const t = series.column('t_ms');
  const domain = timeDomain(t);
  const foreground: Interval[] = [];
  const background: Interval[] = [];
  for (const run of events.gc) {
    (run.background ? background : foreground).push({ start: run.start_ms, end: run.end_ms });
  }
  // Runs still in progress count up to now.
  for (const run of events.openGc.values()) {
    (run.background ? background : foreground).push({ start: run.start_ms, end: nowMs });
  }
  return {
    domain,
    foreground,
    background,
    stalls: events.stalls,
    free: binSeries(t, series.column('free_blocks'), undefined, 'min'),
  };
}

export function GcTimelineChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const data = useMemo(() => timelineData(sim.series, sim.events, sim.simTimeNs / 1e6), [sim]);
  const runs = sim.frame?.meta.gc_runs ?? sim.events.gcRuns;
  const dropped = sim.events.dropped;
  return (
    <ChartCard
      title="GC timeline"
      subtitle={
        `${runs.toLocaleString('en')} GC runs, ${sim.events.stalls.length.toLocaleString('en')} ` +
        'host stalls; bars: planes collecting (average)' +
        (dropped > 0 ? `; ${dropped.toLocaleString('en')} events too dense to show` : '')
      }
      testId="chart-gc-timeline"
      legend={[
        { label: 'foreground GC', color: COLORS.gcForeground },
        { label: 'background GC', color: COLORS.gcBackground },
        { label: 'stall', color: COLORS.stall },
        { label: 'free blocks (right)', color: COLORS.free },
      ]}
      empty={sim.series.length === 0 ? 'Waiting for the first samples…' : null}
    >
      {(width) => <Timeline width={width} data={data} />}
    </ChartCard>
  );
}

function Timeline({ width, data }: { width: number; data: TimelineData }) {
  const margin = { ...MARGIN, right: MARGIN_RIGHT };
  const w = innerWidth(width, margin);
  const h = innerHeight(CHART_HEIGHT, margin);
  const [start, end] = data.domain;
  const bins = Math.max(10, Math.min(240, Math.floor(w / 3)));
  const fg = binCoverage(data.foreground, start, end, bins);
  const bg = binCoverage(data.background, start, end, bins);
  let peak = 0;
  for (let b = 0; b < bins; b++) peak = Math.max(peak, fg[b] + bg[b]);

  const x = scaleLinear().domain(data.domain).range([0, w]);
  const y = scaleLinear()
    .domain([0, Math.max(1, peak)])
    .range([h, STALL_STRIP + 4])
    .nice();
  const yFree = scaleLinear()
    .domain([0, Math.max(1, max(data.free.y) ?? 1)])
    .range([h, STALL_STRIP + 4])
    .nice();
  const binWidth = w / bins;
  const stalls = binMarks(
    data.stalls,
    (stall) => stall.t_ms,
    (stall) => stall.duration_ms,
    start,
    end,
    Math.floor(w / 4),
  );
  const freePath =
    line<number>()
      .x((_, i) => x(data.free.x[i]))
      .y((v) => yFree(v))(data.free.y) ?? '';

  return (
    <g transform={`translate(${margin.left}, ${margin.top})`}>
      <GridRows scale={y} width={w} ticks={3} />
      {Array.from({ length: bins }, (_, b) => {
        if (fg[b] + bg[b] <= 0) return null;
        const yBg = y(bg[b]);
        const yTop = y(bg[b] + fg[b]);
        return (
          <g key={b}>
            <rect
              x={b * binWidth}
              y={yBg}
              width={binWidth}
              height={h - yBg}
              fill={COLORS.gcBackground}
            />
            <rect
              x={b * binWidth}
              y={yTop}
              width={binWidth}
              height={yBg - yTop}
              fill={COLORS.gcForeground}
            />
          </g>
        );
      })}
      <path d={freePath} fill="none" stroke={COLORS.free} strokeWidth={1.5} />
      <g className="stalls">
        {stalls.map((stall, i) => (
          <path key={i} d={`M${x(stall.t_ms)},${STALL_STRIP} l-4,-8 h8 z`} fill={COLORS.stall}>
            <title>
              stall of {formatLatencyUs(stall.duration_ms * 1000)} at {stall.t_ms.toFixed(1)} ms
              {stall.during_gc ? ' during GC' : ''}
            </title>
          </path>
        ))}
      </g>
      <AxisLeft scale={y} ticks={3} format={(value) => `${+value.toFixed(1)}`} />
      <AxisRight scale={yFree} x={w} ticks={3} format={(value) => String(value)} />
      <AxisBottom scale={x} y={h} ticks={timeTickCount(w)} format={timeTickFormat(end)} />
    </g>
  );
}
