// size_split's parameter: requests at least this large bypass the SLC cache
// (the class itself is small enough to live in placements.h).
#include "config/device_config.h"
#include "ftl/slc/impl/placements.h"

namespace flashscope {

std::vector<Setting> SizeSplitParameters() {
  return {IntegerSetting("size_split_bytes", "Requests at least this large go native (size_split)",
                         "bytes", 0, kMaxExactInteger,
                         [](DeviceConfig& c) { return &c.slc_cache.size_split_bytes; })};
}

}  // namespace flashscope
