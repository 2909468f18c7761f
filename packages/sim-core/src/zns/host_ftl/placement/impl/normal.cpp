// Normal (seed 004 §4.2.1 (1)): no hot/cold separation, only user vs GC
// writes — user blocks go to classes 1..N-1 in turn, in the order they are
// written (a conventional SSD's sequential fill), relocated blocks to class
// N. With one class, everything shares it.
#include "zns/host_ftl/placement/impl/placements.h"

namespace flashscope::zns {

NormalPlacement::NormalPlacement(const PlacementSetup& setup) : classes_(setup.classes) {}

uint32_t NormalPlacement::ClassFor(const PlacementInput& input) {
  if (classes_ == 1) return 0;
  if (input.gc) return classes_ - 1;
  const uint32_t cls = next_user_class_;
  next_user_class_ = (next_user_class_ + 1) % (classes_ - 1);
  return cls;
}

PlacementEntry NormalPlacementEntry() {
  return {{"normal", "Normal (no separation)", "Every write appends to one open zone", {}},
          [](const PlacementSetup& setup) -> std::unique_ptr<IPlacementPolicy> {
            return std::make_unique<NormalPlacement>(setup);
          }};
}

}  // namespace flashscope::zns
