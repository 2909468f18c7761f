import { describe, expect, it } from 'vitest';
import { binRunSeries, timeBins, withoutSeries } from './runRecord';
import type { RunResult } from './resultJson';

describe('stored series', () => {
  it('keeps short series as they are and adds SLC occupancy', () => {
    const columns: Record<string, Array<number | null>> = {
      t_ms: [10, 20, 30],
      read_mbps: [0, 0, 0],
      write_mbps: [272, 272, 53],
      iops: [260, 260, 51],
      waf: [null, 1, 1.02],
      slc_capacity_bytes: [67108864, 67108864, 67108864],
      slc_static_bytes: [8388608, 8388608, 8388608],
      slc_dynamic_bytes: [0, 2097152, 58720256],
    };
    const series = binRunSeries((key) => columns[key])!;
    expect(series.t_ms).toEqual([10, 20, 30]);
    expect(series.write_mbps).toEqual([272, 272, 53]);
    expect(series.waf).toEqual([NaN, 1, 1.02]);
    expect(series.slc_used_bytes).toEqual([8388608, 10485760, 67108864]);
  });

  it('bins a long run to at most 400 aligned rows; WAF keeps the bin’s last value', () => {
    // 60 s at 10 ms: 6000 rows.
    const n = 6000;
    const t = Array.from({ length: n }, (_, i) => (i + 1) * 10);
    const waf = t.map((_, i) => 1 + i / n);
    const iops = t.map((_, i) => (i % 2 === 0 ? 1000 : 3000));
    const columns: Record<string, number[]> = {
      t_ms: t,
      iops,
      waf,
      read_mbps: iops.map(() => 0),
      write_mbps: iops.map((v) => v / 256),
      slc_capacity_bytes: iops.map(() => 0),
    };
    const series = binRunSeries((key) => columns[key])!;
    expect(series.t_ms.length).toBeLessThanOrEqual(400);
    expect(series.t_ms.length).toBeGreaterThan(390);
    for (const key of ['iops', 'waf', 'read_mbps', 'write_mbps'] as const) {
      expect(series[key]).toHaveLength(series.t_ms.length);
    }
    // Each bin averages ~15 alternating 1000/3000 rows.
    expect(series.iops.every((value) => value > 1850 && value < 2150)).toBe(true);
    expect(series.waf[series.waf.length - 1]).toBe(waf[n - 1]);
    expect(series.slc_used_bytes).toBeUndefined(); // no SLC cache
    const bins = timeBins(t, 400);
    expect(bins[0][0]).toBe(0);
    expect(bins[bins.length - 1][1]).toBe(n);
  });

  it('drops the series from the stored result, jobs included', () => {
    const result = {
      sim_time_ms: 1,
      series: { t_ms: [1] },
      jobs: [{ name: 'j', series: { t_ms: [1] }, waf: 1.2 }],
    } as unknown as RunResult;
    const stored = withoutSeries(result);
    expect(stored.series).toBeUndefined();
    expect(stored.jobs).toEqual([{ name: 'j', waf: 1.2 }]);
    expect(result.series).toBeDefined(); // the original is untouched
  });
});
