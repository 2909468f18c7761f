import { describe, expect, it } from 'vitest';
import {
  binIopsSeries,
  formatFraction,
  parseStabilityResult,
  qosVerdict,
  roundBoundaries,
  stabilityToCsv,
  windowSpans,
  type StabilityQos,
  type StabilityResult,
} from './stabilityResult';

// Six 10 ms intervals over three rounds; rounds 2-3 are the window.
const series: StabilityResult['series'] = {
  interval_ms: 10,
  t_ms: [110, 120, 130, 140, 150, 160],
  iops: [9000, 8000, 5000, 5200, 4800, 5000],
  round: [1, 1, 2, 2, 3, 3],
  in_window: [false, false, true, true, true, true],
};

const qos = (patch: Partial<StabilityQos> = {}): StabilityQos => ({
  read_limit_us: 1000,
  write_limit_us: 200,
  percentile: null,
  statistic: 'mean',
  pass: false,
  read_us: 5159.65079,
  write_us: 66.920583,
  read_pass: false,
  write_pass: true,
  ...patch,
});

describe('windowSpans', () => {
  it('shades the window intervals as one span from the first interval start to the last end', () => {
    expect(windowSpans(series)).toEqual([{ startMs: 120, endMs: 160 }]);
  });

  it('splits at an interval outside the window and is empty without one', () => {
    expect(windowSpans({ ...series, in_window: [true, false, false, true, true, false] })).toEqual([
      { startMs: 100, endMs: 110 },
      { startMs: 130, endMs: 150 },
    ]);
    expect(windowSpans({ ...series, in_window: series.in_window.map(() => false) })).toEqual([]);
  });
});

describe('series for the chart', () => {
  it('bins by mean IOPS; a bin is in the window only when all of it is', () => {
    const binned = binIopsSeries(series, 3);
    expect(binned.t_ms).toEqual([120, 140, 160]);
    expect(binned.iops).toEqual([8500, 5100, 4900]);
    expect(binned.in_window).toEqual([false, true, true]);
    expect(binIopsSeries(series, 4).in_window).toEqual([false, true, true]);
  });

  it('draws a boundary at the end of every round but the last', () => {
    const round = (n: number, end: number) =>
      ({ round: n, end_ms: end }) as StabilityResult['rounds'][number];
    expect(roundBoundaries([round(1, 120), round(2, 140), round(3, 160)])).toEqual([120, 140]);
  });
});

describe('formatFraction (CV, consistency)', () => {
  it('shows a percentage with two decimals, and a dash for null', () => {
    expect(formatFraction(0.282785)).toBe('28.28 %');
    expect(formatFraction(0.1)).toBe('10.00 %');
    expect(formatFraction(null)).toBe('—');
  });
});

describe('qosVerdict', () => {
  it('fails on the read mean over 1000 µs and says by how much', () => {
    const verdict = qosVerdict(qos());
    expect(verdict.pass).toBe(false);
    expect(verdict.lines.map((line) => [line.direction, line.pass])).toEqual([
      ['read', false],
      ['write', true],
    ]);
    expect(verdict.text).toBe('FAIL: read mean 5159.7 µs > 1000 µs, write mean 66.9 µs ≤ 200 µs');
  });

  it('passes with both under their limits, at a percentile, and with no reads', () => {
    const verdict = qosVerdict(
      qos({
        pass: true,
        read_pass: true,
        read_us: null,
        write_us: 150,
        statistic: 'p99.9',
        percentile: 99.9,
      }),
    );
    expect(verdict.text).toBe('PASS: read: no I/O, write p99.9 150.0 µs ≤ 200 µs');
  });
});

describe('parse and CSV', () => {
  it('refuses what is not a stability result', () => {
    expect(() => parseStabilityResult('{"seed": 1}')).toThrow(/not a stability result/);
  });

  it('writes the summary, the rounds and the series', () => {
    const result = {
      device: 'small',
      workload: 'stability:default',
      user_capacity_bytes: 1,
      precondition: { pattern: '', bytes: 2, end_ms: 100, waf: 1 },
      rounds: [
        {
          round: 1,
          start_ms: 100,
          end_ms: 120,
          iops: 8500,
          read_iops: 6000,
          write_iops: 2500,
          read_p99_us: 1,
          read_p999_us: 2,
          write_p99_us: 3,
          write_p999_us: 4,
          waf: 1.5,
          in_window: false,
        },
      ],
      steady_state: {
        reached: true,
        round: 3,
        window: [2, 3],
        window_ms: [120, 160],
        mean_iops: 5000,
        range_fraction: 0.08,
        slope_excursion_fraction: 0.02,
        range_ok: true,
        slope_ok: true,
        window_rounds: 2,
        max_range_fraction: 0.2,
        max_slope_excursion_fraction: 0.1,
      },
      window_waf: 1.5,
      cv: 0.03,
      consistency: 0.9,
      iops_intervals: {
        interval_ms: 10,
        samples: 4,
        mean: 5000,
        stddev: 150,
        consistency_dropped: 0,
        consistency_min: 4800,
      },
      qos: qos(),
      latency_us: {
        read: { count: 1, mean: 1, p50: 1, p99: 1, p999: 1, p9999: 1, max: 1 },
        write: { count: 1, mean: 2, p50: 2, p99: 2, p999: 2, p9999: 2, max: 2 },
      },
      series,
    } satisfies StabilityResult;
    const csv = stabilityToCsv(parseStabilityResult(JSON.stringify(result)));
    const lines = csv.split('\r\n');
    expect(lines).toContain('cv,0.03,fraction');
    expect(lines).toContain('qos_pass,false,');
    expect(lines).toContain('window_waf,1.5,ratio');
    expect(
      stabilityToCsv({ ...result, window_waf: null })
        .split('\r\n')
        .includes('window_waf,,ratio'),
    ).toBe(true);
    expect(lines).toContain('1,100,120,8500,6000,2500,2,4,1.5,false');
    expect(lines).toContain('130,5000,2,true');
    expect(lines.filter((line) => /^1[1-6]0,/.test(line))).toHaveLength(6);
  });
});
