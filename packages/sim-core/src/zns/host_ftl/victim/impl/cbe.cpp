// CBE, cost-benefit-enhanced (seed 004 §3.4, Algorithm 3-2): among full
// zones whose garbage proportion exceeds the GC threshold (reclaiming one
// below it is a net loss), the highest gp / (2 (1 - gp)) * t_zone, with
// t_zone the time since the zone filled (a rewrite of one block no longer
// makes a cold zone look young) and f(t) = t (Table 3.2: t beats sqrt(t)
// and ln(t)). gp = 1 scores infinity.
#include "zns/host_ftl/victim/impl/victims.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

// The thesis's CBE (Algorithm 3-2): age since the zone filled, zones at or
// below the GC threshold skipped, gp = 1 first.
class CbeZoneVictim final : public IZoneVictim {
 public:
  uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) override;
};

uint32_t CbeZoneVictim::Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) {
  uint32_t best = kNoZone;
  double best_score = -1;
  for (uint32_t z = 0; z < zones.size(); ++z) {
    const ZoneInfo& zone = zones[z];
    if (!zone.full) continue;
    const double gp = zone.gp();
    if (gp <= gc_threshold) continue;
    const double score = CostBenefitScore(zone, static_cast<double>(now - zone.full_clock) + 1);
    if (score > best_score) {
      best_score = score;
      best = z;
    }
  }
  return best;
}

ZoneVictimEntry CbeZoneVictimEntry() {
  return {{"cbe", "CBE (cost-benefit, enhanced)", "Cost-benefit with the zone's age enhanced", {}},
          []() -> std::unique_ptr<IZoneVictim> { return std::make_unique<CbeZoneVictim>(); }};
}

}  // namespace flashscope::zns
