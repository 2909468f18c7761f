// Read priority: a queued host read goes before queued programs, erases and GC
// work (it still waits for the command already running). Source: seed 000
// §2.2.3 (read/write conflicts); MQSim's priority-aware transaction scheduling.
#include "sched/i_die_scheduler.h"

namespace flashscope {

class ReadPriorityScheduler final : public IDieScheduler {
 public:
  QueuePick Choose(const FlashOp& host_read, const FlashOp& other) const override;
};

QueuePick ReadPriorityScheduler::Choose(const FlashOp&, const FlashOp&) const {
  return QueuePick::kHostRead;
}

DieSchedulerEntry ReadPrioritySchedulerEntry() {
  return {
      {"read_priority", "Read priority", "Queued host reads go before programs and erases", {}},
      []() -> std::unique_ptr<IDieScheduler> { return std::make_unique<ReadPriorityScheduler>(); }};
}

}  // namespace flashscope
