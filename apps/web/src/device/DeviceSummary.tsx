// One line under the device title: geometry and capacity of the loaded run.

import { useAppStore } from '../store';
import { formatBytes } from '../app/format';

export function DeviceSummary() {
  const layout = useAppStore((state) => state.sim.layout);
  if (!layout) return <p className="card-subtitle">No device loaded</p>;
  const pageBytes = layout.unit_bytes * layout.units_per_page;
  return (
    <p className="card-subtitle">
      {layout.channels} ch × {layout.dies_per_channel} dies × {layout.planes_per_die} planes ×{' '}
      {layout.blocks_per_plane} blocks = {layout.blocks.toLocaleString('en')} blocks of{' '}
      {layout.pages_per_block} × {formatBytes(pageBytes)} pages ·{' '}
      {formatBytes(layout.logical_bytes)} logical, {formatBytes(layout.physical_bytes)} physical
    </p>
  );
}
