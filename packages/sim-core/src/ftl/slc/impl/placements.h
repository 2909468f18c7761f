// The SLC placement policies (see i_slc_placement.h).
#pragma once

#include "ftl/slc/i_slc_placement.h"

namespace flashscope {

// Every write lands in SLC while it has room: the drives of seeds 000/003.
class SlcFirstPlacement final : public ISlcPlacement {
 public:
  bool Place(const FtlState&, const ISlcRoom&, uint64_t, uint32_t, uint64_t) override {
    return true;
  }
};

// Hot/cold by request size (Shi et al., TVLSI 2016, in seed 000): metadata
// and other hot data come in small requests; requests of at least
// split_units go straight to native.
// slc_cache.size_split_bytes (size_split.cpp): its declaration, and its
// value in a bag.
std::vector<Setting> SizeSplitParameters();
uint64_t SizeSplitBytes(const ParamBag& params);

class SizeSplitPlacement final : public ISlcPlacement {
 public:
  explicit SizeSplitPlacement(uint32_t split_units) : split_units_(split_units) {}
  bool Place(const FtlState&, const ISlcRoom&, uint64_t, uint32_t units, uint64_t) override {
    return units < split_units_;
  }

 private:
  uint32_t split_units_;
};

// HyFlex (Shi et al., ICCD 2021, in seed 000): the cache only risks running
// out while valid data grows fast, so new data goes straight to native only
// while, at the measured growth rate, the remaining pSLC room would fill
// within the horizon. Rewrites (no growth) stay in SLC.
// slc_cache.hyflex_horizon_ms (hyflex.cpp): its declaration, and its value
// (in nanoseconds) in a bag.
std::vector<Setting> HyflexParameters();
uint64_t HyflexHorizonNs(const ParamBag& params);

class HyflexPlacement final : public ISlcPlacement {
 public:
  explicit HyflexPlacement(uint64_t horizon_ns) : horizon_ns_(horizon_ns) {}
  bool Place(const FtlState& ftl, const ISlcRoom& room, uint64_t first_lpn, uint32_t units,
             uint64_t now_ns) override;

 private:
  uint64_t horizon_ns_;
  uint64_t window_start_ns_ = 0;
  uint64_t window_start_mapped_ = 0;
  double growth_units_per_ns_ = 0;
};

}  // namespace flashscope
