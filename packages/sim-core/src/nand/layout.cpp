#include "nand/layout.h"

#include <algorithm>
#include <cmath>

namespace flashscope {

DeviceLayout DeviceLayout::From(const DeviceConfig& config) {
  const Geometry& g = config.geometry;
  DeviceLayout l;
  l.channels = g.channels;
  l.dies_per_channel = g.dies_per_channel;
  l.planes_per_die = g.planes_per_die;
  l.blocks_per_plane = g.blocks_per_plane;
  l.dies = g.channels * g.dies_per_channel;
  l.planes = l.dies * g.planes_per_die;
  l.blocks = l.planes * g.blocks_per_plane;
  l.native_mode = config.cell;
  l.bits = BitsPerCell(config.cell);
  l.pages_per_block = g.pages_per_block;
  l.page_bytes = g.page_bytes;
  l.unit_bytes = config.mapping_unit_bytes;
  l.units_per_page = g.page_bytes / config.mapping_unit_bytes;
  l.units_per_wordline = l.units_per_page * l.bits;
  l.units_per_block = l.units_per_page * g.pages_per_block;
  l.slc_units_per_wordline = l.units_per_page;
  l.slc_units_per_block = l.units_per_block / l.bits;
  l.static_slc_blocks_per_plane = StaticSlcBlocksPerPlane(config);
  l.physical_units = static_cast<uint64_t>(l.blocks) * l.units_per_block;
  // A zoned drive's logical space is its host FTL's (zoned_layout.h):
  // what ordinary jobs, traces and generators address.
  l.logical_units = config.zns.enabled ? ZnsHostLogicalBlocks(config) : LogicalUnits(config);
  l.logical_bytes = l.logical_units * l.unit_bytes;
  // Same arithmetic as Validate: at least two free blocks so GC always has a
  // destination while it empties a victim.
  l.gc_reserve_blocks = std::max<uint32_t>(
      2, static_cast<uint32_t>(std::ceil(config.gc.free_block_threshold * g.blocks_per_plane)));
  l.background_reserve_blocks = std::max<uint32_t>(
      l.gc_reserve_blocks, static_cast<uint32_t>(std::ceil(
                               config.gc.background_free_block_threshold * g.blocks_per_plane)));
  return l;
}

}  // namespace flashscope
