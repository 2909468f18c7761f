// Greedy: the full block with the fewest valid units (least data to move).
// Source: Rosenblum & Ousterhout, "The Design and Implementation of a
// Log-Structured File System", SOSP 1991 (greedy cleaning); analysed for
// SSDs by Hu et al., SYSTOR 2009.
#include "ftl/gc/impl/policies.h"

namespace flashscope {

class GreedyPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
};

uint32_t GreedyPolicy::PickVictim(const FtlState& ftl, uint32_t plane, Rng&) {
  const DeviceLayout& layout = ftl.layout();
  const uint32_t first = plane * layout.blocks_per_plane;
  uint32_t best = kNoBlock;
  uint32_t best_valid = layout.units_per_block;  // fully valid: never worth it
  for (uint32_t block = first; block < first + layout.blocks_per_plane; ++block) {
    if (!ftl.IsCollectable(block)) continue;
    const uint32_t valid = ftl.valid_units(block);
    if (valid < best_valid) {
      best_valid = valid;
      best = block;
      if (valid == 0) break;
    }
  }
  return best;
}

VictimPolicyEntry GreedyVictimEntry() {
  return {
      {"greedy", "Greedy (fewest valid pages)", "The full block with the fewest valid units", {}},
      [](const ParamBag&) -> std::unique_ptr<IVictimPolicy> {
        return std::make_unique<GreedyPolicy>();
      }};
}

}  // namespace flashscope
