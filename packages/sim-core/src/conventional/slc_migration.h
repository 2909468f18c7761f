// SlcMigration: the SLC cache's migration ("folding", seeds 000 and 003) as
// a relocation policy over the GC engine (conventional/i_relocation_policy.h):
// it decides which pSLC blocks to empty and when; the engine moves their
// data into native blocks (stream kFold, cause kMigration). It also keeps
// the cache's exhaustion state, since running out of pSLC room is what
// makes migration urgent.
//
// When: lazily once the host has been quiet for idle_flush_ms, down to the
// persistent cache (or to empty after the cache has filled once, seed
// 003), oldest block first so the newest data stays; and in the foreground
// when the cache is needed (fold-then-write with no pSLC room on the
// plane) or the native free pool cannot cover GC's reserve while dynamic
// pSLC holds borrowed blocks — then the block with the least valid data
// (the SLC region's own garbage collection).
//
// Pinned units (small writes, pin_small_bytes) are not folded: they go
// back into pSLC through the write buffer.
#pragma once

#include <cstdint>

#include "config/device_config.h"
#include "conventional/i_gc_engine.h"
#include "conventional/i_relocation_policy.h"
#include "conventional/pinned_units.h"
#include "conventional/slc_cache.h"
#include "drive/drive_figures.h"
#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "nand/layout.h"

namespace flashscope {

// What SLC migration needs to know of the host side (the write buffer).
class ISlcHostSide {
 public:
  virtual ~ISlcHostSide() = default;
  // The host has I/O under way (idle migration waits).
  virtual bool host_busy() const = 0;
  virtual uint64_t host_units_admitted() const = 0;
  // A pinned unit read from a migration victim goes back into pSLC.
  virtual void Repin(uint32_t lpn, uint64_t now_ns) = 0;
};

class SlcMigration final : public IRelocationPolicy {
 public:
  SlcMigration(const DeviceLayout& layout, FtlState& ftl, const SlcCache& slc,
               const PinnedUnits& pinned, SimEventLog& log, IGcEngine& engine);
  void set_host_side(ISlcHostSide* host_side) { host_side_ = host_side; }

  // --- IRelocationPolicy ---------------------------------------------------
  Cause cause() const override { return Cause::kMigration; }
  // Migration leaves the last free block to GC, which needs a destination
  // to free anything.
  Stream destination() const override { return Stream::kFold; }
  uint32_t destination_reserve() const override { return 1; }
  SimEventKind start_event() const override { return SimEventKind::kMigrationStart; }
  SimEventKind end_event() const override { return SimEventKind::kMigrationEnd; }
  bool WantsAnotherVictim(uint32_t plane, uint32_t victims_taken, bool background) const override;
  RelocationVictim PickVictim(uint32_t plane, uint32_t victims_taken, bool background) override;
  // No free native block: GC is asked for one.
  void OnNoDestination(uint32_t plane, uint64_t now_ns) override;
  void OnVictimErased(const RelocationVictim& victim, uint32_t plane, bool background,
                      uint64_t now_ns) override;
  const PinnedUnits* diverted_units() const override { return &pinned_; }
  void OnDivertedUnit(uint32_t lpn, uint64_t now_ns) override { host_side_->Repin(lpn, now_ns); }

  // --- exhaustion ----------------------------------------------------------
  // The counters the write buffer keeps (placement, promotion) and the
  // exhaustion record; migrated_units and migrations are the GC engine's.
  SlcStats& stats() { return stats_; }
  const SlcStats& stats() const { return stats_; }
  bool exhausted() const { return stats_.exhausted; }
  // The cache is exhausted and when_full is "direct": SLC-bound data is
  // written natively until idle migration makes room.
  bool SlcBoundGoesNative() const { return stats_.exhausted && !slc_.fold_when_full(); }
  // No plane has pSLC room (true) or migration made some (false);
  // `host_units_admitted` dates the event.
  void SetExhausted(bool exhausted, uint64_t now_ns, uint64_t host_units_admitted);
  // Bytes of SLC content idle migration would keep now: the newest data up
  // to persistent_bytes, or none while a flush after a fill is pending.
  uint64_t PersistentCacheBytes() const;

 private:
  bool FoldWanted(uint32_t plane, bool background) const;
  uint32_t PickFoldVictim(uint32_t plane, bool background) const;

  const DeviceLayout& layout_;
  FtlState& ftl_;
  const SlcCache& slc_;
  const PinnedUnits& pinned_;
  SimEventLog& log_;
  IGcEngine& engine_;
  ISlcHostSide* host_side_ = nullptr;
  SlcStats stats_;
  // After the cache has filled once, idle migration empties it entirely
  // (seed 003: the persistent cache is flushed too).
  bool flush_persistent_ = false;
};

}  // namespace flashscope
