// Cost-benefit (Rosenblum & Ousterhout, "The Design and Implementation of a
// Log-Structured File System", SOSP 1991; as used for zones by the works
// seed 004 §3.4.1 cites): benefit/cost = gp / (2 (1 - gp)) * age, with the
// age taken from the zone's most recently invalidated block — the choice
// whose misjudgements (a rewrite of one cold block makes the whole zone look
// young) the thesis's CBE corrects. A fully invalid zone wins outright.
#include "zns/host_ftl/victim/impl/victims.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

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

}  // namespace flashscope::zns
