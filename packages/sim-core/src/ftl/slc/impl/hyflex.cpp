#include <algorithm>

#include "config/device_config.h"
#include "ftl/slc/i_slc_placement.h"

namespace flashscope {

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

namespace {
// Growth is measured over windows of this length: short enough to react to
// a burst before it has filled a small cache.
constexpr uint64_t kGrowthWindowNs = 10'000'000;
}  // namespace

bool HyflexPlacement::Place(const FtlState& ftl, const ISlcRoom& room, uint64_t first_lpn, uint32_t,
                            uint64_t now_ns) {
  const uint64_t mapped = ftl.mapped_units();
  if (now_ns >= window_start_ns_ + kGrowthWindowNs) {
    const double grown = static_cast<double>(mapped) - static_cast<double>(window_start_mapped_);
    growth_units_per_ns_ = std::max(0.0, grown) / static_cast<double>(now_ns - window_start_ns_);
    window_start_ns_ = now_ns;
    window_start_mapped_ = mapped;
  }
  // Only new data makes valid data grow; overwrites stay in SLC.
  if (ftl.SlotOf(first_lpn) != kUnmapped) return true;
  const double fills_in_ns =
      static_cast<double>(room.FreeSlcUnits()) / std::max(growth_units_per_ns_, 1e-18);
  return fills_in_ns > static_cast<double>(horizon_ns_);
}

namespace {
constexpr uint64_t kDefaultHyflexHorizonNs = 1'000'000'000;
}  // namespace

std::vector<Setting> HyflexParameters() {
  return {InParamBag(
      MillisSetting("hyflex_horizon_ms",
                    "Writes go native while SLC would fill within this time (hyflex)", nullptr),
      [](DeviceConfig& c) -> ParamBag& { return c.slc_cache.params; }, kDefaultHyflexHorizonNs)};
}

uint64_t HyflexHorizonNs(const ParamBag& params) {
  return params.Uint("hyflex_horizon_ms", kDefaultHyflexHorizonNs);
}

SlcPlacementEntry HyflexPlacementEntry() {
  return {{"hyflex", "HyFlex (native while SLC would fill soon)",
           "Writes go native while the write rate would fill SLC within the horizon",
           HyflexParameters()},
          [](const SlcCacheConfig& config, uint32_t) -> std::unique_ptr<ISlcPlacement> {
            return std::make_unique<HyflexPlacement>(HyflexHorizonNs(config.params));
          }};
}

}  // namespace flashscope
