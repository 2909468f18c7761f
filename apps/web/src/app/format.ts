// Number formatting shared by figures, tooltips and chart axes.

// One unit convention (issue 19): capacities, amounts and rates in decimal
// units as drive vendors quote them (1 GB = 10^9 bytes, like MB/s); binary
// units only for request, page and block sizes, and then labelled KiB/MiB.
const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

function scaled(bytes: number, base: number, units: readonly string[]): string {
  if (!Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= base && unit < units.length - 1) {
    value /= base;
    unit++;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** A capacity or amount in decimal units: 68 157 440 bytes → "68.2 MB". */
export function formatBytes(bytes: number): string {
  return scaled(bytes, 1000, DECIMAL_UNITS);
}

/** A request, page or block size in binary units: 4096 → "4 KiB". */
export function formatBinaryBytes(bytes: number): string {
  return scaled(bytes, 1024, BINARY_UNITS);
}

/** Simulated time: "0 ms", "375.2 ms", "12.48 s", "3 min 05 s", "5 h 07 min", "6 d 21 h". */
export function formatSimTime(ns: number): string {
  if (!Number.isFinite(ns) || ns < 0) return '—';
  const ms = ns / 1e6;
  if (ms < 1) return `${(ns / 1e3).toFixed(0)} µs`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  const s = ms / 1000;
  if (s < 120) return `${s.toFixed(2)} s`;
  // Two units from here on: a trace spanning days reads as days and hours.
  const [big, small, bigLabel, smallLabel] =
    s < 7200
      ? [60, 1, 'min', 's']
      : s < 172_800
        ? [3600, 60, 'h', 'min']
        : [86_400, 3600, 'd', 'h'];
  const whole = Math.floor(s / big);
  const rest = Math.floor((s - whole * big) / small);
  return `${whole} ${bigLabel} ${String(rest).padStart(2, '0')} ${smallLabel}`;
}

/**
 * A sampling interval or a span of them: "10 ms", "320 ms", "1 s", "20.48 s",
 * "2 min 43 s" (a week-long run's series ends with points 163.84 s apart).
 */
export function formatInterval(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '—';
  if (ms < 1000) return `${+ms.toFixed(1)} ms`;
  return ms < 120_000 ? `${+(ms / 1000).toFixed(2)} s` : formatSimTime(ms * 1e6);
}

/** Latency in µs as the unit that keeps it short. */
export function formatLatencyUs(us: number): string {
  if (!Number.isFinite(us) || us <= 0) return '—';
  if (us < 1000) return `${us.toFixed(us < 10 ? 1 : 0)} µs`;
  if (us < 1e6) return `${(us / 1000).toFixed(us < 1e4 ? 2 : 1)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}

/**
 * A WAF with `digits` decimals, or "—" when the run has none: null from the
 * core when nothing was written or nothing programmed (a read-only run).
 */
export function formatWaf(waf: number | null | undefined, digits = 2): string {
  if (waf === null || waf === undefined || !Number.isFinite(waf) || waf <= 0) return '—';
  return waf.toFixed(digits);
}

export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 1e6) return `${(value / 1e6).toFixed(2)} M`;
  if (Math.abs(value) >= 1e4) return `${(value / 1e3).toFixed(1)} k`;
  return Math.round(value).toLocaleString('en');
}

export function formatPercent(fraction: number): string {
  return Number.isFinite(fraction) ? `${Math.round(fraction * 100)} %` : '—';
}

/** A decimal rate unit for a chart axis: its label and how many of it make 1 MB/s. */
export interface RateUnit {
  label: 'MB/s' | 'kB/s' | 'B/s';
  perMbps: number;
  /** The axis's unit in words, for exported charts. */
  description: string;
}

const RATE_UNITS: readonly RateUnit[] = [
  { label: 'MB/s', perMbps: 1, description: 'MB/s, 10^6 bytes per second' },
  { label: 'kB/s', perMbps: 1e3, description: 'kB/s, 10^3 bytes per second' },
  { label: 'B/s', perMbps: 1e6, description: 'B/s, bytes per second' },
];

/**
 * The unit an axis of rates up to `maxMbps` reads well in: MB/s from
 * 1 MB/s up (drives' "3500 MB/s" stays as vendors quote it), kB/s or B/s
 * below, so a sparse week-long trace's axis reads "0 20 40 60 80 B/s", not
 * "0.00000 0.00005 0.00010" MB/s.
 */
export function rateUnit(maxMbps: number): RateUnit {
  // Nothing to read (no rate yet, or NaN): the usual MB/s.
  if (!(maxMbps > 0 && maxMbps < 1)) return RATE_UNITS[0];
  return maxMbps >= 1e-3 ? RATE_UNITS[1] : RATE_UNITS[2];
}

/** Throughput in MB/s (10^6 bytes), switching to GB/s above 1000. */
export function formatMbps(mbps: number): string {
  if (!Number.isFinite(mbps)) return '—';
  if (mbps >= 1000) return `${(mbps / 1000).toFixed(2)} GB/s`;
  return `${mbps.toFixed(mbps >= 100 ? 0 : 1)} MB/s`;
}
