// DeviceLayout: the arithmetic of a device's geometry, derived once from its
// DeviceConfig so hot paths index flat arrays instead of recomputing.
//
// Linear ids (the same ones snapshots use):
//   die   = channel * dies_per_channel + die_in_channel
//   plane = die * planes_per_die + plane_in_die
//   block = plane * blocks_per_plane + block_in_plane
//   slot  = block * units_per_block + unit_in_block   (one mapping unit)
// A wordline holds `bits` pages in the native mode and is programmed one-shot;
// the FTL allocates and programs whole wordlines.
#pragma once

#include <cstdint>

#include "config/device_config.h"

namespace flashscope {

struct DeviceLayout {
  uint32_t channels = 0;
  uint32_t dies_per_channel = 0;
  uint32_t planes_per_die = 0;
  uint32_t blocks_per_plane = 0;
  uint32_t dies = 0;
  uint32_t planes = 0;
  uint32_t blocks = 0;

  CellMode native_mode = CellMode::kTlc;
  uint32_t bits = 0;  // bits per cell in the native mode
  uint32_t pages_per_block = 0;
  uint32_t page_bytes = 0;
  uint32_t unit_bytes = 0;
  uint32_t units_per_page = 0;
  uint32_t units_per_wordline = 0;
  uint32_t units_per_block = 0;
  // pSLC (1 bit per cell): a wordline is one page, a block holds 1/bits of
  // its native units (the slots after that stay unused).
  uint32_t slc_units_per_wordline = 0;
  uint32_t slc_units_per_block = 0;
  // Permanently pSLC blocks: the last ones of each plane (0 without cache).
  uint32_t static_slc_blocks_per_plane = 0;

  uint64_t physical_units = 0;
  // Conventional: LogicalUnits(config); zoned: the host FTL's logical space.
  uint64_t logical_units = 0;
  uint64_t logical_bytes = 0;

  // Free blocks a plane keeps: foreground GC runs below gc_reserve_blocks,
  // background GC (when idle) below background_reserve_blocks.
  uint32_t gc_reserve_blocks = 0;
  uint32_t background_reserve_blocks = 0;

  static DeviceLayout From(const DeviceConfig& config);

  uint32_t ChannelOfDie(uint32_t die) const { return die / dies_per_channel; }
  uint32_t DieOfPlane(uint32_t plane) const { return plane / planes_per_die; }
  uint32_t PlaneOfBlock(uint32_t block) const { return block / blocks_per_plane; }
  uint32_t BlockOfSlot(uint32_t slot) const { return slot / units_per_block; }
  uint32_t PageOfSlot(uint32_t slot) const { return slot / units_per_page; }
  uint32_t FirstSlot(uint32_t block) const { return block * units_per_block; }
};

}  // namespace flashscope
