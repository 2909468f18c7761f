// size_split: requests at least size_split_bytes large bypass the SLC cache.
#include <algorithm>

#include "config/device_config.h"
#include "ftl/slc/i_slc_placement.h"

namespace flashscope {

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

namespace {
constexpr uint64_t kDefaultSizeSplitBytes = 131072;
}  // namespace

std::vector<Setting> SizeSplitParameters() {
  return {InParamBag(
      IntegerSetting("size_split_bytes", "Requests at least this large go native (size_split)",
                     "bytes", 0, kMaxExactInteger, nullptr),
      [](DeviceConfig& c) -> ParamBag& { return c.slc_cache.params; }, kDefaultSizeSplitBytes)};
}

uint64_t SizeSplitBytes(const ParamBag& params) {
  return params.Uint("size_split_bytes", kDefaultSizeSplitBytes);
}

SlcPlacementEntry SizeSplitPlacementEntry() {
  return {
      {"size_split", "By request size (large writes go native)",
       "Requests of at least size_split_bytes go straight to native blocks", SizeSplitParameters()},
      [](const SlcCacheConfig& config, uint32_t unit_bytes) -> std::unique_ptr<ISlcPlacement> {
        const uint64_t units = std::max<uint64_t>(1, SizeSplitBytes(config.params) / unit_bytes);
        return std::make_unique<SizeSplitPlacement>(
            static_cast<uint32_t>(std::min<uint64_t>(units, UINT32_MAX)));
      }};
}

}  // namespace flashscope
