// When GC and SLC migration ran and what they cost: per time bin, how many
// planes were collecting or folding on average (foreground work stalls host
// writes, background work runs while idle), the stretches when the SLC cache
// was full shaded, host stalls as marks on top (violet when migration caused
// them), and the free-block pool as a line on the right axis.

import { line, max, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { formatLatencyUs } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { SLC_COLORS } from '../slc/slcColors';
import type { EventLog, Stall } from '../store/eventLog';
import type { SeriesBuffer } from '../store/seriesBuffer';
import { TimeAxisBottom, AxisLeft, AxisRight, GridRows } from './Axes';
import { binCoverage, binMarks, binSeries, type Interval, type Points } from './binning';
import { ChartCard } from './ChartCard';
import { gcTimelineSubtitle } from './gcTimelineCounts';
import {
  CHART_HEIGHT,
  CHART_UPDATE_MS,
  MARGIN,
  innerHeight,
  innerWidth,
  selectSim,
  timeDomain,
} from './chartLayout';
import { COLORS } from './palette';

const MARGIN_RIGHT = 44;
const STALL_STRIP = 16;
const MIGRATION_IDLE = '#8fd1c7';
const CACHE_FULL_FILL = '#f6d5d2';
const STACK_COLORS = [
  COLORS.gcBackground,
  COLORS.gcForeground,
  MIGRATION_IDLE,
  SLC_COLORS.migration,
];

interface TimelineData {
  domain: [number, number];
  foreground: Interval[];
  background: Interval[];
  migrationForeground: Interval[];
  migrationBackground: Interval[];
  cacheFull: Interval[];
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
  const migrationForeground: Interval[] = [];
  const migrationBackground: Interval[] = [];
  for (const run of events.migrations) {
    (run.background ? migrationBackground : migrationForeground).push({
      start: run.start_ms,
      end: run.end_ms,
    });
  }
  for (const run of events.openMigrations.values()) {
    (run.background ? migrationBackground : migrationForeground).push({
      start: run.start_ms,
      end: nowMs,
    });
  }
  const cacheFull = events.cacheFull.map((full) => ({
    start: full.start_ms,
    end: Number.isNaN(full.end_ms) ? nowMs : full.end_ms,
  }));
  return {
    domain,
    foreground,
    background,
    migrationForeground,
    migrationBackground,
    cacheFull,
    stalls: events.stalls,
    free: binSeries(t, series.column('free_blocks'), undefined, 'min'),
  };
}

export function GcTimelineChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const data = useMemo(() => timelineData(sim.series, sim.events, sim.simTimeNs / 1e6), [sim]);
  const slc = sim.frame?.meta.slc != null;
  return (
    <ChartCard
      term="gc"
      title={slc ? 'GC and migration timeline' : 'GC timeline'}
      subtitle={gcTimelineSubtitle(sim.frame?.meta, sim.events.dropped)}
      testId="chart-gc-timeline"
      legend={[
        { label: 'foreground GC', color: COLORS.gcForeground },
        { label: 'background GC', color: COLORS.gcBackground },
        ...(slc
          ? [
              { label: 'migration (cache full)', color: SLC_COLORS.migration },
              { label: 'idle migration', color: MIGRATION_IDLE },
              { label: 'SLC full', color: CACHE_FULL_FILL },
            ]
          : []),
        { label: 'stall', color: COLORS.stall },
        ...(slc ? [{ label: 'stall during migration', color: SLC_COLORS.persistent }] : []),
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
  const mfg = binCoverage(data.migrationForeground, start, end, bins);
  const mbg = binCoverage(data.migrationBackground, start, end, bins);
  let peak = 0;
  for (let b = 0; b < bins; b++) peak = Math.max(peak, fg[b] + bg[b] + mfg[b] + mbg[b]);

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
      {data.cacheFull.map((full, i) => (
        <rect
          key={`full-${i}`}
          className="cache-full"
          x={x(Math.max(start, full.start))}
          y={0}
          width={Math.max(1, x(Math.min(end, full.end)) - x(Math.max(start, full.start)))}
          height={h}
          fill={CACHE_FULL_FILL}
        />
      ))}
      <GridRows scale={y} width={w} ticks={3} />
      {Array.from({ length: bins }, (_, b) => {
        // Stacked from the axis: background GC, foreground GC, idle migration, forced migration.
        const heights = [bg[b], fg[b], mbg[b], mfg[b]];
        if (heights[0] + heights[1] + heights[2] + heights[3] <= 0) return null;
        let base = 0;
        return (
          <g key={b}>
            {heights.map((value, k) => {
              if (value <= 0) return null;
              const y0 = y(base);
              base += value;
              const y1 = y(base);
              return (
                <rect
                  key={k}
                  x={b * binWidth}
                  y={y1}
                  width={binWidth}
                  height={y0 - y1}
                  fill={STACK_COLORS[k]}
                />
              );
            })}
          </g>
        );
      })}
      <path d={freePath} fill="none" stroke={COLORS.free} strokeWidth={1.5} />
      <g className="stalls">
        {stalls.map((stall, i) => (
          <path
            key={i}
            d={`M${x(stall.t_ms)},${STALL_STRIP} l-4,-8 h8 z`}
            fill={stall.during_migration ? SLC_COLORS.persistent : COLORS.stall}
          >
            <title>
              stall of {formatLatencyUs(stall.duration_ms * 1000)} at {stall.t_ms.toFixed(1)} ms
              {stall.during_gc ? ' during GC' : ''}
              {stall.during_migration ? ' during SLC migration' : ''}
            </title>
          </path>
        ))}
      </g>
      <AxisLeft scale={y} ticks={3} format={(value) => `${+value.toFixed(1)}`} />
      <AxisRight scale={yFree} x={w} ticks={3} format={(value) => String(value)} />
      <TimeAxisBottom scale={x} y={h} />
    </g>
  );
}
