// Host write throughput against the amount written: the SLC cliff as drive
// reviews draw it. The cliff is where the cache first ran full, with the
// MB/s before and after it, all as the core reports them
// (meta.slc.first_cliff, the figures of the result JSON's slc.cliff); the
// annotation gives where (bytes written, as the SLC card prints them) and
// how deep (MB/s before -> after). The x axis is the core's bytes written
// (the series' host_write_bytes). On a multi-burst run each later burst's
// own cliff is marked too, where the core says it was, labelled with the
// cache that burst found after its idle time (meta.slc.bursts).

import { line, max, scaleLinear } from 'd3';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { formatBytes, formatMbps } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { SLC_COLORS } from '../slc/slcColors';
import type { SimSlice } from '../store/simSlice';
import { AxisBottom, AxisLeft, GridRows } from './Axes';
import type { Points } from './binning';
import { ChartCard } from './ChartCard';
import {
  CHART_HEIGHT,
  CHART_UPDATE_MS,
  MARGIN,
  innerHeight,
  innerWidth,
  selectSim,
} from './chartLayout';
import {
  LABEL_CHAR_PX,
  binByWritten,
  stalledInBurst,
  cliffLabelLines,
  cliffMark,
  laterBurstCliffs,
  placeCliffLabel,
  writtenAxis,
  writtenAxisLabel,
  type BurstCliffMark,
  type CliffMark,
  type WrittenAxis,
} from './cliff';
import { COLORS } from './palette';

interface ChartData {
  points: Points;
  cliff: CliffMark | null;
  /** Later bursts' cliffs, placed and labelled by the core's figures. */
  laterCliffs: BurstCliffMark[];
  /** The x axis's end: the curve's, the after level's or a later cliff's, whichever is last. */
  xMax: number;
  axis: WrittenAxis;
}

function chartData(sim: Pick<SimSlice, 'series' | 'events' | 'frame'>): ChartData {
  const tMs = sim.series.column('t_ms');
  const writeMbps = sim.series.column('write_mbps');
  // The core's bytes written by each sample's end (see cliff.ts).
  const series = { tMs, writeMbps, hostBytes: sim.series.column('host_write_bytes') };
  const bursts = sim.frame?.meta.slc?.bursts ?? [];
  const points = binByWritten(
    series.hostBytes,
    series.writeMbps,
    undefined,
    stalledInBurst(tMs, bursts),
  );
  const reported = sim.frame?.meta.slc?.first_cliff ?? null;
  // The first cache-full interval ends the "after" level where the cache had room again.
  const firstFull = sim.events.cacheFull[0];
  const recovered = firstFull && Number.isFinite(firstFull.end_ms) ? firstFull.end_ms : null;
  const cliff = reported ? cliffMark(series, reported, recovered) : null;
  // Labelled in the app's decimal units, as the SLC card lists the same bursts.
  const laterCliffs = laterBurstCliffs(bursts, formatBytes);
  const xMax = Math.max(
    max(points.x) ?? 0,
    cliff?.afterEndBytes ?? 0,
    ...laterCliffs.map((mark) => mark.cliffBytes),
    1,
  );
  return { points, cliff, laterCliffs, xMax, axis: writtenAxis(xMax) };
}

export function ThroughputVsWrittenChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const data = useMemo(() => chartData(sim), [sim]);
  const cliff = data.cliff;
  // Bytes as the SLC card and the report print them (formatBytes), not the axis's rounding.
  const subtitle = cliff
    ? `Cliff after ${formatBytes(cliff.hostWrittenBytes)} written` +
      (cliff.beforeMbps !== null && cliff.afterMbps !== null
        ? `: ${formatMbps(cliff.beforeMbps)} → ${formatMbps(cliff.afterMbps)} after the cache is exhausted`
        : '')
    : 'Host write MB/s by data written; the SLC cliff shows as a drop';
  return (
    <ChartCard
      term="cliff"
      title="Throughput vs data written"
      subtitle={subtitle}
      testId="chart-throughput-vs-written"
      xUnit={writtenAxisLabel(data.axis)}
      legend={[
        { label: 'write MB/s', color: COLORS.write },
        ...(cliff
          ? [
              {
                label: 'cliff: before / after the cache is exhausted',
                color: SLC_COLORS.cliff,
                dashed: true,
              },
            ]
          : []),
      ]}
      empty={data.points.x.length === 0 ? 'Waiting for host writes…' : null}
    >
      {(width) => <Plot width={width} data={data} />}
    </ChartCard>
  );
}

function Plot({ width, data }: { width: number; data: ChartData }) {
  const w = innerWidth(width);
  const h = innerHeight(CHART_HEIGHT);
  const { cliff, laterCliffs } = data;
  const x = scaleLinear().domain([0, data.xMax]).range([0, w]);
  const yMax = Math.max(max(data.points.y) ?? 1, cliff?.beforeMbps ?? 0, 1);
  const y = scaleLinear()
    .domain([0, yMax * 1.12])
    .range([h, 0])
    .nice();
  const path =
    line<number>()
      .x((_, i) => x(data.points.x[i]))
      .y((v) => y(v))(data.points.y) ?? '';
  // Below the first cliff's label (up to three lines).
  const firstBurstRow = 12 + 3 * 13 + 10;
  return (
    <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
      <GridRows scale={y} width={w} />
      <path d={path} fill="none" stroke={COLORS.write} strokeWidth={1.6} />
      {/* Lines first, labels last: no dashed line is drawn across a label. */}
      {laterCliffs.map((mark) => (
        <line
          key={mark.number}
          className="cliff-annotation cliff-line"
          data-testid="burst-cliff"
          data-burst={mark.number}
          data-cliff-bytes={mark.cliffBytes}
          x1={x(mark.cliffBytes)}
          x2={x(mark.cliffBytes)}
          y1={0}
          y2={h}
        />
      ))}
      {cliff && <CliffAnnotation cliff={cliff} x={x} y={y} h={h} w={w} />}
      {laterCliffs.length > 0 && (
        <g data-testid="burst-cliffs" className="cliff-annotation">
          {laterCliffs.map((mark, i) => (
            <BurstCliffLabel
              key={mark.number}
              mark={mark}
              cx={x(mark.cliffBytes)}
              labelY={firstBurstRow + i * 14}
              w={w}
            />
          ))}
        </g>
      )}
      <AxisLeft scale={y} format={(v) => String(v)} />
      <AxisBottom
        scale={x}
        y={h}
        ticks={Math.max(2, Math.floor(w / 90))}
        format={data.axis.format}
      />
    </g>
  );
}

function CliffAnnotation(props: {
  cliff: CliffMark;
  x: (bytes: number) => number;
  y: (mbps: number) => number;
  h: number;
  w: number;
}) {
  const { cliff, x, y, h, w } = props;
  const cx = x(cliff.hostWrittenBytes);
  const { beforeMbps, afterMbps } = cliff;
  // Where, in the bytes the SLC card and the report print (formatBytes).
  const lines = cliffLabelLines(cliff, formatBytes, formatMbps);
  // The label's width as drawn (an estimate until the text has been laid
  // out), so that it is placed inside the plot, never clipped at its edge.
  const estimate = Math.max(...lines.map((text) => text.length)) * LABEL_CHAR_PX;
  const labelRef = useRef<SVGTextElement>(null);
  const labelWidth = useLabelWidth(labelRef, lines.join('\n'), estimate);
  const labelX = placeCliffLabel(cx, labelWidth, w);
  return (
    <g
      className="cliff-annotation"
      data-testid="cliff-annotation"
      data-cliff-bytes={cliff.hostWrittenBytes}
      data-before-mbps={beforeMbps?.toFixed(1)}
      data-after-mbps={afterMbps?.toFixed(1)}
    >
      <line x1={cx} x2={cx} y1={0} y2={h} className="cliff-line" />
      {beforeMbps !== null && (
        <line x1={0} x2={cx} y1={y(beforeMbps)} y2={y(beforeMbps)} className="cliff-level" />
      )}
      {afterMbps !== null && (
        <line
          x1={cx}
          x2={x(cliff.afterEndBytes)}
          y1={y(afterMbps)}
          y2={y(afterMbps)}
          className="cliff-level"
        />
      )}
      <LabelBackdrop x={labelX} y={12} width={labelWidth} lines={lines.length} />
      <text ref={labelRef} data-testid="cliff-label" x={labelX} y={12} textAnchor="start">
        {lines.map((line, i) => (
          <tspan key={i} x={labelX} dy={i === 0 ? 0 : 13}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** A label's width once laid out (`estimate` until then), to place it inside the plot. */
function useLabelWidth(
  ref: RefObject<SVGTextElement | null>,
  text: string,
  estimate: number,
): number {
  const [measured, setMeasured] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    const box = node && typeof node.getBBox === 'function' ? node.getBBox() : null;
    setMeasured(box && box.width > 0 ? Math.ceil(box.width) : null);
  }, [ref, text]);
  return measured ?? estimate;
}

/** A later burst's own cliff's label: one line of text beside its line, never clipped. */
function BurstCliffLabel(props: { mark: BurstCliffMark; cx: number; labelY: number; w: number }) {
  const { mark, cx, labelY, w } = props;
  const labelRef = useRef<SVGTextElement>(null);
  const width = useLabelWidth(labelRef, mark.label, mark.label.length * LABEL_CHAR_PX);
  const labelX = placeCliffLabel(cx, width, w);
  return (
    <>
      <LabelBackdrop x={labelX} y={labelY} width={width} lines={1} />
      <text ref={labelRef} data-testid="burst-cliff-label" x={labelX} y={labelY}>
        {mark.label}
      </text>
    </>
  );
}

/**
 * A pale box behind a label of `lines` 13 px lines whose first baseline is
 * at `y`: the dashed levels and the curve pass behind the text, not
 * between its letters.
 */
function LabelBackdrop(props: { x: number; y: number; width: number; lines: number }) {
  const { x, y, width, lines } = props;
  return (
    <rect
      className="cliff-label-backdrop"
      x={x - 3}
      y={y - 11}
      width={width + 6}
      height={lines * 13 + 3}
      rx={2}
    />
  );
}
