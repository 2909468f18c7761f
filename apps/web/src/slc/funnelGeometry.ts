// The SLC funnel's shape and fill levels, as pure arithmetic (seed 003: the
// SLC cache is a funnel over a narrow-necked bottle). Height stands for
// bytes: the full funnel is the largest cache the device can have (static +
// the whole dynamic allowance); the rim is the capacity now, lower as the
// dynamic part shrinks with user data; bands from the bottom are the static
// and dynamic occupancy, with the persistent part as the lowest slice.

export interface FunnelFigures {
  /** static capacity + the largest dynamic allowance: the whole funnel. */
  maxBytes: number;
  /** Capacity now (static + the current dynamic allowance): the rim. */
  capacityBytes: number;
  staticCapacityBytes: number;
  staticUsedBytes: number;
  dynamicUsedBytes: number;
  persistentBytes: number;
}

export interface FunnelBox {
  width: number;
  /** Height of the funnel body (the neck and spout go below it). */
  height: number;
  /** Width of the mouth and of the neck, as fractions of `width`. */
  mouth?: number;
  neck?: number;
}

export interface Band {
  y: number;
  height: number;
}

export interface FunnelGeometry {
  /** SVG path of the funnel body and spout (also the clip of the bands). */
  outline: string;
  /** y of the rim now; the body above it is capacity lost to user data. */
  rimY: number;
  /** y of the boundary between static and dynamic capacity. */
  staticTopY: number;
  /** Bands, each [y, y + height] within the body. */
  lost: Band;
  staticUsed: Band;
  dynamicUsed: Band;
  persistent: Band;
  /** x of the funnel's axis. */
  cx: number;
  /** y where the spout ends (the outflow starts). */
  spoutBottom: number;
}

const clamp01 = (v: number) => (v > 0 ? (v < 1 ? v : 1) : 0);

/** Half the funnel's width at body height y (0 = mouth, height = neck). */
export function halfWidthAt(box: FunnelBox, y: number): number {
  const mouth = (box.mouth ?? 0.92) * box.width;
  const neck = (box.neck ?? 0.14) * box.width;
  const t = clamp01(y / box.height);
  return (mouth + (neck - mouth) * t) / 2;
}

export function funnelGeometry(figures: FunnelFigures, box: FunnelBox): FunnelGeometry {
  const h = box.height;
  const max = figures.maxBytes > 0 ? figures.maxBytes : 1;
  // y of a level `bytes` above the neck.
  const level = (bytes: number) => h * (1 - clamp01(bytes / max));
  const cx = box.width / 2;
  const spout = h * 0.18;
  const neckHalf = halfWidthAt(box, h);
  const mouthHalf = halfWidthAt(box, 0);
  const outline =
    `M${cx - mouthHalf},0 L${cx + mouthHalf},0 L${cx + neckHalf},${h} ` +
    `L${cx + neckHalf},${h + spout} L${cx - neckHalf},${h + spout} L${cx - neckHalf},${h} Z`;

  const rimY = level(figures.capacityBytes);
  const staticUsed = Math.max(0, figures.staticUsedBytes);
  const dynamicUsed = Math.max(0, figures.dynamicUsedBytes);
  const staticTop = level(staticUsed);
  const dynamicTop = level(staticUsed + dynamicUsed);
  const persistentTop = level(Math.min(figures.persistentBytes, staticUsed + dynamicUsed));
  const band = (top: number, bottom: number): Band => ({
    y: top,
    height: Math.max(0, bottom - top),
  });
  return {
    outline,
    rimY,
    staticTopY: level(figures.staticCapacityBytes),
    lost: band(0, rimY),
    staticUsed: band(staticTop, h),
    dynamicUsed: band(dynamicTop, staticTop),
    persistent: band(persistentTop, h),
    cx,
    spoutBottom: h + spout,
  };
}

/**
 * Decimal byte units for the occupancy text (as vendors quote cache sizes, and
 * as every other capacity in the app), chosen once per device so numbers compare.
 */
const UNITS: Array<[string, number]> = [
  ['GB', 1e9],
  ['MB', 1e6],
  ['kB', 1e3],
];

export function occupancyUnit(maxBytes: number): [string, number] {
  return UNITS.find(([, size]) => maxBytes >= size) ?? ['B', 1];
}

/** `bytes` as a number in the unit of the largest cache: "12.0" (GB). */
export function occupancyNumber(bytes: number, maxBytes: number): string {
  const [, size] = occupancyUnit(maxBytes);
  return (bytes / size).toFixed(size === 1 ? 0 : 1);
}

/** "3.2 / 12.0 GB": occupancy and capacity in the unit of the largest cache. */
export function formatOccupancy(
  usedBytes: number,
  capacityBytes: number,
  maxBytes: number,
): string {
  const [unit] = occupancyUnit(maxBytes);
  return `${occupancyNumber(usedBytes, maxBytes)} / ${occupancyNumber(capacityBytes, maxBytes)} ${unit}`;
}
