// FIFO: commands run in the order they reached the die, so a host read queued
// behind a GC program or an erase waits for it (the classic GC stall).
#include "sched/i_die_scheduler.h"

namespace flashscope {

class FifoScheduler final : public IDieScheduler {
 public:
  QueuePick Choose(const FlashOp& host_read, const FlashOp& other) const override;
};

QueuePick FifoScheduler::Choose(const FlashOp& host_read, const FlashOp& other) const {
  return host_read.sequence < other.sequence ? QueuePick::kHostRead : QueuePick::kOther;
}

DieSchedulerEntry FifoSchedulerEntry() {
  return {{"fifo", "FIFO", "A die runs its operations in arrival order", {}},
          []() -> std::unique_ptr<IDieScheduler> { return std::make_unique<FifoScheduler>(); }};
}

}  // namespace flashscope
