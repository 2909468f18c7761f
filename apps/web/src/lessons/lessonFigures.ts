// The figures a lesson can put side by side for each of its runs (the runs
// table, the results chart): each one read from a frame's meta, the core's
// figure (never recomputed here), and formatted as the rest of the app
// formats it, so a figure a step's text quotes reads the same in the table.

import type { SnapshotMeta } from '@flashscope/wasm/protocol';
import { formatBytes, formatLatencyUs, formatWaf } from '../app/format';
import { eraseSpread } from '../charts/EraseHistogramChart';

export interface LessonFigure {
  /** The column heading: short, lower case. */
  label: string;
  /** The figure at a frame (null: none yet, or none on this drive). */
  of: (meta: SnapshotMeta) => number | null;
  format: (value: number) => string;
}

/** A whole count, every digit shown ("26,272"): a text quotes it that way. */
function wholeCount(value: number): string {
  return Math.round(value).toLocaleString('en');
}

/** A latency percentile of the reads, null before the first read completed. */
function readPercentile(meta: SnapshotMeta, key: 'p99' | 'p999'): number | null {
  const reads = meta.latency_us.read;
  return reads.count > 0 ? reads[key] : null;
}

export const LESSON_FIGURES = {
  waf: { label: 'WAF', of: (meta) => meta.waf, format: (value) => formatWaf(value) },
  waf_model: {
    label: 'model WAF',
    of: (meta) => meta.waf_model?.waf ?? null,
    format: (value) => formatWaf(value),
  },
  host_written: {
    label: 'host wrote',
    of: (meta) => meta.host_write_bytes,
    format: formatBytes,
  },
  flash_written: {
    label: 'flash wrote',
    of: (meta) => meta.nand_write_bytes,
    format: formatBytes,
  },
  refreshes: {
    label: 'refreshes',
    of: (meta) => meta.read_disturb?.refreshes ?? null,
    format: wholeCount,
  },
  reads_per_second: {
    label: 'reads/s',
    of: (meta) => meta.read_iops ?? null,
    format: wholeCount,
  },
  read_p99: {
    label: 'read p99',
    of: (meta) => readPercentile(meta, 'p99'),
    format: formatLatencyUs,
  },
  read_p999: {
    label: 'read p99.9',
    of: (meta) => readPercentile(meta, 'p999'),
    format: formatLatencyUs,
  },
  mean_response: {
    label: 'mean response',
    of: (meta) => meta.mean_response_us ?? null,
    format: formatLatencyUs,
  },
  erase_spread: {
    label: 'erase spread',
    of: (meta) => (meta.wear ? eraseSpread(meta.wear) : null),
    format: wholeCount,
  },
  wear_leveling_moves: {
    label: 'wear-levelling moves',
    of: (meta) => meta.static_wear_leveling?.moves ?? null,
    format: wholeCount,
  },
} satisfies Record<string, LessonFigure>;

export type LessonFigureId = keyof typeof LESSON_FIGURES;

export const LESSON_FIGURE_IDS = Object.keys(LESSON_FIGURES) as LessonFigureId[];

export function isLessonFigureId(value: unknown): value is LessonFigureId {
  return typeof value === 'string' && value in LESSON_FIGURES;
}
