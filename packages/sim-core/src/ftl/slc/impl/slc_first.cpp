// slc_first: every host write goes to SLC while the cache has room.
#include "ftl/slc/i_slc_placement.h"

namespace flashscope {

// Every write lands in SLC while it has room: the drives of seeds 000/003.
class SlcFirstPlacement final : public ISlcPlacement {
 public:
  bool Place(const FtlState&, const ISlcRoom&, uint64_t, uint32_t, uint64_t) override {
    return true;
  }
};

SlcPlacementEntry SlcFirstPlacementEntry() {
  return {{"slc_first",
           "SLC first (every write while there is room)",
           "Every host write goes to SLC while the cache has room",
           {}},
          [](const SlcCacheConfig&, uint32_t) -> std::unique_ptr<ISlcPlacement> {
            return std::make_unique<SlcFirstPlacement>();
          }};
}

}  // namespace flashscope
