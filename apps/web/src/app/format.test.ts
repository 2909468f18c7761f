import { describe, expect, it } from 'vitest';
import {
  formatBinaryBytes,
  formatBytes,
  formatCount,
  formatInterval,
  formatLatencyUs,
  formatMbps,
  formatSimTime,
  formatWaf,
  rateUnit,
} from './format';
import { keyFigures } from './computeKeyFigures';
import { SeriesBuffer } from '../store/seriesBuffer';
import type { Frame } from '../store/simSlice';

describe('one unit convention', () => {
  it('gives capacities and amounts in decimal units, as vendors and MB/s do', () => {
    // The "64.9 MiB next to 68 MB": the same amount now reads 68.1 MB.
    expect(formatBytes(64.9 * 2 ** 20)).toBe('68.1 MB');
    expect(formatBytes(68e6)).toBe('68 MB');
    expect(formatBytes(1.5e9)).toBe('1.5 GB');
    expect(formatBytes(512e9)).toBe('512 GB');
    expect(formatBytes(2e12)).toBe('2 TB');
    expect(formatBytes(4096)).toBe('4.1 kB');
    expect(formatBytes(999)).toBe('999 B');
  });

  it('labels binary sizes (requests, pages) as KiB/MiB', () => {
    expect(formatBinaryBytes(4096)).toBe('4 KiB');
    expect(formatBinaryBytes(128 * 1024)).toBe('128 KiB');
    expect(formatBinaryBytes(2 ** 20)).toBe('1 MiB');
    expect(formatBinaryBytes(Number.NaN)).toBe('—');
  });
});

describe('series intervals and rate axes (issue 28: week-long runs)', () => {
  it('says the interval a series has doubled to, not the one it started with', () => {
    expect(formatInterval(10)).toBe('10 ms');
    expect(formatInterval(320)).toBe('320 ms');
    expect(formatInterval(1000)).toBe('1 s');
    expect(formatInterval(20_480)).toBe('20.48 s');
    expect(formatInterval(163_840)).toBe('2 min 43 s');
  });

  it('picks a decimal rate unit in which the axis reads whole numbers', () => {
    expect(rateUnit(3500).label).toBe('MB/s');
    expect(rateUnit(1).label).toBe('MB/s');
    expect(rateUnit(0.25).label).toBe('kB/s');
    // The sparse week: at most 0.0001 MB/s is 100 B/s.
    expect(rateUnit(0.0001)).toMatchObject({ label: 'B/s', perMbps: 1e6 });
    expect(rateUnit(0).label).toBe('MB/s');
    expect(rateUnit(Number.NaN).label).toBe('MB/s');
  });
});

describe('formatting', () => {
  it('formats bytes, times, latencies and counts', () => {
    expect(formatBytes(67_108_864)).toBe('67.1 MB');
    expect(formatBytes(53_686_272)).toBe('53.7 MB');
    expect(formatSimTime(375_296_985)).toBe('375.3 ms');
    expect(formatSimTime(12_480_000_000)).toBe('12.48 s');
    expect(formatSimTime(185e9)).toBe('3 min 05 s');
    expect(formatSimTime(18_420e9)).toBe('5 h 07 min');
    // wdev_1 of MSR Cambridge spans 6.9 days.
    expect(formatSimTime(6.9 * 86_400e9)).toBe('6 d 21 h');
    expect(formatLatencyUs(815.1)).toBe('815 µs');
    expect(formatLatencyUs(1744.9)).toBe('1.74 ms');
    expect(formatLatencyUs(0)).toBe('—');
    expect(formatCount(5674.6)).toBe('5,675');
    expect(formatCount(75_897)).toBe('75.9 k');
    expect(formatMbps(23.24)).toBe('23.2 MB/s');
    expect(formatMbps(1668.2)).toBe('1.67 GB/s');
  });

  it('shows a WAF with its decimals, and a dash for a run that programmed nothing', () => {
    expect(formatWaf(2.4)).toBe('2.40');
    expect(formatWaf(1.0173, 3)).toBe('1.017');
    // The core's null: a read-only run (issue 14), never "0.00" or "NaN".
    expect(formatWaf(null)).toBe('—');
    expect(formatWaf(undefined)).toBe('—');
    expect(formatWaf(Number.NaN)).toBe('—');
    expect(formatWaf(0)).toBe('—');
  });
});

describe('key figures', () => {
  it('take rates from the last 100 ms of series and p99 of the dominant op', () => {
    const series = new SeriesBuffer();
    const t = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
    series.append({
      t_ms: t,
      iops: t.map((_, i) => (i < 10 ? 1000 : 6000)),
      write_mbps: t.map(() => 20),
      read_mbps: t.map(() => 1.5),
    });
    const latency = { count: 0, mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 };
    const frame = {
      frame: 1,
      blocks: {},
      meta: {
        waf: 1.52,
        iops: 3500,
        free_blocks: 12,
        gc_runs: 213,
        latency_us: {
          read: { ...latency, count: 3, p99: 90 },
          write: { ...latency, count: 11_352, p50: 815, p99: 1744.9 },
        },
      },
    } as unknown as Frame;
    const figures = keyFigures({
      frame,
      series,
      layout: { blocks: 256 } as never,
      simTimeNs: 2e9,
    });
    expect(figures.iops).toBe(6000);
    expect(figures.mbps).toBe(21.5);
    expect(figures.runIops).toBe(3500);
    expect(figures.waf).toBe(1.52);
    expect(figures.p99Op).toBe('write');
    expect(figures.p99Us).toBe(1744.9);
    expect(figures.freeBlocks).toBe(12);
    expect(figures.totalBlocks).toBe(256);
    expect(figures.gcRuns).toBe(213);
  });

  it('keep a null WAF null (a read-only run), which the row shows as a dash', () => {
    const frame = {
      frame: 1,
      blocks: {},
      meta: { waf: null, iops: 100, free_blocks: 12, gc_runs: 0, latency_us: {} },
    } as unknown as Frame;
    const figures = keyFigures({
      frame,
      series: new SeriesBuffer(),
      layout: { blocks: 256 } as never,
      simTimeNs: 1e6,
    });
    expect(figures.waf).toBeNull();
    expect(formatWaf(figures.waf)).toBe('—');
  });
});
