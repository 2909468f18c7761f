// SepBIT (Wang, Li, Lee et al., "Separating Data via Block Invalidation
// Time Inference for Write Amplification Reduction in Log-Structured
// Storage", FAST 2022), in the seven-class form of seed 004 §4.2.1 (3):
//   user writes: the block's last lifespan v (logical time since its
//     previous user write) < l -> class 1 (hot), else class 2; a first
//     write has v = infinity;
//   GC writes: from class 1 -> class 3; otherwise by age g (logical time
//     since the block's last user write): [0, 4l) -> 4, [4l, 8l) -> 5,
//     [8l, 16l) -> 6, [16l, inf) -> 7;
//   l = the mean lifespan (creation to reclaim) of the last 16 reclaimed
//     class-1 zones, infinity before the first.
// With fewer classes the higher ones fold into the last.
#include <algorithm>
#include <limits>

#include "zns/host_ftl/placement/impl/placements.h"
#include "zns/host_ftl/zns_host_ftl.h"

namespace flashscope::zns {

SepBitPlacement::SepBitPlacement(const PlacementSetup& setup) : classes_(setup.classes) {}

double SepBitPlacement::threshold() const {
  return class1_lifespans_.empty() ? std::numeric_limits<double>::infinity()
                                   : class1_lifespans_.mean();
}

uint32_t SepBitPlacement::ClassFor(const PlacementInput& input) {
  const double l = threshold();
  const double since_user_write = input.last_user_write == kNeverWritten
                                      ? std::numeric_limits<double>::infinity()
                                      : static_cast<double>(input.now - input.last_user_write);
  uint32_t cls;
  if (!input.gc) {
    cls = since_user_write < l ? 0 : 1;
  } else if (input.from_class == 0) {
    cls = 2;
  } else if (since_user_write < 4 * l) {
    cls = 3;
  } else if (since_user_write < 8 * l) {
    cls = 4;
  } else if (since_user_write < 16 * l) {
    cls = 5;
  } else {
    cls = 6;
  }
  return std::min(cls, classes_ - 1);
}

void SepBitPlacement::OnZoneReclaimed(uint32_t cls, uint64_t opened, uint64_t /*filled*/,
                                      uint64_t now) {
  if (cls == 0) class1_lifespans_.Add(now - opened);
}

PlacementEntry SepBitPlacementEntry() {
  return {{"sepbit",
           "SepBIT (last lifetime)",
           "Classes by the block's last lifetime (Wang et al.)",
           {}},
          [](const PlacementSetup& setup) -> std::unique_ptr<IPlacementPolicy> {
            return std::make_unique<SepBitPlacement>(setup);
          }};
}

}  // namespace flashscope::zns
