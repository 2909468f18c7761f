// The SLC cliff in numbers (the chart "throughput vs GB written"): write
// throughput binned by how much the host has written, and where the cliff
// is and how deep. Samples in which the host wrote nothing (idle gaps) are
// left out of both: they say nothing about how fast writes go, and on this
// x axis they would all pile up at one point.

import type { Points } from './binning';

export interface CliffMark {
  /** Host bytes written when the cache ran full (the x of the cliff). */
  hostWrittenBytes: number;
  tMs: number;
  /** Mean write MB/s of the writing samples before the cliff... */
  beforeMbps: number;
  /** ...and after it, until the cache had room again (or the run's end). */
  afterMbps: number;
  /** End of the "after" window, as host bytes written (for drawing its level). */
  afterEndBytes: number;
}

/**
 * Host bytes written by the end of each sample, from the write rate: the
 * integral of write MB/s over the series intervals. The series'
 * host_write_bytes counts requests as they are submitted, which runs ahead
 * of the writes completed by the queue depth (32 x 1 MiB in flight is 32 MiB
 * early); the rate integral is the x that agrees with the y of the same
 * sample and with the cliff the simulator reports.
 */
export function writtenFromRates(
  tMs: ArrayLike<number>,
  writeMbps: ArrayLike<number>,
): Float64Array {
  const n = Math.min(tMs.length, writeMbps.length);
  const written = new Float64Array(n);
  let bytes = 0;
  let previousMs = 0;
  for (let i = 0; i < n; i++) {
    const mbps = writeMbps[i];
    if (mbps > 0) bytes += mbps * 1e3 * (tMs[i] - previousMs); // MB/s x ms = 1e3 bytes
    written[i] = bytes;
    previousMs = tMs[i];
  }
  return written;
}

/**
 * Mean write MB/s per bin of host bytes written, over the samples that
 * wrote something. Each sample covers the same time, so the mean of their
 * MB/s is bytes / time spent writing within the bin.
 */
export function binByWritten(
  hostBytes: ArrayLike<number>,
  writeMbps: ArrayLike<number>,
  maxBins = 200,
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
    if (!(y > 0) || !Number.isFinite(x)) continue;
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
 * Before/after figures for a cliff the simulator reported (meta.slc.first_cliff
 * or the cache_exhausted event) at `cliff`; `recoveredMs` ends the "after"
 * window (cache_recovered), null to run it to the last sample. Null when
 * there are no writing samples on one side yet.
 */
export function measureCliff(
  series: CliffInput,
  cliff: { t_ms: number; host_written_bytes: number },
  recoveredMs: number | null,
): CliffMark | null {
  const n = Math.min(series.tMs.length, series.hostBytes.length, series.writeMbps.length);
  let beforeSum = 0;
  let beforeCount = 0;
  let afterSum = 0;
  let afterCount = 0;
  let afterEndBytes = cliff.host_written_bytes;
  for (let i = 0; i < n; i++) {
    const t = series.tMs[i];
    const mbps = series.writeMbps[i];
    if (!(mbps > 0)) continue;
    if (t <= cliff.t_ms) {
      beforeSum += mbps;
      beforeCount++;
    } else if (recoveredMs === null || t <= recoveredMs) {
      afterSum += mbps;
      afterCount++;
      afterEndBytes = Math.max(afterEndBytes, series.hostBytes[i]);
    }
  }
  if (beforeCount === 0 || afterCount === 0) return null;
  return {
    hostWrittenBytes: cliff.host_written_bytes,
    tMs: cliff.t_ms,
    beforeMbps: beforeSum / beforeCount,
    afterMbps: afterSum / afterCount,
    afterEndBytes,
  };
}

/**
 * A cliff found in the series alone (for a run whose events were dropped):
 * the last writing sample before `window` writing samples that all stay
 * below `ratio` of the mean of the writing samples before them. Idle
 * samples are skipped, so a pause between bursts is no cliff. Null when
 * there is none.
 */
export function detectCliff(
  series: CliffInput,
  window = 10,
  ratio = 0.5,
): { t_ms: number; host_written_bytes: number } | null {
  const n = Math.min(series.tMs.length, series.hostBytes.length, series.writeMbps.length);
  const writing: number[] = [];
  for (let i = 0; i < n; i++) if (series.writeMbps[i] > 0) writing.push(i);
  let sumBefore = 0;
  for (let k = 0; k + window <= writing.length; k++) {
    if (k >= window) {
      const limit = ratio * (sumBefore / k);
      let allBelow = true;
      for (let j = k; j < k + window && allBelow; j++) {
        allBelow = series.writeMbps[writing[j]] < limit;
      }
      if (allBelow) {
        const at = writing[k - 1];
        return { t_ms: series.tMs[at], host_written_bytes: series.hostBytes[at] };
      }
    }
    sumBefore += series.writeMbps[writing[k]];
  }
  return null;
}
