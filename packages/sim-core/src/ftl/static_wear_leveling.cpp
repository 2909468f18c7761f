#include "ftl/static_wear_leveling.h"

#include <algorithm>

namespace flashscope {

uint32_t StaticWearLevelingVictim(const FtlState& ftl, uint32_t plane, uint32_t threshold) {
  const DeviceLayout& layout = ftl.layout();
  const uint32_t first = plane * layout.blocks_per_plane;
  uint32_t max_erases = 0, coldest = kNoBlock;
  for (uint32_t block = first; block < first + layout.blocks_per_plane; ++block) {
    if (ftl.mode(block) == BlockMode::kStaticSlc) continue;
    max_erases = std::max(max_erases, ftl.erase_count(block));
    if (ftl.IsCollectable(block) &&
        (coldest == kNoBlock || ftl.erase_count(block) < ftl.erase_count(coldest))) {
      coldest = block;
    }
  }
  if (coldest == kNoBlock || max_erases - ftl.erase_count(coldest) <= threshold) return kNoBlock;
  // The data goes into the open wear-levelling block while it has room, then
  // into the most-worn free block: each part it may reach must be more worn.
  const uint32_t coldest_erases = ftl.erase_count(coldest);
  const uint32_t open = ftl.OpenBlock(plane, Stream::kWearLeveling);
  const bool fits_worn_open =
      open != kNoBlock && ftl.erase_count(open) > coldest_erases &&
      layout.units_per_block - ftl.written_units(open) >= ftl.valid_units(coldest);
  if (!fits_worn_open) {
    const uint32_t fresh = ftl.MostWornFreeBlock(plane);
    if (fresh == kNoBlock || ftl.erase_count(fresh) <= coldest_erases) return kNoBlock;
  }
  return coldest;
}

}  // namespace flashscope
