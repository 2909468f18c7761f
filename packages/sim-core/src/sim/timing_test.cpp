// Datasheet-level timing: what a single command costs on an idle die, how a
// busy die delays the next, how long an erase holds the die, and what the
// die scheduler changes.
#include <gtest/gtest.h>

#include <vector>

#include "engine/event_kinds.h"
#include "engine/flash_engine.h"
#include "kernel/event_queue.h"
#include "sched/i_die_scheduler.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

using testing::Io;
using testing::OpenLoop;
using testing::TinySlcDevice;

constexpr uint64_t kTr = 25'000, kTprog = 200'000, kTbers = 1'500'000;
constexpr uint64_t kBus4k = 10'240;  // 4096 B at 400 MB/s
constexpr uint64_t kLink4k = 1'000;  // 4096 B at 4096 MB/s

uint64_t OnlyLatency(const Simulator& sim, IoOp op) {
  const LatencyHistogram& h = sim.host().metrics(0).latency[static_cast<uint32_t>(op)];
  EXPECT_EQ(h.count(), 1u);
  return h.max_ns();  // exact, unlike bucketed percentiles
}

TEST(Timing, ReadOnIdleDieTakesArrayReadPlusTransfers) {
  DeviceConfig device = TinySlcDevice();
  device.precondition.fill = 0.5;
  Simulator sim(device, OpenLoop({Io(IoOp::kRead, 7)}));
  sim.Precondition();
  sim.RunToCompletion();
  EXPECT_EQ(OnlyLatency(sim, IoOp::kRead), kTr + kBus4k + kLink4k);  // 36.24 us
}

TEST(Timing, BusyDieDelaysTheNextRead) {
  DeviceConfig device = TinySlcDevice();
  device.precondition.fill = 0.5;
  // Two reads of different pages arrive together on the only die: the second
  // starts when the first has left the page register.
  Simulator sim(device, OpenLoop({Io(IoOp::kRead, 1), Io(IoOp::kRead, 2)}));
  sim.Precondition();
  sim.RunToCompletion();
  const LatencyHistogram& h = sim.host().metrics(0).latency[0];
  ASSERT_EQ(h.count(), 2u);
  EXPECT_EQ(h.min_ns(), kTr + kBus4k + kLink4k);
  EXPECT_EQ(h.max_ns(), 2 * (kTr + kBus4k) + kLink4k);
}

TEST(Timing, UnbufferedWriteCompletesWhenProgrammed) {
  Simulator sim(TinySlcDevice(), OpenLoop({Io(IoOp::kWrite, 3)}));
  sim.RunToCompletion();
  EXPECT_EQ(OnlyLatency(sim, IoOp::kWrite), kBus4k + kTprog + kLink4k);
}

TEST(Timing, BufferedWriteCompletesAtDramSpeed) {
  DeviceConfig device = TinySlcDevice();
  device.write_buffer_bytes = 1 << 20;
  Simulator sim(device, OpenLoop({Io(IoOp::kWrite, 3)}));
  sim.RunToCompletion();
  EXPECT_EQ(OnlyLatency(sim, IoOp::kWrite), kLink4k);
  EXPECT_EQ(sim.counters().TotalPrograms(), 1u);  // still programmed
}

// Drives a FlashEngine directly and records when each op completes.
class Recorder final : public IFlashListener {
 public:
  void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) override {
    done.push_back({op.kind, now_ns});
  }
  void OnDieIdle(uint32_t, uint64_t) override {}
  std::vector<std::pair<OpKind, uint64_t>> done;
};

std::vector<std::pair<OpKind, uint64_t>> RunOps(const std::string& scheduler,
                                                const std::vector<FlashOp>& ops) {
  DeviceConfig config = TinySlcDevice();
  const DeviceLayout layout = DeviceLayout::From(config);
  EventQueue events;
  auto sched = MakeDieScheduler(scheduler);
  FlashEngine engine(config, layout, *sched, events);
  Recorder recorder;
  engine.set_listener(&recorder);
  for (const FlashOp& op : ops) engine.Enqueue(op, 0);
  while (!events.empty()) {
    const Event e = events.Pop();
    if (e.kind == kDieDone) engine.OnDieDone(e.target, e.time_ns);
    if (e.kind == kTransferDone) engine.OnTransferDone(e.target, e.time_ns);
  }
  return recorder.done;
}

FlashOp Op(OpKind kind, Cause cause) {
  FlashOp op;
  op.kind = kind;
  op.cause = cause;
  op.units = kind == OpKind::kErase ? 0 : 1;
  return op;
}

TEST(Timing, EraseOccupiesTheDieForTbers) {
  const auto done =
      RunOps("fifo", {Op(OpKind::kErase, Cause::kGc), Op(OpKind::kRead, Cause::kHost)});
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[0].second, kTbers);
  EXPECT_EQ(done[1].second, kTbers + kTr + kBus4k);
}

TEST(Timing, FifoMakesAHostReadWaitForQueuedGcWork) {
  // The die is busy erasing; a GC program and then a host read queue behind.
  const std::vector<FlashOp> ops = {Op(OpKind::kErase, Cause::kGc),
                                    Op(OpKind::kProgram, Cause::kGc),
                                    Op(OpKind::kRead, Cause::kHost)};
  const auto fifo = RunOps("fifo", ops);
  EXPECT_EQ(fifo[2].first, OpKind::kRead);
  EXPECT_EQ(fifo[2].second, kTbers + kBus4k + kTprog + kTr + kBus4k);
  const auto priority = RunOps("read_priority", ops);
  EXPECT_EQ(priority[1].first, OpKind::kRead);
  EXPECT_EQ(priority[1].second, kTbers + kTr + kBus4k);
}

TEST(Timing, ChannelIsSharedByItsDies) {
  // Two dies on one channel read at once: the array reads overlap, the
  // transfers queue on the bus.
  DeviceConfig config = TinySlcDevice();
  config.geometry.dies_per_channel = 2;
  const DeviceLayout layout = DeviceLayout::From(config);
  EventQueue events;
  auto sched = MakeDieScheduler("fifo");
  FlashEngine engine(config, layout, *sched, events);
  Recorder recorder;
  engine.set_listener(&recorder);
  FlashOp a = Op(OpKind::kRead, Cause::kHost), b = a;
  b.plane = 1;  // die 1
  engine.Enqueue(a, 0);
  engine.Enqueue(b, 0);
  while (!events.empty()) {
    const Event e = events.Pop();
    if (e.kind == kDieDone) engine.OnDieDone(e.target, e.time_ns);
    if (e.kind == kTransferDone) engine.OnTransferDone(e.target, e.time_ns);
  }
  ASSERT_EQ(recorder.done.size(), 2u);
  EXPECT_EQ(recorder.done[0].second, kTr + kBus4k);
  EXPECT_EQ(recorder.done[1].second, kTr + 2 * kBus4k);
}

}  // namespace
}  // namespace flashscope
