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

std::vector<PolicyInfo> ZoneVictimInfos() {
  return {
      {"cbe",
       "CBE (cost-benefit, enhanced)",
       "Cost-benefit with the zone's age enhanced (seed 004)",
       {}},
      {"greedy", "Greedy (most garbage)", "The zone with the most invalid blocks", {}},
      {"cost_benefit", "Cost-benefit (garbage × age)", "Garbage proportion weighted by age", {}},
  };
}

}  // namespace flashscope::zns
