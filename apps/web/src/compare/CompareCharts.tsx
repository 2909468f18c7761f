// The compare charts: one line per configuration, in its colour, overlaid
// on throughput, the latency CDF, WAF over time and (when any drive has an
// SLC cache) SLC occupancy. Columns come from a running compare (live
// SeriesBuffers) or from outcomes (binned series); both answer column(key).
// Each chart bins to at most a few hundred points (docs/conventions.md convention 8).

import { useMemo } from 'react';
import { formatBytes, formatWaf } from '../app/format';
import { binSeries, type Reducer } from '../charts/binning';
import { CdfPlot, drawableCdf, type CdfPoints } from '../charts/CdfPlot';
import { ChartCard, type LegendEntry } from '../charts/ChartCard';
import { TimeSeriesPlot, type LineSpec } from '../charts/TimeSeriesPlot';
import type { RunSeries } from '../runs/runRecord';

/** A run's series, by column name (a SeriesBuffer, or a stored RunSeries via seriesSource). */
export interface SeriesSource {
  column(key: string): ArrayLike<number>;
}

export interface ChartColumn {
  key: string;
  label: string;
  color: string;
  series: SeriesSource | null;
  latencyCdf: CdfPoints;
  hasSlcCache: boolean;
}

export function seriesSource(series: RunSeries): SeriesSource {
  const columns = series as unknown as Record<string, ArrayLike<number> | undefined>;
  return { column: (key) => columns[key] ?? [] };
}

/** Host MB/s, reads and writes together. */
function totalMbps(source: SeriesSource): Float64Array {
  const read = source.column('read_mbps');
  const write = source.column('write_mbps');
  const total = new Float64Array(Math.max(read.length, write.length));
  for (let i = 0; i < total.length; i++) {
    const r = read[i];
    const w = write[i];
    total[i] = (Number.isFinite(r) ? r : 0) + (Number.isFinite(w) ? w : 0);
  }
  return total;
}

/** SLC bytes in use: a stored run's column, or static + dynamic of a live one. */
function slcUsedBytes(source: SeriesSource): ArrayLike<number> {
  const stored = source.column('slc_used_bytes');
  if (stored.length > 0) return stored;
  const staticBytes = source.column('slc_static_bytes');
  const dynamicBytes = source.column('slc_dynamic_bytes');
  const used = new Float64Array(staticBytes.length);
  for (let i = 0; i < used.length; i++) used[i] = staticBytes[i] + (dynamicBytes[i] || 0);
  return used;
}

function lastTime(columns: readonly ChartColumn[]): number {
  let last = 0;
  for (const column of columns) {
    const t = column.series?.column('t_ms');
    if (t && t.length > 0) last = Math.max(last, t[t.length - 1]);
  }
  return Math.max(100, last);
}

function linesOf(
  columns: readonly ChartColumn[],
  values: (source: SeriesSource) => ArrayLike<number>,
  reducer: Reducer = 'mean',
): LineSpec[] {
  return columns.flatMap((column) =>
    column.series
      ? [
          {
            key: column.key,
            label: column.label,
            color: column.color,
            points: binSeries(
              column.series.column('t_ms'),
              values(column.series),
              undefined,
              reducer,
            ),
          },
        ]
      : [],
  );
}

/** The last finite value of a column (NaN without one). */
function lastFinite(values: ArrayLike<number>): number {
  for (let i = values.length - 1; i >= 0; i--) if (Number.isFinite(values[i])) return values[i];
  return NaN;
}

/**
 * Each configuration's WAF at the end of its series ("greedy 2.66, fifo
 * 6.06"; labels may hold a "·"): the series ends on the run's WAF,
 * end-of-run drain included (its last point), so these are the table's
 * figures once the runs end.
 */
function lastWafText(columns: readonly ChartColumn[]): string {
  return columns
    .flatMap((column) => {
      const last = column.series ? lastFinite(column.series.column('waf')) : NaN;
      return Number.isFinite(last) ? [`${column.label} ${formatWaf(last)}`] : [];
    })
    .join(', ');
}

export function CompareCharts({
  columns,
  version,
  testIdPrefix = 'compare-chart',
}: {
  columns: readonly ChartColumn[];
  /** Changes when live series grow (they are mutated in place). */
  version: number;
  testIdPrefix?: string;
}) {
  const charts = useMemo(() => {
    void version; // a dependency: the SeriesBuffers behind `columns` grew
    return {
      domain: [0, lastTime(columns)] as [number, number],
      throughput: linesOf(columns, totalMbps),
      // Cumulative: each bin's last value, so a line ends on its run's WAF.
      waf: linesOf(columns, (source) => source.column('waf'), 'last'),
      lastWaf: lastWafText(columns),
      slc: columns.some((column) => column.hasSlcCache)
        ? linesOf(
            columns.filter((column) => column.hasSlcCache),
            slcUsedBytes,
          )
        : null,
    };
  }, [columns, version]);
  const legend: LegendEntry[] = columns.map((column) => ({
    label: column.label,
    color: column.color,
  }));
  const noData = (lines: LineSpec[]) =>
    lines.every((spec) => spec.points.x.length === 0) ? 'No samples yet' : null;

  return (
    <div className="charts-grid compare-charts">
      <ChartCard
        title="Throughput"
        subtitle="Host MB/s, reads and writes together"
        testId={`${testIdPrefix}-throughput`}
        legend={legend}
        empty={noData(charts.throughput)}
      >
        {(width) => (
          <TimeSeriesPlot width={width} xDomain={charts.domain} lines={charts.throughput} />
        )}
      </ChartCard>
      <ChartCard
        title="Latency CDF"
        subtitle="Fraction of all completed I/O at or below a latency"
        testId={`${testIdPrefix}-latency-cdf`}
        legend={legend}
        empty={
          columns.some((column) => drawableCdf(column.latencyCdf).length >= 2)
            ? null
            : 'No completed I/O'
        }
      >
        {(width) => <CdfOverlay width={width} columns={columns} />}
      </ChartCard>
      <ChartCard
        title="Write amplification"
        subtitle={
          charts.lastWaf
            ? `NAND writes ÷ host writes since the start; last: ${charts.lastWaf}`
            : 'NAND writes ÷ host writes since the start'
        }
        testId={`${testIdPrefix}-waf`}
        legend={legend}
        empty={noData(charts.waf) && 'No host writes yet'}
      >
        {(width) => (
          <TimeSeriesPlot
            width={width}
            xDomain={charts.domain}
            lines={charts.waf}
            yFormat={(value) => value.toFixed(1)}
            reference={{ y: 1, label: 'no amplification' }}
          />
        )}
      </ChartCard>
      {charts.slc && (
        <ChartCard
          title="SLC cache occupancy"
          subtitle="Bytes held in pSLC blocks (static and dynamic)"
          testId={`${testIdPrefix}-slc`}
          legend={legend.filter((_, index) => columns[index].hasSlcCache)}
          empty={noData(charts.slc)}
        >
          {(width) => (
            <TimeSeriesPlot
              width={width}
              xDomain={charts.domain}
              lines={charts.slc!}
              yFormat={formatBytes}
            />
          )}
        </ChartCard>
      )}
    </div>
  );
}

/** One step line per configuration (those with a CDF to draw) over a shared latency axis. */
function CdfOverlay({ width, columns }: { width: number; columns: readonly ChartColumn[] }) {
  const curves = columns
    .map((column) => ({
      key: column.key,
      color: column.color,
      cdf: drawableCdf(column.latencyCdf),
    }))
    .filter((curve) => curve.cdf.length >= 2);
  return <CdfPlot width={width} curves={curves} />;
}
