// Paints every block of a snapshot into a pixel buffer (the Uint32 view of
// an ImageData): one tight loop over the struct-of-arrays, filled rows of
// packed colours, no per-block objects. It runs only when a new frame
// arrives or the view changes, never per animation frame.

import { BlockState, type BlockArrays } from '@flashscope/wasm/protocol';
import type { ColorMode } from '../store/viewSlice';
import {
  ERASE_LUT,
  FREE_PACKED,
  MODE_LUTS,
  MODE_PACKED,
  MODE_PAGE_PACKED,
  PAGE_PACKED,
  READS_LUT,
  STATE_PACKED,
  VALID_RATIO_LUT,
  eraseCountDomain,
  eraseCountScale,
  lutIndex,
  readsFraction,
  PAGE_GRID_PACKED,
  isVictimState,
} from './colours';
import { planeOrigin, type DeviceGrid } from './deviceGrid';

export interface PixelBuffer {
  data: Uint32Array;
  width: number;
  height: number;
}

const STATE_FREE = BlockState.Free;
const MODE_NATIVE = 0;
/** A free pSLC block keeps a light tint of its mode, so the SLC region stays visible. */
const FREE_SLC_TINT = 48;

export function fillRect(
  buffer: PixelBuffer,
  x: number,
  y: number,
  w: number,
  h: number,
  color: number,
): void {
  const x0 = Math.max(0, x);
  const x1 = Math.min(buffer.width, x + w);
  const y1 = Math.min(buffer.height, y + h);
  if (x1 <= x0) return;
  const data = buffer.data;
  if (x1 - x0 <= 16) {
    // Small cells (thousands of blocks): plain stores beat a fill() call per row.
    for (let row = Math.max(0, y); row < y1; row++) {
      const end = row * buffer.width + x1;
      for (let i = row * buffer.width + x0; i < end; i++) data[i] = color;
    }
    return;
  }
  for (let row = Math.max(0, y); row < y1; row++) {
    data.fill(color, row * buffer.width + x0, row * buffer.width + x1);
  }
}

function strokeRect(
  buffer: PixelBuffer,
  x: number,
  y: number,
  w: number,
  h: number,
  color: number,
  thickness: number,
): void {
  const t = Math.min(thickness, Math.floor(w / 2), Math.floor(h / 2));
  if (t < 1) return;
  fillRect(buffer, x, y, w, t, color);
  fillRect(buffer, x, y + h - t, w, t, color);
  fillRect(buffer, x, y, t, h, color);
  fillRect(buffer, x + w - t, y, t, h, color);
}

/**
 * Paints the device. Without a snapshot yet every block is drawn free.
 * Pages are drawn in the valid-ratio and SLC/native modes when the grid has
 * room for them and the snapshot carries page states. Blocks are visited in
 * id order with their corners computed incrementally (the same arithmetic
 * as blockRect). `slcUnitsPerBlock` is the layout's slc_units_per_block:
 * a pSLC block holds that many units, so its valid ratio is taken over that.
 * pSLC blocks are outlined in their mode's colour in every other mode.
 */
export function paintDevice(
  buffer: PixelBuffer,
  grid: DeviceGrid,
  blocks: BlockArrays | null,
  colorMode: ColorMode,
  slcUnitsPerBlock = grid.spec.units_per_block,
): void {
  buffer.data.fill(0);
  const { spec, cellWidth: w, cellHeight: h, cols } = grid;
  const pitchX = w + grid.gap;
  const pitchY = h + grid.gap;
  const unitsPerBlock = spec.units_per_block;
  const victimBorder = w >= 4 * grid.pixelRatio ? Math.round(grid.pixelRatio) : 0;

  const pageState = blocks?.pageState ?? null;
  const byMode = colorMode === 'mode';
  const drawPages = (colorMode === 'valid' || byMode) && grid.pages !== null && pageState !== null;
  const [minErase, maxErase] =
    blocks && colorMode === 'erase' ? eraseCountDomain(blocks.eraseCount) : [0, 0];
  const eraseT = eraseCountScale(minErase, maxErase);
  const reads = colorMode === 'reads' ? (blocks?.reads ?? null) : null;
  const readLimit = blocks?.refreshThreshold ?? 0;

  let id = 0;
  for (let channel = 0; channel < spec.channels; channel++) {
    for (let die = 0; die < spec.dies_per_channel; die++) {
      for (let plane = 0; plane < spec.planes_per_die; plane++) {
        const origin = planeOrigin(grid, channel, die, plane);
        for (let b = 0; b < spec.blocks_per_plane; b++, id++) {
          const x = origin.x + (b % cols) * pitchX;
          const y = origin.y + Math.floor(b / cols) * pitchY;
          if (!blocks) {
            fillRect(buffer, x, y, w, h, FREE_PACKED);
            continue;
          }
          const blockState = blocks.state[id];
          const mode = blocks.mode[id] ?? MODE_NATIVE;
          const capacity = mode === MODE_NATIVE ? unitsPerBlock : slcUnitsPerBlock;
          if (drawPages) {
            const palette = byMode ? (MODE_PAGE_PACKED[mode] ?? PAGE_PACKED) : PAGE_PACKED;
            paintPages(buffer, grid, x, y, pageState!, id * unitsPerBlock, palette);
          } else {
            let color: number;
            if (colorMode === 'state') color = STATE_PACKED[blockState] ?? FREE_PACKED;
            else if (colorMode === 'erase')
              color = ERASE_LUT[lutIndex(eraseT(blocks.eraseCount[id]))];
            else if (colorMode === 'reads')
              // Only native blocks are refreshed (pSLC ones are emptied into
              // native blocks anyway): a pSLC block stays at the scale's start.
              color =
                blockState === STATE_FREE || reads === null
                  ? FREE_PACKED
                  : READS_LUT[
                      mode === MODE_NATIVE ? lutIndex(readsFraction(reads[id], readLimit)) : 0
                    ];
            else if (byMode) {
              const lut = MODE_LUTS[mode] ?? MODE_LUTS[MODE_NATIVE];
              if (blockState !== STATE_FREE)
                color = lut[lutIndex(blocks.validUnits[id] / capacity)];
              else color = mode === MODE_NATIVE ? FREE_PACKED : lut[FREE_SLC_TINT];
            } else if (blockState === STATE_FREE) color = FREE_PACKED;
            else color = VALID_RATIO_LUT[lutIndex(blocks.validUnits[id] / capacity)];
            fillRect(buffer, x, y, w, h, color);
          }
          if (mode !== MODE_NATIVE && !byMode && victimBorder > 0) {
            strokeRect(buffer, x, y, w, h, MODE_PACKED[mode] ?? FREE_PACKED, victimBorder);
          }
          // A block being emptied is outlined in its state's colour: GC's,
          // a refresh's, a wear-levelling move's or migration's.
          if (isVictimState(blockState) && colorMode !== 'state' && victimBorder > 0) {
            strokeRect(buffer, x, y, w, h, STATE_PACKED[blockState], victimBorder);
          }
        }
      }
    }
  }
}

/** Mapping units as squares with a hairline between them when they are big enough. */
function paintPages(
  buffer: PixelBuffer,
  grid: DeviceGrid,
  x: number,
  y: number,
  pageState: Uint8Array,
  firstUnit: number,
  palette: Uint32Array,
): void {
  const pages = grid.pages!;
  const units = grid.spec.units_per_block;
  const inset = pages.px >= 4 ? 1 : 0;
  fillRect(buffer, x, y, grid.cellWidth, grid.cellHeight, PAGE_GRID_PACKED);
  for (let unit = 0; unit < units; unit++) {
    const color = palette[pageState[firstUnit + unit]] ?? palette[0];
    fillRect(
      buffer,
      x + (unit % pages.cols) * pages.px,
      y + Math.floor(unit / pages.cols) * pages.px,
      pages.px - inset,
      pages.px - inset,
      color,
    );
  }
}
