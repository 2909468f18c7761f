// Read priority: a queued host read goes before queued programs, erases and GC
// work (it still waits for the command already running). Source: seed 000
// §2.2.3 (read/write conflicts); MQSim's priority-aware transaction scheduling.
#include "sched/impl/schedulers.h"

namespace flashscope {

QueuePick ReadPriorityScheduler::Choose(const FlashOp&, const FlashOp&) const {
  return QueuePick::kHostRead;
}

}  // namespace flashscope
