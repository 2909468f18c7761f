// Where each zone's strip is drawn, and which zone is under a pixel: pure
// arithmetic both ways, no per-zone objects (docs/conventions.md convention 8).
//
// Zones are listed top to bottom in columns (zone z at row z % rows of
// column z / rows), each a horizontal strip: a small tag in its open zone
// class's colour, then the track, filled up to the write pointer. The
// strips are as tall as the room allows (at most MAX_STRIP css px) while a
// column stays at least MIN_COLUMN css px wide: a few zones are long bars,
// thousands become a dense field of short ones. All coordinates are canvas
// pixels (CSS pixels × pixel ratio).

export interface ZoneGridOptions {
  /** Room for the view, CSS px. */
  width: number;
  maxHeight: number;
  pixelRatio?: number;
}

export interface ZoneGrid {
  zoneCount: number;
  pixelRatio: number;
  width: number;
  height: number;
  rows: number;
  cols: number;
  stripHeight: number;
  /** stripHeight + the gap below it. */
  rowPitch: number;
  colWidth: number;
  /** colWidth + the gap after it. */
  colPitch: number;
  /** The class tag at the left of a strip (0 when strips are too short for one). */
  tagWidth: number;
  /** The track starts this far into the column. */
  trackOffset: number;
  trackWidth: number;
}

export interface ZoneRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

// CSS px. Strip heights tried, tallest first.
const STRIP_HEIGHTS = [14, 12, 10, 8, 6, 5, 4, 3, 2, 1];
const MIN_COLUMN = 64;
const MIN_TRACK_COLUMN = 4;
const COLUMN_GAP = 8;

/** The gap under a strip of `height` css px: none for 1 px strips (a dense field). */
function rowGap(height: number): number {
  if (height >= 8) return 3;
  return height >= 2 ? 1 : 0;
}

/** The gap between `cols` columns in `width` css px: narrower when there are many. */
function columnGap(cols: number, width: number): number {
  if (cols <= 1) return 0;
  return Math.max(1, Math.min(COLUMN_GAP, Math.floor(width / cols / 8)));
}

export function computeZoneGrid(zoneCount: number, options: ZoneGridOptions): ZoneGrid {
  const ratio = Math.max(1, Math.round(options.pixelRatio ?? 1));
  const width = Math.max(1, Math.floor(options.width));
  const maxHeight = Math.max(1, Math.floor(options.maxHeight));
  const zones = Math.max(1, Math.floor(zoneCount));
  const columnWidth = (cols: number) => (width - (cols - 1) * columnGap(cols, width)) / cols;

  // The tallest strip whose columns stay wide enough; the shortest otherwise.
  let chosen = STRIP_HEIGHTS[STRIP_HEIGHTS.length - 1];
  let cols = 1;
  for (const height of STRIP_HEIGHTS) {
    const gap = rowGap(height);
    const fit = Math.max(1, Math.floor((maxHeight + gap) / (height + gap)));
    chosen = height;
    cols = Math.ceil(zones / Math.min(zones, fit));
    if (columnWidth(cols) >= MIN_COLUMN) break;
  }
  // More zones than even 1 px strips can show in the height: as many columns
  // as stay legible, and the view grows taller than maxHeight.
  while (cols > 1 && columnWidth(cols) < MIN_TRACK_COLUMN) cols--;
  // Columns as even as possible: the same rows in each.
  const rows = Math.ceil(zones / cols);
  cols = Math.ceil(zones / rows);

  const stripHeight = chosen * ratio;
  const rowPitch = stripHeight + rowGap(chosen) * ratio;
  const gap = columnGap(cols, width) * ratio;
  const colWidth = Math.max(ratio, Math.floor((width * ratio - (cols - 1) * gap) / cols));
  const tagWidth = chosen >= 3 && colWidth >= 24 * ratio ? Math.min(10, chosen) * ratio : 0;
  const trackOffset = tagWidth > 0 ? tagWidth + ratio : 0;
  return {
    zoneCount: Math.max(0, Math.floor(zoneCount)),
    pixelRatio: ratio,
    width: width * ratio,
    height: rows * rowPitch - (rowPitch - stripHeight),
    rows,
    cols,
    stripHeight,
    rowPitch,
    colWidth,
    colPitch: colWidth + gap,
    tagWidth,
    trackOffset,
    trackWidth: Math.max(1, colWidth - trackOffset),
  };
}

/** The strip of zone `zone` (tag included). */
export function zoneRect(grid: ZoneGrid, zone: number): ZoneRect {
  const col = Math.floor(zone / grid.rows);
  const row = zone - col * grid.rows;
  return { x: col * grid.colPitch, y: row * grid.rowPitch, w: grid.colWidth, h: grid.stripHeight };
}

/** The zone whose strip holds canvas pixel (x, y), or -1 (a gap, or past the last zone). */
export function zoneAt(grid: ZoneGrid, x: number, y: number): number {
  if (x < 0 || y < 0) return -1;
  const col = Math.floor(x / grid.colPitch);
  const row = Math.floor(y / grid.rowPitch);
  if (col >= grid.cols || row >= grid.rows) return -1;
  if (x - col * grid.colPitch >= grid.colWidth || y - row * grid.rowPitch >= grid.stripHeight) {
    return -1;
  }
  const zone = col * grid.rows + row;
  return zone < grid.zoneCount ? zone : -1;
}

/** Track pixels for `blocks` of a zone of `capacityBlocks` (clamped to the track). */
export function trackPixels(grid: ZoneGrid, blocks: number, capacityBlocks: number): number {
  if (!(capacityBlocks > 0) || !(blocks > 0)) return 0;
  return Math.min(grid.trackWidth, Math.round((grid.trackWidth * blocks) / capacityBlocks));
}
