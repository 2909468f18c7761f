// The SLC cliff on the chart "throughput vs GB written": write throughput
// binned by how much the host has written, and the cliff the core reports
// (meta.slc.first_cliff: where, and the MB/s before and after it, the same
// figures as the result JSON's slc.cliff). Nothing here measures the cliff
// again: the app and `flashscope run --json` say the same numbers. The x of
// each sample is the core's too: the series' host_write_bytes, the bytes of
// host writes completed by the sample's end, counted where the burst
// tracker counts the cliff's bytes (Host::CompleteRequest). Samples
// in which the host wrote nothing count where it was waiting inside a burst
// (fold-then-write stalls: the time is part of the rate after the cliff, as
// the core counts it) and are left out where it was idle between bursts:
// idle time says nothing about how fast writes go.

import type { SlcBurst, SlcMeta } from '@flashscope/wasm/protocol';
import { formatSimTime } from '../app/format';
import type { Points } from './binning';

/** The core's first cliff of a run (null until the cache first ran full). */
export type FirstCliff = NonNullable<SlcMeta['first_cliff']>;

export interface CliffMark {
  /** Host bytes written when the cache ran full (the x of the cliff). */
  hostWrittenBytes: number;
  tMs: number;
  /** Host write MB/s before the cliff as the core measures it; null until it can tell... */
  beforeMbps: number | null;
  /** ...and after it. */
  afterMbps: number | null;
  /** 1 - after / before, as the core reports it (null until both are known). */
  depth: number | null;
  /**
   * End of the "after" level as host bytes written, for drawing it: the
   * last writing sample until the cache had room again (or the run's end).
   */
  afterEndBytes: number;
}

/**
 * Whether sample i, which wrote nothing, lies inside one of the core's
 * bursts (meta.slc.bursts): the host had requests waiting (a fold-then-write
 * stall), so its time belongs to the write rate. Outside a burst the host
 * was idle. A burst not yet ended runs to the newest sample.
 *
 * The core's bursts follow one another in time without overlapping, so only
 * the last burst that started by the sample's start can hold it: found by
 * bisection, not by testing every burst for every idle sample of a long
 * multi-burst run on each chart update.
 */
export function stalledInBurst(
  tMs: ArrayLike<number>,
  bursts: readonly Pick<SlcBurst, 'start_ms' | 'end_ms' | 'ended'>[],
): (i: number) => boolean {
  return (i) => {
    const end = tMs[i];
    const start = i > 0 ? tMs[i - 1] : 0;
    let lo = 0;
    let hi = bursts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bursts[mid].start_ms <= start) lo = mid + 1;
      else hi = mid;
    }
    const b = bursts[lo - 1];
    return b !== undefined && (!b.ended || end <= b.end_ms);
  };
}

/**
 * Mean write MB/s per bin of host bytes written, over the samples that
 * wrote something and those `stalled` says the host spent waiting inside a
 * burst (they add time but no bytes, at the x where the stall happened).
 * Each sample covers the same time, so the mean of their MB/s is bytes /
 * time spent in the bin: the same rate the core's cliff figures measure.
 * Idle samples between bursts are left out.
 */
export function binByWritten(
  hostBytes: ArrayLike<number>,
  writeMbps: ArrayLike<number>,
  maxBins = 200,
  stalled: (i: number) => boolean = () => false,
): Points {
  const n = Math.min(hostBytes.length, writeMbps.length);
  const out: Points = { x: [], y: [] };
  let first = -1;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (writeMbps[i] > 0 && Number.isFinite(hostBytes[i])) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0 || maxBins < 1) return out;
  const x0 = hostBytes[first];
  const span = hostBytes[last] - x0;
  const width = span > 0 ? span / maxBins : 1;
  let bin = -1;
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  const flush = () => {
    if (count === 0) return;
    out.x.push(sumX / count);
    out.y.push(sumY / count);
  };
  for (let i = first; i <= last; i++) {
    const y = writeMbps[i];
    const x = hostBytes[i];
    if (!Number.isFinite(x) || !(y > 0 || stalled(i))) continue;
    const b = Math.min(maxBins - 1, Math.floor((x - x0) / width));
    if (b !== bin) {
      flush();
      bin = b;
      count = 0;
      sumX = 0;
      sumY = 0;
    }
    count++;
    sumX += x;
    sumY += y;
  }
  flush();
  return out;
}

interface CliffInput {
  tMs: ArrayLike<number>;
  hostBytes: ArrayLike<number>;
  writeMbps: ArrayLike<number>;
}

/**
 * The core's cliff as the chart draws it; `recoveredMs` (cache_recovered)
 * ends the "after" level, null to run it to the last writing sample.
 */
export function cliffMark(
  series: CliffInput,
  cliff: FirstCliff,
  recoveredMs: number | null,
): CliffMark {
  const n = Math.min(series.tMs.length, series.hostBytes.length, series.writeMbps.length);
  let afterEndBytes = cliff.host_written_bytes;
  for (let i = 0; i < n; i++) {
    const t = series.tMs[i];
    if (!(series.writeMbps[i] > 0) || t <= cliff.t_ms) continue;
    if (recoveredMs !== null && t > recoveredMs) break;
    afterEndBytes = Math.max(afterEndBytes, series.hostBytes[i]);
  }
  return {
    hostWrittenBytes: cliff.host_written_bytes,
    tMs: cliff.t_ms,
    beforeMbps: cliff.before_mbps,
    afterMbps: cliff.after_mbps,
    depth: cliff.depth ?? null,
    afterEndBytes,
  };
}

/** Approximate width of one character of the annotation's 11 px bold text. */
export const LABEL_CHAR_PX = 6.6;

/**
 * The change in rate a depth stands for, with one sign: depth 0.81 is
 * "−81 %" (after is 81 % below before), depth −3.92 is "+392 %" (after
 * above before, as a finished burst whose last writes the buffer took in
 * quickly can report).
 */
export function formatDepthChange(depth: number): string {
  const percent = Math.round(depth * 100);
  return percent > 0 ? `−${percent} %` : percent < 0 ? `+${-percent} %` : '0 %';
}

/**
 * The annotation's text lines: where the cliff is and how deep, then the
 * core's rate before it and the rate after the cache is exhausted (the
 * sustained rate the core reports as slc.cliff.write_mbps_after). The core
 * gives no after figure (nor depth) until it means something
 * (metrics/burst_tracker.h): until then the label says only where.
 */
export function cliffLabelLines(
  cliff: Pick<CliffMark, 'hostWrittenBytes' | 'beforeMbps' | 'afterMbps' | 'depth'>,
  formatBytes: (bytes: number) => string,
  formatRate: (mbps: number) => string,
): string[] {
  const { beforeMbps, afterMbps, depth } = cliff;
  const where = `cliff at ${formatBytes(cliff.hostWrittenBytes)}`;
  if (beforeMbps === null || afterMbps === null) return [where];
  return [
    depth === null ? where : `${where} (${formatDepthChange(depth)})`,
    `before: ${formatRate(beforeMbps)}`,
    `after the cache is exhausted: ${formatRate(afterMbps)}`,
  ];
}

/** An idle time as a label says it: "5 s", "1.5 s", "2 min 30 s". */
export function formatIdle(ms: number): string {
  const s = ms / 1000;
  return s < 120 ? `${+s.toFixed(1)} s` : formatSimTime(ms * 1e6);
}

/**
 * One burst's own figures in words (meta.slc.bursts, from the core):
 * "burst 2 after 5 s idle: cache 2.7 GB, 12 % of the first". `number` is
 * 1-based. Without a cliff the burst never ran the cache out.
 */
export function burstLabel(
  burst: SlcBurst,
  number: number,
  formatBytes: (bytes: number) => string,
): string {
  const idle =
    burst.idle_before_ms === null ? '' : ` after ${formatIdle(burst.idle_before_ms)} idle`;
  const head = `burst ${number}${idle}`;
  if (burst.cache_bytes === null) {
    const yet = burst.ended ? '' : ' yet';
    return `${head}: cache not exhausted${yet} (${formatBytes(burst.host_written_bytes)} written)`;
  }
  const share =
    burst.recovered_fraction === null || number === 1
      ? ''
      : `, ${Math.round(burst.recovered_fraction * 100)} % of the first`;
  return `${head}: cache ${formatBytes(burst.cache_bytes)}${share}`;
}

/** A later burst's own cliff, placed on the chart's x axis (host bytes written). */
export interface BurstCliffMark {
  /** 1-based burst number. */
  number: number;
  /** Host bytes written by the run when this burst's cache ran out. */
  cliffBytes: number;
  label: string;
}

/**
 * The cliffs of every burst after the first that ran the cache out, each at
 * the core's figure for where it is: the host bytes the run had written
 * when that burst's cache ran out (slc.bursts[].cliff_host_written_bytes,
 * counted as the first cliff's host_written_bytes and the series'
 * host_write_bytes are).
 */
export function laterBurstCliffs(
  bursts: readonly SlcBurst[],
  formatBytes: (bytes: number) => string,
): BurstCliffMark[] {
  const marks: BurstCliffMark[] = [];
  bursts.forEach((burst, i) => {
    if (i === 0 || burst.cache_bytes === null || burst.cliff_host_written_bytes === null) return;
    marks.push({
      number: i + 1,
      cliffBytes: burst.cliff_host_written_bytes,
      label: burstLabel(burst, i + 1, formatBytes),
    });
  });
  return marks;
}

/** How the x axis of host bytes written reads: its unit and tick format. */
export interface WrittenAxis {
  /** The unit the ticks read in, for the exported chart's axis label. */
  unit: 'GB' | 'MB';
  format: (bytes: number) => string;
}

/**
 * Decimal GB for an axis reaching 1 GB or more (one decimal from 2 GB, two
 * below), MB for a small drive's, as drive reviews draw it.
 */
export function writtenAxis(maxBytes: number): WrittenAxis {
  if (maxBytes >= 2e9) return { unit: 'GB', format: (b) => `${+(b / 1e9).toFixed(1)} GB` };
  if (maxBytes >= 1e9) return { unit: 'GB', format: (b) => `${+(b / 1e9).toFixed(2)} GB` };
  return { unit: 'MB', format: (b) => `${Math.round(b / 1e6)} MB` };
}

/** The exported chart's x axis label, in the unit its ticks read. */
export function writtenAxisLabel(axis: WrittenAxis): string {
  return `host data written (${axis.unit}, 10^${axis.unit === 'GB' ? 9 : 6} bytes)`;
}

/**
 * Where the label's left edge goes so that a box `labelWidth` wide stays
 * inside the plot [0, plotWidth]: right of the cliff line when it fits,
 * else left of it, else pushed in from whichever edge it would cross (a
 * label wider than the plot starts at its left edge).
 */
export function placeCliffLabel(
  cliffX: number,
  labelWidth: number,
  plotWidth: number,
  gap = 6,
): number {
  if (cliffX + gap + labelWidth <= plotWidth) return Math.max(0, cliffX + gap);
  if (cliffX - gap - labelWidth >= 0) return cliffX - gap - labelWidth;
  return Math.max(0, Math.min(plotWidth - labelWidth, cliffX + gap));
}
