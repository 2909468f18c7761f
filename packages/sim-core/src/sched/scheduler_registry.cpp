// The one explicit list of die schedulers.
#include "sched/i_die_scheduler.h"
#include "sched/impl/schedulers.h"

namespace flashscope {

std::unique_ptr<IDieScheduler> MakeDieScheduler(std::string_view name) {
  if (name == "fifo") return std::make_unique<FifoScheduler>();
  if (name == "read_priority") return std::make_unique<ReadPriorityScheduler>();
  return nullptr;
}

std::vector<PolicyInfo> DieSchedulerInfos() {
  return {
      {"fifo", "FIFO", "A die runs its operations in arrival order", {}},
      {"read_priority", "Read priority", "Queued host reads go before programs and erases", {}},
  };
}

}  // namespace flashscope
