// FIFO (least recently written): the block closed earliest, whatever its
// valid count — a circular log. Source: Desnoyers, "Analytic Modeling of SSD
// Write Performance", SYSTOR 2012 (LRW cleaning).
#include "ftl/gc/impl/policies.h"

namespace flashscope {

class FifoPolicy final : public IVictimPolicy {
 public:
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;
};

uint32_t FifoPolicy::PickVictim(const FtlState& ftl, uint32_t plane, Rng&) {
  const DeviceLayout& layout = ftl.layout();
  const uint32_t first = plane * layout.blocks_per_plane;
  uint32_t best = kNoBlock;
  uint64_t oldest = UINT64_MAX;
  for (uint32_t block = first; block < first + layout.blocks_per_plane; ++block) {
    if (!ftl.IsCollectable(block)) continue;
    if (ftl.valid_units(block) == layout.units_per_block) continue;
    if (ftl.closed_at(block) < oldest) {
      oldest = ftl.closed_at(block);
      best = block;
    }
  }
  return best;
}

VictimPolicyEntry FifoVictimEntry() {
  return {{"fifo", "FIFO (oldest written)", "The block written longest ago", {}},
          [](const ParamBag&) -> std::unique_ptr<IVictimPolicy> {
            return std::make_unique<FifoPolicy>();
          }};
}

}  // namespace flashscope
