// StaticWearLevelingPolicy: static wear levelling (ftl/static_wear_leveling.h)
// as a relocation policy over the GC engine (conventional/i_relocation_policy.h).
// Per plane, one victim at a time: the least-worn full block, its data
// programmed through the wear-levelling frontier (whose blocks are the
// most-worn free ones) and counted under Cause::kWearLeveling.
//
// It is a job set of its own rather than a forced move of native GC, so it
// runs whatever the GC reserve (timed host writes keep the pool below it):
// a move takes at most one free block and gives one back, and, like host
// writes, it leaves the last free block to GC (destination_reserve 1; with
// none left it starts GC and waits for an erase). The controller starts it
// after every erase on the plane (Controller::OnPlaneErased); the rule then
// decides whether there is work.
#pragma once

#include <cstdint>

#include "conventional/i_gc_engine.h"
#include "conventional/i_relocation_policy.h"
#include "ftl/ftl_state.h"
#include "ftl/static_wear_leveling.h"

namespace flashscope {

class StaticWearLevelingPolicy final : public IRelocationPolicy {
 public:
  StaticWearLevelingPolicy(uint32_t threshold, const FtlState& ftl, IGcEngine& engine)
      : threshold_(threshold), ftl_(ftl), engine_(engine) {}

  Cause cause() const override { return Cause::kWearLeveling; }
  Stream destination() const override { return Stream::kWearLeveling; }
  uint32_t destination_reserve() const override { return kLeftToGc; }
  // Logged as GC runs, as the forced moves of native GC were.
  SimEventKind start_event() const override { return SimEventKind::kGcStart; }
  SimEventKind end_event() const override { return SimEventKind::kGcEnd; }

  bool WantsAnotherVictim(uint32_t plane, uint32_t victims_taken, bool background) const override {
    (void)background;
    return victims_taken == 0 && CanOpenDestination(plane) &&
           StaticWearLevelingVictim(ftl_, plane, threshold_) != kNoBlock;
  }
  RelocationVictim PickVictim(uint32_t plane, uint32_t victims_taken, bool background) override {
    (void)background;
    if (victims_taken > 0 || !CanOpenDestination(plane)) return {};
    return RelocationVictim{StaticWearLevelingVictim(ftl_, plane, threshold_),
                            Cause::kWearLeveling};
  }
  void OnNoDestination(uint32_t plane, uint64_t now_ns) override {
    // GC frees a block; the controller steps this job again after the erase.
    engine_.Start(Relocation::kGc, plane, false, now_ns);
  }
  void OnVictimErased(const RelocationVictim& victim, uint32_t plane, bool background,
                      uint64_t now_ns) override {
    (void)victim;
    (void)plane;
    (void)background;
    (void)now_ns;
  }

 private:
  static constexpr uint32_t kLeftToGc = 1;
  // A move is started only when its first wordline has somewhere to go.
  bool CanOpenDestination(uint32_t plane) const {
    return ftl_.OpenBlock(plane, Stream::kWearLeveling) != kNoBlock ||
           ftl_.FreeBlocks(plane) > kLeftToGc;
  }

  uint32_t threshold_;
  const FtlState& ftl_;
  IGcEngine& engine_;
};

}  // namespace flashscope
