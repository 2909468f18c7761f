// The zone victim policies (one file each in this folder).
#pragma once

#include "zns/host_ftl/victim/i_zone_victim.h"

namespace flashscope::zns {

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
