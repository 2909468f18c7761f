// The device view's words for the loaded drive's geometry: the line under
// its title and the legend's mapping-unit note. Page and mapping-unit sizes
// are binary (a 16,384-byte page is "16 KiB", as datasheets give it),
// capacities decimal (docs/figures.md).

import type { Layout } from '@flashscope/wasm/protocol';
import { formatBinaryBytes, formatBytes } from '../app/format';

/** "1 ch × 2 dies × 1 planes × 128 blocks = 256 blocks of 64 × 16 KiB pages · 201 MB logical, 268 MB physical". */
export function layoutSummary(layout: Layout): string {
  const pageBytes = layout.unit_bytes * layout.units_per_page;
  return (
    `${layout.channels} ch × ${layout.dies_per_channel} dies × ${layout.planes_per_die} planes × ` +
    `${layout.blocks_per_plane} blocks = ${layout.blocks.toLocaleString('en')} blocks of ` +
    `${layout.pages_per_block} × ${formatBinaryBytes(pageBytes)} pages · ` +
    `${formatBytes(layout.logical_bytes)} logical, ${formatBytes(layout.physical_bytes)} physical`
  );
}

/** The legend's note on what one square of the page view is: "Each square is one 4 KiB mapping unit:". */
export function mappingUnitNote(layout: Pick<Layout, 'unit_bytes'>): string {
  return `Each square is one ${formatBinaryBytes(layout.unit_bytes)} mapping unit:`;
}
