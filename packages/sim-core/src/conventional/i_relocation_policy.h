// IRelocationPolicy: what the GC engine (conventional/gc_engine.h) moves and
// where. The engine moves pages — it reads a victim's valid units, stages
// them, programs them in whole wordlines and erases the emptied victim; a
// policy decides which blocks to empty, when to stop, where the data goes
// and what its moves count as. Native garbage collection (native_gc_policy.h),
// SLC migration (slc_migration.h) and static wear levelling
// (static_wear_leveling_policy.h) are the policies; the engine runs one job
// per plane for each.
//
// Contract: the engine asks WantsAnotherVictim before it starts a run and
// PickVictim each time it could take another victim (at most
// GcEngine::kMaxVictimsPerPlane at a time, one being scanned); a picked
// block is the policy's to prepare (taken out of its own lists) and the
// engine's from then on, until OnVictimErased. Nothing here is called per
// page, except OnDivertedUnit for the units of diverted_units().
#pragma once

#include <cstdint>

#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "nand/flash_op.h"

namespace flashscope {

class PinnedUnits;

// A block the engine empties, and the cause its moves and erase count under.
struct RelocationVictim {
  uint32_t block = kNoBlock;
  Cause cause = Cause::kGc;
};

// Paced GC's other half: whether GC on a plane is ahead of the host.
class IGcThrottle {
 public:
  virtual ~IGcThrottle() = default;
  virtual bool GcAhead(uint32_t plane) const = 0;
};

class IRelocationPolicy {
 public:
  virtual ~IRelocationPolicy() = default;

  // The cause of this policy's moves (kGc, kMigration), the stream its
  // destination wordlines come from, how many free blocks it leaves to
  // others when it opens a destination, and its log events.
  virtual Cause cause() const = 0;
  virtual Stream destination() const = 0;
  virtual uint32_t destination_reserve() const = 0;
  virtual SimEventKind start_event() const = 0;
  virtual SimEventKind end_event() const = 0;

  // Whether the job on `plane` should take one more victim; victims it has
  // taken (and not erased yet) count as the free blocks they will become.
  virtual bool WantsAnotherVictim(uint32_t plane, uint32_t victims_taken,
                                  bool background) const = 0;
  // The next victim on `plane` (block kNoBlock: none now).
  virtual RelocationVictim PickVictim(uint32_t plane, uint32_t victims_taken, bool background) = 0;
  // No free block for a destination wordline on `plane`.
  virtual void OnNoDestination(uint32_t plane, uint64_t now_ns) = 0;
  // A victim was erased (before the engine takes its job further).
  virtual void OnVictimErased(const RelocationVictim& victim, uint32_t plane, bool background,
                              uint64_t now_ns) = 0;

  // Units read from a victim that are not moved by the engine but handed
  // to OnDivertedUnit (SLC migration: pinned units go back into pSLC);
  // nullptr: none.
  // Whether the policy holds its work on `plane` back for now (paced GC
  // ahead of the host); the engine asks again when Step runs next.
  virtual bool Paused(uint32_t plane) const {
    (void)plane;
    return false;
  }
  virtual const PinnedUnits* diverted_units() const { return nullptr; }
  virtual void OnDivertedUnit(uint32_t lpn, uint64_t now_ns) {
    (void)lpn;
    (void)now_ns;
  }
};

}  // namespace flashscope
