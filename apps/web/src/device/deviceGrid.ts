// Where each block of the device is drawn, and which block is under a pixel:
// pure arithmetic in both directions, no per-block objects (docs/conventions.md
// convention 8).
//
// Channels are rows; within a channel, dies sit side by side, and within a
// die its planes; a plane's blocks fill a grid of `cols` columns row by row.
// Block ids are the snapshot's linear ids (sim-core nand/layout.h):
//   die = channel * dies_per_channel + die_in_channel
//   plane = die * planes_per_die + plane_in_die
//   block = plane * blocks_per_plane + block_in_plane
// When pages are drawn, a block is a small grid of its mapping units in
// programming order (unit u at column u % page.cols, row u / page.cols).
// All coordinates here are canvas pixels (CSS pixels × pixel ratio).

import { BlockMode, type Layout } from '@flashscope/wasm/protocol';

export type GridSpec = Pick<
  Layout,
  'channels' | 'dies_per_channel' | 'planes_per_die' | 'blocks_per_plane' | 'units_per_block'
>;

export interface PageGrid {
  cols: number;
  rows: number;
  /** Side of one mapping unit's square, canvas px. */
  px: number;
}

export interface DeviceGrid {
  spec: GridSpec;
  pixelRatio: number;
  width: number;
  height: number;
  labelWidth: number;
  headerHeight: number;
  cellWidth: number;
  cellHeight: number;
  /** Gap between neighbouring blocks; it belongs to the block before it for hit-testing. */
  gap: number;
  cols: number;
  rows: number;
  planeWidth: number;
  planeHeight: number;
  planeGap: number;
  dieWidth: number;
  dieGap: number;
  channelGap: number;
  pages: PageGrid | null;
}

export interface GridOptions {
  /** Room for the view, CSS px. */
  width: number;
  maxHeight: number;
  pixelRatio?: number;
  /** Draw each block's mapping units when they fit at 2 CSS px or more. */
  showPages?: boolean;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BlockAddress {
  channel: number;
  die: number; // within its channel
  plane: number; // within its die
  block: number; // within its plane
}

// Spacing in CSS px.
const LABEL_WIDTH = 44;
const HEADER_HEIGHT = 18;
const PLANE_GAP = 4;
const DIE_GAP = 14;
const CHANNEL_GAP = 10;
const MAX_BLOCK_CELL = 24;
const PAGE_PX_CANDIDATES = [6, 5, 4, 3, 2];

export function totalBlocks(spec: GridSpec): number {
  return spec.channels * spec.dies_per_channel * spec.planes_per_die * spec.blocks_per_plane;
}

export function blockAddress(spec: GridSpec, id: number): BlockAddress {
  const plane = Math.floor(id / spec.blocks_per_plane);
  const die = Math.floor(plane / spec.planes_per_die);
  return {
    channel: Math.floor(die / spec.dies_per_channel),
    die: die % spec.dies_per_channel,
    plane: plane % spec.planes_per_die,
    block: id % spec.blocks_per_plane,
  };
}

/**
 * The mapping units a block of `mode` (BlockArrays.mode) holds: a native
 * block all units_per_block, a pSLC one (one bit per cell) the core's
 * slc_units_per_block.
 */
export function blockCapacityUnits(
  layout: Pick<Layout, 'units_per_block' | 'slc_units_per_block'>,
  mode: number,
): number {
  return mode === BlockMode.Native ? layout.units_per_block : layout.slc_units_per_block;
}

export function blockIdOf(spec: GridSpec, address: BlockAddress): number {
  const die = address.channel * spec.dies_per_channel + address.die;
  const plane = die * spec.planes_per_die + address.plane;
  return plane * spec.blocks_per_plane + address.block;
}

export function computeDeviceGrid(spec: GridSpec, options: GridOptions): DeviceGrid {
  const ratio = options.pixelRatio ?? 1;
  const px = (css: number) => Math.max(1, Math.round(css * ratio));
  const labelWidth = px(LABEL_WIDTH);
  const headerHeight = px(HEADER_HEIGHT);
  const planeGap = px(PLANE_GAP);
  const dieGap = px(DIE_GAP);
  const channelGap = px(CHANNEL_GAP);
  const availWidth = Math.max(1, Math.round(options.width * ratio));
  const maxHeight = Math.max(1, Math.round(options.maxHeight * ratio));
  const { channels, dies_per_channel: dies, planes_per_die: planes } = spec;
  const fixedWidth = labelWidth + (dies - 1) * dieGap + dies * (planes - 1) * planeGap;
  const planeRoom = Math.max(1, Math.floor((availWidth - fixedWidth) / (dies * planes)));

  const base = { spec, pixelRatio: ratio, labelWidth, headerHeight, planeGap, dieGap, channelGap };

  // Fits blocks of cellWidth x cellHeight with `gap` between them into a
  // plane's room; null when the device would be taller than maxHeight.
  const fit = (cellWidth: number, cellHeight: number, gap: number, pages: PageGrid | null) => {
    const maxCols = Math.floor((planeRoom + gap) / (cellWidth + gap));
    if (maxCols < 1) return null;
    const rows = Math.ceil(spec.blocks_per_plane / Math.min(maxCols, spec.blocks_per_plane));
    const cols = Math.ceil(spec.blocks_per_plane / rows); // same rows, no ragged excess
    const planeWidth = cols * (cellWidth + gap) - gap;
    const planeHeight = rows * (cellHeight + gap) - gap;
    const dieWidth = planes * planeWidth + (planes - 1) * planeGap;
    const height = headerHeight + channels * planeHeight + (channels - 1) * channelGap;
    const width = labelWidth + dies * dieWidth + (dies - 1) * dieGap;
    const grid: DeviceGrid = {
      ...base,
      width,
      height,
      cellWidth,
      cellHeight,
      gap,
      cols,
      rows,
      planeWidth,
      planeHeight,
      dieWidth,
      pages,
    };
    return height <= maxHeight ? grid : null;
  };

  if (options.showPages && spec.units_per_block > 0) {
    const pageCols = Math.ceil(Math.sqrt(spec.units_per_block));
    const pageRows = Math.ceil(spec.units_per_block / pageCols);
    for (const cssPx of PAGE_PX_CANDIDATES) {
      const unit = px(cssPx);
      const grid = fit(pageCols * unit, pageRows * unit, px(2), {
        cols: pageCols,
        rows: pageRows,
        px: unit,
      });
      if (grid) return grid;
    }
  }

  for (let cell = px(MAX_BLOCK_CELL); cell >= 1; cell--) {
    const gap = cell >= px(4) ? px(1) : 0;
    let grid = fit(cell, cell, gap, null);
    if (!grid) continue;
    // Small square cells leave height unused on big devices: let blocks grow
    // taller (up to twice their width) while the view still fits.
    for (let height = cell + 1; height <= 2 * cell; height++) {
      const taller = fit(cell, height, gap, null);
      if (!taller) break;
      grid = taller;
    }
    return grid;
  }
  // Too many blocks for maxHeight even at one pixel each: draw them taller.
  const fallback = fitUnbounded(spec, base, planeRoom);
  return fallback;
}

function fitUnbounded(
  spec: GridSpec,
  base: Pick<
    DeviceGrid,
    'spec' | 'pixelRatio' | 'labelWidth' | 'headerHeight' | 'planeGap' | 'dieGap' | 'channelGap'
  >,
  planeRoom: number,
): DeviceGrid {
  const cols = Math.min(planeRoom, spec.blocks_per_plane);
  const rows = Math.ceil(spec.blocks_per_plane / cols);
  const planeWidth = cols;
  const dieWidth = spec.planes_per_die * planeWidth + (spec.planes_per_die - 1) * base.planeGap;
  return {
    ...base,
    width:
      base.labelWidth +
      spec.dies_per_channel * dieWidth +
      (spec.dies_per_channel - 1) * base.dieGap,
    height: base.headerHeight + spec.channels * rows + (spec.channels - 1) * base.channelGap,
    cellWidth: 1,
    cellHeight: 1,
    gap: 0,
    cols,
    rows,
    planeWidth,
    planeHeight: rows,
    dieWidth,
    pages: null,
  };
}

/** Top-left corner of plane (channel, die, plane) in canvas px. */
export function planeOrigin(grid: DeviceGrid, channel: number, die: number, plane: number) {
  return {
    x:
      grid.labelWidth +
      die * (grid.dieWidth + grid.dieGap) +
      plane * (grid.planeWidth + grid.planeGap),
    y: grid.headerHeight + channel * (grid.planeHeight + grid.channelGap),
  };
}

export function blockRect(grid: DeviceGrid, id: number): Rect {
  const address = blockAddress(grid.spec, id);
  const origin = planeOrigin(grid, address.channel, address.die, address.plane);
  const col = address.block % grid.cols;
  const row = Math.floor(address.block / grid.cols);
  return {
    x: origin.x + col * (grid.cellWidth + grid.gap),
    y: origin.y + row * (grid.cellHeight + grid.gap),
    w: grid.cellWidth,
    h: grid.cellHeight,
  };
}

/** The block drawn at canvas pixel (x, y), or -1 outside every block. */
export function blockAt(grid: DeviceGrid, x: number, y: number): number {
  const { spec } = grid;
  const yRel = y - grid.headerHeight;
  const xRel = x - grid.labelWidth;
  if (yRel < 0 || xRel < 0) return -1;

  const channel = Math.floor(yRel / (grid.planeHeight + grid.channelGap));
  const yInPlane = yRel - channel * (grid.planeHeight + grid.channelGap);
  if (channel >= spec.channels || yInPlane >= grid.planeHeight) return -1;

  const die = Math.floor(xRel / (grid.dieWidth + grid.dieGap));
  const xInDie = xRel - die * (grid.dieWidth + grid.dieGap);
  if (die >= spec.dies_per_channel || xInDie >= grid.dieWidth) return -1;

  const plane = Math.floor(xInDie / (grid.planeWidth + grid.planeGap));
  const xInPlane = xInDie - plane * (grid.planeWidth + grid.planeGap);
  if (plane >= spec.planes_per_die || xInPlane >= grid.planeWidth) return -1;

  const col = Math.floor(xInPlane / (grid.cellWidth + grid.gap));
  const row = Math.floor(yInPlane / (grid.cellHeight + grid.gap));
  const block = row * grid.cols + col;
  if (col >= grid.cols || block >= spec.blocks_per_plane) return -1;
  return blockIdOf(spec, { channel, die, plane, block });
}

export function unitRect(grid: DeviceGrid, id: number, unit: number): Rect | null {
  if (!grid.pages) return null;
  const block = blockRect(grid, id);
  const { cols, px } = grid.pages;
  return {
    x: block.x + (unit % cols) * px,
    y: block.y + Math.floor(unit / cols) * px,
    w: px,
    h: px,
  };
}

/** The mapping unit of block `id` at canvas pixel (x, y), or null. */
export function unitAt(grid: DeviceGrid, id: number, x: number, y: number): number | null {
  if (!grid.pages || id < 0) return null;
  const block = blockRect(grid, id);
  const col = Math.floor((x - block.x) / grid.pages.px);
  const row = Math.floor((y - block.y) / grid.pages.px);
  if (col < 0 || row < 0 || col >= grid.pages.cols || row >= grid.pages.rows) return null;
  const unit = row * grid.pages.cols + col;
  return unit < grid.spec.units_per_block ? unit : null;
}
