// The one explicit list of GC victim policies (static self-registration is
// dropped by linkers). Adding a policy: one file in impl/ (its class, its
// parameters and a function returning its entry) and its one line in the
// table below, plus that function's declaration beside the others. Make,
// Infos and Names all read this table.
#include "ftl/gc/i_victim_policy.h"

namespace flashscope {

// Each defined in its own file of impl/.
VictimPolicyEntry GreedyVictimEntry();
VictimPolicyEntry CostBenefitVictimEntry();
VictimPolicyEntry FifoVictimEntry();
VictimPolicyEntry RandomVictimEntry();
VictimPolicyEntry DChoicesVictimEntry();

const std::vector<VictimPolicyEntry>& VictimPolicyTable() {
  static const std::vector<VictimPolicyEntry> table = {
      GreedyVictimEntry(), CostBenefitVictimEntry(), FifoVictimEntry(),
      RandomVictimEntry(), DChoicesVictimEntry(),
  };
  return table;
}

std::unique_ptr<IVictimPolicy> MakeVictimPolicy(std::string_view name, const ParamBag& params) {
  const VictimPolicyEntry* entry = FindPlugin(VictimPolicyTable(), name);
  return entry != nullptr ? entry->make(params) : nullptr;
}

std::vector<PolicyInfo> VictimPolicyInfos() { return PluginInfos(VictimPolicyTable()); }

const std::vector<std::string_view>& VictimPolicyNames() {
  static const std::vector<std::string_view> names = PluginNames(VictimPolicyTable());
  return names;
}

}  // namespace flashscope
