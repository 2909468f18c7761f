// How far a compare column has got, for its progress bar: a trace replay
// by the bytes read (meta.trace), a fio job by simulated time against its
// longest runtime as the core resolves the job file (SimClient.resolveFio).
// A fio job without a runtime ends when its bytes are written, which only
// the simulator knows: no fraction then (the bar is indeterminate).

import type { SnapshotMeta } from '@flashscope/wasm/protocol';

/** At most this much before the run reports that it finished. */
const MAX_RUNNING_FRACTION = 0.99;

/** The fraction done in [0, 0.99], or null when it cannot be told. */
export function runFraction(
  meta: Pick<SnapshotMeta, 'sim_time_ns'> & {
    trace?: { bytes_read: number; size_bytes: number } | null;
  },
  runtimeSeconds: number | null,
): number | null {
  const trace = meta.trace;
  let fraction: number | null = null;
  if (trace && trace.size_bytes > 0) fraction = trace.bytes_read / trace.size_bytes;
  else if (runtimeSeconds !== null) fraction = meta.sim_time_ns / (runtimeSeconds * 1e9);
  return fraction === null ? null : Math.min(MAX_RUNNING_FRACTION, Math.max(0, fraction));
}
