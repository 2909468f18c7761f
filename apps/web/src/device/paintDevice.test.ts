import { describe, expect, it } from 'vitest';
import { BlockState, type BlockArrays } from '@flashscope/wasm/protocol';
import {
  ERASE_LUT,
  FREE_PACKED,
  LUT_SIZE,
  MODE_LUTS,
  MODE_PACKED,
  MODE_PAGE_PACKED,
  PAGE_PACKED,
  READS_LUT,
  STATE_PACKED,
  VALID_RATIO_LUT,
  VICTIM_COLORS,
  lutIndex,
  packCss,
} from './colours';
import { blockRect, computeDeviceGrid, unitRect, type GridSpec } from './deviceGrid';
import { paintDevice, type PixelBuffer } from './paintDevice';

const spec: GridSpec = {
  channels: 2,
  dies_per_channel: 2,
  planes_per_die: 2,
  blocks_per_plane: 16,
  units_per_block: 16,
};
const BLOCKS = 128;
/** QLC: a pSLC block holds 16 / 4 bits = 4 units (the layout's slc_units_per_block). */
const SLC_UNITS = 4;

function arrays(): BlockArrays {
  return {
    state: new Uint8Array(BLOCKS),
    validUnits: new Uint32Array(BLOCKS),
    eraseCount: new Uint32Array(BLOCKS),
    writtenUnits: new Uint32Array(BLOCKS),
    mode: new Uint8Array(BLOCKS),
    frontiers: new Uint32Array(16).fill(0xffffffff),
    pageState: null,
  };
}

function setup(showPages = false) {
  const grid = computeDeviceGrid(spec, { width: 800, maxHeight: 400, showPages });
  const buffer: PixelBuffer = {
    data: new Uint32Array(grid.width * grid.height),
    width: grid.width,
    height: grid.height,
  };
  const centre = (id: number) => {
    const rect = blockRect(grid, id);
    return buffer.data[(rect.y + (rect.h >> 1)) * buffer.width + rect.x + (rect.w >> 1)];
  };
  return { grid, buffer, centre };
}

describe('paintDevice', () => {
  it('draws every block free before the first snapshot, and nothing in the gaps', () => {
    const { grid, buffer, centre } = setup();
    paintDevice(buffer, grid, null, 'valid');
    for (let id = 0; id < BLOCKS; id++) expect(centre(id)).toBe(FREE_PACKED);
    expect(buffer.data[0]).toBe(0);
  });

  it('colours by valid ratio, free blocks grey, and outlines each victim in its own colour', () => {
    const { grid, buffer, centre } = setup();
    const blocks = arrays();
    blocks.state[5] = 2;
    blocks.validUnits[5] = 16; // all valid
    blocks.state[6] = 2;
    blocks.validUnits[6] = 4; // a quarter valid
    blocks.state[7] = BlockState.GcVictim;
    blocks.validUnits[7] = 8;
    blocks.state[8] = BlockState.RefreshVictim;
    blocks.state[9] = BlockState.WearLevelingVictim;
    blocks.state[10] = BlockState.MigrationVictim;
    paintDevice(buffer, grid, blocks, 'valid');
    expect(centre(0)).toBe(FREE_PACKED);
    expect(centre(5)).toBe(VALID_RATIO_LUT[LUT_SIZE - 1]);
    expect(centre(6)).toBe(VALID_RATIO_LUT[lutIndex(0.25)]);
    expect(centre(7)).toBe(VALID_RATIO_LUT[lutIndex(0.5)]);
    const corner = (id: number) => {
      const rect = blockRect(grid, id);
      return buffer.data[rect.y * buffer.width + rect.x];
    };
    expect(corner(7)).toBe(packCss(VICTIM_COLORS.gc));
    // A refresh or a wear-levelling move is no GC run: not GC's red.
    expect(corner(8)).toBe(packCss(VICTIM_COLORS.refresh));
    expect(corner(9)).toBe(packCss(VICTIM_COLORS.wear_leveling));
    expect(corner(10)).toBe(packCss(VICTIM_COLORS.migration));
    expect(new Set([7, 8, 9, 10].map(corner)).size).toBe(4);
  });

  it('colours by reads since erase against the refresh limit', () => {
    const { grid, buffer, centre } = setup();
    const blocks = arrays();
    for (const id of [1, 2, 3, 4]) blocks.state[id] = 2; // full
    blocks.reads = new Uint32Array(BLOCKS);
    blocks.reads[1] = 0; // just written
    blocks.reads[2] = 5_000; // a quarter of QLC's 20,000
    blocks.reads[3] = 20_000; // at the limit: about to be refreshed
    blocks.reads[4] = 26_000; // past it, waiting for its refresh: still the top colour
    blocks.refreshThreshold = 20_000;
    paintDevice(buffer, grid, blocks, 'reads');
    expect(centre(0)).toBe(FREE_PACKED);
    expect(centre(1)).toBe(READS_LUT[0]);
    expect(centre(2)).toBe(READS_LUT[lutIndex(0.25)]);
    expect(centre(3)).toBe(READS_LUT[LUT_SIZE - 1]);
    expect(centre(4)).toBe(READS_LUT[LUT_SIZE - 1]);
    // The scale's ends are far apart: pale for a fresh block, red at the limit.
    const channel = (packed: number, shift: number) => (packed >>> shift) & 0xff;
    expect(channel(READS_LUT[0], 8) - channel(READS_LUT[LUT_SIZE - 1], 8)).toBeGreaterThan(150);

    // Read disturb off (limit 0): every full block at the scale's start.
    blocks.refreshThreshold = 0;
    paintDevice(buffer, grid, blocks, 'reads');
    for (const id of [1, 2, 3, 4]) expect(centre(id)).toBe(READS_LUT[0]);
    // pSLC blocks are not refreshed: never coloured towards the limit.
    blocks.refreshThreshold = 20_000;
    blocks.mode[3] = 1;
    paintDevice(buffer, grid, blocks, 'reads');
    expect(centre(3)).toBe(READS_LUT[0]);
    expect(centre(2)).toBe(READS_LUT[lutIndex(0.25)]);
    // A core without counters: blocks drawn as free.
    delete blocks.reads;
    paintDevice(buffer, grid, blocks, 'reads');
    expect(centre(3)).toBe(FREE_PACKED);
  });

  it('tells pSLC blocks from native ones, their valid ratio over the pSLC capacity', () => {
    const { grid, buffer, centre } = setup();
    const blocks = arrays();
    blocks.state.set([2, 2, 2, 0, 0]);
    blocks.mode.set([0, 1, 2, 1, 0]);
    // 4 valid is a full pSLC block.
    blocks.validUnits.set([8, 4, 2, 0, 0]);
    paintDevice(buffer, grid, blocks, 'mode', SLC_UNITS);
    expect(centre(0)).toBe(MODE_LUTS[0][lutIndex(0.5)]);
    expect(centre(1)).toBe(MODE_LUTS[1][LUT_SIZE - 1]);
    expect(centre(2)).toBe(MODE_LUTS[2][lutIndex(0.5)]);
    expect(centre(3)).not.toBe(FREE_PACKED); // a free static pSLC block keeps a tint
    expect(centre(4)).toBe(FREE_PACKED);

    // Other modes outline pSLC blocks in their mode's colour.
    paintDevice(buffer, grid, blocks, 'valid', SLC_UNITS);
    expect(centre(1)).toBe(VALID_RATIO_LUT[LUT_SIZE - 1]);
    const slcBlock = blockRect(grid, 2);
    expect(buffer.data[slcBlock.y * buffer.width + slcBlock.x]).toBe(MODE_PACKED[2]);
    const native = blockRect(grid, 0);
    expect(buffer.data[native.y * buffer.width + native.x]).toBe(centre(0));
  });

  it('colours valid units by block mode when pages are drawn', () => {
    const { grid, buffer } = setup(true);
    const blocks = arrays();
    blocks.pageState = new Uint8Array(BLOCKS * 16);
    blocks.state[2] = 1;
    blocks.mode[2] = 1;
    blocks.pageState[2 * 16] = 1;
    paintDevice(buffer, grid, blocks, 'mode', SLC_UNITS);
    const rect = unitRect(grid, 2, 0)!;
    expect(buffer.data[rect.y * buffer.width + rect.x]).toBe(MODE_PAGE_PACKED[1][1]);
  });

  it('colours by state, each kind of victim apart', () => {
    const { grid, buffer, centre } = setup();
    const blocks = arrays();
    blocks.state.set([0, 1, 2, 3, 4, 5, 6]);
    paintDevice(buffer, grid, blocks, 'state');
    expect([0, 1, 2, 3, 4, 5, 6].map(centre)).toEqual(Array.from(STATE_PACKED));
    expect(new Set(STATE_PACKED).size).toBe(7);
  });

  it('colours by erase count over the device min..max', () => {
    const { grid, buffer, centre } = setup();
    const blocks = arrays();
    blocks.eraseCount.fill(10);
    blocks.eraseCount[3] = 30;
    blocks.eraseCount[4] = 20;
    paintDevice(buffer, grid, blocks, 'erase');
    expect(centre(0)).toBe(ERASE_LUT[0]);
    expect(centre(3)).toBe(ERASE_LUT[LUT_SIZE - 1]);
    expect(centre(4)).toBe(ERASE_LUT[lutIndex(0.5)]);
  });

  it('draws each mapping unit when page states come with the snapshot', () => {
    const { grid, buffer } = setup(true);
    expect(grid.pages).not.toBeNull();
    const blocks = arrays();
    blocks.pageState = new Uint8Array(BLOCKS * 16);
    blocks.state[2] = 1;
    blocks.pageState[2 * 16 + 0] = 1; // valid
    blocks.pageState[2 * 16 + 1] = 2; // invalid
    paintDevice(buffer, grid, blocks, 'valid');
    const at = (unit: number) => {
      const rect = unitRect(grid, 2, unit)!;
      return buffer.data[rect.y * buffer.width + rect.x];
    };
    expect(at(0)).toBe(PAGE_PACKED[1]);
    expect(at(1)).toBe(PAGE_PACKED[2]);
    expect(at(2)).toBe(PAGE_PACKED[0]);
  });
});
