// The smoothed throughput figure: during folding the 100 ms figure jumps
// between 0 and the drive's full rate; the 1 s mean beside it holds still.
import { describe, expect, it } from 'vitest';
import { meanOverLastMs, SMOOTH_MS } from './computeKeyFigures';

/** 10 ms rows: `pattern` MB/s, each value for `rowsEach` rows, repeated to `rows`. */
function rows(pattern: number[], rowsEach: number, rows: number) {
  const tMs: number[] = [];
  const mbps: number[] = [];
  for (let i = 0; i < rows; i++) {
    tMs.push((i + 1) * 10);
    mbps.push(pattern[Math.floor(i / rowsEach) % pattern.length]);
  }
  return { tMs, mbps };
}

describe('meanOverLastMs', () => {
  it('averages a fold-then-write flicker (865 / 0 MB/s every 100 ms) to its mean over 1 s', () => {
    const s = rows([865, 0], 10, 500);
    // The last 100 ms alone is 0 (the fold), the 1 s mean is half the burst rate.
    expect(meanOverLastMs(s.tMs, s.mbps, 100)).toBe(0);
    expect(meanOverLastMs(s.tMs, s.mbps, SMOOTH_MS)).toBeCloseTo(432.5, 6);
    // It stays there whichever phase the run is in.
    for (const end of [410, 450, 470, 499]) {
      const mean = meanOverLastMs(s.tMs.slice(0, end), s.mbps.slice(0, end), SMOOTH_MS);
      expect(mean).toBeCloseTo(432.5, 6);
    }
  });

  it('weights merged rows by the time they cover and clips the row at the window start', () => {
    // 0..400 ms at 100 MB/s in one merged row, then 600 ms of 10 ms rows at 1000 MB/s.
    const tMs = [400];
    const mbps = [100];
    for (let t = 410; t <= 1000; t += 10) {
      tMs.push(t);
      mbps.push(1000);
    }
    expect(meanOverLastMs(tMs, mbps, 1000)).toBeCloseTo((400 * 100 + 600 * 1000) / 1000, 6);
    // Over the last 800 ms only 200 ms of the merged row count.
    expect(meanOverLastMs(tMs, mbps, 800)).toBeCloseTo((200 * 100 + 600 * 1000) / 800, 6);
  });

  it('is NaN without rows and covers only the time there is at the start of a run', () => {
    expect(meanOverLastMs([], [], SMOOTH_MS)).toBeNaN();
    expect(meanOverLastMs([10, 20], [300, 500], SMOOTH_MS)).toBe(400);
  });
});
