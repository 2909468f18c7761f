// The "burst / idle / burst" workload template (issue 19): what the user
// asks for (a burst size as a multiple of the SLC cache, the idle time, the
// number of bursts) and how the core's answer (fs_burst_template: the cache
// the run will start with, each burst's size, the fio job) reads in the
// workload panel. The sizes and the job come from the core; nothing here
// computes a cache size or writes fio text.

import type { BurstTemplate } from '@flashscope/wasm/protocol';
import { formatBytes } from '../app/format';

export interface BurstRequest {
  /** Burst size as a multiple of the cache at start. */
  multiple: number;
  /** Idle seconds between bursts. */
  idleS: number;
  bursts: number;
}

export const BURST_DEFAULTS: BurstRequest = { multiple: 1.2, idleS: 10, bursts: 3 };

/** The idle slider's range (a slider needs one; the core accepts up to 3600 s). */
export const IDLE_SLIDER = { min: 0, max: 120, step: 1 } as const;

/**
 * What is wrong with a typed value, or null. Only that it is a number: the
 * ranges (multiple in (0, 10], 1-20 whole bursts) are the core's rule, and
 * its refusal ("burst size: the multiple of the cache must be in (0, 10]")
 * is what the panel shows.
 */
export function burstFieldProblem(value: number): string | null {
  return Number.isFinite(value) ? null : 'a number';
}

/** The core's answer, or the problem it named ("this drive has no SLC cache"). */
export type BurstAnswer = { burst: BurstTemplate } | { problem: string };

/** "cache at start: 22.0 GB". */
export function cacheAtStartText(burst: BurstTemplate): string {
  return `cache at start: ${formatBytes(burst.cache_bytes_at_start)}`;
}

/**
 * "3 bursts of 26.4 GB (79.2 GB), 10 s idle between", and where they start
 * on a filled drive: ", from 450.0 GB" (after the fill's data, the core's
 * placement).
 */
export function burstSizeText(burst: BurstTemplate): string {
  const count = burst.bursts === 1 ? '1 burst' : `${burst.bursts} bursts`;
  const total = burst.bursts > 1 ? ` (${formatBytes(burst.bursts * burst.burst_bytes)})` : '';
  const idle = burst.bursts > 1 ? `, ${burst.idle_s} s idle between` : '';
  const from =
    burst.first_offset_bytes > 0 ? `, from ${formatBytes(burst.first_offset_bytes)}` : '';
  return `${count} of ${formatBytes(burst.burst_bytes)}${total}${idle}${from}`;
}
