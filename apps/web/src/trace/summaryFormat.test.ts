import { describe, expect, it } from 'vitest';
import {
  errorWithPlace,
  formatDetection,
  formatDurationS,
  formatProgress,
  formatShare,
  histogramBars,
  progressFraction,
  repairActionLabel,
  sentence,
  sizeBinLabel,
  summaryFigures,
} from './summaryFormat';
import { TPCC_SUMMARY } from './testSummary';

describe('summaryFigures', () => {
  it('lists the tpcc trace as 6,999 requests, 62.6 % read, with bytes and inter-arrival', () => {
    const figures = Object.fromEntries(
      summaryFigures(TPCC_SUMMARY).map((figure) => [figure.key, figure]),
    );
    expect(figures.requests.value).toBe('6,999');
    // 4381 / 6999 = 62.59 %, 2618 / 6999 = 37.41 %
    expect(figures.mix.value).toBe('62.6 % read · 37.4 % write');
    expect(figures.mix.note).toBe('4,381 reads, 2,618 writes');
    // 36,315,136 B = 36.3 MB; 23,403,520 B = 23.4 MB (decimal, as vendors quote)
    expect(figures.bytes.value).toBe('36.3 MB read · 23.4 MB written');
    expect(figures.footprint.value).toBe('50 MB');
    expect(figures.duration.value).toBe('136 ms');
    expect(figures.iops.value).toBe('51.3 k');
    expect(figures.interarrival.value).toBe('p50 12 µs · p99 140 µs');
    expect(figures.interarrival.note).toBeUndefined();
  });

  it('adds trims and out-of-order records only when there are some', () => {
    const figures = summaryFigures({
      ...TPCC_SUMMARY,
      requests: 100,
      reads: 50,
      writes: 25,
      trims: 25,
      trim_bytes: 1 << 20,
      out_of_order: 3,
    });
    expect(figures[1].value).toBe('50.0 % read · 25.0 % write · 25.0 % trim');
    expect(figures[2].value).toContain('1.0 MB trimmed');
    expect(figures[6].note).toBe('3 records out of order');
    expect(figures.map((figure) => figure.key)).not.toContain('compression');
  });

  it('says an estimated footprint is one, and lists flushes and FUA writes when there are some', () => {
    const byKey = (summary: typeof TPCC_SUMMARY) =>
      Object.fromEntries(summaryFigures(summary).map((figure) => [figure.key, figure]));
    expect(byKey(TPCC_SUMMARY).flushes).toBeUndefined();
    // The real nvme_dmcrypt capture: 23 flushes, 21 FUA writes.
    const figures = byKey({
      ...TPCC_SUMMARY,
      footprint_bytes: 4_096_000_000,
      footprint_estimated: true,
      flushes: 23,
      fua_writes: 21,
    });
    expect(figures.footprint.value).toBe('about 4.1 GB');
    expect(figures.flushes.value).toBe('23');
    expect(figures.flushes.note).toBe('21 writes with FUA');
  });

  it('names the compression of a compressed trace with its stored and text sizes', () => {
    // The real SYSTOR'17 sample: a 14,312-byte .gz of 56,626 bytes of text.
    const figures = summaryFigures({
      ...TPCC_SUMMARY,
      compression: 'gzip',
      bytes_read: 14_312,
      size_bytes: 14_312,
      decompressed_bytes: 56_626,
    });
    const compression = figures[figures.length - 1];
    expect(compression.key).toBe('compression');
    expect(compression.value).toBe('gzip');
    expect(compression.note).toBe('14.3 kB stored, 56.6 kB of text');
  });
});

describe('histogramBars', () => {
  it('keeps the bins from the first to the last with requests, scaled to the tallest', () => {
    const bars = histogramBars(TPCC_SUMMARY.size_histogram);
    expect(bars.map((bar) => bar.label)).toEqual([
      '≤ 512 B',
      '≤ 1 KiB',
      '≤ 2 KiB',
      '≤ 4 KiB',
      '≤ 8 KiB',
      '≤ 16 KiB',
      '≤ 32 KiB',
      '≤ 64 KiB',
    ]);
    const eight = bars[4];
    expect(eight.count).toBe(6767);
    expect(eight.fraction).toBe(1);
    expect(eight.share).toBe('96.7 %'); // 6767 / 6999
    expect(bars[5].fraction).toBeCloseTo(132 / 6767, 10);
  });

  it('labels the open last bin by the bound before it, and is empty without requests', () => {
    const bars = histogramBars([
      { max_bytes: 1048576, count: 0 },
      { max_bytes: null, count: 4 },
    ]);
    expect(bars).toEqual([{ label: '> 1 MiB', count: 4, fraction: 1, share: '100.0 %' }]);
    expect(histogramBars([{ max_bytes: 512, count: 0 }])).toEqual([]);
    expect(sizeBinLabel(null, null)).toBe('all');
  });
});

describe('formatting', () => {
  it('formats shares, durations, detection and progress', () => {
    expect(formatShare(1, 3)).toBe('33.3 %');
    expect(formatShare(0, 0)).toBe('—');
    expect(formatDurationS(0.005)).toBe('5.00 ms');
    expect(formatDurationS(12.484)).toBe('12.48 s');
    expect(formatDurationS(600)).toBe('10.0 min');
    expect(formatDurationS(7 * 3600)).toBe('7.0 h');
    // wdev_1 of MSR Cambridge: 6.9 days.
    expect(formatDurationS(6.9 * 86_400)).toBe('6.9 d');
    expect(formatDetection({ format: 'mqsim', confidence: 0.987 })).toBe('mqsim · 99 % confidence');
    expect(progressFraction(48_697, 194_790)).toBeCloseTo(0.25, 3);
    expect(progressFraction(10, 0)).toBe(0);
    expect(progressFraction(10, 0, true)).toBe(1);
    expect(progressFraction(300, 200)).toBe(1);
    expect(formatProgress(48_697, 194_790)).toBe('48.7 kB of 195 kB (24 %)');
    expect(formatProgress(194_790, 194_790)).toBe('195 kB of 195 kB (100 %)');
  });

  it('puts file:line in front of an error that lacks them', () => {
    expect(
      errorWithPlace({
        kind: 'input',
        message: 'x.trace:7: unknown op "Q"',
        file: 'x.trace',
        line: 7,
      }),
    ).toBe('x.trace:7: unknown op "Q"');
    expect(
      errorWithPlace({ kind: 'input', message: 'unknown op "Q"', file: 'x.trace', line: 7 }),
    ).toBe('x.trace:7: unknown op "Q"');
    expect(errorWithPlace({ kind: 'input', message: 'binary data', file: 'x.bin' })).toBe(
      'x.bin: binary data',
    );
    expect(errorWithPlace({ kind: 'client', message: 'worker failed' })).toBe('worker failed');
  });
});

describe("the core's sentences", () => {
  it('start with a capital and end with a stop', () => {
    expect(sentence('the trace touches 1.4 GB (its footprint)')).toBe(
      'The trace touches 1.4 GB (its footprint).',
    );
    expect(sentence('done.')).toBe('Done.');
    expect(sentence('')).toBe('');
  });

  it("name the repair warning's alternative in words", () => {
    expect(repairActionLabel({ text: '', option: 'clock', value: 'as_is' })).toBe(
      'Replay in file order',
    );
    expect(repairActionLabel({ text: '', option: 'late_records', value: 'drop' })).toBe(
      'Leave the late records out',
    );
    expect(repairActionLabel({ text: '', option: 'clock', value: 'spread' })).toBe('Sort by time');
  });
});
