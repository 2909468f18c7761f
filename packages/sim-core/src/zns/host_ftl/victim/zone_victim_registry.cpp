// The one explicit list of zone victim policies. Adding one: a file in
// impl/, a line here and its name in zone_victim_names.h.
#include "zns/host_ftl/victim/i_zone_victim.h"
#include "zns/host_ftl/victim/impl/victims.h"

namespace flashscope::zns {

std::unique_ptr<IZoneVictim> MakeZoneVictim(std::string_view name) {
  if (name == "cbe") return std::make_unique<CbeZoneVictim>();
  if (name == "greedy") return std::make_unique<GreedyZoneVictim>();
  if (name == "cost_benefit") return std::make_unique<CostBenefitZoneVictim>();
  return nullptr;
}

}  // namespace flashscope::zns
