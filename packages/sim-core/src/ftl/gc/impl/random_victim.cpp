// Random: a uniformly chosen full block holding some garbage. The baseline of
// Van Houdt, "A Mean Field Model for a Class of Garbage Collection Algorithms
// in Flash-based Solid State Drives", SIGMETRICS 2013 (d-choices with d = 1).
#include "ftl/gc/impl/policies.h"

namespace flashscope {

class RandomPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
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
  const uint32_t candidates = CountCandidates(ftl, plane);
  if (candidates == 0) return kNoBlock;
  return NthCandidate(ftl, plane, rng.Below(candidates));
}

VictimPolicyEntry RandomVictimEntry() {
  return {{"random", "Random", "A full block drawn uniformly", {}},
          [](const ParamBag&) -> std::unique_ptr<IVictimPolicy> {
            return std::make_unique<RandomPolicy>();
          }};
}

}  // namespace flashscope
