import { describe, expect, it } from 'vitest';
import {
  binCoverage,
  binMarks,
  binSeries,
  iosPerRow,
  latencyWithoutIoAsMissing,
  recentMean,
} from './binning';

const range = (n: number, f: (i: number) => number = (i) => i) =>
  Array.from({ length: n }, (_, i) => f(i));

describe('binSeries', () => {
  it('returns short series unchanged, minus non-finite values', () => {
    expect(binSeries([1, 2, 3], [5, NaN, 7], 10)).toEqual({ x: [1, 3], y: [5, 7] });
    expect(binSeries([], [], 10)).toEqual({ x: [], y: [] });
  });

  it('reduces an hour of 10 ms samples to at most the bin count', () => {
    const n = 360_000;
    const x = Float64Array.from(range(n, (i) => (i + 1) * 10));
    const y = Float64Array.from(range(n, (i) => i % 2));
    const binned = binSeries(x, y, 300);
    expect(binned.x.length).toBeLessThanOrEqual(300);
    expect(binned.x.length).toBeGreaterThanOrEqual(299);
    for (const value of binned.y) expect(value).toBeCloseTo(0.5, 2);
    // Bins are ordered and inside the domain.
    for (let i = 1; i < binned.x.length; i++) expect(binned.x[i]).toBeGreaterThan(binned.x[i - 1]);
    expect(binned.x[0]).toBeGreaterThanOrEqual(10);
    expect(binned.x[binned.x.length - 1]).toBeLessThanOrEqual(n * 10);
  });

  it('keeps a one-sample spike with max and hides it with mean', () => {
    const x = range(1000);
    const y = range(1000, (i) => (i === 500 ? 1000 : 1));
    expect(Math.max(...binSeries(x, y, 100, 'max').y)).toBe(1000);
    expect(Math.max(...binSeries(x, y, 100, 'mean').y)).toBe(100.9);
    expect(Math.min(...binSeries(x, y, 100, 'min').y)).toBe(1);
  });

  it('puts each point at the mean x of its samples and skips empty bins', () => {
    // Two clusters far apart: the bins between them hold nothing.
    const x = [...range(500), ...range(500, (i) => 10_000 + i)];
    const y = x.map(() => 2);
    const binned = binSeries(x, y, 100);
    expect(binned.x.length).toBeLessThan(100);
    expect(binned.y.every((value) => value === 2)).toBe(true);
  });

  it('skips NaN (no data yet) without dipping to zero', () => {
    const x = range(1000);
    const y = range(1000, (i) => (i < 400 ? NaN : 3));
    const binned = binSeries(x, y, 100);
    expect(binned.y.every((value) => value === 3)).toBe(true);
    expect(binned.x[0]).toBeGreaterThanOrEqual(400);
  });
});

describe('binSeries with weights', () => {
  it('weighs each sample of a mean: a bin of one slow I/O and 99 fast ones reads near the fast', () => {
    // 400 rows in 100 bins of 4: each bin has a row of 1 I/O at 10 ms and
    // three rows of 33 I/Os at 100 us.
    const x = range(400, (i) => (i + 1) * 10);
    const y = range(400, (i) => (i % 4 === 0 ? 10_000 : 100));
    const ios = range(400, (i) => (i % 4 === 0 ? 1 : 33));
    const weighted = binSeries(x, y, 100, 'mean', 'skip', ios);
    expect(weighted.y).toHaveLength(100);
    for (const mean of weighted.y) expect(mean).toBeCloseTo((10_000 + 99 * 100) / 100, 9);
    // The rows as equals: the slow row is a quarter of the bin.
    expect(binSeries(x, y, 100).y[0]).toBe(2575);
  });

  it('leaves max, min and last alone, and returns short series unchanged', () => {
    const x = range(400);
    const y = range(400, (i) => i % 7);
    const w = range(400, () => 2);
    expect(binSeries(x, y, 10, 'max', 'skip', w)).toEqual(binSeries(x, y, 10, 'max'));
    expect(binSeries([1, 2], [3, 4], 10, 'mean', 'skip', [1, 9])).toEqual({ x: [1, 2], y: [3, 4] });
  });
});

describe('iosPerRow', () => {
  it('is each row’s rate times its interval, from 0 for the first', () => {
    expect(Array.from(iosPerRow([10, 20, 40], [1000, 0, 500]))).toEqual([10, 0, 10]);
  });
});

describe('binCoverage', () => {
  it('gives the busy fraction of each bin', () => {
    const coverage = binCoverage([{ start: 0, end: 15 }], 0, 40, 4);
    expect(Array.from(coverage)).toEqual([1, 0.5, 0, 0]);
  });

  it('adds overlapping intervals (several planes collecting at once)', () => {
    const coverage = binCoverage(
      [
        { start: 0, end: 10 },
        { start: 0, end: 10 },
        { start: 25, end: 100 },
      ],
      0,
      40,
      4,
    );
    expect(Array.from(coverage)).toEqual([2, 0, 0.5, 1]);
  });

  it('handles an empty domain', () => {
    expect(Array.from(binCoverage([{ start: 0, end: 1 }], 5, 5, 3))).toEqual([0, 0, 0]);
  });
});

describe('binMarks', () => {
  it('keeps the heaviest mark per bin when there are too many', () => {
    const stalls = Array.from({ length: 1000 }, (_, i) => ({ t: i, d: i === 503 ? 50 : 1 }));
    const kept = binMarks(
      stalls,
      (s) => s.t,
      (s) => s.d,
      0,
      1000,
      100,
    );
    expect(kept.length).toBe(100);
    expect(kept.some((s) => s.t === 503)).toBe(true);
    for (let i = 1; i < kept.length; i++) expect(kept[i].t).toBeGreaterThan(kept[i - 1].t);
  });

  it('keeps every mark when there are few', () => {
    expect(
      binMarks(
        [1, 2, 3],
        (v) => v,
        (v) => v,
        0,
        10,
        100,
      ),
    ).toEqual([1, 2, 3]);
  });
});

describe('recentMean', () => {
  it('averages the last rows, ignoring NaN', () => {
    expect(recentMean([1, 2, 3, 4, NaN], 3)).toBe(3.5);
    expect(recentMean([], 3)).toBeNaN();
  });
});

describe('latencyWithoutIoAsMissing', () => {
  it('turns latency 0 of an interval without I/O into a gap, not a dip nor a join', () => {
    const latency = latencyWithoutIoAsMissing([800, 0, 900], [50, 0, 20]);
    expect(Array.from(latency)).toEqual([800, NaN, 900]);
    expect(binSeries([10, 20, 30], latency, 10, 'mean', 'gap')).toEqual({
      x: [10, 20, 30],
      y: [800, NaN, 900],
    });
  });
});

describe("binSeries with empty 'gap'", () => {
  // A week of 164 s intervals (3,600 points) where one in 40 had I/O: most
  // bins of 12 intervals had none and must break the line.
  const n = 3600;
  const x = range(n, (i) => (i + 1) * 163.84e3);
  const y = range(n, (i) => (i % 40 === 0 ? 500 : NaN));

  it('gives each bin without a value a NaN point, and each bin with one its value', () => {
    const binned = binSeries(x, y, 300, 'max', 'gap');
    expect(binned.x.length).toBe(300);
    const drawn = binned.y.filter((value) => Number.isFinite(value));
    expect(drawn).toHaveLength(90); // the 90 intervals with I/O, each in its own bin
    expect(drawn.every((value) => value === 500)).toBe(true);
    expect(binned.y.filter((value) => Number.isNaN(value))).toHaveLength(210);
  });

  it("leaves 'skip' as it was: no point for an empty bin", () => {
    expect(binSeries(x, y, 300, 'max').y).toHaveLength(90);
  });
});
