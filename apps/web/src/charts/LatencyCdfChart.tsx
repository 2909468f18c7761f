// The latency CDF of the completed host reads and writes so far, one curve
// per op (meta.latency_cdf_by_op, at most ~200 points each), log-scaled in
// latency, each marked at its p50 and p99 as the core gives them
// (meta.latency_us): the p99 the figures row shows is one of these marks,
// and its curve crosses 99 % there (see charts/latencyCdf.ts).

import { useMemo } from 'react';
import { formatLatencyUs } from '../app/format';
import { useThrottledStore } from '../hooks/useThrottledStore';
import { ChartCard, type LegendEntry } from './ChartCard';
import { CdfPlot, type CdfCurve, type CdfMark } from './CdfPlot';
import { CHART_UPDATE_MS, selectSim } from './chartLayout';
import { latencyCdfView, type LatencyOp } from './latencyCdf';
import { COLORS } from './palette';

const OP_COLOR: Record<LatencyOp, string> = { read: COLORS.read, write: COLORS.write };
const OP_LABEL: Record<LatencyOp, string> = { read: 'reads', write: 'writes' };

export function LatencyCdfChart() {
  const sim = useThrottledStore(selectSim, CHART_UPDATE_MS);
  const view = useMemo(() => latencyCdfView(sim.frame?.meta), [sim]);
  const curves: CdfCurve[] = view.curves.map(({ op, cdf }) => ({
    key: op ?? 'all',
    color: op ? OP_COLOR[op] : COLORS.write,
    cdf,
  }));
  // One label line per mark (writes' p50 and p99, then reads'): none collide.
  const marks: CdfMark[] = view.marks.map((mark, row) => ({
    label: `${mark.op} ${mark.percentile} ${formatLatencyUs(mark.latencyUs)}`,
    latencyUs: mark.latencyUs,
    side: mark.percentile === 'p50' ? 'left' : 'right',
    row,
    color: OP_COLOR[mark.op],
    data: {
      'data-op': mark.op,
      'data-percentile': mark.percentile,
      'data-latency-us': String(mark.latencyUs),
    },
  }));
  const legend: LegendEntry[] = view.curves.map(({ op }) => ({
    label: op ? OP_LABEL[op] : 'reads and writes',
    color: op ? OP_COLOR[op] : COLORS.write,
  }));

  return (
    <ChartCard
      term="latency"
      title="Latency CDF"
      subtitle="Fraction of completed reads and of writes at or below a latency; p50 and p99 of each"
      testId="chart-latency-cdf"
      legend={legend}
      empty={curves.length === 0 ? 'No completed I/O yet' : null}
    >
      {(width) => <CdfPlot width={width} curves={curves} marks={marks} />}
    </ChartCard>
  );
}
