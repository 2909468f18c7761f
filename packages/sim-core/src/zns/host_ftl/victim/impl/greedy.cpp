// Greedy: reclaim the sealed zone with the most garbage, the classic
// baseline (each relocation is a block not freed, so the fewest relocations
// per freed block now). Ties go to the lowest zone number.
#include "zns/host_ftl/victim/impl/victims.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

// The zone with the highest garbage proportion.
class GreedyZoneVictim final : public IZoneVictim {
 public:
  uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) override;
};

uint32_t GreedyZoneVictim::Pick(std::span<const ZoneInfo> zones, uint64_t /*now*/,
                                double /*gc_threshold*/) {
  uint32_t best = kNoZone;
  uint64_t best_invalid = 0;
  for (uint32_t z = 0; z < zones.size(); ++z) {
    const ZoneInfo& zone = zones[z];
    if (!zone.full) continue;
    const uint64_t invalid = zone.written - zone.valid;
    if (invalid > best_invalid) {
      best_invalid = invalid;
      best = z;
    }
  }
  return best;
}

ZoneVictimEntry GreedyZoneVictimEntry() {
  return {{"greedy", "Greedy (most garbage)", "The zone with the most invalid blocks", {}},
          []() -> std::unique_ptr<IZoneVictim> { return std::make_unique<GreedyZoneVictim>(); }};
}

}  // namespace flashscope::zns
