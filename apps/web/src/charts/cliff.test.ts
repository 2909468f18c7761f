import { describe, expect, it } from 'vitest';
import type { SlcBurst } from '@flashscope/wasm/protocol';
import {
  binByWritten,
  burstLabel,
  cliffLabelLines,
  cliffMark,
  formatDepthChange,
  formatIdle,
  laterBurstCliffs,
  placeCliffLabel,
  stalledInBurst,
  writtenAxis,
  writtenAxisLabel,
} from './cliff';

const MB = 1e6;

/**
 * A 10 ms series: `fast` samples at 1000 MB/s (10 MB each), `idle` samples
 * writing nothing, then `slow` samples at 100 MB/s (1 MB each).
 */
function series(fast: number, slow: number, idle = 0) {
  const tMs: number[] = [];
  const hostBytes: number[] = [];
  const writeMbps: number[] = [];
  let bytes = 0;
  const push = (mbps: number) => {
    bytes += mbps * MB * 0.01;
    tMs.push((tMs.length + 1) * 10);
    hostBytes.push(bytes);
    writeMbps.push(mbps);
  };
  for (let i = 0; i < fast; i++) push(1000);
  for (let i = 0; i < idle; i++) push(0);
  for (let i = 0; i < slow; i++) push(100);
  return { tMs, hostBytes, writeMbps };
}

describe('binByWritten', () => {
  it('puts write MB/s over bytes written and leaves idle samples out', () => {
    const s = series(4, 4, 3);
    const points = binByWritten(s.hostBytes, s.writeMbps, 1000);
    expect(points.y).toEqual([1000, 1000, 1000, 1000, 100, 100, 100, 100]);
    expect(points.x[3]).toBe(40 * MB);
    expect(points.x[4]).toBe(41 * MB);
  });

  it('bins long series to at most maxBins points', () => {
    const s = series(500, 500);
    const points = binByWritten(s.hostBytes, s.writeMbps, 50);
    expect(points.x.length).toBeLessThanOrEqual(50);
    expect(points.y[0]).toBe(1000);
    expect(points.y[points.y.length - 1]).toBe(100);
  });

  it('counts a stall inside a burst as time at its x, and leaves idle time between bursts out', () => {
    // 4 fast samples, 3 that wrote nothing, 3 slow; a burst from 0 to 70 ms
    // (the first two empty samples were a stall), then idle from 70 ms.
    const s = series(4, 3, 3);
    const burst = { start_ms: 0, end_ms: 60, ended: true };
    const stalled = stalledInBurst(s.tMs, [burst]);
    expect([4, 5, 6].map(stalled)).toEqual([true, true, false]);
    const points = binByWritten(s.hostBytes, s.writeMbps, 1000, stalled);
    // The two stalled samples sit at 40 MB with 0 MB/s: their bin's mean
    // is 40 MB over 60 ms, not 40 MB over the 40 ms spent writing.
    expect(points.x).toEqual([10 * MB, 20 * MB, 30 * MB, 40 * MB, 41 * MB, 42 * MB, 43 * MB]);
    expect(points.y[3]).toBeCloseTo(1000 / 3, 6);
  });

  it('finds the burst that holds an empty sample among several, and idle time between them', () => {
    const tMs = [10, 20, 30, 40, 50, 60, 70, 80];
    const bursts = [
      { start_ms: 0, end_ms: 20, ended: true },
      { start_ms: 30, end_ms: 50, ended: true },
      { start_ms: 70, end_ms: 0, ended: false },
    ];
    const stalled = stalledInBurst(tMs, bursts);
    // Sample i covers (tMs[i - 1], tMs[i]].
    expect(tMs.map((_t, i) => stalled(i))).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(stalledInBurst(tMs, [])(3)).toBe(false);
  });

  it('is empty while nothing was written', () => {
    expect(binByWritten([0, 0], [0, 0])).toEqual({ x: [], y: [] });
  });
});

describe('cliffMark', () => {
  const cliff = (before: number | null, after: number | null) => ({
    t_ms: 200,
    host_written_bytes: 200 * MB,
    before_mbps: before,
    after_mbps: after,
    after_settled: after !== null,
    depth: before !== null && after !== null ? 1 - after / before : null,
  });

  it("shows the core's figures, not a measure of its own", () => {
    // The series says 1000 -> 100 MB/s; the core's figures are what is shown
    // (burst/idle/burst: the app once said 827 where the core said 598).
    const s = series(20, 30, 5);
    const mark = cliffMark(s, cliff(950, 598), null);
    expect(mark).toMatchObject({ hostWrittenBytes: 200 * MB, beforeMbps: 950, afterMbps: 598 });
    expect(mark.depth).toBeCloseTo(1 - 598 / 950, 9);
    expect(mark.afterEndBytes).toBe(230 * MB);
  });

  it('ends the after level where the cache recovered', () => {
    const s = series(20, 30);
    expect(cliffMark(s, cliff(950, 598), 300).afterEndBytes).toBe(210 * MB);
  });

  it('has no figures until the core can tell them', () => {
    const mark = cliffMark(series(20, 0), cliff(null, null), null);
    expect(mark.beforeMbps).toBeNull();
    expect(mark.afterMbps).toBeNull();
    expect(mark.afterEndBytes).toBe(200 * MB);
  });
});

describe('placeCliffLabel', () => {
  const inside = (x: number, width: number, plot: number) =>
    expect([x >= 0, x + width <= plot]).toEqual([true, true]);

  it('puts the label right of the line when it fits, else left of it', () => {
    expect(placeCliffLabel(100, 200, 500)).toBe(106);
    expect(placeCliffLabel(400, 200, 500)).toBe(194);
  });

  it('never lets the label cross the plot edge (the "(−81" clipping)', () => {
    // A line in the middle of a narrow plot: neither side has room.
    const x = placeCliffLabel(250, 300, 400);
    expect(x).toBe(100);
    inside(x, 300, 400);
    for (const cliffX of [0, 10, 150, 290, 390, 400]) {
      inside(placeCliffLabel(cliffX, 260, 400), 260, 400);
    }
    // Wider than the plot: starts at its left edge.
    expect(placeCliffLabel(200, 500, 400)).toBe(0);
  });
});

describe('formatDepthChange', () => {
  it('says a drop with a minus, a rise with a plus, never both', () => {
    expect(formatDepthChange(0.74)).toBe('−74 %');
    expect(formatDepthChange(-3.92)).toBe('+392 %');
    expect(formatDepthChange(0.001)).toBe('0 %');
    expect(formatDepthChange(-0.004)).toBe('0 %');
  });
});

describe('cliffLabelLines', () => {
  const format = (b: number) => `${b / 1e9} GB`;
  const rate = (v: number) => `${v} MB/s`;

  it('says where, the core’s before rate and the rate after the cache is exhausted', () => {
    expect(
      cliffLabelLines(
        { hostWrittenBytes: 26e9, beforeMbps: 2300, afterMbps: 598, depth: 0.74 },
        format,
        rate,
      ),
    ).toEqual([
      'cliff at 26 GB (−74 %)',
      'before: 2300 MB/s',
      'after the cache is exhausted: 598 MB/s',
    ]);
  });

  it('says only where until the core has measured both sides', () => {
    expect(
      cliffLabelLines(
        { hostWrittenBytes: 26e9, beforeMbps: 2300, afterMbps: null, depth: null },
        format,
        rate,
      ),
    ).toEqual(['cliff at 26 GB']);
  });

  it('quotes the core’s depth, not one of its own', () => {
    // A depth that 1 - after / before would not give: the label shows it as is.
    expect(
      cliffLabelLines(
        { hostWrittenBytes: 26e9, beforeMbps: 2300, afterMbps: 598, depth: 0.5 },
        format,
        rate,
      )[0],
    ).toBe('cliff at 26 GB (−50 %)');
  });

  it('prints one sign when the rate after is above the rate before', () => {
    // The lesson's pause (issue 28): 272 MB/s before, 1.34 GB/s after read "(−-392 %)".
    const [first] = cliffLabelLines(
      { hostWrittenBytes: 67e6, beforeMbps: 272, afterMbps: 1338, depth: 1 - 1338 / 272 },
      (b) => `${b / 1e6} MB`,
      rate,
    );
    expect(first).toBe('cliff at 67 MB (+392 %)');
    expect(first).not.toMatch(/[−-]\s*[−-]|[−-]\+|\+[−-]/);
  });
});

// The three bursts of public/scenarios/slc-burst-idle-recovery.json as the
// core reports them (slc.bursts).
const GiB26 = 26 * 2 ** 30;
function burst(partial: Partial<SlcBurst>): SlcBurst {
  return {
    start_ms: 0,
    end_ms: 0,
    idle_before_ms: null,
    host_written_bytes: GiB26,
    cache_exhausted: true,
    cache_bytes: null,
    cliff_t_ms: null,
    cliff_host_written_bytes: null,
    write_mbps_before: null,
    write_mbps_after: null,
    depth: null,
    recovered_fraction: null,
    ended: true,
    ...partial,
  };
}
const BURSTS: SlcBurst[] = [
  burst({
    cache_bytes: 22_076_719_104,
    cliff_host_written_bytes: 22_076_719_104,
    recovered_fraction: 1,
  }),
  burst({
    idle_before_ms: 5000,
    cache_bytes: 2_749_366_272,
    cliff_host_written_bytes: GiB26 + 2_749_366_272,
    recovered_fraction: 0.124537,
  }),
  burst({
    idle_before_ms: 30000,
    cache_bytes: 16_172_187_648,
    cliff_host_written_bytes: 2 * GiB26 + 16_172_187_648,
    recovered_fraction: 0.732545,
  }),
];
const gb = (b: number) => `${(b / 1e9).toFixed(1)} GB`;

describe('burstLabel', () => {
  it('names the burst, its idle time, the cache it found and the share of the first', () => {
    expect(burstLabel(BURSTS[1], 2, gb)).toBe(
      'burst 2 after 5 s idle: cache 2.7 GB, 12 % of the first',
    );
    expect(burstLabel(BURSTS[2], 3, gb)).toBe(
      'burst 3 after 30 s idle: cache 16.2 GB, 73 % of the first',
    );
    expect(burstLabel(BURSTS[0], 1, gb)).toBe('burst 1: cache 22.1 GB');
  });

  it('says when a burst never ran the cache out', () => {
    const short = burst({ idle_before_ms: 1500, cache_exhausted: false, host_written_bytes: 4e9 });
    expect(burstLabel(short, 2, gb)).toBe(
      'burst 2 after 1.5 s idle: cache not exhausted (4.0 GB written)',
    );
  });

  it('writes long idle times in minutes', () => {
    expect(formatIdle(150_000)).toBe('2 min 30 s');
  });
});

describe('laterBurstCliffs', () => {
  it('places each later burst’s cliff where the core says the run had written when it ran out', () => {
    const marks = laterBurstCliffs(BURSTS, gb);
    expect(marks.map((m) => m.number)).toEqual([2, 3]);
    expect(marks[0].cliffBytes).toBe(GiB26 + 2_749_366_272);
    expect(marks[1].cliffBytes).toBe(2 * GiB26 + 16_172_187_648);
    expect(marks[0].label).toBe('burst 2 after 5 s idle: cache 2.7 GB, 12 % of the first');
  });

  it('takes the core’s figure as it is, not a sum of the bursts before', () => {
    // Were the cliff's x summed from earlier bursts, this would read 2 × 26 GiB + 16.2 GB.
    const bursts = [BURSTS[0], BURSTS[1], { ...BURSTS[2], cliff_host_written_bytes: 70e9 }];
    expect(laterBurstCliffs(bursts, gb)[1].cliffBytes).toBe(70e9);
  });

  it('skips bursts without a cliff', () => {
    const bursts = [BURSTS[0], burst({ cache_exhausted: false, idle_before_ms: 2000 }), BURSTS[2]];
    const marks = laterBurstCliffs(bursts, gb);
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ number: 3, cliffBytes: 2 * GiB26 + 16_172_187_648 });
  });
});

describe('writtenAxis', () => {
  it('reads MB on a small drive and says so in the exported label', () => {
    // The SLC-cliff lesson's teaching drive: 184 MiB written in all.
    const axis = writtenAxis(192_937_984);
    expect(axis.unit).toBe('MB');
    expect(axis.format(100e6)).toBe('100 MB');
    expect(writtenAxisLabel(axis)).toBe('host data written (MB, 10^6 bytes)');
  });

  it('reads GB from 1 GB on', () => {
    const axis = writtenAxis(83_751_862_272);
    expect(axis.unit).toBe('GB');
    expect(axis.format(20e9)).toBe('20 GB');
    expect(writtenAxis(1.5e9).format(1.25e9)).toBe('1.25 GB');
    expect(writtenAxisLabel(axis)).toBe('host data written (GB, 10^9 bytes)');
  });
});
