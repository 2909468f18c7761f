// The figures behind a zoned drive's charts, as pure functions: the garbage
// proportion (GP) histogram of reclaimed zones (ZnsMeta.gp_histogram: 20
// bins of 0.05, the last one holding GP = 1) and the per-class WAF series
// (zns_class_waf, one column per class) binned and stacked, so the areas of
// the classes add up to the host FTL's WAF (seed 004 eq. 2.1).

import { GP_HISTOGRAM_BINS } from '@flashscope/wasm/protocol';
import { elementColumnKey, type SeriesBuffer } from '../store/seriesBuffer';
import { DEFAULT_MAX_BINS } from './binning';

export const GP_BIN_WIDTH = 1 / GP_HISTOGRAM_BINS;

export interface GpBar {
  /** GP range [from, to): the last bin includes 1. */
  from: number;
  to: number;
  count: number;
}

/** The histogram as bars (missing bins count 0; extra bins are ignored). */
export function gpBars(histogram: readonly number[] | null | undefined): GpBar[] {
  const bars: GpBar[] = [];
  for (let bin = 0; bin < GP_HISTOGRAM_BINS; bin++) {
    const count = histogram?.[bin];
    bars.push({
      from: bin * GP_BIN_WIDTH,
      to: (bin + 1) * GP_BIN_WIDTH,
      count: typeof count === 'number' && count > 0 ? count : 0,
    });
  }
  return bars;
}

/** The bin of a garbage proportion, as the simulator counts it (GP = 1 in the last bin). */
export function gpBin(gp: number): number {
  if (!(gp > 0)) return 0;
  return Math.min(GP_HISTOGRAM_BINS - 1, Math.floor(gp / GP_BIN_WIDTH + 1e-9));
}

/** Reclaimed zones counted (the bars summed). */
export function reclaimedZones(bars: readonly GpBar[]): number {
  return bars.reduce((zones, bar) => zones + bar.count, 0);
}

/**
 * The GP chart's subtitle: the zones reclaimed and their mean GP as the
 * core computes it exactly (ZnsMeta.mean_reclaimed_gp, the result's
 * reclaimed_gp averaged), not one taken from the bins (docs/figures.md).
 */
export function gpSubtitle(zones: number, meanReclaimedGp: number | null | undefined): string {
  if (zones === 0) {
    return 'Share of each reclaimed zone that was already garbage: near 1 = little to copy';
  }
  const mean = typeof meanReclaimedGp === 'number' ? `, mean GP ${meanReclaimedGp.toFixed(2)}` : '';
  return `${zones.toLocaleString('en')} zones reclaimed by GC${mean}: near 1 = little to copy`;
}

export interface ClassWafStack {
  /** Bin times, ms. */
  x: number[];
  /** Per class (index c - 1) its contribution in each bin. */
  classes: number[][];
  /** Per class the top of its band: the contributions of classes 1..c summed. */
  tops: number[][];
  /** zns_waf in each bin (NaN where absent). */
  total: number[];
}

/**
 * zns_class_waf's columns and zns_waf cut into at most `maxBins` equal time
 * bins; each bin keeps the last sample of the bin (the figures are
 * cumulative, so the last is the bin's end). Bins where no class has a
 * finite value are left out; a class without one counts 0 there.
 */
export function classWafStack(series: SeriesBuffer, maxBins = DEFAULT_MAX_BINS): ClassWafStack {
  const classCount = series.elementCount('zns_class_waf');
  const t = series.column('t_ms');
  const total = series.column('zns_waf');
  const columns: Float64Array[] = [];
  for (let c = 1; c <= classCount; c++) {
    columns.push(series.column(elementColumnKey('zns_class_waf', c)));
  }
  const out: ClassWafStack = {
    x: [],
    classes: columns.map(() => []),
    tops: columns.map(() => []),
    total: [],
  };
  const n = t.length;
  if (n === 0 || classCount === 0) return out;
  const span = t[n - 1] - t[0];
  const width = span > 0 && n > maxBins ? span / maxBins : 0;
  const binOf = (i: number) =>
    width > 0 ? Math.min(maxBins - 1, Math.floor((t[i] - t[0]) / width)) : i;

  const emit = (i: number) => {
    out.x.push(t[i]);
    let top = 0;
    columns.forEach((column, c) => {
      const value = Number.isFinite(column[i]) ? column[i] : 0;
      top += value;
      out.classes[c].push(value);
      out.tops[c].push(top);
    });
    out.total.push(total.length > i ? total[i] : NaN);
  };
  // Per bin, its last row with a finite class value.
  let bin = -1;
  let pick = -1;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(t[i])) continue;
    const b = binOf(i);
    if (b !== bin) {
      if (pick >= 0) emit(pick);
      bin = b;
      pick = -1;
    }
    if (columns.some((column) => Number.isFinite(column[i]))) pick = i;
  }
  if (pick >= 0) emit(pick);
  return out;
}
