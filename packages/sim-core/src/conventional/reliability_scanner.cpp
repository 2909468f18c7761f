#include "conventional/reliability_scanner.h"

#include <algorithm>

namespace flashscope {

ReliabilityScanner::ReliabilityScanner(const DeviceConfig& config, const DeviceLayout& layout,
                                       const FtlState& ftl, IGcEngine& engine)
    : config_(config), layout_(layout), ftl_(ftl), engine_(engine) {
  if (config.read_disturb.enabled) block_reads_.assign(layout_.blocks, 0);
  if (config.read_disturb.enabled || config.wear_leveling.static_enabled) {
    forced_queued_.assign(layout_.blocks, 0);
    forced_.resize(layout_.planes);
    static_wl_pending_.assign(layout_.planes, 0);
  }
}

// Read disturb (seed 000 §4.2, Werner et al.): each host page read of a
// block counts; at the threshold for the drive's cell the block's valid data
// is refreshed (moved by GC, cause "refresh"). Only native full blocks are
// refreshed: an open block is checked again once full, and pSLC blocks are
// emptied by migration anyway. GC reads are not counted: their block is
// about to be erased.
void ReliabilityScanner::NoteHostPageRead(uint32_t block, uint64_t now_ns) {
  const uint32_t reads = ++block_reads_[block];
  if (reads < config_.read_disturb.threshold_reads[BitsPerCell(config_.cell)]) return;
  if (forced_queued_[block] || !ftl_.IsCollectable(block)) return;
  const uint32_t plane = layout_.PlaneOfBlock(block);
  forced_queued_[block] = 1;
  forced_[plane].push_back(ForcedMove{block, Cause::kRefresh});
  engine_.Start(Relocation::kGc, plane, false, now_ns);
}

// Static wear levelling: when a plane's erase-count spread (max over its
// blocks - min over its full native blocks) exceeds the threshold, its
// least-erased full block is emptied so it re-enters the pool, and the cold
// data it held stops pinning it. One move per plane at a time.
void ReliabilityScanner::CheckStaticWearLeveling(uint32_t plane, uint64_t now_ns) {
  if (!config_.wear_leveling.static_enabled || static_wl_pending_[plane]) return;
  const uint32_t first = plane * layout_.blocks_per_plane;
  uint32_t max_erases = 0, coldest = kNoBlock;
  for (uint32_t block = first; block < first + layout_.blocks_per_plane; ++block) {
    max_erases = std::max(max_erases, ftl_.erase_count(block));
    if (ftl_.IsCollectable(block) && !forced_queued_[block] &&
        (coldest == kNoBlock || ftl_.erase_count(block) < ftl_.erase_count(coldest))) {
      coldest = block;
    }
  }
  if (coldest == kNoBlock ||
      max_erases - ftl_.erase_count(coldest) <= config_.wear_leveling.static_threshold) {
    return;
  }
  static_wl_pending_[plane] = 1;
  forced_queued_[coldest] = 1;
  forced_[plane].push_back(ForcedMove{coldest, Cause::kWearLeveling});
  engine_.Start(Relocation::kGc, plane, false, now_ns);
}

// The oldest queued forced move of `plane` whose block is still a full
// native block (GC may have taken it meanwhile), when the plane has its GC
// reserve: a fully valid block frees nothing, so it waits for ordinary GC.
bool ReliabilityScanner::TakeForcedMove(uint32_t plane, ForcedMove& move) {
  if (forced_.empty()) return false;
  std::vector<ForcedMove>& queue = forced_[plane];
  while (!queue.empty() && !ftl_.IsCollectable(queue.front().block)) {
    forced_queued_[queue.front().block] = 0;
    if (queue.front().cause == Cause::kWearLeveling) static_wl_pending_[plane] = 0;
    queue.erase(queue.begin());
  }
  if (queue.empty() || ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks) return false;
  move = queue.front();
  queue.erase(queue.begin());
  return true;
}

}  // namespace flashscope
