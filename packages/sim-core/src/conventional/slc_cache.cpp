#include "conventional/slc_cache.h"

#include <algorithm>
#include <cmath>

namespace flashscope {

SlcCache::SlcCache(const DeviceConfig& config, const DeviceLayout& layout, const FtlState& ftl)
    : layout_(layout),
      ftl_(ftl),
      config_(config.slc_cache),
      enabled_(config.slc_cache.enabled),
      fold_when_full_(config.slc_cache.when_full == "fold-then-write") {
  slc_block_bytes_ = SlcBlockBytes(layout);
  static_capacity_bytes_ = StaticCapacityBytesOf(layout);
  const uint64_t plane_bytes = slc_block_bytes_ * layout.planes;
  dynamic_max_blocks_ = DynamicMaxBlocks(config_, layout);
  dynamic_max_capacity_bytes_ = DynamicMaxCapacityBytesOf(config_, layout);
  persistent_bytes_ = enabled_ ? config_.persistent_bytes : 0;
  persistent_blocks_per_plane_ =
      static_cast<uint32_t>((persistent_bytes_ + plane_bytes - 1) / plane_bytes);
  const auto units_of = [&](uint64_t bytes) {
    return static_cast<uint32_t>(std::min<uint64_t>(bytes / layout.unit_bytes, UINT32_MAX));
  };
  pin_units_ = units_of(config_.pin_small_bytes);
  // Validate checked the name; a null policy would be a registry bug.
  placement_ = MakeSlcPlacement(config_.placement, config_, layout.unit_bytes);
  if (!placement_) placement_ = MakeSlcPlacement("slc_first", config_, layout.unit_bytes);
  if (enabled_ && config_.read_promotion) {
    const uint64_t entries =
        std::max<uint64_t>(kWays, config_.promotion_lru_bytes / layout.unit_bytes);
    lru_sets_ = std::max<uint64_t>(1, entries / kWays);
    lru_.resize(lru_sets_ * kWays);
  }
}

uint64_t SlcCache::DynamicMaxBlocks(const SlcCacheConfig& config, const DeviceLayout& layout) {
  const uint64_t plane_bytes = SlcBlockBytes(layout) * layout.planes;
  return config.enabled ? config.dynamic_max_bytes / plane_bytes : 0;
}

uint64_t SlcCache::DynamicMaxCapacityBytesOf(const SlcCacheConfig& config,
                                             const DeviceLayout& layout) {
  const uint32_t blocks =
      DynamicAllowanceBlocksAt(config, layout, DynamicMaxBlocks(config, layout), 0);
  return uint64_t{blocks} * layout.planes * SlcBlockBytes(layout);
}

uint32_t SlcCache::DynamicAllowanceBlocksAt(const SlcCacheConfig& config,
                                            const DeviceLayout& layout, uint64_t dynamic_max_blocks,
                                            uint64_t mapped_units) {
  if (!config.enabled || dynamic_max_blocks == 0) return 0;
  const double logical = static_cast<double>(layout.logical_units);
  const double fill = static_cast<double>(mapped_units) / logical;
  const double start = config.dynamic_shrink_start;
  const double end = config.dynamic_shrink_end;
  double curve = 1;
  if (start < end) {
    curve = std::clamp((end - fill) / (end - start), 0.0, 1.0);
  } else if (fill >= end && end < 1) {
    curve = 0;
  }
  const double firmware = std::floor(static_cast<double>(dynamic_max_blocks) * curve);
  // Free user space, in pSLC blocks per plane.
  const double free_units = logical - static_cast<double>(mapped_units);
  const double physical =
      std::floor(free_units / layout.bits / layout.slc_units_per_block / layout.planes);
  return static_cast<uint32_t>(std::max(0.0, std::min(firmware, physical)));
}

uint64_t SlcCache::FreeSlcUnits() const {
  const uint32_t allowance = DynamicAllowanceBlocks();
  uint64_t free_blocks = 0;
  for (uint32_t plane = 0; plane < layout_.planes; ++plane) {
    const uint32_t dynamic = ftl_.DynamicSlcBlocks(plane);
    free_blocks +=
        ftl_.FreeStaticSlcBlocks(plane) + (allowance > dynamic ? allowance - dynamic : 0);
  }
  return free_blocks * layout_.slc_units_per_block;
}

bool SlcCache::OnNativeRead(uint64_t lpn) {
  if (lru_.empty()) return false;
  // Fibonacci hashing spreads sequential lpns over the sets.
  const uint64_t set = (lpn * 0x9E3779B97F4A7C15ull >> 20) % lru_sets_;
  LruWay* ways = &lru_[set * kWays];
  ++lru_clock_;
  LruWay* oldest = ways;
  for (uint32_t w = 0; w < kWays; ++w) {
    if (ways[w].lpn == lpn) {
      ways[w].stamp = lru_clock_;
      if (++ways[w].reads >= config_.promotion_reads) {
        ways[w].lpn = 0xFFFFFFFFu;  // promoted: forget it
        ways[w].reads = 0;
        return true;
      }
      return false;
    }
    if (ways[w].stamp < oldest->stamp) oldest = &ways[w];
  }
  *oldest = LruWay{static_cast<uint32_t>(lpn), 1, lru_clock_};
  if (config_.promotion_reads <= 1) {
    oldest->lpn = 0xFFFFFFFFu;
    return true;
  }
  return false;
}

}  // namespace flashscope
