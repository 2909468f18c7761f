// The lesson's results chart: one group per step that loaded a run, its
// simulated figure (latest, final once the run ends) beside the core's model
// value for that drive (meta.waf_model: the UI never computes the model).
// Shown at the top of the live view (beside the docked lesson text when
// presenting) on the steps the lesson's "results.showOn" names.

import { max, scaleBand, scaleLinear } from 'd3';
import { AxisLeft, GridRows } from '../charts/Axes';
import { ChartCard } from '../charts/ChartCard';
import { CHART_HEIGHT, MARGIN, innerHeight, innerWidth } from '../charts/chartLayout';
import { COLORS } from '../charts/palette';
import { useAppStore } from '../store';
import './lessons.css';
import type { LessonResults as ResultsSpec } from './lessonFile';
import { resultEntries, resultValue, useLessonResults, type ResultEntry } from './lessonResults';

const SERIES = [
  { key: 'simulated', label: 'simulated', color: COLORS.waf },
  { key: 'model', label: 'model', color: COLORS.mean },
] as const;

const METRIC_LABELS: Record<ResultsSpec['metric'], string> = { waf: 'WAF' };

export function LessonResults() {
  const shown = useAppStore((state) => state.view.lesson);
  const { lessonId, byStep } = useLessonResults();
  const spec = shown?.lesson.results;
  if (!shown || !spec || !spec.showOn.includes(shown.step)) return null;
  const entries = resultEntries(shown.lesson, lessonId === shown.lesson.id ? byStep : []);
  const metric = METRIC_LABELS[spec.metric];
  const anyResult = entries.some((entry) => resultValue(entry.result, spec.metric) !== null);
  return (
    <div className="lesson-results">
      <ChartCard
        title={`${metric} by ${spec.label.toLowerCase()}`}
        subtitle={`Each step's run${spec.model ? ', and what the model predicts for it' : ''}`}
        // One metric so far (ResultMetric): a lesson's `focus` names this id,
        // written out so the lesson checks can find it in the source.
        testId="lesson-waf-chart"
        legend={SERIES.filter((s) => s.key === 'simulated' || spec.model).map((s) => ({
          label: s.label,
          color: s.color,
        }))}
        empty={anyResult ? null : 'Run the steps before this one to fill the chart'}
      >
        {(width) => <GroupedBars width={width} entries={entries} spec={spec} />}
      </ChartCard>
    </div>
  );
}

function GroupedBars({
  width,
  entries,
  spec,
}: {
  width: number;
  entries: ResultEntry[];
  spec: ResultsSpec;
}) {
  const metric = METRIC_LABELS[spec.metric];
  const axis = spec.label;
  const margin = { ...MARGIN, top: 18, bottom: 40 };
  const w = innerWidth(width, margin);
  const h = innerHeight(CHART_HEIGHT, margin);
  const valueOf = (entry: ResultEntry, series: (typeof SERIES)[number]['key']) =>
    resultValue(entry.result, series === 'simulated' ? spec.metric : spec.model);
  const values = entries.flatMap((e) => [valueOf(e, 'simulated') ?? 0, valueOf(e, 'model') ?? 0]);
  const x = scaleBand<number>()
    .domain(entries.map((e) => e.step))
    .range([0, w])
    .padding(0.25);
  const inner = scaleBand<string>()
    .domain(SERIES.map((s) => s.key))
    .range([0, x.bandwidth()])
    .padding(0.08);
  const y = scaleLinear()
    .domain([0, max(values) || 1])
    .range([h, 0])
    .nice();
  return (
    <g transform={`translate(${margin.left}, ${margin.top})`}>
      <GridRows scale={y} width={w} />
      {entries.map((entry) => (
        <g
          key={entry.step}
          transform={`translate(${x(entry.step) ?? 0}, 0)`}
          data-testid="lesson-result"
          data-label={entry.label}
        >
          {SERIES.map((series) => {
            const value = valueOf(entry, series.key);
            if (value === null) return null;
            const running = series.key === 'simulated' && !entry.result?.finished;
            return (
              <g key={series.key} data-testid={`lesson-result-${series.key}`} data-value={value}>
                <rect
                  x={inner(series.key)}
                  y={y(value)}
                  width={inner.bandwidth()}
                  height={Math.max(0, h - y(value))}
                  fill={series.color}
                  fillOpacity={running ? 0.45 : 1}
                >
                  <title>
                    {entry.label}: {series.label} {metric} {value.toFixed(2)}
                    {running ? ' (still running)' : ''}
                  </title>
                </rect>
                <text
                  x={(inner(series.key) ?? 0) + inner.bandwidth() / 2}
                  y={y(value) - 4}
                  textAnchor="middle"
                  className="bar-value"
                >
                  {value.toFixed(2)}
                </text>
              </g>
            );
          })}
          {valueOf(entry, 'simulated') === null && (
            // A step the class skipped: say so rather than leave a gap that reads as 0.
            <text x={x.bandwidth() / 2} y={h - 6} textAnchor="middle" className="axis-label">
              not run yet
            </text>
          )}
          <text x={x.bandwidth() / 2} y={h + 16} textAnchor="middle" className="axis-label">
            {entry.label}
          </text>
        </g>
      ))}
      <AxisLeft scale={y} format={(value) => String(value)} />
      <text
        transform={`translate(${-margin.left + 12}, ${h / 2}) rotate(-90)`}
        textAnchor="middle"
        className="axis-title"
      >
        {metric}
      </text>
      <g className="axis axis-x" transform={`translate(0, ${h})`}>
        <line x1={0} x2={w} className="axis-line" />
        <text x={w / 2} y={32} textAnchor="middle" className="axis-title">
          {axis}
        </text>
      </g>
    </g>
  );
}
