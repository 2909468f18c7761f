import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from '../store/seriesBuffer';
import { classWafStack, gpBars, gpBin, gpSubtitle, reclaimedZones } from './znsFigures';

describe('the GP histogram', () => {
  it('has 20 bins of 0.05 with GP = 1 in the last, as the simulator counts', () => {
    expect(gpBin(0)).toBe(0);
    expect(gpBin(0.049)).toBe(0);
    expect(gpBin(0.05)).toBe(1);
    expect(gpBin(0.15)).toBe(3);
    expect(gpBin(0.999)).toBe(19);
    expect(gpBin(1)).toBe(19);
    const bars = gpBars([0, 0, 1]);
    expect(bars).toHaveLength(20);
    expect(bars[2]).toEqual({ from: 0.1, to: 0.15000000000000002, count: 1 });
    expect(bars[19].count).toBe(0);
  });

  it('counts reclaimed zones and states the mean GP it is given', () => {
    const histogram = new Array<number>(20).fill(0);
    histogram[19] = 3;
    histogram[10] = 1;
    expect(reclaimedZones(gpBars(histogram))).toBe(4);
    expect(reclaimedZones(gpBars(null))).toBe(0);
    expect(gpSubtitle(1234, 0.96487)).toBe(
      '1,234 zones reclaimed by GC, mean GP 0.96: near 1 = little to copy',
    );
    // No mean from the core (a zbd run): none shown.
    expect(gpSubtitle(4, null)).toBe('4 zones reclaimed by GC: near 1 = little to copy');
    expect(gpSubtitle(0, null)).toMatch(/^Share of each reclaimed zone/);
  });
});

describe('the per-class WAF stack', () => {
  it('stacks the classes so the top band is the host FTL WAF', () => {
    const series = new SeriesBuffer();
    series.append({
      t_ms: [10, 20, 30],
      zns_waf: [null, 1.5, 1.8],
      zns_class_waf: [
        [null, null],
        [1, 0.5],
        [1.1, 0.7],
      ],
    });
    const stack = classWafStack(series);
    expect(stack.x).toEqual([20, 30]);
    expect(stack.classes).toEqual([
      [1, 1.1],
      [0.5, 0.7],
    ]);
    expect(stack.tops[1][0]).toBeCloseTo(1.5, 12);
    expect(stack.tops[1][1]).toBeCloseTo(1.8, 12);
    expect(stack.total).toEqual([1.5, 1.8]);
  });

  it('keeps at most maxBins points, each the last of its bin', () => {
    const series = new SeriesBuffer();
    const t = Array.from({ length: 1000 }, (_, i) => i);
    series.append({
      t_ms: t,
      zns_waf: t.map((i) => 1 + i / 1000),
      zns_class_waf: t.map((i) => [1, i / 1000]),
    });
    const stack = classWafStack(series, 10);
    expect(stack.x).toHaveLength(10);
    expect(stack.x[9]).toBe(999);
    expect(stack.tops[1][9]).toBeCloseTo(1.999, 12);
  });

  it('is empty before any class series', () => {
    const series = new SeriesBuffer();
    series.append({ t_ms: [1], waf: [1] });
    expect(classWafStack(series).x).toEqual([]);
  });
});
