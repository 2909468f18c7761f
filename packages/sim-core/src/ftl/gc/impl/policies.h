// The built-in GC victim policies; each is defined in its own file.
#pragma once

#include "ftl/gc/i_victim_policy.h"

namespace flashscope {

// A block random and d-choices may pick: full and holding some garbage.
inline bool IsCandidate(const FtlState& ftl, uint32_t block) {
  return ftl.IsCollectable(block) && ftl.valid_units(block) < ftl.layout().units_per_block;
}

// Blocks of `plane` that IsCandidate accepts, and the rank-th of them.
uint32_t CountCandidates(const FtlState& ftl, uint32_t plane);
uint32_t NthCandidate(const FtlState& ftl, uint32_t plane, uint64_t rank);

class GreedyPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
};

class CostBenefitPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
};

class FifoPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
};

class RandomPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
};

// gc.d_choices (d_choices.cpp): its declaration, and its value in a bag.
std::vector<Setting> DChoicesParameters();
uint32_t DChoices(const ParamBag& params);

class DChoicesPolicy final : public IVictimPolicy {
 public:
  explicit DChoicesPolicy(uint32_t d) : d_(d < 1 ? 1 : d) {}
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;

 private:
  uint32_t d_;
};

}  // namespace flashscope
