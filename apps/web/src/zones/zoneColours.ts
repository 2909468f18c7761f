// Colours of the zones view. Zone states (the NVMe ZNS codes of
// ZnsMeta.state) each have a colour for the part written up to the write
// pointer and a darker shade for the valid blocks; garbage (written, no
// longer valid) is the device view's "invalid" peach, so a zone's garbage
// proportion reads the same in both views. Open zone classes run from hot
// (class 1, red) to cold (the last class, blue), the order the placement
// policies of seed 004 number them in; the per-class WAF chart uses the
// same colours. Packed words as in device/colours.ts (little-endian RGBA).

import { interpolateLab, piecewise, rgb } from 'd3';
import { ZoneState } from '@flashscope/wasm/protocol';
import { packCss } from '../device/colours';

export interface ZoneStateStyle {
  code: number;
  label: string;
  /** Written part, up to the write pointer. */
  color: string;
  /** Valid blocks (the darker sub-bar). */
  validColor: string;
}

function style(code: number, label: string, color: string): ZoneStateStyle {
  return { code, label, color, validColor: rgb(color).darker(0.9).formatHex() };
}

/** Legend order: the zone's life from empty to full, then the failure states. */
export const ZONE_STATE_STYLES: readonly ZoneStateStyle[] = [
  style(ZoneState.Empty, 'empty', '#e3e8ee'),
  style(ZoneState.ImplicitlyOpened, 'implicitly opened', '#3f9b5a'),
  style(ZoneState.ExplicitlyOpened, 'explicitly opened', '#1f8a8a'),
  style(ZoneState.Closed, 'closed', '#b8912a'),
  style(ZoneState.Full, 'full', '#5f7db0'),
  style(ZoneState.ReadOnly, 'read only', '#8e7cc3'),
  style(ZoneState.Offline, 'offline', '#4a4f57'),
];

/** Blocks written and no longer valid: what GC would leave behind. */
export const GARBAGE_COLOR = '#f3b27a';
/** The part of a zone past its write pointer. */
export const TRACK_COLOR = '#eef1f5';
/** A zone in no open zone class (class 0). */
export const NO_CLASS_COLOR = '#d3d9e1';

const STATE_CODES = 16;

function byCode(pick: (style: ZoneStateStyle) => string, fallback: string): Uint32Array {
  const table = new Uint32Array(STATE_CODES).fill(packCss(fallback));
  for (const entry of ZONE_STATE_STYLES) table[entry.code] = packCss(pick(entry));
  return table;
}

/** Packed colours indexed by state code (unknown codes: the empty colour). */
export const STATE_FILL_PACKED = byCode((entry) => entry.color, ZONE_STATE_STYLES[0].color);
export const STATE_VALID_PACKED = byCode((entry) => entry.validColor, ZONE_STATE_STYLES[0].color);
export const GARBAGE_PACKED = packCss(GARBAGE_COLOR);
export const TRACK_PACKED = packCss(TRACK_COLOR);
export const OFFLINE_PACKED = packCss(ZONE_STATE_STYLES[6].color);

export function zoneStateStyle(code: number): ZoneStateStyle | undefined {
  return ZONE_STATE_STYLES.find((entry) => entry.code === code);
}

// Hot to cold through distinct hues (red, orange, amber, green, teal, blue,
// navy), so neighbouring classes stay apart; other class counts interpolate.
const classInterpolator = piecewise(interpolateLab, [
  '#b2182b',
  '#e0652f',
  '#e3a23b',
  '#6fa84a',
  '#2f9a8e',
  '#3b78b8',
  '#233f8c',
]);

/** Class `zoneClass` (1-based) of `classes`: hot red for 1, cold blue for the last. */
export function classColor(zoneClass: number, classes: number): string {
  if (!(zoneClass >= 1)) return NO_CLASS_COLOR;
  const t = classes > 1 ? (Math.min(zoneClass, classes) - 1) / (classes - 1) : 0.5;
  return rgb(classInterpolator(t)).formatHex();
}

/** Packed class colours for `classes` classes, index 0 = no class. */
export function classPalette(classes: number): Uint32Array {
  const palette = new Uint32Array(Math.max(1, classes) + 1);
  palette[0] = packCss(NO_CLASS_COLOR);
  for (let c = 1; c <= classes; c++) palette[c] = packCss(classColor(c, classes));
  return palette;
}
