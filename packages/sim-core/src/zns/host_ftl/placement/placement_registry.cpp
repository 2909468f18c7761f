// The one explicit list of placement policies (static self-registration is
// dropped by linkers), in the thesis's table order (Table 4.3). Adding one: a
// file in impl/ (its class and a function returning its entry; the shared
// parts are in impl/placements.h) and its one line in the table below, plus
// that function's declaration beside the others. Make, Infos and Names all
// read this table.
#include "zns/host_ftl/placement/i_placement.h"

namespace flashscope::zns {

// Each defined in the file of impl/ of its class.
PlacementEntry NormalPlacementEntry();
PlacementEntry WarcipPlacementEntry();
PlacementEntry SepBitPlacementEntry();
PlacementEntry BhbDpPrePlacementEntry();
PlacementEntry BhbDpPlacementEntry();
PlacementEntry FkPlacementEntry();
PlacementEntry ZbOptPlacementEntry();

const std::vector<PlacementEntry>& PlacementTable() {
  static const std::vector<PlacementEntry> table = {
      NormalPlacementEntry(),   WarcipPlacementEntry(), SepBitPlacementEntry(),
      BhbDpPrePlacementEntry(), BhbDpPlacementEntry(),  FkPlacementEntry(),
      ZbOptPlacementEntry(),
  };
  return table;
}

std::unique_ptr<IPlacementPolicy> MakePlacement(std::string_view name,
                                                const PlacementSetup& setup) {
  const PlacementEntry* entry = FindPlugin(PlacementTable(), name);
  return entry != nullptr ? entry->make(setup) : nullptr;
}

std::vector<PolicyInfo> PlacementInfos() { return PluginInfos(PlacementTable()); }

const std::vector<std::string_view>& PlacementNames() {
  static const std::vector<std::string_view> names = PluginNames(PlacementTable());
  return names;
}

}  // namespace flashscope::zns
