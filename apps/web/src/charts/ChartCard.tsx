// A chart's card: title, a one-line explanation, an optional legend or
// control, an SVG sized to the card's width, and buttons that save the
// chart as SVG or PNG (with its title and legend drawn in; a live chart's
// file also names the drive and workload and its axes' units).

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { chartFileName, standaloneSvg, svgToPng, type ExportContext } from '../export/chartExport';
import { chartUnits } from '../export/chartUnits';
import { downloadBlob, downloadText } from '../export/download';
import { registerLiveChart } from '../export/liveCharts';
import { contextLine, reportNamesOf } from '../export/reportNames';
import '../export/export.css';
import { Term } from '../glossary/Term';
import { useElementWidth } from '../hooks/useElementWidth';
import { appStore } from '../store';
import { CHART_HEIGHT } from './chartLayout';

export interface LegendEntry {
  label: string;
  color: string;
  dashed?: boolean;
}

interface ChartCardProps {
  title: string;
  /** The glossary entry the title names: the title then shows its definition on hover and focus. */
  term?: string;
  subtitle: string;
  /** A sentence under the subtitle that explains what the chart shows (wraps; null: none). */
  note?: ReactNode;
  testId: string;
  legend?: LegendEntry[];
  control?: ReactNode;
  height?: number;
  empty?: string | null;
  /** The y axis's unit when the user chooses it (the throughput chart's MB/s or IOPS). */
  yUnit?: string;
  /** The x axis's unit when the data sets it (throughput vs written: MB or GB, as its ticks read). */
  xUnit?: string;
  /** What a chart that is not a live one (a sweep's) names in its saved file. */
  exportContext?: ExportContext;
  children: (width: number) => ReactNode;
}

export function ChartCard(props: ChartCardProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const width = useElementWidth(bodyRef, 420);
  const height = props.height ?? CHART_HEIGHT;
  const [exportError, setExportError] = useState<string | null>(null);

  /** The chart as a standalone file; live charts (those with known units) name what ran. */
  const standalone = () => {
    const svg = svgRef.current;
    if (!svg) return null;
    if (props.exportContext) {
      return standaloneSvg(svg, props.title, props.legend, props.exportContext);
    }
    const units = chartUnits(props.testId, props.yUnit, props.xUnit);
    const context = units ? contextLine(reportNamesOf(appStore.getState())) : '';
    return standaloneSvg(svg, props.title, props.legend, {
      context,
      xUnit: units?.x,
      yUnit: units?.y,
    });
  };
  const live = chartUnits(props.testId) !== null;
  const title = props.title;
  // Re-registered after each render (a Map entry: cheap), so the report draws the latest props.
  useEffect(() => {
    if (!live) return undefined;
    return registerLiveChart(props.testId, {
      title: () => title,
      standalone: () => standalone()?.text ?? null,
    });
  });

  const exportChart = async (format: 'svg' | 'png') => {
    try {
      const file = standalone();
      if (!file) return;
      const name = chartFileName(props.title, format);
      if (format === 'svg') downloadText(name, file.text, 'image/svg+xml');
      else downloadBlob(name, await svgToPng(file));
      setExportError(null);
    } catch (error) {
      setExportError((error as Error).message);
    }
  };

  return (
    <section className="card chart-card" data-testid={props.testId} aria-label={props.title}>
      <header className="chart-header">
        <div>
          <h3>{props.term ? <Term id={props.term}>{props.title}</Term> : props.title}</h3>
          <p className="card-subtitle">{props.subtitle}</p>
          {props.note && <p className="chart-note">{props.note}</p>}
        </div>
        <div className="chart-tools">
          {props.control}
          {!props.empty && (
            <span className="chart-export" role="group" aria-label={`Save ${props.title}`}>
              <button
                type="button"
                className="quiet small"
                title="Save this chart as SVG"
                data-testid={`${props.testId}-export-svg`}
                onClick={() => void exportChart('svg')}
              >
                SVG
              </button>
              <button
                type="button"
                className="quiet small"
                title="Save this chart as PNG"
                data-testid={`${props.testId}-export-png`}
                onClick={() => void exportChart('png')}
              >
                PNG
              </button>
            </span>
          )}
        </div>
      </header>
      {exportError && (
        <p className="field-note chart-export-error" role="status">
          Could not save the chart: {exportError}
        </p>
      )}
      {props.legend && (
        <div className="chart-legend">
          {props.legend.map((entry) => (
            <span key={entry.label} className="legend-item">
              <span
                className={entry.dashed ? 'legend-line dashed' : 'legend-line'}
                style={{ borderColor: entry.color }}
              />
              {entry.label}
            </span>
          ))}
        </div>
      )}
      <div ref={bodyRef} className="chart-body" style={{ height }}>
        {props.empty ? (
          <div className="chart-empty">{props.empty}</div>
        ) : (
          <svg ref={svgRef} width={width} height={height} role="img" aria-label={props.title}>
            {props.children(width)}
          </svg>
        )}
      </div>
    </section>
  );
}
