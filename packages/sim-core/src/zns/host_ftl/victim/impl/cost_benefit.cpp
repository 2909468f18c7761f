// Cost-benefit (Rosenblum & Ousterhout, "The Design and Implementation of a
// Log-Structured File System", SOSP 1991; as used for zones by the works
// seed 004 §3.4.1 cites): benefit/cost = gp / (2 (1 - gp)) * age, with the
// age taken from the zone's most recently invalidated block — the choice
// whose misjudgements (a rewrite of one cold block makes the whole zone look
// young) the thesis's CBE corrects. A fully invalid zone wins outright.
#include "zns/host_ftl/victim/impl/victims.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

// Rosenblum & Ousterhout's cost-benefit as the thesis describes existing
// work (§3.4.1): gp / (2 (1 - gp)) * age, age since the zone's most recent
// invalidation.
class CostBenefitZoneVictim final : public IZoneVictim {
 public:
  uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) override;
};

uint32_t CostBenefitZoneVictim::Pick(std::span<const ZoneInfo> zones, uint64_t now,
                                     double /*gc_threshold*/) {
  uint32_t best = kNoZone;
  double best_score = -1;
  for (uint32_t z = 0; z < zones.size(); ++z) {
    const ZoneInfo& zone = zones[z];
    if (!zone.full || zone.valid == zone.written) continue;
    const double score =
        CostBenefitScore(zone, static_cast<double>(now - zone.last_invalidate_clock) + 1);
    if (score > best_score) {
      best_score = score;
      best = z;
    }
  }
  return best;
}

ZoneVictimEntry CostBenefitZoneVictimEntry() {
  return {
      {"cost_benefit", "Cost-benefit (garbage × age)", "Garbage proportion weighted by age", {}},
      []() -> std::unique_ptr<IZoneVictim> { return std::make_unique<CostBenefitZoneVictim>(); }};
}

}  // namespace flashscope::zns
