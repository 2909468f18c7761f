// Random: a uniformly chosen full block holding some garbage. The baseline of
// Van Houdt, "A Mean Field Model for a Class of Garbage Collection Algorithms
// in Flash-based Solid State Drives", SIGMETRICS 2013 (d-choices with d = 1).
#include "ftl/gc/impl/policies.h"

namespace flashscope {

uint32_t RandomPolicy::PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) {
  const DeviceLayout& layout = ftl.layout();
  const uint32_t first = plane * layout.blocks_per_plane;
  uint32_t candidates = 0;
  for (uint32_t block = first; block < first + layout.blocks_per_plane; ++block) {
    candidates += IsCandidate(ftl, block);
  }
  if (candidates == 0) return kNoBlock;
  uint64_t pick = rng.Below(candidates);
  for (uint32_t block = first;; ++block) {
    if (IsCandidate(ftl, block) && pick-- == 0) return block;
  }
}

}  // namespace flashscope
