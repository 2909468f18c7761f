// ZonedLayout: where a zoned drive's zones live on the flash (issue 6
// contract). A zone is zone_bytes / native erase block bytes whole erase
// blocks; zone z's j-th block sits on die (z * blocks_per_zone + j) % dies
// (dies numbered channel-major, as DeviceLayout numbers them), taking the
// next unused block of that die's planes in round robin. zones = every block
// of the drive / blocks_per_zone (floor); leftover blocks stay erased. There
// is no internal over-provisioning: every zone block is host capacity.
//
// Within a zone, consecutive 4 KiB blocks (LBAs) stripe over the zone's
// erase blocks at wordline granularity: zone wordline w lands in the zone's
// block w % blocks_per_zone, as that block's wordline w / blocks_per_zone.
// So a zone written sequentially programs all of its dies in parallel, one
// wordline each, and each erase block is still programmed in wordline order
// as NAND requires.
//
// The relations between the keys (zone size a multiple of the erase block,
// capacity <= size, 4096-byte mapping unit, ...) are checked by Validate
// (config/device_config.h); From assumes a config that passed it.
#pragma once

#include <cstdint>
#include <vector>

#include "config/device_config.h"
#include "nand/layout.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

struct ZonedLayout {
  uint32_t zone_count = 0;
  uint32_t blocks_per_zone = 0;  // erase blocks per zone
  uint64_t zone_bytes = 0;
  uint64_t zone_capacity_bytes = 0;
  uint64_t zone_size_blocks = 0;      // ZSZE in 4 KiB LBAs
  uint64_t zone_capacity_blocks = 0;  // ZCAP in 4 KiB LBAs
  uint32_t units_per_wordline = 0;    // of the native mode
  uint32_t units_per_block = 0;
  uint32_t max_open = 0;  // 0 = no limit
  uint32_t max_active = 0;
  // zone * blocks_per_zone + j -> the zone's j-th erase block (DeviceLayout id).
  std::vector<uint32_t> zone_blocks;

  static ZonedLayout From(const DeviceConfig& config, const DeviceLayout& layout);

  uint32_t BlockOf(uint32_t zone, uint32_t j) const {
    return zone_blocks[static_cast<uint64_t>(zone) * blocks_per_zone + j];
  }
  // The zone's erase block holding zone wordline `wordline`.
  uint32_t BlockOfWordline(uint32_t zone, uint64_t wordline) const {
    return BlockOf(zone, static_cast<uint32_t>(wordline % blocks_per_zone));
  }
  // Physical slot (DeviceLayout numbering) of block `offset` of `zone`.
  uint32_t SlotOf(uint32_t zone, uint64_t offset) const {
    const uint64_t wordline = offset / units_per_wordline;
    const uint32_t unit = static_cast<uint32_t>(offset % units_per_wordline);
    const uint64_t wordline_in_block = wordline / blocks_per_zone;
    return static_cast<uint32_t>(uint64_t{BlockOfWordline(zone, wordline)} * units_per_block +
                                 wordline_in_block * units_per_wordline + unit);
  }
  // The first slot of zone wordline `wordline` (SlotOf its first block).
  uint32_t WordlineSlot(uint32_t zone, uint64_t wordline) const {
    return SlotOf(zone, wordline * units_per_wordline);
  }
  // Wordlines a zone's capacity spans (the last one may be partly used).
  uint64_t capacity_wordlines() const {
    return (zone_capacity_blocks + units_per_wordline - 1) / units_per_wordline;
  }

  // The NVMe view for ZoneStateMachine: ZSZE = zone_bytes / 4096, ZCAP, and
  // the Maximum Open / Active Resources of the device JSON.
  ZoneGeometry Geometry() const;
};

}  // namespace flashscope::zns
