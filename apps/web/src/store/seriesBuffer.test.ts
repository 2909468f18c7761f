import { describe, expect, it } from 'vitest';
import { SeriesBuffer, elementColumnKey } from './seriesBuffer';

describe('SeriesBuffer', () => {
  it('grows past its initial capacity without losing rows', () => {
    const buffer = new SeriesBuffer();
    for (let i = 0; i < 3000; i += 100) {
      const t = Array.from({ length: 100 }, (_, k) => i + k);
      buffer.append({ t_ms: t, iops: t.map((v) => v * 2) });
    }
    expect(buffer.length).toBe(3000);
    expect(buffer.column('iops')[2999]).toBe(5998);
    expect(buffer.last('t_ms')).toBe(2999);
  });

  it('stores null as NaN and aligns a column first seen mid-run', () => {
    const buffer = new SeriesBuffer();
    buffer.append({ t_ms: [10, 20], waf: [null, 1.2] });
    buffer.append({ t_ms: [30], waf: [1.3], lat_p50_us: [90] });
    expect(Array.from(buffer.column('waf'))).toEqual([NaN, 1.2, 1.3]);
    expect(Array.from(buffer.column('lat_p50_us'))).toEqual([NaN, NaN, 90]);
    expect(buffer.has('lat_p50_us')).toBe(true);
    expect(buffer.column('unknown')).toHaveLength(0);
  });

  it('after a series reset holds only the re-sent points, however long the run', () => {
    // A week-long run: the core coarsens its series 12 times; each time the
    // worker re-sends the whole (at most 4096-point) series.
    const buffer = new SeriesBuffer();
    for (let reset = 0; reset < 12; reset++) {
      buffer.clear();
      const t = Array.from({ length: 2048 }, (_, k) => (k + 1) * 2 ** reset);
      buffer.append({ t_ms: t, iops: t.map(() => reset) });
      for (let k = 0; k < 2048; k++)
        buffer.append({ t_ms: [(2049 + k) * 2 ** reset], iops: [reset] });
    }
    expect(buffer.length).toBe(4096);
    expect(buffer.column('t_ms')[0]).toBe(2 ** 11);
    expect(buffer.last('t_ms')).toBe(4096 * 2 ** 11);
    expect(Array.from(new Set(buffer.column('iops')))).toEqual([11]);
  });
});

describe('SeriesBuffer with array-valued series', () => {
  it('splits zns_class_waf into one column per class, 1-based', () => {
    const buffer = new SeriesBuffer();
    buffer.append({
      t_ms: [10, 20],
      zns_waf: [1, 1.5],
      zns_class_waf: [
        [0.6, 0.4],
        [0.9, 0.6],
      ],
    });
    buffer.append({ t_ms: [30], zns_waf: [1.75], zns_class_waf: [[1, 0.5, 0.25]] });
    expect(buffer.elementCount('zns_class_waf')).toBe(3);
    expect(Array.from(buffer.column(elementColumnKey('zns_class_waf', 1)))).toEqual([0.6, 0.9, 1]);
    expect(Array.from(buffer.column('zns_class_waf.2'))).toEqual([0.4, 0.6, 0.5]);
    // A class first seen later is NaN before it, like any new column.
    expect(Array.from(buffer.column('zns_class_waf.3'))).toEqual([NaN, NaN, 0.25]);
    expect(buffer.has('zns_class_waf')).toBe(false);
  });
});
