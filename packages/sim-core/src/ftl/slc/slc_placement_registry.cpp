// The one explicit list of slc_cache.placement policies (static
// self-registration is dropped by linkers). Adding a policy: one file in
// impl/ (its class, its parameters and a function returning its entry) and
// its one line in the table below, plus that function's declaration beside
// the others. Make, Infos and Names all read this table.
#include "ftl/slc/i_slc_placement.h"

namespace flashscope {

// Each defined in its own file of impl/.
SlcPlacementEntry SlcFirstPlacementEntry();
SlcPlacementEntry SizeSplitPlacementEntry();
SlcPlacementEntry HyflexPlacementEntry();

const std::vector<SlcPlacementEntry>& SlcPlacementTable() {
  static const std::vector<SlcPlacementEntry> table = {
      SlcFirstPlacementEntry(),
      SizeSplitPlacementEntry(),
      HyflexPlacementEntry(),
  };
  return table;
}

std::unique_ptr<ISlcPlacement> MakeSlcPlacement(std::string_view name, const SlcCacheConfig& config,
                                                uint32_t unit_bytes) {
  const SlcPlacementEntry* entry = FindPlugin(SlcPlacementTable(), name);
  return entry != nullptr ? entry->make(config, unit_bytes) : nullptr;
}

std::vector<PolicyInfo> SlcPlacementInfos() { return PluginInfos(SlcPlacementTable()); }

const std::vector<std::string_view>& SlcPlacementNames() {
  static const std::vector<std::string_view> names = PluginNames(SlcPlacementTable());
  return names;
}

}  // namespace flashscope
