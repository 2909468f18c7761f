// FIFO: commands run in the order they reached the die, so a host read queued
// behind a GC program or an erase waits for it (the classic GC stall).
#include "sched/impl/schedulers.h"

namespace flashscope {

QueuePick FifoScheduler::Choose(const FlashOp& host_read, const FlashOp& other) const {
  return host_read.sequence < other.sequence ? QueuePick::kHostRead : QueuePick::kOther;
}

}  // namespace flashscope
