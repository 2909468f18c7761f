// Cost-benefit: maximises age * (1 - u) / (2u), where u is the block's valid
// fraction and age the time since it last changed: old, mostly-invalid blocks
// first, so cold data is not copied again and again.
// Source: Rosenblum & Ousterhout, SOSP 1991; Kawaguchi, Nishioka & Motoda,
// "A Flash-Memory Based File System", USENIX Winter 1995 (the flash form
// with cost 2u: read and write back the valid part).
#include "ftl/gc/impl/policies.h"

namespace flashscope {

class CostBenefitPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
};

uint32_t CostBenefitPolicy::PickVictim(const FtlState& ftl, uint32_t plane, Rng&) {
  const DeviceLayout& layout = ftl.layout();
  const uint32_t first = plane * layout.blocks_per_plane;
  const double units = layout.units_per_block;
  uint32_t best = kNoBlock;
  double best_score = -1;
  for (uint32_t block = first; block < first + layout.blocks_per_plane; ++block) {
    if (!ftl.IsCollectable(block)) continue;
    const uint32_t valid = ftl.valid_units(block);
    if (valid == layout.units_per_block) continue;
    if (valid == 0) return block;  // free to collect: nothing beats it
    const double u = valid / units;
    // +1: a block closed at this very clock tick still has some age.
    const double age = static_cast<double>(ftl.clock() - ftl.modified_at(block)) + 1;
    const double score = age * (1 - u) / (2 * u);
    if (score > best_score) {
      best_score = score;
      best = block;
    }
  }
  return best;
}

VictimPolicyEntry CostBenefitVictimEntry() {
  return {{"cost_benefit",
           "Cost-benefit (age × free space)",
           "Most (1 - u) * age / 2u: old, mostly invalid blocks first (Rosenblum & Ousterhout)",
           {}},
          [](const ParamBag&) -> std::unique_ptr<IVictimPolicy> {
            return std::make_unique<CostBenefitPolicy>();
          }};
}

}  // namespace flashscope
