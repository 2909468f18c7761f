// The one place that maps slc_cache.placement names to implementations. A new
// policy is a class in impl/ and a line here (and its name in
// slc_policy_names.h, which the names test checks against this).
#include <algorithm>

#include "ftl/slc/i_slc_placement.h"
#include "ftl/slc/impl/placements.h"

namespace flashscope {

std::unique_ptr<ISlcPlacement> MakeSlcPlacement(std::string_view name, const SlcCacheConfig& config,
                                                uint32_t unit_bytes) {
  if (name == "slc_first") return std::make_unique<SlcFirstPlacement>();
  if (name == "size_split") {
    const uint64_t units = std::max<uint64_t>(1, SizeSplitBytes(config.params) / unit_bytes);
    return std::make_unique<SizeSplitPlacement>(
        static_cast<uint32_t>(std::min<uint64_t>(units, UINT32_MAX)));
  }
  if (name == "hyflex") return std::make_unique<HyflexPlacement>(HyflexHorizonNs(config.params));
  return nullptr;
}

std::vector<PolicyInfo> SlcPlacementInfos() {
  return {
      {"slc_first",
       "SLC first (every write while there is room)",
       "Every host write goes to SLC while the cache has room",
       {}},
      {"size_split", "By request size (large writes go native)",
       "Requests of at least size_split_bytes go straight to native blocks", SizeSplitParameters()},
      {"hyflex", "HyFlex (native while SLC would fill soon)",
       "Writes go native while the write rate would fill SLC within the horizon",
       HyflexParameters()},
  };
}

}  // namespace flashscope
