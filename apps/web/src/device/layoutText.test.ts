// The device view's geometry in the app's units (issue 28, docs/figures.md):
// a page or a mapping unit is a size, binary as datasheets give it (16 KiB,
// not "16.4 kB"); the drive's capacities are decimal, as vendors quote them.
import type { Layout } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';
import { layoutSummary, mappingUnitNote } from './layoutText';

// 256 blocks of 64 pages of 16 KiB (four 4 KiB mapping units), 25 % spare.
const layout: Layout = {
  channels: 1,
  dies_per_channel: 2,
  planes_per_die: 1,
  blocks_per_plane: 128,
  blocks: 256,
  planes: 2,
  pages_per_block: 64,
  units_per_page: 4,
  units_per_block: 256,
  slc_units_per_block: 256,
  unit_bytes: 4096,
  logical_bytes: 201_326_592,
  physical_bytes: 268_435_456,
};

describe('the device view geometry', () => {
  it('gives the page size in binary units and the capacities in decimal ones', () => {
    expect(layoutSummary(layout)).toBe(
      '1 ch × 2 dies × 1 planes × 128 blocks = 256 blocks of 64 × 16 KiB pages · ' +
        '201 MB logical, 268 MB physical',
    );
  });

  it('names the mapping unit a square of the page view stands for in binary units', () => {
    expect(mappingUnitNote(layout)).toBe('Each square is one 4 KiB mapping unit:');
    expect(mappingUnitNote({ unit_bytes: 16_384 })).toBe('Each square is one 16 KiB mapping unit:');
  });
});
