// The zone victim policies (one file each in this folder).
#pragma once

#include <limits>

#include "zns/host_ftl/victim/i_zone_victim.h"

namespace flashscope::zns {

// Cost-benefit's score: free space gained per block copied (gp / (2 (1 -
// gp)): each valid block is read and written once) times the age; a zone
// with nothing valid costs nothing and wins outright.
inline double CostBenefitScore(const ZoneInfo& zone, double age) {
  if (zone.valid == 0) return std::numeric_limits<double>::infinity();
  const double gp = zone.gp();
  return gp / (2 * (1 - gp)) * age;
}

// The zone with the highest garbage proportion.
class GreedyZoneVictim final : public IZoneVictim {
 public:
  uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) override;
};

// Rosenblum & Ousterhout's cost-benefit as the thesis describes existing
// work (§3.4.1): gp / (2 (1 - gp)) * age, age since the zone's most recent
// invalidation.
class CostBenefitZoneVictim final : public IZoneVictim {
 public:
  uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) override;
};

// The thesis's CBE (Algorithm 3-2): age since the zone filled, zones at or
// below the GC threshold skipped, gp = 1 first.
class CbeZoneVictim final : public IZoneVictim {
 public:
  uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) override;
};

}  // namespace flashscope::zns
