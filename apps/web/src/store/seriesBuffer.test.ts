import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from './seriesBuffer';

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
});
