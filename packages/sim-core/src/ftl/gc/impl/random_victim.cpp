// Random: a full block drawn uniformly over ALL full blocks, fully valid ones
// included: the baseline of Van Houdt, "A Mean Field Model for a Class of
// Garbage Collection Algorithms in Flash-based Solid State Drives",
// SIGMETRICS 2013 (d-choices with d = 1), whose steady-state WAF under
// uniform random writes is exactly 1 / S_f (S_f = (P - U) / P, the spare
// fraction of the physical pages; metrics/analytic_waf.h DChoicesWaf(s, b, 1)).
// A fully valid victim is a legal, wasteful pick: its b units are copied and
// its erase gives back the block they filled, so the free pool neither gains
// nor loses and the GC loop picks again.
//
// Progress: the IVictimPolicy contract still holds (kNoBlock when no full
// block holds garbage, so a GC loop never spins on fully valid blocks
// alone), and the wasted picks in a row are bounded: after kMaxWastedPicks
// consecutive fully valid victims the next pick is drawn uniformly over the
// blocks holding garbage only. In steady state that bound is practically
// never reached (it needs kMaxWastedPicks fully valid draws in a row), so the
// policy stays the literature's random; right after a sequential fill, when
// nearly every block is fully valid, it keeps a GC run from copying whole
// blocks for long before the reserve is restored.
#include "ftl/gc/impl/policies.h"

namespace flashscope {

namespace {
constexpr uint32_t kMaxWastedPicks = 8;
}  // namespace

class RandomPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;

 private:
  uint32_t wasted_in_a_row_ = 0;  // fully valid victims picked consecutively
};

uint32_t CountCandidates(const FtlState& ftl, uint32_t plane) {
  const uint32_t first = plane * ftl.layout().blocks_per_plane;
  uint32_t candidates = 0;
  for (uint32_t block = first; block < first + ftl.layout().blocks_per_plane; ++block) {
    candidates += IsCandidate(ftl, block);
  }
  return candidates;
}

uint32_t NthCandidate(const FtlState& ftl, uint32_t plane, uint64_t rank) {
  for (uint32_t block = plane * ftl.layout().blocks_per_plane;; ++block) {
    if (IsCandidate(ftl, block) && rank-- == 0) return block;
  }
}

uint32_t RandomPolicy::PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) {
  const uint32_t units_per_block = ftl.layout().units_per_block;
  const uint32_t first = plane * ftl.layout().blocks_per_plane;
  const uint32_t end = first + ftl.layout().blocks_per_plane;
  uint32_t full = 0;
  uint32_t with_garbage = 0;
  for (uint32_t block = first; block < end; ++block) {
    if (!ftl.IsCollectable(block)) continue;
    ++full;
    with_garbage += ftl.valid_units(block) < units_per_block;
  }
  if (with_garbage == 0) return kNoBlock;
  if (wasted_in_a_row_ >= kMaxWastedPicks) {
    wasted_in_a_row_ = 0;
    return NthCandidate(ftl, plane, rng.Below(with_garbage));
  }
  uint64_t rank = rng.Below(full);
  for (uint32_t block = first;; ++block) {
    if (ftl.IsCollectable(block) && rank-- == 0) {
      wasted_in_a_row_ = ftl.valid_units(block) == units_per_block ? wasted_in_a_row_ + 1 : 0;
      return block;
    }
  }
}

VictimPolicyEntry RandomVictimEntry() {
  return {{"random", "Random", "A full block drawn uniformly", {}},
          [](const ParamBag&) -> std::unique_ptr<IVictimPolicy> {
            return std::make_unique<RandomPolicy>();
          }};
}

}  // namespace flashscope
