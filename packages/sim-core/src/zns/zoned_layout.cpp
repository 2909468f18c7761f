#include "zns/zoned_layout.h"

#include <stdexcept>

namespace flashscope::zns {

ZonedLayout ZonedLayout::From(const DeviceConfig& config, const DeviceLayout& layout) {
  if (!config.zns.enabled) throw std::logic_error("ZonedLayout of a conventional drive");
  ZonedLayout z;
  const uint64_t block_bytes = NativeBlockBytes(config);
  z.zone_bytes = ZnsZoneBytes(config);
  z.zone_capacity_bytes = ZnsZoneCapacityBytes(config);
  z.blocks_per_zone = static_cast<uint32_t>(z.zone_bytes / block_bytes);
  z.zone_count = ZnsZoneCount(config);
  z.units_per_wordline = layout.units_per_wordline;
  z.units_per_block = layout.units_per_block;
  z.zone_size_blocks = uint64_t{z.blocks_per_zone} * layout.units_per_block;
  z.zone_capacity_blocks = z.zone_capacity_bytes / layout.unit_bytes;
  z.max_open = config.zns.max_open;
  z.max_active = config.zns.max_active;
  if (z.blocks_per_zone == 0 || z.zone_count == 0 || layout.unit_bytes != 4096) {
    throw std::logic_error("ZonedLayout of a config that did not pass Validate");
  }

  // Block j of zone z on die (z * B + j) % dies; on that die, planes in
  // round robin, and in a plane the next unused block.
  std::vector<uint32_t> next_plane_of_die(layout.dies, 0);
  std::vector<uint32_t> used_in_plane(layout.planes, 0);
  z.zone_blocks.resize(uint64_t{z.zone_count} * z.blocks_per_zone);
  for (uint64_t i = 0; i < z.zone_blocks.size(); ++i) {
    const uint32_t die = static_cast<uint32_t>(i % layout.dies);
    const uint32_t plane =
        die * layout.planes_per_die + next_plane_of_die[die]++ % layout.planes_per_die;
    if (used_in_plane[plane] == layout.blocks_per_plane) {
      throw std::logic_error("zone layout ran out of blocks on a plane");
    }
    z.zone_blocks[i] = plane * layout.blocks_per_plane + used_in_plane[plane]++;
  }
  return z;
}

ZoneGeometry ZonedLayout::Geometry() const {
  ZoneGeometry g;
  g.zone_count = zone_count;
  g.zone_size_lbas = zone_size_blocks;
  g.zone_capacity_lbas = zone_capacity_blocks;
  g.max_open_resources = max_open;
  g.max_active_resources = max_active;
  return g;
}

}  // namespace flashscope::zns
