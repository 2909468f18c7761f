// Mapping invariants after millions of random writes (and trims) with GC, on
// both the untimed path and the timed engine: every mapped logical unit points
// at exactly one valid slot that points back at it, per-block valid counts
// add up, and free blocks hold nothing.
#include <gtest/gtest.h>

#include "conventional/controller_for_test.h"
#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "ftl/untimed_writer.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

void ExpectConsistent(const FtlState& ftl) {
  const DeviceLayout& layout = ftl.layout();
  uint64_t mapped = 0;
  for (uint64_t lpn = 0; lpn < layout.logical_units; ++lpn) {
    const uint32_t slot = ftl.SlotOf(lpn);
    if (slot == kUnmapped) continue;
    ++mapped;
    ASSERT_TRUE(ftl.IsValid(slot)) << "lpn " << lpn;
    ASSERT_EQ(ftl.LpnAt(slot), lpn);
  }
  EXPECT_EQ(mapped, ftl.mapped_units());
  uint64_t valid_total = 0;
  uint64_t free_blocks = 0;
  for (uint32_t block = 0; block < layout.blocks; ++block) {
    uint32_t valid = 0;
    const uint32_t first = layout.FirstSlot(block);
    for (uint32_t slot = first; slot < first + layout.units_per_block; ++slot) {
      if (!ftl.IsValid(slot)) continue;
      ++valid;
      // A valid slot is the one its logical unit maps to: no stale copies.
      ASSERT_EQ(ftl.SlotOf(ftl.LpnAt(slot)), slot);
    }
    ASSERT_EQ(valid, ftl.valid_units(block)) << "block " << block;
    if (ftl.state(block) == BlockState::kFree) {
      ++free_blocks;
      ASSERT_EQ(valid, 0u);
    }
    valid_total += valid;
  }
  EXPECT_EQ(valid_total, mapped);
  EXPECT_EQ(free_blocks, ftl.TotalFreeBlocks());
}

// TLC with 16 KiB pages: 4 units a page, 12 a wordline, so GC and the write
// buffer work in wordlines as on a real drive.
DeviceConfig SmallTlc() {
  DeviceConfig c;
  c.file = "small-tlc";
  c.cell = CellMode::kTlc;
  c.geometry = Geometry{2, 1, 2, 64, 48, 16384};
  c.overprovision = 0.15;
  c.write_buffer_bytes = 1 << 20;
  return c;
}

TEST(FtlInvariants, HoldAfterMillionsOfUntimedRandomWrites) {
  const DeviceConfig config = SmallTlc();
  const DeviceLayout layout = DeviceLayout::From(config);
  FtlState ftl(layout, true);
  auto victims = MakeVictimPolicy("greedy", {});
  Rng rng(7);
  NandCounters counters;
  UntimedWriter writer(ftl, *victims, rng, counters);
  writer.WriteSequential(0, layout.logical_units);
  writer.WriteRandom(3'000'000);
  ASSERT_GT(writer.gc_runs(), 10'000u);
  ExpectConsistent(ftl);
  EXPECT_EQ(ftl.mapped_units(), layout.logical_units);
}

TEST(FtlInvariants, HoldAfterATimedRunWithTrimsAndGc) {
  DeviceConfig config = SmallTlc();
  config.precondition.fill = 1;
  config.precondition.random_writes = 1;
  const DeviceLayout layout = DeviceLayout::From(config);
  Rng rng(11);
  std::vector<HostIo> ios;
  ios.reserve(1'000'000);
  for (uint32_t i = 0; i < 1'000'000; ++i) {
    const uint64_t lpn = rng.Below(layout.logical_units - 4);
    const uint32_t kind = static_cast<uint32_t>(rng.Below(20));
    // 85 % 4 KiB writes, 5 % 16 KiB writes, 5 % trims, 5 % reads.
    if (kind < 17)
      ios.push_back(testing::Io(IoOp::kWrite, lpn));
    else if (kind == 17)
      ios.push_back(testing::Io(IoOp::kWrite, lpn, 4));
    else if (kind == 18)
      ios.push_back(testing::Io(IoOp::kTrim, lpn, 2));
    else
      ios.push_back(testing::Io(IoOp::kRead, lpn, 2));
  }
  Simulator sim(config, testing::ClosedLoop(std::move(ios), 32));
  sim.Precondition();
  sim.RunToCompletion();
  EXPECT_GT(flashscope::testing::ControllerOf(sim).gc_runs(), 1'000u);
  ExpectConsistent(sim.ftl());
}

}  // namespace
}  // namespace flashscope
