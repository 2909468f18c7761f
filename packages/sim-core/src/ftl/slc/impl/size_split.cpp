// size_split's parameter: requests at least this large bypass the SLC cache
// (the class itself is small enough to live in placements.h).
#include "config/device_config.h"
#include "ftl/slc/impl/placements.h"

namespace flashscope {

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

}  // namespace flashscope
