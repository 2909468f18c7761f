// The one explicit list of zone victim policies (static self-registration is
// dropped by linkers). Adding one: a file in impl/ (its class and a function
// returning its entry) and its one line in the table below, plus that
// function's declaration beside the others. Make, Infos and Names all read
// this table.
#include "zns/host_ftl/victim/i_zone_victim.h"

namespace flashscope::zns {

// Each defined in its own file of impl/.
ZoneVictimEntry CbeZoneVictimEntry();
ZoneVictimEntry GreedyZoneVictimEntry();
ZoneVictimEntry CostBenefitZoneVictimEntry();

const std::vector<ZoneVictimEntry>& ZoneVictimTable() {
  static const std::vector<ZoneVictimEntry> table = {
      CbeZoneVictimEntry(),
      GreedyZoneVictimEntry(),
      CostBenefitZoneVictimEntry(),
  };
  return table;
}

std::unique_ptr<IZoneVictim> MakeZoneVictim(std::string_view name) {
  const ZoneVictimEntry* entry = FindPlugin(ZoneVictimTable(), name);
  return entry != nullptr ? entry->make() : nullptr;
}

std::vector<PolicyInfo> ZoneVictimInfos() { return PluginInfos(ZoneVictimTable()); }

const std::vector<std::string_view>& ZoneVictimNames() {
  static const std::vector<std::string_view> names = PluginNames(ZoneVictimTable());
  return names;
}

}  // namespace flashscope::zns
