// What the latency CDF chart draws: one curve per op (reads, writes) from
// the core's per-op CDFs (meta.latency_cdf_by_op), marked at the core's own
// p50 and p99 of that op (meta.latency_us), the figures the figures row and
// the result JSON's latency_us give. Nothing is read off a curve: a merged
// read + write CDF's p99 is neither op's, and once disagreed with the "p99"
// of the figures row beside it (issue 28).

import type { LatencySummary, SnapshotMeta } from '@flashscope/wasm/protocol';
import { drawableCdf, type CdfPoints } from './CdfPlot';

export type LatencyOp = 'read' | 'write';

export interface OpCdf {
  /** null: an older core's reads and writes together (no marks then). */
  op: LatencyOp | null;
  cdf: CdfPoints;
}

export interface OpMark {
  op: LatencyOp;
  percentile: 'p50' | 'p99';
  latencyUs: number;
}

export interface LatencyCdfView {
  curves: OpCdf[];
  marks: OpMark[];
}

const OPS: readonly LatencyOp[] = ['write', 'read'];

/** The curves and marks for a frame's meta: an op without completions has neither. */
export function latencyCdfView(
  meta: Pick<SnapshotMeta, 'latency_cdf' | 'latency_cdf_by_op' | 'latency_us'> | undefined,
): LatencyCdfView {
  if (!meta) return { curves: [], marks: [] };
  const byOp = meta.latency_cdf_by_op;
  if (!byOp) {
    const cdf = drawableCdf(meta.latency_cdf);
    return { curves: cdf.length > 0 ? [{ op: null, cdf }] : [], marks: [] };
  }
  const curves: OpCdf[] = [];
  const marks: OpMark[] = [];
  for (const op of OPS) {
    const summary: LatencySummary = meta.latency_us[op];
    const cdf = drawableCdf(byOp[op]);
    if (summary.count === 0 || cdf.length === 0) continue;
    curves.push({ op, cdf });
    marks.push({ op, percentile: 'p50', latencyUs: summary.p50 });
    marks.push({ op, percentile: 'p99', latencyUs: summary.p99 });
  }
  return { curves, marks };
}
