#include "conventional/reliability_scanner.h"

#include <algorithm>

namespace flashscope {

ReliabilityScanner::ReliabilityScanner(const DeviceConfig& config, const DeviceLayout& layout,
                                       const FtlState& ftl, IGcEngine& engine)
    : config_(config), layout_(layout), ftl_(ftl), engine_(engine) {
  if (config.read_disturb.enabled) {
    block_reads_.assign(layout_.blocks, 0);
    forced_queued_.assign(layout_.blocks, 0);
    forced_.resize(layout_.planes);
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

// The oldest queued forced move of `plane` whose block is still a full
// native block (GC may have taken it meanwhile), when the plane has its GC
// reserve: a fully valid block frees nothing, so it waits for ordinary GC.
bool ReliabilityScanner::TakeForcedMove(uint32_t plane, ForcedMove& move) {
  if (forced_.empty()) return false;
  std::vector<ForcedMove>& queue = forced_[plane];
  while (!queue.empty() && !ftl_.IsCollectable(queue.front().block)) {
    forced_queued_[queue.front().block] = 0;
    queue.erase(queue.begin());
  }
  if (queue.empty() || ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks) return false;
  move = queue.front();
  queue.erase(queue.begin());
  return true;
}

}  // namespace flashscope
