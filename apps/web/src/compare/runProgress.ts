// How far a compare column has got, for its progress bar: a trace replay
// by the bytes read (meta.trace), a fio job by simulated time against its
// runtime. A fio job without a runtime ends when its bytes are written,
// which only the simulator knows: no fraction then (the bar is indeterminate).

import type { SnapshotMeta } from '@flashscope/wasm/protocol';

const TIME_UNIT_S: Record<string, number> = {
  us: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
};

/**
 * The longest `runtime=` of a fio job file in seconds (fio's default unit),
 * or null when no job has one. Jobs that run one after another (stonewall)
 * are not added up: the fraction is a hint, clamped below 1 until the end.
 */
export function fioRuntimeSeconds(fioText: string): number | null {
  let longest: number | null = null;
  for (const raw of fioText.split('\n')) {
    const line = raw.replace(/[;#].*$/, '').trim();
    const match = /^runtime\s*=\s*([\d.]+)\s*(us|ms|s|m|h|d)?$/i.exec(line);
    if (!match) continue;
    const seconds = Number(match[1]) * TIME_UNIT_S[(match[2] ?? 's').toLowerCase()];
    if (Number.isFinite(seconds) && seconds > 0) longest = Math.max(longest ?? 0, seconds);
  }
  return longest;
}

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
