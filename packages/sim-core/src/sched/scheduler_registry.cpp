// The one explicit list of die schedulers (static self-registration is
// dropped by linkers). Adding a scheduler: one file in impl/ (its class and a
// function returning its entry) and its one line in the table below, plus
// that function's declaration beside the others. Make, Infos and Names all
// read this table.
#include "sched/i_die_scheduler.h"

namespace flashscope {

// Each defined in its own file of impl/.
DieSchedulerEntry FifoSchedulerEntry();
DieSchedulerEntry ReadPrioritySchedulerEntry();

const std::vector<DieSchedulerEntry>& DieSchedulerTable() {
  static const std::vector<DieSchedulerEntry> table = {
      FifoSchedulerEntry(),
      ReadPrioritySchedulerEntry(),
  };
  return table;
}

std::unique_ptr<IDieScheduler> MakeDieScheduler(std::string_view name) {
  const DieSchedulerEntry* entry = FindPlugin(DieSchedulerTable(), name);
  return entry != nullptr ? entry->make() : nullptr;
}

std::vector<PolicyInfo> DieSchedulerInfos() { return PluginInfos(DieSchedulerTable()); }

const std::vector<std::string_view>& DieSchedulerNames() {
  static const std::vector<std::string_view> names = PluginNames(DieSchedulerTable());
  return names;
}

}  // namespace flashscope
