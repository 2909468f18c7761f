// The timed simulator as a user of the CLI or the UI sees it: the write
// buffer absorbs bursts and then holds the host back, GC work shows up as
// events that account for every unit it moved, an idle drive collects
// garbage in the background, allocation spreads wear, the simulator returns
// control in slices, and its state stays within the memory budget.
#include "sim/simulator.h"

#include <gtest/gtest.h>

#include <map>

#include "conventional/controller_for_test.h"
#include "ftl/ftl_state.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

using testing::ClosedLoop;
using testing::Io;
using testing::OpenLoop;
using testing::TinySlcDevice;

TEST(WriteBuffer, AbsorbsABurstThenHoldsTheHostBack) {
  DeviceConfig device = TinySlcDevice(256, 64);
  device.write_buffer_bytes = 256 * 4096;  // 256 units
  // 2000 single-unit writes arrive at once.
  std::vector<HostIo> burst;
  for (uint32_t i = 0; i < 2000; ++i) burst.push_back(Io(IoOp::kWrite, i));
  Simulator sim(device, OpenLoop(burst));
  sim.RunToCompletion();
  const LatencyHistogram& writes = sim.host().metrics(0).latency[1];
  ASSERT_EQ(writes.count(), 2000u);
  // The first 256 fit in DRAM: they complete at host-link speed, 1 us each
  // in turn. The rest wait for programs: one die programs a 4 KiB page per
  // 210.24 us (10.24 us transfer + 200 us tPROG), so the last write waits
  // for about (2000 - 256) of them.
  EXPECT_LE(writes.Percentile(10), 256'000u);
  const double program_ns = 210'240;
  EXPECT_NEAR(static_cast<double>(writes.max_ns()), (2000 - 256) * program_ns,
              0.02 * 1744 * program_ns);
  // Waits longer than a millisecond for buffer space are recorded as stalls.
  EXPECT_GT(sim.event_log().count(SimEventKind::kStall), 1000u);
}

// A trace that arrives faster than the drive: the host keeps at most
// max_outstanding requests at the device (an NVMe queue's entries), so its
// memory stays bounded, and the rest wait in the host with their latency
// counted from their arrival, as an application would see it.
TEST(OpenLoop, ABacklogWaitsInTheHostWithBoundedMemory) {
  DeviceConfig device = TinySlcDevice(256, 64);
  device.write_buffer_bytes = 16 * 4096;
  std::vector<HostIo> burst;
  for (uint32_t i = 0; i < 2000; ++i) burst.push_back(Io(IoOp::kWrite, i));
  std::vector<JobSpec> jobs = OpenLoop(burst);
  jobs[0].max_outstanding = 32;
  Simulator sim(device, std::move(jobs));
  sim.RunToCompletion();
  EXPECT_LE(sim.host().request_slots(), 32u);
  const LatencyHistogram& writes = sim.host().metrics(0).latency[1];
  ASSERT_EQ(writes.count(), 2000u);
  // All 2000 arrived at time 0: the last one's latency is the host's whole
  // run, about (2000 - 16) programs of 210.24 us on the one die.
  const double program_ns = 210'240;
  EXPECT_NEAR(static_cast<double>(writes.max_ns()), (2000 - 16) * program_ns,
              0.02 * 1984 * program_ns);
  EXPECT_NEAR(static_cast<double>(writes.max_ns()), static_cast<double>(sim.host_end_ns()),
              0.001 * static_cast<double>(sim.host_end_ns()));
  // Then the run drains what the buffer still holds (issue 14): 14 units
  // waiting and 2 already queued at the die, 16 programs (3.36 ms) in all.
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 14u * 4096);
  EXPECT_NEAR(static_cast<double>(sim.now_ns() - sim.host_end_ns()), 16 * program_ns,
              0.02 * 16 * program_ns);
}

TEST(WriteBuffer, RewritingBufferedDataCoalesces) {
  DeviceConfig device = TinySlcDevice();
  device.write_buffer_bytes = 64 * 4096;
  // 40 writes of the same 4 units while nothing forces a flush... every
  // program takes one unit (SLC 4 KiB wordline), so units still waiting when
  // rewritten are programmed once.
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 40; ++i) ios.push_back(Io(IoOp::kWrite, i % 4, 1, 0));
  Simulator sim(device, OpenLoop(ios));
  sim.RunToCompletion();
  EXPECT_EQ(sim.host().metrics(0).requests[1], 40u);
  EXPECT_LT(sim.counters().TotalPrograms(), 12u);
}

TEST(GcEvents, AccountForEveryUnitMoved) {
  DeviceConfig device = TinySlcDevice(128, 64);
  device.precondition.fill = 1;
  device.precondition.random_writes = 2;
  const DeviceLayout layout = DeviceLayout::From(device);
  Rng rng(3);
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 50'000; ++i)
    ios.push_back(Io(IoOp::kWrite, rng.Below(layout.logical_units)));
  // Every event, as it happens: more than the log's ring keeps.
  std::vector<SimEvent> events;
  SimOptions options;
  options.on_event = [&events](const SimEvent& e) { events.push_back(e); };
  Simulator sim(device, ClosedLoop(ios, 8), options);
  sim.Precondition();
  sim.RunToCompletion();
  EXPECT_EQ(events.size(), sim.event_log().total());
  EXPECT_GT(events.size(), kRetainedEvents);
  EXPECT_EQ(sim.event_log().retained(), kRetainedEvents);
  std::map<uint32_t, uint32_t> open;  // victim -> valid units at start
  uint64_t moved = 0, ends = 0;
  for (const SimEvent& e : events) {
    if (e.kind == SimEventKind::kGcStart) {
      ASSERT_EQ(open.count(e.block), 0u) << "a block collected twice at once";
      open[e.block] = e.value;
    } else if (e.kind == SimEventKind::kGcEnd) {
      ASSERT_EQ(open.count(e.block), 1u);
      // The host may overwrite units while GC works, never add any.
      EXPECT_LE(e.value, open[e.block]);
      open.erase(e.block);
      moved += e.value;
      ++ends;
    }
  }
  EXPECT_EQ(ends, flashscope::testing::ControllerOf(sim).gc_runs());
  EXPECT_EQ(sim.event_log().count(SimEventKind::kGcEnd), ends);
  EXPECT_GT(ends, 500u);
  // Units still staged when the run ended belong to victims not yet erased.
  uint64_t in_progress = 0;
  for (const auto& [block, valid] : open) in_progress += valid;
  EXPECT_LE(moved, flashscope::testing::ControllerOf(sim).gc_units_moved());
  EXPECT_LE(flashscope::testing::ControllerOf(sim).gc_units_moved() - moved, in_progress);
  // GC programs carry exactly the units moved (4 KiB SLC pages: one each).
  EXPECT_EQ(sim.counters().units_programmed[static_cast<uint32_t>(Cause::kGc)],
            flashscope::testing::ControllerOf(sim).gc_units_moved());
}

// Writes in steady state, then an idle second, then one read.
std::vector<JobSpec> WritesThenIdle(const DeviceLayout& layout) {
  Rng rng(9);
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 20'000; ++i)
    writes.push_back(Io(IoOp::kWrite, rng.Below(layout.logical_units)));
  std::vector<JobSpec> jobs = ClosedLoop(writes, 8);
  std::vector<JobSpec> idle = ClosedLoop({Io(IoOp::kRead, 0)}, 1);
  idle[0].stonewall = true;
  idle[0].startdelay_ns = 1'000'000'000;
  jobs.push_back(std::move(idle[0]));
  return jobs;
}

TEST(BackgroundGc, IdleTimeRefillsTheFreePool) {
  DeviceConfig device = TinySlcDevice(256, 64);
  device.precondition.fill = 1;
  device.precondition.random_writes = 2;
  device.gc.free_block_threshold = 0.01;             // 3 blocks
  device.gc.background_free_block_threshold = 0.05;  // 13 blocks
  const DeviceLayout layout = DeviceLayout::From(device);
  device.gc.background = false;
  Simulator foreground_only(device, WritesThenIdle(layout));
  foreground_only.Precondition();
  foreground_only.RunToCompletion();
  device.gc.background = true;
  Simulator with_background(device, WritesThenIdle(layout));
  with_background.Precondition();
  with_background.RunToCompletion();
  EXPECT_LE(foreground_only.ftl().TotalFreeBlocks(), 4u);
  EXPECT_GE(with_background.ftl().TotalFreeBlocks(), 13u);
  bool background_event = false;
  for (const SimEvent& e : with_background.event_log().Retained()) {
    background_event |= e.kind == SimEventKind::kGcEnd && e.flag;
  }
  EXPECT_TRUE(background_event);
}

TEST(WearLeveling, DynamicAllocationTakesTheLeastWornFreeBlock) {
  DeviceConfig device = TinySlcDevice(8, 4);
  device.overprovision = 1;
  const DeviceLayout layout = DeviceLayout::From(device);
  FtlState ftl(layout, /*wear_aware_allocation=*/true);
  // Fill and erase one block at a time, 40 times: each time the allocator
  // must take a free block with the fewest erases, so wear stays even.
  for (uint32_t cycle = 0; cycle < 40; ++cycle) {
    uint32_t least = UINT32_MAX;
    for (uint32_t b = 0; b < layout.blocks; ++b) {
      if (ftl.state(b) == BlockState::kFree) least = std::min(least, ftl.erase_count(b));
    }
    uint32_t block = kNoBlock;
    for (uint32_t page = 0; page < 4; ++page) {
      const uint32_t slot = ftl.AllocateWordline(0, Stream::kHost, 0);
      ftl.SkipSlot(slot);
      block = layout.BlockOfSlot(slot);
    }
    ASSERT_EQ(ftl.erase_count(block), least) << "cycle " << cycle;
    ftl.Erase(block);
  }
  for (uint32_t b = 0; b < layout.blocks; ++b) EXPECT_EQ(ftl.erase_count(b), 5u);
}

TEST(Simulator, AdvanceReturnsControlInSlices) {
  DeviceConfig device = TinySlcDevice();
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 500; ++i) ios.push_back(Io(IoOp::kWrite, i % 40));
  Simulator sliced(device, ClosedLoop(ios, 4));
  uint32_t slices = 0;
  while (sliced.Advance(UINT64_MAX, 100) != StopReason::kFinished) ++slices;
  EXPECT_GT(slices, 5u);
  // Stopping at a time leaves the clock there, and changes nothing else.
  Simulator timed(device, ClosedLoop(ios, 4));
  EXPECT_EQ(timed.Advance(5'000'000, UINT64_MAX), StopReason::kTimeReached);
  EXPECT_EQ(timed.now_ns(), 5'000'000u);
  timed.RunToCompletion();
  Simulator whole(device, ClosedLoop(ios, 4));
  whole.RunToCompletion();
  EXPECT_EQ(sliced.now_ns(), whole.now_ns());
  EXPECT_EQ(timed.now_ns(), whole.now_ns());
  EXPECT_EQ(sliced.counters().TotalPrograms(), whole.counters().TotalPrograms());
}

TEST(Simulator, StateStaysWithinTwelveBytesPerPhysicalUnit) {
  DeviceConfig device;  // the default TLC device
  Simulator sim(device, {});
  EXPECT_LE(sim.StateBytesPerPhysicalUnit(), 12.0);
}

}  // namespace
}  // namespace flashscope
