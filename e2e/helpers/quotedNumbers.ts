// Numbers as a lesson text quotes them ("7.6 ms", "26,272", "58.0 %") and
// as the app shows them ("7.63 ms", "26.3 k", "58.01 %"), and whether a
// shown number confirms a quoted one: the shown value, rounded to the
// quoted number's own precision, is the quoted number.

/** A number with its unit as written. */
export interface Quantity {
  value: number;
  unit: string;
  /** The smallest step the number was written to, in its unit: "7.6" 0.1, "7,900" 100, "8" 1. */
  step: number;
}

// Units by dimension, each with its size in the dimension's base unit.
const UNITS: Record<string, { dimension: string; scale: number }> = {
  '': { dimension: 'count', scale: 1 },
  k: { dimension: 'count', scale: 1e3 },
  M: { dimension: 'count', scale: 1e6 },
  µs: { dimension: 'time', scale: 1 },
  ms: { dimension: 'time', scale: 1e3 },
  s: { dimension: 'time', scale: 1e6 },
  '%': { dimension: 'percent', scale: 1 },
  B: { dimension: 'bytes', scale: 1 },
  kB: { dimension: 'bytes', scale: 1e3 },
  MB: { dimension: 'bytes', scale: 1e6 },
  GB: { dimension: 'bytes', scale: 1e9 },
  'MB/s': { dimension: 'rate', scale: 1 },
  'GB/s': { dimension: 'rate', scale: 1e3 },
};

// A number not inside a word ("p99" is not 99), thousands commas and
// decimals as written, then a unit if one follows as a word of its own.
const NUMBER =
  /(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(MB\/s|GB\/s|µs|ms|s|%|kB|MB|GB|B|k|M)(?![\w/]))?/g;

/** Every number in `text`, with its unit and precision. */
export function quantitiesIn(text: string): Quantity[] {
  return [...text.matchAll(NUMBER)].map((match) => {
    const whole = match[1].replace(/,/g, '');
    const decimals = match[2] ?? '';
    const trailingZeros = decimals ? 0 : (/0*$/.exec(whole)?.[0].length ?? 0);
    return {
      value: Number(decimals ? `${whole}.${decimals}` : whole),
      unit: match[3] ?? '',
      // "40" is written to the ten, "0" to the unit.
      step: decimals ? 10 ** -decimals.length : 10 ** Math.min(trailingZeros, whole.length - 1),
    };
  });
}

/** The one quantity a quoted figure holds ("{7.6 ms}" without its braces). */
export function quotedQuantity(figure: string): Quantity {
  const found = quantitiesIn(figure);
  if (found.length !== 1) throw new Error(`"${figure}" is not one number and unit`);
  return found[0];
}

/**
 * True when `shown` confirms `quoted`: the same dimension, written at least
 * as precisely, and equal to it once rounded to the quoted precision.
 */
export function confirms(shown: Quantity, quoted: Quantity): boolean {
  const from = UNITS[shown.unit];
  const to = UNITS[quoted.unit];
  if (!from || !to || from.dimension !== to.dimension) return false;
  const ratio = from.scale / to.scale;
  if (shown.step * ratio > quoted.step * (1 + 1e-9)) return false;
  const rounded = Math.round((shown.value * ratio) / quoted.step) * quoted.step;
  return Math.abs(rounded - quoted.value) < quoted.step / 1000;
}
