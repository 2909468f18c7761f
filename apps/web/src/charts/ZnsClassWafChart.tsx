// A zoned drive's write amplification over time, split by open zone class:
// each band is a class's (user + GC) block writes over all user writes so
// far, so the bands stack up to the host FTL's WAF (seed 004 eq. 2.1). A
// class whose band grows faster than its share of user writes is where GC
// keeps copying — data of mixed lifetimes shares its zones.

import { area, line, max, scaleLinear } from 'd3';
import { useMemo } from 'react';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { classColor } from '../zones/zoneColours';
import { TimeAxisBottom, AxisLeft, GridRows } from './Axes';
import { ChartCard, type LegendEntry } from './ChartCard';
import {
  CHART_HEIGHT,
  CHART_UPDATE_MS,
  MARGIN,
  innerHeight,
  innerWidth,
  selectSim,
  timeDomain,
} from './chartLayout';
import { classWafStack, type ClassWafStack } from './znsFigures';

const TOTAL_COLOR = '#1d2733';

export function ZnsClassWafChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const { stack, domain } = useMemo(
    () => ({ stack: classWafStack(sim.series), domain: timeDomain(sim.series.column('t_ms')) }),
    [sim],
  );
  const classes = stack.classes.length;
  const last = stack.total.length > 0 ? stack.total[stack.total.length - 1] : NaN;
  const legend: LegendEntry[] = stack.classes.map((_, i) => ({
    label: i === 0 ? 'class 1 (hot)' : i === classes - 1 ? `${i + 1} (cold)` : String(i + 1),
    color: classColor(i + 1, classes),
  }));
  legend.push({ label: 'WAF', color: TOTAL_COLOR, dashed: true });

  return (
    <ChartCard
      term="waf"
      title="WAF per zone class"
      subtitle={
        Number.isFinite(last)
          ? `(user + GC writes) of each class ÷ all user writes, stacked: ${last.toFixed(3)} now`
          : '(user + GC writes) of each class ÷ all user writes, stacked to the host FTL WAF'
      }
      testId="chart-zns-class-waf"
      legend={classes > 0 ? legend : undefined}
      empty={stack.x.length === 0 ? 'No user writes yet' : null}
    >
      {(width) => <StackedBands width={width} stack={stack} xDomain={domain} />}
    </ChartCard>
  );
}

function StackedBands(props: { width: number; stack: ClassWafStack; xDomain: [number, number] }) {
  const { stack } = props;
  const w = innerWidth(props.width);
  const h = innerHeight(CHART_HEIGHT);
  const x = scaleLinear().domain(props.xDomain).range([0, w]);
  const topMost = stack.tops[stack.tops.length - 1] ?? [];
  const hi = Math.max(1, max(topMost) ?? 1, max(stack.total.filter(Number.isFinite)) ?? 1);
  const y = scaleLinear()
    .domain([0, hi * 1.08])
    .range([h, 0])
    .nice();
  const xs = stack.x;
  const total =
    line<number>()
      .defined(Number.isFinite)
      .x((_, i) => x(xs[i]))
      .y((v) => y(v))(stack.total) ?? '';

  return (
    <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
      <GridRows scale={y} width={w} />
      {stack.tops.map((tops, c) => {
        const below = c > 0 ? stack.tops[c - 1] : null;
        const band =
          area<number>()
            .x((_, i) => x(xs[i]))
            .y0((_, i) => y(below ? below[i] : 0))
            .y1((v) => y(v))(tops) ?? '';
        return (
          <path
            key={c}
            className="series"
            data-series={`class-${c + 1}`}
            d={band}
            fill={classColor(c + 1, stack.tops.length)}
            opacity={0.85}
          />
        );
      })}
      <g className="reference">
        <line x1={0} x2={w} y1={y(1)} y2={y(1)} />
        <text x={w - 4} y={y(1) - 4} textAnchor="end">
          no amplification
        </text>
      </g>
      <path d={total} fill="none" stroke={TOTAL_COLOR} strokeWidth={1.4} strokeDasharray="4 3" />
      <AxisLeft scale={y} format={(value) => value.toFixed(1)} />
      <TimeAxisBottom scale={x} y={h} />
    </g>
  );
}
