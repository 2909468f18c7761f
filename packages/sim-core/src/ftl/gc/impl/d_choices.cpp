// d-choices: sample d full blocks uniformly (with replacement) and take the
// one with the fewest valid units; d = 1 is random, large d approaches greedy.
// Source: Van Houdt, SIGMETRICS 2013 (see random_victim.cpp).
#include "ftl/gc/impl/policies.h"

namespace flashscope {

uint32_t DChoicesPolicy::PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) {
  const DeviceLayout& layout = ftl.layout();
  const uint32_t first = plane * layout.blocks_per_plane;
  uint32_t candidates = 0;
  for (uint32_t block = first; block < first + layout.blocks_per_plane; ++block) {
    candidates += IsCandidate(ftl, block);
  }
  if (candidates == 0) return kNoBlock;
  // Sampling by rank among candidates keeps every draw useful; the counting
  // pass is cheap next to the copy work a GC does.
  uint32_t best = kNoBlock;
  uint32_t best_valid = UINT32_MAX;
  for (uint32_t draw = 0; draw < d_; ++draw) {
    uint64_t pick = rng.Below(candidates);
    for (uint32_t block = first;; ++block) {
      if (IsCandidate(ftl, block) && pick-- == 0) {
        if (ftl.valid_units(block) < best_valid ||
            (ftl.valid_units(block) == best_valid && block < best)) {
          best_valid = ftl.valid_units(block);
          best = block;
        }
        break;
      }
    }
  }
  return best;
}

}  // namespace flashscope
