// CBE, cost-benefit-enhanced (seed 004 §3.4, Algorithm 3-2): among full
// zones whose garbage proportion exceeds the GC threshold (reclaiming one
// below it is a net loss), the highest gp / (2 (1 - gp)) * t_zone, with
// t_zone the time since the zone filled (a rewrite of one block no longer
// makes a cold zone look young) and f(t) = t (Table 3.2: t beats sqrt(t)
// and ln(t)). gp = 1 scores infinity.
#include "zns/host_ftl/victim/impl/victims.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

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

}  // namespace flashscope::zns
