// The stability test's result (what `flashscope stability --json` prints;
// sim-core stability/stability_flow.h lists the keys) and the pure readings
// the report draws from it: the steady-state window as time spans to shade,
// round boundaries, the series binned for a chart, CV and consistency as
// text, and the QoS verdict with the measured values.

/** Latency figures of one direction, µs. */
export interface StabilityLatency {
  count: number;
  mean: number;
  p50: number;
  p99: number;
  p999: number;
  p9999: number;
  max: number;
}

export interface StabilityRound {
  round: number;
  start_ms: number;
  end_ms: number;
  iops: number;
  read_iops: number;
  write_iops: number;
  read_p99_us: number;
  read_p999_us: number;
  write_p99_us: number;
  write_p999_us: number;
  /** null: the round wrote or programmed nothing (a read-only round). */
  waf: number | null;
  in_window: boolean;
}

export interface StabilityQos {
  read_limit_us: number;
  write_limit_us: number;
  /** null: the limits are checked against the mean latency. */
  percentile: number | null;
  /** "mean" or "p99.9" etc. */
  statistic: string;
  pass: boolean;
  /** null when that direction had no I/O (which passes). */
  read_us: number | null;
  write_us: number | null;
  read_pass: boolean;
  write_pass: boolean;
}

export interface StabilityResult {
  device: string;
  workload: string;
  user_capacity_bytes: number;
  precondition: {
    pattern: string;
    bytes: number;
    end_ms: number;
    waf: number;
    /** The 4 KiB random preconditioning; null (or absent, older modules) when none ran. */
    random?: { pattern: string; bytes: number; end_ms: number; waf: number } | null;
  };
  rounds: StabilityRound[];
  steady_state: {
    reached: boolean;
    round: number | null;
    window: [number, number];
    window_ms: [number, number];
    mean_iops: number;
    range_fraction: number;
    slope_excursion_fraction: number;
    range_ok: boolean;
    slope_ok: boolean;
    /**
     * The steady-state rule the run was judged by (SNIA PTS, the core's
     * SteadyStateRule): window_rounds rounds whose range is at most
     * max_range_fraction of their mean and whose fitted line moves at most
     * max_slope_excursion_fraction of it.
     */
    window_rounds: number;
    max_range_fraction: number;
    max_slope_excursion_fraction: number;
  };
  /**
   * The mean WAF of the window's rounds (the core's WindowWaf, as the
   * --compare table has it); null when the window wrote or programmed nothing.
   */
  window_waf: number | null;
  cv: number | null;
  consistency: number | null;
  iops_intervals: {
    interval_ms: number;
    samples: number;
    mean: number;
    stddev: number;
    consistency_dropped: number;
    consistency_min: number;
  };
  qos: StabilityQos;
  latency_us: { read: StabilityLatency; write: StabilityLatency };
  series: {
    interval_ms: number;
    t_ms: number[];
    iops: number[];
    round: number[];
    in_window: boolean[];
  };
}

/** Parses the result text; throws an Error when it is not a stability result. */
export function parseStabilityResult(text: string): StabilityResult {
  const value = JSON.parse(text) as Partial<StabilityResult> | null;
  if (
    value === null ||
    typeof value !== 'object' ||
    !Array.isArray(value.rounds) ||
    typeof value.steady_state !== 'object' ||
    typeof value.series !== 'object'
  ) {
    throw new Error('not a stability result (no rounds, steady_state or series)');
  }
  return value as StabilityResult;
}

/** A span of simulated time, ms. */
export interface TimeSpan {
  startMs: number;
  endMs: number;
}

/**
 * The spans to shade as the steady-state window: runs of consecutive series
 * intervals with in_window set, each interval covering (t - interval, t].
 * One span when the window is whole (it always is: the window is a run of
 * whole rounds), but a series cut elsewhere would give several.
 */
export function windowSpans(series: StabilityResult['series']): TimeSpan[] {
  const spans: TimeSpan[] = [];
  let open: TimeSpan | null = null;
  series.t_ms.forEach((t, i) => {
    if (series.in_window[i]) {
      const start = t - series.interval_ms;
      if (open !== null && Math.abs(open.endMs - start) < 1e-9) open.endMs = t;
      else {
        open = { startMs: start, endMs: t };
        spans.push(open);
      }
    } else {
      open = null;
    }
  });
  return spans;
}

/** Where each round after the first begins (the end of the round before), ms. */
export function roundBoundaries(rounds: readonly StabilityRound[]): number[] {
  return rounds.slice(0, -1).map((round) => round.end_ms);
}

/** The band the round chart draws around the window rounds' mean. */
export interface RoundsBand {
  lowIops: number;
  highIops: number;
  /** How far either side of the mean it reaches, as a fraction of the mean. */
  halfFraction: number;
}

/**
 * Half the rule's range limit (steady_state.max_range_fraction) either side
 * of the window rounds' mean (steady_state.mean_iops): rounds that all lie
 * in the band meet the range rule. Null without a mean to draw around.
 */
export function roundsBand(steady: StabilityResult['steady_state']): RoundsBand | null {
  if (!(steady.mean_iops > 0)) return null;
  const halfFraction = steady.max_range_fraction / 2;
  return {
    lowIops: steady.mean_iops * (1 - halfFraction),
    highIops: steady.mean_iops * (1 + halfFraction),
    halfFraction,
  };
}

/** A series binned for a chart: mean IOPS per bin; a bin is in the window when all of it is. */
export interface BinnedIops {
  t_ms: number[];
  iops: number[];
  in_window: boolean[];
}

export function binIopsSeries(series: StabilityResult['series'], maxPoints = 400): BinnedIops {
  const n = series.t_ms.length;
  const per = Math.max(1, Math.ceil(n / maxPoints));
  const out: BinnedIops = { t_ms: [], iops: [], in_window: [] };
  for (let start = 0; start < n; start += per) {
    const end = Math.min(n, start + per);
    let sum = 0;
    let inside = true;
    for (let i = start; i < end; i++) {
      sum += series.iops[i];
      inside &&= series.in_window[i];
    }
    out.t_ms.push(series.t_ms[end - 1]);
    out.iops.push(sum / (end - start));
    out.in_window.push(inside);
  }
  return out;
}

/** CV or consistency (fractions) as a percentage with two decimals: "12.34 %"; "—" for null. */
export function formatFraction(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? `${(value * 100).toFixed(2)} %`
    : '—';
}

/** One direction of the QoS verdict. */
export interface QosLine {
  direction: 'read' | 'write';
  /** The measured statistic, µs (null: no I/O in that direction). */
  measuredUs: number | null;
  limitUs: number;
  pass: boolean;
}

export interface QosVerdict {
  pass: boolean;
  /** What was compared with the limits: "mean" or "p99.9" ... */
  statistic: string;
  lines: QosLine[];
  /** "PASS: read mean 512.3 µs ≤ 1000 µs, write mean 65.0 µs ≤ 200 µs". */
  text: string;
}

function us(value: number): string {
  return `${value.toFixed(1)} µs`;
}

export function qosVerdict(qos: StabilityQos): QosVerdict {
  const lines: QosLine[] = [
    { direction: 'read', measuredUs: qos.read_us, limitUs: qos.read_limit_us, pass: qos.read_pass },
    {
      direction: 'write',
      measuredUs: qos.write_us,
      limitUs: qos.write_limit_us,
      pass: qos.write_pass,
    },
  ];
  const parts = lines.map((line) =>
    line.measuredUs === null
      ? `${line.direction}: no I/O`
      : `${line.direction} ${qos.statistic} ${us(line.measuredUs)} ${line.pass ? '≤' : '>'} ${
          line.limitUs
        } µs`,
  );
  return {
    pass: qos.pass,
    statistic: qos.statistic,
    lines,
    text: `${qos.pass ? 'PASS' : 'FAIL'}: ${parts.join(', ')}`,
  };
}

/** RFC 4180 field (numbers as they are, null as empty). */
function field(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function row(values: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return values.map(field).join(',');
}

/**
 * The result as CSV: the summary figures (metric, value, unit), the rounds
 * table, then the per-interval series.
 */
export function stabilityToCsv(result: StabilityResult): string {
  const { steady_state: steady, qos, latency_us: latency } = result;
  const lines = [
    row(['metric', 'value', 'unit']),
    row(['device', result.device, '']),
    row(['workload', result.workload, '']),
    row(['steady_state_reached', steady.reached, '']),
    row(['steady_state_round', steady.round, 'round']),
    row(['window_first_round', steady.window[0], 'round']),
    row(['window_last_round', steady.window[1], 'round']),
    row(['window_mean_iops', steady.mean_iops, 'IOPS']),
    row(['window_waf', result.window_waf, 'ratio']),
    row(['cv', result.cv, 'fraction']),
    row(['consistency', result.consistency, 'fraction']),
    row(['qos_statistic', qos.statistic, '']),
    row(['qos_pass', qos.pass, '']),
    row(['qos_read_us', qos.read_us, 'us']),
    row(['qos_read_limit_us', qos.read_limit_us, 'us']),
    row(['qos_write_us', qos.write_us, 'us']),
    row(['qos_write_limit_us', qos.write_limit_us, 'us']),
    ...(['read', 'write'] as const).flatMap((direction) =>
      (['mean', 'p50', 'p99', 'p999', 'p9999', 'max'] as const).map((key) =>
        row([`${direction}_${key}_us`, latency[direction][key], 'us']),
      ),
    ),
    '',
    row([
      'round',
      'start_ms',
      'end_ms',
      'iops',
      'read_iops',
      'write_iops',
      'read_p999_us',
      'write_p999_us',
      'waf',
      'in_window',
    ]),
    ...result.rounds.map((r) =>
      row([
        r.round,
        r.start_ms,
        r.end_ms,
        r.iops,
        r.read_iops,
        r.write_iops,
        r.read_p999_us,
        r.write_p999_us,
        r.waf,
        r.in_window,
      ]),
    ),
    '',
    row(['t_ms', 'iops', 'round', 'in_window']),
    ...result.series.t_ms.map((t, i) =>
      row([t, result.series.iops[i], result.series.round[i], result.series.in_window[i]]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
