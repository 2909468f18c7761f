// The stability report's charts, SVG in ChartCards (so they save as SVG or
// PNG like every chart): IOPS per interval over time with the steady-state
// window shaded and the round boundaries dashed, and IOPS per round as bars
// (window rounds darker, a band around the window rounds' mean drawn: the
// steady-state rule's mean, steady_state.mean_iops, give or take half the
// rule's range limit). The rule's figures are the result's: the ones the
// core judged the run by.

import { line, max, scaleBand, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { formatCount, formatPercent, formatWaf } from '../app/format';
import { TimeAxisBottom, AxisLeft, GridRows } from '../charts/Axes';
import { ChartCard } from '../charts/ChartCard';
import { CHART_HEIGHT, MARGIN, innerHeight, innerWidth } from '../charts/chartLayout';
import { COLORS } from '../charts/palette';
import {
  binIopsSeries,
  roundBoundaries,
  roundsBand,
  windowSpans,
  type StabilityResult,
} from './stabilityResult';

const WINDOW_FILL = 'rgba(61, 139, 80, 0.16)';
const WINDOW_COLOR = '#3d8b50';

export function IopsOverTimeChart({ result }: { result: StabilityResult }) {
  const binned = useMemo(() => binIopsSeries(result.series), [result]);
  const spans = useMemo(() => windowSpans(result.series), [result]);
  const boundaries = useMemo(() => roundBoundaries(result.rounds), [result]);
  const first = result.rounds[0]?.start_ms ?? 0;
  const last = result.rounds[result.rounds.length - 1]?.end_ms ?? first + 1;
  return (
    <ChartCard
      title="IOPS over time"
      subtitle={`Per ${result.series.interval_ms} ms interval from the first round on; the steady-state window is shaded, rounds are separated by dashed lines`}
      testId="stability-chart-iops"
      legend={[
        { label: 'IOPS', color: COLORS.write },
        { label: 'Steady-state window', color: WINDOW_COLOR },
        { label: 'Round boundary', color: COLORS.mean, dashed: true },
      ]}
      empty={binned.t_ms.length === 0 ? 'No whole interval in the rounds' : null}
    >
      {(width) => {
        const w = innerWidth(width);
        const h = innerHeight(CHART_HEIGHT);
        const x = scaleLinear()
          .domain([first, Math.max(last, first + 1)])
          .range([0, w]);
        const y = scaleLinear()
          .domain([0, (max(binned.iops) ?? 1) * 1.05 || 1])
          .range([h, 0]);
        const path =
          line<number>()
            .x((_, i) => x(binned.t_ms[i]))
            .y((v) => y(v))(binned.iops) ?? '';
        return (
          <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
            {spans.map((span) => (
              <rect
                key={span.startMs}
                className="stability-window"
                data-testid="stability-window"
                x={x(span.startMs)}
                width={Math.max(1, x(span.endMs) - x(span.startMs))}
                y={0}
                height={h}
                fill={WINDOW_FILL}
              />
            ))}
            <GridRows scale={y} width={w} />
            {boundaries.map((ms) => (
              <line
                key={ms}
                x1={x(ms)}
                x2={x(ms)}
                y1={0}
                y2={h}
                stroke={COLORS.mean}
                strokeDasharray="3 3"
              />
            ))}
            <path d={path} fill="none" stroke={COLORS.write} strokeWidth={1.4} />
            <TimeAxisBottom scale={x} y={h} />
            <AxisLeft scale={y} format={formatCount} />
          </g>
        );
      }}
    </ChartCard>
  );
}

export function RoundIopsChart({ result }: { result: StabilityResult }) {
  const { rounds, steady_state: steady } = result;
  const band = roundsBand(steady);
  return (
    <ChartCard
      title="IOPS per round"
      subtitle={`All of a round's I/O over its duration; the detector looks for ${steady.window_rounds} rounds within ${formatPercent(steady.max_range_fraction)} of their mean with a fitted slope within ${formatPercent(steady.max_slope_excursion_fraction)}`}
      testId="stability-chart-rounds"
      legend={[
        { label: 'Round', color: COLORS.gcBackground },
        { label: 'Window round', color: WINDOW_COLOR },
        {
          label: `Rounds' mean ± ${formatPercent(steady.max_range_fraction / 2)}`,
          color: COLORS.mean,
          dashed: true,
        },
      ]}
      empty={rounds.length === 0 ? 'No round finished' : null}
    >
      {(width) => {
        const w = innerWidth(width);
        const h = innerHeight(CHART_HEIGHT);
        const x = scaleBand<number>()
          .domain(rounds.map((r) => r.round))
          .range([0, w])
          .padding(0.2);
        const y = scaleLinear()
          .domain([0, (max(rounds, (r) => r.iops) ?? 1) * 1.1 || 1])
          .range([h, 0]);
        return (
          <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
            <GridRows scale={y} width={w} />
            {rounds.map((r) => (
              <rect
                key={r.round}
                x={x(r.round)}
                width={x.bandwidth()}
                y={y(r.iops)}
                height={Math.max(0, h - y(r.iops))}
                fill={r.in_window ? WINDOW_COLOR : COLORS.gcBackground}
              >
                <title>{`Round ${r.round}: ${formatCount(r.iops)} IOPS, WAF ${formatWaf(r.waf)}`}</title>
              </rect>
            ))}
            {band &&
              [band.lowIops, band.highIops].map((iops) => (
                <line
                  key={iops}
                  data-testid="stability-rounds-band"
                  data-iops={iops}
                  x1={0}
                  x2={w}
                  y1={y(iops)}
                  y2={y(iops)}
                  stroke={COLORS.mean}
                  strokeDasharray="4 3"
                />
              ))}
            <g className="axis axis-x" transform={`translate(0, ${h})`}>
              <line x1={0} x2={w} className="axis-line" />
              {rounds
                .filter((r) => rounds.length <= 15 || r.round % 5 === 0 || r.round === 1)
                .map((r) => (
                  <text
                    key={r.round}
                    x={(x(r.round) ?? 0) + x.bandwidth() / 2}
                    y={16}
                    textAnchor="middle"
                  >
                    {r.round}
                  </text>
                ))}
            </g>
            <AxisLeft scale={y} format={formatCount} />
          </g>
        );
      }}
    </ChartCard>
  );
}
