// The future-knowledge bounds of seed 004 (the pre-pass gives each write the
// logical time its data is overwritten; t_b = that time - now, so a GC
// relocation uses the block's remaining lifetime):
//   FK (Wang et al., FAST 2022, adapted to zones in §2.2.2): equal-width
//     lifetime classes, type = floor(t_b / S_zone), types beyond N-1 folded
//     into class N-1, never-overwritten data in class N;
//   ZB-OPT (§2.3.2, eq. 2.9): classes whose lifetime ranges grow by 4x —
//     t_b <= S_zone in class 1, <= 4 S_zone in 2, <= 16 S_zone in 3, ...
//     (4^(k-1) S_zone, i.e. 2^lambda with lambda = 2 (k - 1)), beyond
//     4^(N-3) S_zone (256 S_zone for N = 7) in class N-1, never-overwritten
//     data in class N. Equal write shares per class under Zipf (eq. 2.8).
#include <algorithm>

#include "zns/host_ftl/placement/impl/placements.h"
#include "zns/host_ftl/zns_host_ftl.h"

namespace flashscope::zns {

FutureKnowledgePlacement::FutureKnowledgePlacement(const PlacementSetup& setup, bool exponential)
    : classes_(setup.classes),
      zone_blocks_(std::max<uint64_t>(setup.zone_blocks, 1)),
      exponential_(exponential) {}

uint32_t FutureKnowledgePlacement::ClassFor(const PlacementInput& input) {
  if (classes_ == 1) return 0;
  if (input.next_write == kNeverWritten) return classes_ - 1;
  const uint32_t last_finite = classes_ - 2;
  const uint64_t lifetime = input.next_write > input.now ? input.next_write - input.now : 0;
  if (!exponential_) {
    return static_cast<uint32_t>(std::min<uint64_t>(lifetime / zone_blocks_, last_finite));
  }
  uint32_t cls = 0;
  uint64_t bound = zone_blocks_;
  while (cls < last_finite && lifetime > bound) {
    ++cls;
    bound *= 4;
  }
  return cls;
}

PlacementEntry FkPlacementEntry() {
  return {
      {"fk", "FK (future, equal bands)", "Oracle: classes by the next write time, equal bands", {}},
      [](const PlacementSetup& setup) -> std::unique_ptr<IPlacementPolicy> {
        return std::make_unique<FutureKnowledgePlacement>(setup, false);
      }};
}

PlacementEntry ZbOptPlacementEntry() {
  return {{"zbopt",
           "ZB-OPT (future, exponential bands)",
           "Oracle: classes by the next write time, exponential bands",
           {}},
          [](const PlacementSetup& setup) -> std::unique_ptr<IPlacementPolicy> {
            return std::make_unique<FutureKnowledgePlacement>(setup, true);
          }};
}

}  // namespace flashscope::zns
