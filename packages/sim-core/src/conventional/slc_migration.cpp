#include "conventional/slc_migration.h"

#include <algorithm>
#include <vector>

namespace flashscope {

SlcMigration::SlcMigration(const DeviceLayout& layout, FtlState& ftl, const SlcCache& slc,
                           const PinnedUnits& pinned, SimEventLog& log, IGcEngine& engine)
    : layout_(layout), ftl_(ftl), slc_(slc), pinned_(pinned), log_(log), engine_(engine) {}

bool SlcMigration::WantsAnotherVictim(uint32_t plane, uint32_t victims_taken,
                                      bool background) const {
  (void)victims_taken;
  return FoldWanted(plane, background);
}

RelocationVictim SlcMigration::PickVictim(uint32_t plane, uint32_t victims_taken, bool background) {
  if (!WantsAnotherVictim(plane, victims_taken, background)) return {};
  const uint32_t block = PickFoldVictim(plane, background);
  if (block == kNoBlock) return {};
  ftl_.RemoveFromSlcOrder(block);
  return RelocationVictim{block, Cause::kMigration};
}

void SlcMigration::OnNoDestination(uint32_t plane, uint64_t now_ns) {
  engine_.Start(Relocation::kGc, plane, false, now_ns);
}

void SlcMigration::OnVictimErased(const RelocationVictim& victim, uint32_t plane, bool background,
                                  uint64_t now_ns) {
  (void)victim;
  (void)plane;
  // The cache has room again. With fold-then-write, foreground folding
  // only keeps pace with the host: the cache counts as recovered once idle
  // migration has run.
  if (background || !slc_.fold_when_full()) {
    SetExhausted(false, now_ns, host_side_->host_units_admitted());
  }
  if (flush_persistent_ && ftl_.slc_valid_units() == 0) flush_persistent_ = false;
}

// Whether migration on `plane` should empty one more pSLC block.
bool SlcMigration::FoldWanted(uint32_t plane, bool background) const {
  const uint32_t full_slc =
      static_cast<uint32_t>(ftl_.SlcClosedOrder(plane).size()) - ftl_.SlcClosedHead(plane);
  if (full_slc == 0) return false;
  if (background) {
    // Idle: down to the persistent cache, or to empty after a fill.
    if (host_side_->host_busy()) return false;
    const uint64_t per_plane = uint64_t{layout_.slc_units_per_block} * layout_.planes;
    const uint64_t pinned_units = pinned_.count();
    const uint32_t pinned_blocks =
        pinned_units == 0 ? 0
                          : static_cast<uint32_t>((pinned_units + per_plane - 1) / per_plane) + 1;
    const uint32_t keep = (flush_persistent_ ? 0 : slc_.PersistentBlocksPerPlane()) + pinned_blocks;
    return full_slc > keep;
  }
  // Foreground: the cache is needed now (fold-then-write and no pSLC room
  // on the plane), or the native free pool cannot cover GC's reserve while
  // dynamic pSLC holds borrowed blocks.
  const bool slc_needed =
      slc_.fold_when_full() && !slc_.RoomOn(plane, slc_.DynamicAllowanceBlocks());
  const bool native_short =
      ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks && ftl_.DynamicSlcBlocks(plane) > 0;
  return slc_needed || native_short;
}

// Idle migration folds the oldest pSLC block first, so what stays is the
// newest data (the persistent cache). In the foreground it takes the block
// with the least valid data: the SLC region's own garbage collection,
// whose survivors move to native blocks.
uint32_t SlcMigration::PickFoldVictim(uint32_t plane, bool background) const {
  const std::vector<uint32_t>& order = ftl_.SlcClosedOrder(plane);
  const uint32_t head = ftl_.SlcClosedHead(plane);
  if (head >= order.size()) return kNoBlock;
  if (background) return order[head];
  uint32_t best = order[head];
  for (uint32_t i = head + 1; i < order.size(); ++i) {
    if (ftl_.valid_units(order[i]) < ftl_.valid_units(best)) best = order[i];
  }
  return best;
}

void SlcMigration::SetExhausted(bool exhausted, uint64_t now_ns, uint64_t host_units_admitted) {
  if (stats_.exhausted == exhausted) return;
  stats_.exhausted = exhausted;
  SimEvent event;
  event.kind = exhausted ? SimEventKind::kCacheExhausted : SimEventKind::kCacheRecovered;
  event.time_ns = now_ns;
  event.bytes = host_units_admitted * layout_.unit_bytes;
  log_.Add(event);
  if (!exhausted) return;
  if (!stats_.cliff_seen) {
    stats_.cliff_seen = true;
    stats_.first_cliff_ns = now_ns;
    stats_.first_cliff_host_units = host_units_admitted;
  }
  // Seed 003: once the cache has filled, the next idle time empties it all.
  if (slc_.PersistentCapacityBytes() > 0 && !flush_persistent_) {
    flush_persistent_ = true;
    ++stats_.persistent_flushes;
  }
}

uint64_t SlcMigration::PersistentCacheBytes() const {
  if (!slc_.enabled() || flush_persistent_) return 0;
  const uint64_t used =
      (ftl_.static_slc_written_units() + ftl_.dynamic_slc_written_units()) * layout_.unit_bytes;
  return std::min(used, slc_.PersistentCapacityBytes());
}

}  // namespace flashscope
