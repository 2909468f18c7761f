import { describe, expect, it } from 'vitest';
import {
  blockAddress,
  blockAt,
  blockIdOf,
  blockRect,
  computeDeviceGrid,
  totalBlocks,
  unitAt,
  unitRect,
  type GridSpec,
} from './deviceGrid';

const teaching: GridSpec = {
  channels: 2,
  dies_per_channel: 1,
  planes_per_die: 1,
  blocks_per_plane: 128,
  units_per_block: 64,
};
const blocks16k: GridSpec = {
  channels: 8,
  dies_per_channel: 4,
  planes_per_die: 2,
  blocks_per_plane: 256,
  units_per_block: 1536,
};
const tlc8g: GridSpec = {
  channels: 4,
  dies_per_channel: 2,
  planes_per_die: 2,
  blocks_per_plane: 192,
  units_per_block: 768,
};
const tlc512g: GridSpec = {
  channels: 8,
  dies_per_channel: 4,
  planes_per_die: 2,
  blocks_per_plane: 731,
  units_per_block: 3072,
};
const odd: GridSpec = {
  channels: 3,
  dies_per_channel: 3,
  planes_per_die: 1,
  blocks_per_plane: 50,
  units_per_block: 16,
};

const cases: [string, GridSpec, number][] = [
  ['teaching, 256 blocks', teaching, 1],
  ['16,384 blocks', blocks16k, 1],
  ['16,384 blocks at 2x pixel ratio', blocks16k, 2],
  ['tlc-8g, 3,072 blocks', tlc8g, 1],
  ['tlc-512g, 46,784 blocks', tlc512g, 1],
  ['3 x 3 x 1 x 50', odd, 1],
];

describe('block addresses', () => {
  it('follow the linear ids of nand/layout.h', () => {
    // block = ((channel * dies + die) * planes + plane) * blocks_per_plane + block
    expect(blockAddress(blocks16k, 0)).toEqual({ channel: 0, die: 0, plane: 0, block: 0 });
    expect(blockAddress(blocks16k, 256)).toEqual({ channel: 0, die: 0, plane: 1, block: 0 });
    expect(blockAddress(blocks16k, 512)).toEqual({ channel: 0, die: 1, plane: 0, block: 0 });
    expect(blockAddress(blocks16k, 2048)).toEqual({ channel: 1, die: 0, plane: 0, block: 0 });
    expect(blockAddress(blocks16k, 16_383)).toEqual({
      channel: 7,
      die: 3,
      plane: 1,
      block: 255,
    });
    for (const id of [0, 1, 300, 5000, 16_383]) {
      expect(blockIdOf(blocks16k, blockAddress(blocks16k, id))).toBe(id);
    }
  });
});

describe.each(cases)('device grid: %s', (_name, spec, pixelRatio) => {
  const grid = computeDeviceGrid(spec, { width: 1000, maxHeight: 480, pixelRatio });
  const count = totalBlocks(spec);

  it('fits the width and, when possible, the height', () => {
    expect(grid.width).toBeLessThanOrEqual(1000 * pixelRatio);
    if (count <= 20_000) expect(grid.height).toBeLessThanOrEqual(480 * pixelRatio);
    expect(grid.cellWidth).toBeGreaterThanOrEqual(1);
  });

  it('maps each block centre back to its id, and every block to a distinct rect', () => {
    const seen = new Set<string>();
    for (let id = 0; id < count; id++) {
      const rect = blockRect(grid, id);
      expect(rect.x + rect.w).toBeLessThanOrEqual(grid.width);
      expect(rect.y + rect.h).toBeLessThanOrEqual(grid.height);
      const cx = rect.x + Math.floor(rect.w / 2);
      const cy = rect.y + Math.floor(rect.h / 2);
      expect(blockAt(grid, cx, cy)).toBe(id);
      seen.add(`${rect.x},${rect.y}`);
    }
    expect(seen.size).toBe(count);
  });

  it('maps every pixel of a few blocks to that block', () => {
    for (const id of [0, count >> 1, count - 1]) {
      const rect = blockRect(grid, id);
      for (let y = rect.y; y < rect.y + rect.h; y++) {
        for (let x = rect.x; x < rect.x + rect.w; x++) expect(blockAt(grid, x, y)).toBe(id);
      }
    }
  });

  it('finds no block in the labels, past the edges or between channels', () => {
    expect(blockAt(grid, 0, 0)).toBe(-1);
    expect(blockAt(grid, grid.labelWidth - 1, grid.headerHeight + 1)).toBe(-1);
    expect(blockAt(grid, grid.width + 5, grid.height - 1)).toBe(-1);
    expect(blockAt(grid, grid.labelWidth + 1, grid.height + 5)).toBe(-1);
    if (spec.channels > 1) {
      const betweenChannels = grid.headerHeight + grid.planeHeight + 1;
      expect(blockAt(grid, grid.labelWidth + 1, betweenChannels)).toBe(-1);
    }
  });
});

describe('16,384 blocks', () => {
  it('are drawn at least 3 px wide in a 1000 x 480 view', () => {
    const grid = computeDeviceGrid(blocks16k, { width: 1000, maxHeight: 480 });
    expect(totalBlocks(blocks16k)).toBe(16_384);
    expect(grid.cellWidth).toBeGreaterThanOrEqual(3);
    expect(grid.pages).toBeNull();
  });
});

describe('pages of a small device', () => {
  const grid = computeDeviceGrid(teaching, {
    width: 1000,
    maxHeight: 480,
    showPages: true,
  });

  it('draws every mapping unit as a square of at least 2 px', () => {
    expect(grid.pages).not.toBeNull();
    expect(grid.pages!.cols * grid.pages!.rows).toBeGreaterThanOrEqual(64);
    expect(grid.pages!.px).toBeGreaterThanOrEqual(2);
    expect(grid.cellWidth).toBe(grid.pages!.cols * grid.pages!.px);
  });

  it('maps unit pixels to (block, unit) and back', () => {
    for (const id of [0, 77, 255]) {
      for (const unit of [0, 7, 8, 63]) {
        const rect = unitRect(grid, id, unit)!;
        const x = rect.x + Math.floor(rect.w / 2);
        const y = rect.y + Math.floor(rect.h / 2);
        expect(blockAt(grid, x, y)).toBe(id);
        expect(unitAt(grid, id, x, y)).toBe(unit);
      }
    }
  });

  it('falls back to whole blocks when pages would not fit', () => {
    const cramped = computeDeviceGrid(teaching, { width: 200, maxHeight: 100, showPages: true });
    expect(cramped.pages).toBeNull();
    expect(unitAt(cramped, 0, cramped.labelWidth, cramped.headerHeight)).toBeNull();
  });
});
