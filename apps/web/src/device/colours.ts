// Colours of the device view. The canvas renderer writes packed RGBA words
// straight into ImageData, so each scale is a 256-entry lookup table built
// once with D3's interpolators; the legend and tooltip use the CSS strings.
// Packed words are little-endian (R in the low byte), the byte order of
// every browser's ImageData on the platforms FlashScope targets.

import { interpolateLab, piecewise, rgb } from 'd3';
import { BlockState } from '@flashscope/wasm/protocol';
import { SLC_COLORS } from '../slc/slcColors';
import type { MoveKind } from './gcAnimator';

export const LUT_SIZE = 256;

export function packRgba(r: number, g: number, b: number, a = 255): number {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export function packCss(color: string): number {
  const c = rgb(color);
  return packRgba(Math.round(c.r), Math.round(c.g), Math.round(c.b), Math.round(c.opacity * 255));
}

export function unpackToCss(packed: number): string {
  const r = packed & 0xff;
  const g = (packed >>> 8) & 0xff;
  const b = (packed >>> 16) & 0xff;
  return `rgb(${r}, ${g}, ${b})`;
}

/** Maps t in [0, 1] to a table index; NaN and out-of-range values clamp. */
export function lutIndex(t: number): number {
  if (!(t > 0)) return 0;
  if (t >= 1) return LUT_SIZE - 1;
  return Math.round(t * (LUT_SIZE - 1));
}

function buildLut(interpolate: (t: number) => string): Uint32Array {
  const lut = new Uint32Array(LUT_SIZE);
  for (let i = 0; i < LUT_SIZE; i++) lut[i] = packCss(interpolate(i / (LUT_SIZE - 1)));
  return lut;
}

/**
 * A block the GC engine is emptying, by why: GC's victims red; a refresh
 * and a wear-levelling move, which are no GC runs, in colours of their own;
 * SLC migration in the deep teal of folding. The device view fills or
 * outlines the block with it, and the move animation rings it.
 */
export const VICTIM_COLORS: Record<MoveKind, string> = {
  gc: '#d64545',
  refresh: '#7b4fc2',
  wear_leveling: '#b8860b',
  migration: SLC_COLORS.migration,
};

// Block states as the snapshot encodes them (protocol.ts BlockState), named
// for the tooltip and the legend: a victim state says what is happening.
export const BLOCK_STATES = [
  'free',
  'open (being written)',
  'full',
  'GC victim',
  'being refreshed (read disturb)',
  'being moved (static wear levelling)',
  'being folded into native blocks (SLC migration)',
] as const;
export const STATE_COLORS = [
  '#e6eaef',
  '#5aa469',
  '#8d9fb5',
  VICTIM_COLORS.gc,
  VICTIM_COLORS.refresh,
  VICTIM_COLORS.wear_leveling,
  VICTIM_COLORS.migration,
] as const;
export const STATE_PACKED = Uint32Array.from(STATE_COLORS, packCss);

/** Whether a snapshot state is a block the GC engine is emptying (GC or another relocation). */
export function isVictimState(state: number): boolean {
  return state >= BlockState.GcVictim && state < STATE_COLORS.length;
}

export const FREE_COLOR = STATE_COLORS[0];
export const FREE_PACKED = STATE_PACKED[0];

/**
 * Valid ratio: a block of garbage is warm (worth reclaiming), a block of
 * live data is deep blue. Free blocks are drawn grey, not at ratio 0.
 */
const validRatioInterpolator = piecewise(interpolateLab, ['#f3b27a', '#d9dde6', '#2f64a8']);

export function validRatioColor(ratio: number): string {
  return unpackToCss(VALID_RATIO_LUT[lutIndex(ratio)]);
}

export const VALID_RATIO_LUT = buildLut(validRatioInterpolator);

// Mapping units of a block when pages are drawn (BlockArrays.pageState).
export const PAGE_STATES = ['erased', 'valid', 'invalid'] as const;
export const PAGE_COLORS = ['#eef1f5', '#2f64a8', '#f3b27a'] as const;
export const PAGE_PACKED = Uint32Array.from(PAGE_COLORS, packCss);

/** Erase count: pale lavender (least worn in view) to deep purple (most worn). */
const eraseInterpolator = piecewise(interpolateLab, ['#f1eef8', '#a08cc8', '#4b2a7b']);

export const ERASE_LUT = buildLut(eraseInterpolator);

export function eraseColor(t: number): string {
  return unpackToCss(ERASE_LUT[lutIndex(t)]);
}

/** The smallest and largest erase count of the device. */
export function eraseCountDomain(eraseCount: ArrayLike<number>): [number, number] {
  if (eraseCount.length === 0) return [0, 0];
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < eraseCount.length; i++) {
    const count = eraseCount[i];
    if (count < min) min = count;
    if (count > max) max = count;
  }
  return [min, max];
}

/**
 * An erase count as t in [0, 1] over [min, max]. When every block has the
 * same count the view is uniform (t = 0): there is no wear spread to show.
 */
export function eraseCountScale(min: number, max: number): (count: number) => number {
  const span = max - min;
  if (!(span > 0)) return () => 0;
  return (count) => Math.min(1, Math.max(0, (count - min) / span));
}

/**
 * Reads since erase as a fraction of the refresh limit: pale (just erased)
 * through amber to red (at the limit, about to be refreshed).
 */
const readsInterpolator = piecewise(interpolateLab, ['#f4f1ea', '#f0b44c', '#c8202d']);

export const READS_LUT = buildLut(readsInterpolator);

export function readsColor(t: number): string {
  return unpackToCss(READS_LUT[lutIndex(t)]);
}

/**
 * A block's reads as t in [0, 1] of the refresh limit (a counter past it,
 * waiting for its refresh, stays at 1); 0 when read disturb is off.
 */
export function readsFraction(reads: number, threshold: number): number {
  return threshold > 0 ? Math.min(1, reads / threshold) : 0;
}

/** The hairline between mapping units of a block drawn page by page. */
export const PAGE_GRID_PACKED = packCss('#ffffff');

// Block modes (BlockArrays.mode): native, pSLC static, pSLC dynamic.
export const BLOCK_MODES = ['native', 'pSLC static', 'pSLC dynamic'] as const;
export const MODE_COLORS = ['#2f64a8', SLC_COLORS.static, SLC_COLORS.dynamic] as const;
export const MODE_PACKED = Uint32Array.from(MODE_COLORS, packCss);

/** Per mode: a pale tint (no valid data) to the mode's full colour (all valid). */
export const MODE_LUTS: readonly Uint32Array[] = MODE_COLORS.map((color) =>
  buildLut(piecewise(interpolateLab, ['#eef1f5', color])),
);

export function modeColor(mode: number, ratio: number): string {
  return unpackToCss((MODE_LUTS[mode] ?? MODE_LUTS[0])[lutIndex(ratio)]);
}

/** Page colours per block mode (erased, valid, invalid): valid units take the mode's colour. */
export const MODE_PAGE_PACKED: readonly Uint32Array[] = MODE_COLORS.map((color) =>
  Uint32Array.from([PAGE_COLORS[0], color, PAGE_COLORS[2]], packCss),
);
