// What the zone victim policies share; each policy (its class and its
// registry entry) is defined in its own file of this folder.
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

}  // namespace flashscope::zns
