// NativeGcPolicy: garbage collection proper as a relocation policy over the
// GC engine (conventional/i_relocation_policy.h). Victims are the forced
// moves of the reliability scanner first (read-disturb refresh),
// then what the gc.victim plug-in picks (ftl/gc/i_victim_policy.h). A run
// goes on while the plane is below its GC reserve (foreground) or, started
// by idle time, below the background reserve while its die stays idle.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "conventional/flash_port.h"
#include "conventional/i_gc_engine.h"
#include "conventional/i_reliability_scanner.h"
#include "conventional/i_relocation_policy.h"
#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "nand/layout.h"
#include "util/rng.h"

namespace flashscope {

class NativeGcPolicy final : public IRelocationPolicy {
 public:
  static constexpr uint32_t kPacedMarginBlocks = 1;
  // Foreground GC runs while a plane's free blocks are below this: the GC
  // reserve, or a block more when paced (gc.pacing=proportional), so paced
  // GC runs beside the host's writes instead of only once the host must
  // wait. The host's write path starts GC by the same rule (write_buffer.h).
  static uint32_t ForegroundStartBelow(const DeviceLayout& layout, bool paced) {
    return layout.gc_reserve_blocks + (paced ? kPacedMarginBlocks : 0);
  }
  NativeGcPolicy(const DeviceLayout& layout, const FtlState& ftl, IVictimPolicy& victims, Rng& rng,
                 const FlashPort& port, IReliabilityScanner& scanner, IGcEngine& engine)
      : layout_(layout),
        ftl_(ftl),
        victims_(victims),
        rng_(rng),
        port_(port),
        scanner_(scanner),
        engine_(engine) {}

  Cause cause() const override { return Cause::kGc; }
  Stream destination() const override { return Stream::kGc; }
  uint32_t destination_reserve() const override { return 0; }
  SimEventKind start_event() const override { return SimEventKind::kGcStart; }
  SimEventKind end_event() const override { return SimEventKind::kGcEnd; }

  bool WantsAnotherVictim(uint32_t plane, uint32_t victims_taken, bool background) const override {
    if (scanner_.HasForcedMoves(plane)) return true;
    const uint32_t expected_free = ftl_.FreeBlocks(plane) + victims_taken;
    if (expected_free < ForegroundStartBelow(layout_, throttle_ != nullptr)) return true;
    return background && expected_free < layout_.background_reserve_blocks &&
           port_.DieIdle(layout_.DieOfPlane(plane));
  }
  RelocationVictim PickVictim(uint32_t plane, uint32_t victims_taken, bool background) override {
    ForcedMove forced{kNoBlock, Cause::kGc};
    if (scanner_.TakeForcedMove(plane, forced)) return RelocationVictim{forced.block, forced.cause};
    // Stale forced moves were dropped above, so this asks about GC proper
    // (a forced move still waiting for the reserve keeps it true; the
    // policy then finds the garbage that restores the reserve).
    if (!WantsAnotherVictim(plane, victims_taken, background)) return {};
    return RelocationVictim{victims_.PickVictim(ftl_, plane, rng_), Cause::kGc};
  }
  // gc.pacing=proportional: GC that has done the reclaim work the host's
  // writes so far owe waits for the next host wordline (gc_pacing.h),
  // unless the pool is short of the reserve.
  void set_throttle(const IGcThrottle* throttle) { throttle_ = throttle; }
  bool Paused(uint32_t plane) const override {
    return throttle_ != nullptr && ftl_.FreeBlocks(plane) >= layout_.gc_reserve_blocks &&
           throttle_->GcAhead(plane);
  }
  void OnNoDestination(uint32_t plane, uint64_t now_ns) override {
    (void)plane;
    (void)now_ns;
    throw std::logic_error("GC has no destination block");
  }
  void OnVictimErased(const RelocationVictim& victim, uint32_t plane, bool background,
                      uint64_t now_ns) override {
    (void)victim;
    (void)background;
    // A migration destination may have been waiting for this plane's GC.
    engine_.StepIfActive(Relocation::kMigration, plane, now_ns);
  }

 private:
  const DeviceLayout& layout_;
  const FtlState& ftl_;
  IVictimPolicy& victims_;
  Rng& rng_;
  const FlashPort& port_;
  IReliabilityScanner& scanner_;
  IGcEngine& engine_;
  const IGcThrottle* throttle_ = nullptr;
};

}  // namespace flashscope
