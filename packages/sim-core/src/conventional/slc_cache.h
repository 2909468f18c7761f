// SlcCache: the hybrid SLC cache's decisions (seeds 000 and 003), kept apart
// from the controller that carries them out: how much pSLC the drive may use
// now (the capacity characteristic), where a host write goes (the placement
// policies), which native data reads make hot enough to promote into SLC,
// and how many blocks the persistent cache keeps through idle time.
//
// Capacity: static pSLC blocks always; dynamic pSLC borrowed from free native
// blocks up to min(dynamic_max_bytes x firmware curve(fill), free user space
// / bits) — the second term because SLC data of n units occupies n x bits
// units of native cells, and borrowing beyond the free user space would eat
// the over-provisioning native GC depends on. fill = mapped / logical units.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "config/device_config.h"
#include "ftl/ftl_state.h"
#include "ftl/slc/i_slc_placement.h"

namespace flashscope {

class SlcCache final : public ISlcRoom {
 public:
  SlcCache(const DeviceConfig& config, const DeviceLayout& layout, const FtlState& ftl);

  bool enabled() const { return enabled_; }
  bool fold_when_full() const { return fold_when_full_; }

  // Dynamic pSLC blocks each plane may hold at the current fill.
  uint32_t DynamicAllowanceBlocks() const {
    return DynamicAllowanceBlocksAt(config_, layout_, dynamic_max_blocks_, ftl_.mapped_units());
  }
  // The same figures for a cache of `config` on `layout` with `mapped_units`
  // logical units mapped, without a drive: what the cache will be at a given
  // fill (sim/burst_template.h asks for the fill preconditioning leaves).
  // `dynamic_max_blocks` is DynamicMaxBlocks(config, layout).
  static uint64_t DynamicMaxBlocks(const SlcCacheConfig& config, const DeviceLayout& layout);
  static uint32_t DynamicAllowanceBlocksAt(const SlcCacheConfig& config, const DeviceLayout& layout,
                                           uint64_t dynamic_max_blocks, uint64_t mapped_units);
  // One pSLC block's data, and all static pSLC blocks' (bytes).
  static uint64_t SlcBlockBytes(const DeviceLayout& layout) {
    return uint64_t{layout.slc_units_per_block} * layout.unit_bytes;
  }
  static uint64_t StaticCapacityBytesOf(const DeviceLayout& layout) {
    return uint64_t{layout.static_slc_blocks_per_plane} * layout.planes * SlcBlockBytes(layout);
  }
  // The most dynamic pSLC this drive can lend (bytes of SLC data): the
  // allowance of an empty drive, which is dynamic_max_bytes in whole pSLC
  // blocks per plane unless the user space divided by bits is smaller.
  static uint64_t DynamicMaxCapacityBytesOf(const SlcCacheConfig& config,
                                            const DeviceLayout& layout);
  // Device-wide capacities in bytes of SLC data.
  uint64_t StaticCapacityBytes() const { return static_capacity_bytes_; }
  uint64_t DynamicCapacityBytes() const {
    return uint64_t{DynamicAllowanceBlocks()} * layout_.planes * slc_block_bytes_;
  }
  uint64_t DynamicMaxCapacityBytes() const { return dynamic_max_capacity_bytes_; }
  uint64_t PersistentCapacityBytes() const { return persistent_bytes_; }
  // Full pSLC blocks per plane idle migration leaves in place.
  uint32_t PersistentBlocksPerPlane() const { return persistent_blocks_per_plane_; }
  // Whether `plane` could take a pSLC wordline now: its open pSLC block has
  // room, or a static block is free, or the dynamic allowance lets it borrow
  // a free native block. `allowance` is DynamicAllowanceBlocks(), which
  // callers work out once per scan of the planes rather than once per plane.
  bool RoomOn(uint32_t plane, uint32_t allowance) const {
    return ftl_.SlcFrontierHasRoom(plane) || ftl_.FreeStaticSlcBlocks(plane) > 0 ||
           (ftl_.DynamicSlcBlocks(plane) < allowance &&
            ftl_.FreeBlocks(plane) > layout_.gc_reserve_blocks);
  }

  // Where a host write of `units` units at `first_lpn` goes: true = SLC.
  // Called once per write request as it is admitted. Pinned (small)
  // requests always go to SLC; the rest as the placement policy says.
  bool PlaceInSlc(uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
    if (!enabled_) return false;
    if (pin_units_ > 0 && units <= pin_units_) return true;
    return placement_->Place(ftl_, *this, first_lpn, units, now_ns);
  }
  // pSLC units still free: static blocks and unused dynamic allowance.
  uint64_t FreeSlcUnits() const override;
  // Small requests stay in SLC (pin_small_bytes).
  bool IsPinned(uint32_t units) const { return units <= pin_units_; }
  // A host read found lpn's data in a native block; true when it is now hot
  // enough (read promotion_reads times while in the LRU) to copy into SLC.
  bool OnNativeRead(uint64_t lpn);

 private:
  struct LruWay {
    uint32_t lpn = 0xFFFFFFFFu;
    uint32_t reads = 0;
    uint64_t stamp = 0;
  };
  static constexpr uint32_t kWays = 4;

  const DeviceLayout& layout_;
  const FtlState& ftl_;
  const SlcCacheConfig& config_;
  bool enabled_;
  bool fold_when_full_;
  uint64_t slc_block_bytes_;        // one pSLC block's data
  uint64_t static_capacity_bytes_;  // all static pSLC blocks
  uint64_t dynamic_max_blocks_;     // per plane, from dynamic_max_bytes
  uint64_t dynamic_max_capacity_bytes_;
  uint64_t persistent_bytes_;
  uint32_t persistent_blocks_per_plane_;
  uint32_t pin_units_;  // requests of at most this are pinned (0: none)
  std::unique_ptr<ISlcPlacement> placement_;

  // Read promotion: a set-associative LRU of recently read native units.
  std::vector<LruWay> lru_;
  uint64_t lru_sets_ = 0;
  uint64_t lru_clock_ = 0;
};

}  // namespace flashscope
