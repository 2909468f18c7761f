// A chart's card: title, a one-line explanation, an optional legend or
// control, and an SVG sized to the card's width.

import { useRef, type ReactNode } from 'react';
import { useElementWidth } from '../hooks/useElementWidth';
import { CHART_HEIGHT } from './chartLayout';

export interface LegendEntry {
  label: string;
  color: string;
  dashed?: boolean;
}

interface ChartCardProps {
  title: string;
  subtitle: string;
  testId: string;
  legend?: LegendEntry[];
  control?: ReactNode;
  height?: number;
  empty?: string | null;
  children: (width: number) => ReactNode;
}

export function ChartCard(props: ChartCardProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(bodyRef, 420);
  const height = props.height ?? CHART_HEIGHT;
  return (
    <section className="card chart-card" data-testid={props.testId} aria-label={props.title}>
      <header className="chart-header">
        <div>
          <h3>{props.title}</h3>
          <p className="card-subtitle">{props.subtitle}</p>
        </div>
        {props.control}
      </header>
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
          <svg width={width} height={height} role="img" aria-label={props.title}>
            {props.children(width)}
          </svg>
        )}
      </div>
    </section>
  );
}
