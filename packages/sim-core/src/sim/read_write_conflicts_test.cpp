// Read/write conflict controls (seed 000 §2.2.3): program/erase suspend on
// the flash engine, read-disturb refresh and static wear levelling in the
// controller. Numbers on the tiny SLC drive of test_devices.h (tR 25 us,
// tPROG 200 us, tBERS 1.5 ms, 10.24 us per 4 KiB on the channel).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "conventional/controller_for_test.h"
#include "engine/event_kinds.h"
#include "engine/flash_engine.h"
#include "kernel/event_queue.h"
#include "sched/i_die_scheduler.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

using testing::ClosedLoop;
using testing::Io;
using testing::OpenLoop;
using testing::TinySlcDevice;

constexpr uint64_t kUs = 1'000;
constexpr uint64_t kTr = 25'000, kTprog = 200'000, kTbers = 1'500'000;
constexpr uint64_t kBus4k = 10'240;
constexpr uint64_t kSuspend = 20'000, kResume = 30'000;

class Recorder final : public IFlashListener {
 public:
  void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) override {
    done.push_back({op.kind, now_ns});
  }
  void OnDieIdle(uint32_t, uint64_t) override {}
  uint64_t DoneAt(OpKind kind, size_t nth = 0) const {
    for (const auto& [k, t] : done) {
      if (k == kind && nth-- == 0) return t;
    }
    ADD_FAILURE() << "op not done";
    return 0;
  }
  std::vector<std::pair<OpKind, uint64_t>> done;
};

FlashOp Op(OpKind kind, Cause cause) {
  FlashOp op;
  op.kind = kind;
  op.cause = cause;
  op.units = kind == OpKind::kErase ? 0 : 1;
  return op;
}

// One die: `first` at time 0, then a host read at each of `read_at_ns`.
Recorder RunWithReads(const DeviceConfig& config, const FlashOp& first,
                      const std::vector<uint64_t>& read_at_ns) {
  const DeviceLayout layout = DeviceLayout::From(config);
  EventQueue events;
  auto sched = MakeDieScheduler("fifo");
  FlashEngine engine(config, layout, *sched, events);
  Recorder recorder;
  engine.set_listener(&recorder);
  engine.Enqueue(first, 0);
  size_t next_read = 0;
  while (!events.empty() || next_read < read_at_ns.size()) {
    if (next_read < read_at_ns.size() &&
        (events.empty() || events.top().time_ns > read_at_ns[next_read])) {
      engine.Enqueue(Op(OpKind::kRead, Cause::kHost), read_at_ns[next_read++]);
      continue;
    }
    const Event e = events.Pop();
    if (e.kind == kDieDone) engine.OnDieDone(e.target, e.time_ns);
    if (e.kind == kTransferDone) engine.OnTransferDone(e.target, e.time_ns);
  }
  return recorder;
}

DeviceConfig SuspendDevice(bool program, bool erase, uint32_t max_per_op = 4) {
  DeviceConfig config = TinySlcDevice();
  config.suspend.program = program;
  config.suspend.erase = erase;
  config.suspend.suspend_ns = kSuspend;
  config.suspend.resume_ns = kResume;
  config.suspend.max_per_op = max_per_op;
  return config;
}

TEST(Suspend, AReadBehindAnEraseWaitsForItWithoutSuspend) {
  const Recorder r =
      RunWithReads(SuspendDevice(false, false), Op(OpKind::kErase, Cause::kGc), {100 * kUs});
  EXPECT_EQ(r.DoneAt(OpKind::kErase), kTbers);
  EXPECT_EQ(r.DoneAt(OpKind::kRead), kTbers + kTr + kBus4k);  // 1.535 ms after 0.1 ms arrival
}

TEST(Suspend, EraseSuspendLetsTheReadInAfterTheSuspendLatency) {
  const Recorder r =
      RunWithReads(SuspendDevice(false, true), Op(OpKind::kErase, Cause::kGc), {100 * kUs});
  // Arrives at 100 us: 20 us to suspend, then tR and the transfer.
  EXPECT_EQ(r.DoneAt(OpKind::kRead), 100 * kUs + kSuspend + kTr + kBus4k);  // 155.24 us
  // The erase is pushed back by the suspend, the read and the resume.
  EXPECT_EQ(r.DoneAt(OpKind::kErase), kTbers + kSuspend + kTr + kBus4k + kResume);
  // Program suspend alone leaves erases alone.
  const Recorder p =
      RunWithReads(SuspendDevice(true, false), Op(OpKind::kErase, Cause::kGc), {100 * kUs});
  EXPECT_EQ(p.DoneAt(OpKind::kRead), kTbers + kTr + kBus4k);
}

TEST(Suspend, ProgramSuspendShortensTheReadBehindAProgram) {
  // The program's data crosses the bus first (10.24 us), then tPROG.
  const Recorder r =
      RunWithReads(SuspendDevice(true, false), Op(OpKind::kProgram, Cause::kHost), {50 * kUs});
  EXPECT_EQ(r.DoneAt(OpKind::kRead), 50 * kUs + kSuspend + kTr + kBus4k);
  EXPECT_EQ(r.DoneAt(OpKind::kProgram), kBus4k + kTprog + kSuspend + kTr + kBus4k + kResume);
  // Within the suspend latency of its end the program just finishes.
  const Recorder late = RunWithReads(SuspendDevice(true, false), Op(OpKind::kProgram, Cause::kHost),
                                     {kBus4k + kTprog - kUs});
  EXPECT_EQ(late.DoneAt(OpKind::kProgram), kBus4k + kTprog);
}

TEST(Suspend, AnOperationIsSuspendedAtMostMaxPerOpTimes) {
  const DeviceConfig config = SuspendDevice(false, true, /*max_per_op=*/2);
  const Recorder r =
      RunWithReads(config, Op(OpKind::kErase, Cause::kGc), {100 * kUs, 300 * kUs, 500 * kUs});
  const uint64_t per_suspension = kSuspend + kTr + kBus4k + kResume;
  EXPECT_EQ(r.DoneAt(OpKind::kRead, 0), 100 * kUs + kSuspend + kTr + kBus4k);
  EXPECT_EQ(r.DoneAt(OpKind::kRead, 1), 300 * kUs + kSuspend + kTr + kBus4k);
  // The third read waits for the rest of the erase.
  EXPECT_EQ(r.DoneAt(OpKind::kErase), kTbers + 2 * per_suspension);
  EXPECT_EQ(r.DoneAt(OpKind::kRead, 2), kTbers + 2 * per_suspension + kTr + kBus4k);
}

TEST(Suspend, CountsSuspensionsInTheSimulator) {
  // Writes without a buffer keep the die programming; reads of written data
  // arriving meanwhile suspend the programs.
  DeviceConfig device = SuspendDevice(true, true);
  device.precondition.fill = 0.5;
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 200; ++i) {
    ios.push_back(Io(i % 2 ? IoOp::kRead : IoOp::kWrite, i % 2 ? i : 1000 + i));
  }
  Simulator sim(device, ClosedLoop(std::move(ios), 2));
  sim.Precondition();
  sim.RunToCompletion();
  EXPECT_GT(sim.flash().program_suspensions(), 50u);
  DeviceConfig off = device;
  off.suspend = SuspendConfig{};
  std::vector<HostIo> same;
  for (uint32_t i = 0; i < 200; ++i) {
    same.push_back(Io(i % 2 ? IoOp::kRead : IoOp::kWrite, i % 2 ? i : 1000 + i));
  }
  Simulator base(off, ClosedLoop(std::move(same), 2));
  base.Precondition();
  base.RunToCompletion();
  EXPECT_EQ(base.flash().program_suspensions(), 0u);
  // Reads no longer wait out tPROG.
  const auto read_mean = [](const Simulator& s) {
    return s.host().metrics(0).latency[0].mean_ns();
  };
  EXPECT_LT(read_mean(sim), 0.7 * read_mean(base));
}

// ------------------------------------------------------------ read disturb

Simulator RereadOneBlock(uint32_t reads) {
  DeviceConfig device = TinySlcDevice();
  device.precondition.fill = 0.5;
  device.read_disturb.enabled = true;
  device.read_disturb.threshold_reads[1] = 10;  // SLC
  // Reads of unit 1 every 100 us, then one read of another block at 100 ms
  // so the run lasts until the refresh has finished.
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < reads; ++i) ios.push_back(Io(IoOp::kRead, 1, 1, i * 100 * kUs));
  ios.push_back(Io(IoOp::kRead, 1000, 1, 100'000 * kUs));
  return Simulator(device, OpenLoop(std::move(ios)));
}

TEST(ReadDisturb, TheThresholdthReadOfABlockRefreshesItOnce) {
  Simulator below = RereadOneBlock(9);
  below.Precondition();
  const uint32_t block = below.layout().BlockOfSlot(below.ftl().SlotOf(1));
  below.RunToCompletion();
  EXPECT_EQ(flashscope::testing::ControllerOf(below).reliability_stats().refreshes, 0u);
  EXPECT_EQ(flashscope::testing::ControllerOf(below).block_reads(block), 9u);

  Simulator sim = RereadOneBlock(15);
  sim.Precondition();
  ASSERT_EQ(sim.layout().BlockOfSlot(sim.ftl().SlotOf(1)), block);
  const uint32_t valid = sim.ftl().valid_units(block);
  ASSERT_EQ(valid, 64u);  // a full block of the sequential fill
  sim.RunToCompletion();
  const ReliabilityStats& stats = flashscope::testing::ControllerOf(sim).reliability_stats();
  EXPECT_EQ(stats.refreshes, 1u);
  EXPECT_EQ(stats.refreshed_units, valid);  // all its valid data moved
  EXPECT_EQ(sim.counters().block_erases[static_cast<uint32_t>(Cause::kRefresh)], 1u);
  EXPECT_EQ(sim.counters().units_programmed[static_cast<uint32_t>(Cause::kRefresh)], valid);
  EXPECT_NE(sim.layout().BlockOfSlot(sim.ftl().SlotOf(1)), block);
  EXPECT_EQ(sim.ftl().valid_units(block), 0u);
  EXPECT_EQ(flashscope::testing::ControllerOf(sim).block_reads(block), 0u);  // reset by the erase
  EXPECT_EQ(flashscope::testing::ControllerOf(sim).gc_runs(), 0u);           // not counted as GC
}

// ------------------------------------------------------- static wear levelling

uint32_t EraseSpread(const Simulator& sim) {
  uint32_t min = UINT32_MAX, max = 0;
  for (uint32_t b = 0; b < sim.layout().blocks; ++b) {
    min = std::min(min, sim.ftl().erase_count(b));
    max = std::max(max, sim.ftl().erase_count(b));
  }
  return max - min;
}

// The drive filled with cold data, then a hot range of 4 blocks' worth
// rewritten over and over.
Simulator HotCold(bool static_wl, uint32_t threshold) {
  DeviceConfig device = TinySlcDevice();
  device.precondition.fill = 1.0;
  device.wear_leveling.static_enabled = static_wl;
  device.wear_leveling.static_threshold = threshold;
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 40'000; ++i) ios.push_back(Io(IoOp::kWrite, i % 256));
  return Simulator(device, ClosedLoop(std::move(ios), 4));
}

TEST(StaticWearLeveling, BoundsTheEraseSpreadOfAHotColdWorkload) {
  Simulator without = HotCold(false, 8);
  without.Precondition();
  without.RunToCompletion();
  const uint32_t spread_without = EraseSpread(without);
  EXPECT_GT(spread_without, 30u);
  EXPECT_EQ(flashscope::testing::ControllerOf(without).reliability_stats().static_wl_moves, 0u);

  Simulator with = HotCold(true, 8);
  with.Precondition();
  with.RunToCompletion();
  const uint32_t spread_with = EraseSpread(with);
  EXPECT_LE(spread_with, 8u + 3u);
  const ReliabilityStats& stats = flashscope::testing::ControllerOf(with).reliability_stats();
  EXPECT_GT(stats.static_wl_moves, 0u);
  EXPECT_GT(stats.static_wl_units, 0u);
  EXPECT_EQ(with.counters().block_erases[static_cast<uint32_t>(Cause::kWearLeveling)],
            stats.static_wl_moves);
  std::printf("erase spread: %u without static WL, %u with (threshold 8), %llu moves\n",
              spread_without, spread_with, static_cast<unsigned long long>(stats.static_wl_moves));
}

}  // namespace
}  // namespace flashscope
