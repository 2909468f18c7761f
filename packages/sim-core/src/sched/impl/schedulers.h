// The built-in die schedulers; each is defined in its own file.
#pragma once

#include "sched/i_die_scheduler.h"

namespace flashscope {

class FifoScheduler final : public IDieScheduler {
 public:
  QueuePick Choose(const FlashOp& host_read, const FlashOp& other) const override;
};

class ReadPriorityScheduler final : public IDieScheduler {
 public:
  QueuePick Choose(const FlashOp& host_read, const FlashOp& other) const override;
};

}  // namespace flashscope
