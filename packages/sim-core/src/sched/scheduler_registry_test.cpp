// The die scheduler registry: every entry of its table is built by name,
// and each picks as its contract says.
#include <gtest/gtest.h>

#include "sched/i_die_scheduler.h"

namespace flashscope {
namespace {

TEST(DieSchedulerRegistry, EveryEntryIsBuiltByNameAndPicksAsDocumented) {
  FlashOp read;
  read.kind = OpKind::kRead;
  read.sequence = 7;
  FlashOp program;
  program.kind = OpKind::kProgram;
  program.sequence = 3;  // queued before the read
  for (std::string_view name : DieSchedulerNames()) {
    EXPECT_NE(MakeDieScheduler(name), nullptr) << name;
  }
  EXPECT_EQ(MakeDieScheduler("fifo")->Choose(read, program), QueuePick::kOther);
  EXPECT_EQ(MakeDieScheduler("read_priority")->Choose(read, program), QueuePick::kHostRead);
  EXPECT_EQ(MakeDieScheduler("sstf"), nullptr);
}

}  // namespace
}  // namespace flashscope
