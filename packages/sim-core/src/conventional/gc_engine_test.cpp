// The GC engine moves pages for whatever relocation policy drives it: a
// policy of the test's own empties one chosen block, and the engine reads
// its valid units, programs them elsewhere, erases it and tells the policy
// and its listener in the documented order.
#include "conventional/gc_engine.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "conventional/flash_port.h"
#include "conventional/i_relocation_policy.h"
#include "engine/event_kinds.h"
#include "engine/flash_engine.h"
#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "ftl/untimed_writer.h"
#include "kernel/event_queue.h"
#include "sched/i_die_scheduler.h"
#include "sim/test_devices.h"
#include "util/rng.h"

namespace flashscope {
namespace {

// Empties `block` once, counting its moves as refreshes.
class EmptyOneBlock final : public IRelocationPolicy {
 public:
  EmptyOneBlock(uint32_t block, std::vector<std::string>& calls) : block_(block), calls_(calls) {}
  Cause cause() const override { return Cause::kGc; }
  Stream destination() const override { return Stream::kGc; }
  uint32_t destination_reserve() const override { return 0; }
  SimEventKind start_event() const override { return SimEventKind::kGcStart; }
  SimEventKind end_event() const override { return SimEventKind::kGcEnd; }
  bool WantsAnotherVictim(uint32_t, uint32_t, bool) const override { return !taken_; }
  RelocationVictim PickVictim(uint32_t, uint32_t, bool) override {
    if (taken_) return {};
    taken_ = true;
    return RelocationVictim{block_, Cause::kRefresh};
  }
  void OnNoDestination(uint32_t, uint64_t) override { calls_.push_back("no destination"); }
  void OnVictimErased(const RelocationVictim& victim, uint32_t, bool, uint64_t) override {
    calls_.push_back("policy: erased " + std::to_string(victim.block));
  }

 private:
  uint32_t block_;
  bool taken_ = false;
  std::vector<std::string>& calls_;
};

class Recorder final : public IGcEngineListener, public IFlashListener {
 public:
  explicit Recorder(std::vector<std::string>& calls) : calls_(calls) {}
  void OnBlockErased(uint32_t block) override {
    calls_.push_back("block erased " + std::to_string(block));
  }
  void OnPlaneErased(uint32_t, uint64_t) override { calls_.push_back("plane erased"); }
  void OnSpaceFreed(uint64_t) override { calls_.push_back("space freed"); }
  void OnUnitsRelocated(uint32_t, uint64_t) override {}
  void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) override { engine->OnOpDone(op, now_ns); }
  void OnDieIdle(uint32_t, uint64_t) override {}
  GcEngine* engine = nullptr;

 private:
  std::vector<std::string>& calls_;
};

TEST(GcEngine, MovesAPolicysVictimAndErasesIt) {
  // One plane of 32 SLC blocks of 8 one-unit pages.
  const DeviceConfig config = testing::TinySlcDevice(32, 8);
  const DeviceLayout layout = DeviceLayout::From(config);
  FtlState ftl(layout, true);
  std::unique_ptr<IVictimPolicy> victims = MakeVictimPolicy("greedy", {});
  Rng rng(3);
  NandCounters counters;
  UntimedWriter writer(ftl, *victims, rng, counters);
  writer.WriteSequential(0, 24);  // blocks 0-2 full
  writer.WriteSequential(0, 3);   // block 0 keeps lpns 3-7 valid
  const uint32_t block = layout.BlockOfSlot(ftl.SlotOf(5));
  ASSERT_EQ(ftl.valid_units(block), 5u);
  counters = NandCounters{};

  std::vector<std::string> calls;
  EventQueue events;
  std::unique_ptr<IDieScheduler> scheduler = MakeDieScheduler(config.scheduler);
  FlashEngine flash(config, layout, *scheduler, events);
  FlashPort port(layout, flash);
  SimEventLog log;
  Recorder recorder(calls);
  GcEngine engine(layout, ftl, port, counters, log, recorder);
  recorder.engine = &engine;
  flash.set_listener(&recorder);
  EmptyOneBlock policy(block, calls);
  engine.Attach(Relocation::kGc, policy, layout.planes);

  engine.Start(Relocation::kGc, 0, false, 0);
  EXPECT_EQ(engine.active_jobs(Relocation::kGc), 1u);
  while (!events.empty()) {
    const Event event = events.Pop();
    if (event.kind == kDieDone) flash.OnDieDone(event.target, event.time_ns);
    if (event.kind == kTransferDone) flash.OnTransferDone(event.target, event.time_ns);
  }

  EXPECT_EQ(engine.active_jobs(Relocation::kGc), 0u);
  EXPECT_EQ(ftl.valid_units(block), 0u);
  EXPECT_EQ(ftl.erase_count(block), 1u);
  // The five valid units moved, under the victim's cause, and still read back.
  EXPECT_EQ(engine.units_moved(Cause::kRefresh), 5u);
  EXPECT_EQ(engine.units_moved(Cause::kGc), 0u);
  EXPECT_EQ(engine.victims_erased(Cause::kRefresh), 1u);
  EXPECT_EQ(counters.page_reads[static_cast<uint32_t>(Cause::kRefresh)], 5u);
  EXPECT_EQ(counters.units_programmed[static_cast<uint32_t>(Cause::kRefresh)], 5u);
  EXPECT_EQ(counters.block_erases[static_cast<uint32_t>(Cause::kRefresh)], 1u);
  for (uint64_t lpn = 3; lpn < 8; ++lpn) {
    ASSERT_NE(ftl.SlotOf(lpn), kUnmapped);
    EXPECT_NE(layout.BlockOfSlot(ftl.SlotOf(lpn)), block);
  }
  EXPECT_EQ(log.count(SimEventKind::kGcStart), 1u);
  EXPECT_EQ(log.count(SimEventKind::kGcEnd), 1u);
  const std::vector<std::string> expected = {"block erased " + std::to_string(block),
                                             "policy: erased " + std::to_string(block),
                                             "plane erased", "space freed"};
  EXPECT_EQ(calls, expected);
}

}  // namespace
}  // namespace flashscope
