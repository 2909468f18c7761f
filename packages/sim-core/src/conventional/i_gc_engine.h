// IGcEngine: the conventional drive's relocation machinery — it empties
// blocks as a sequence of flash commands that compete with host I/O for
// dies and channels: page reads of a victim's valid units, whole-wordline
// programs of them elsewhere, then the victim's erase. What to empty and
// where the data goes is a policy's (conventional/i_relocation_policy.h):
// native GC, SLC migration and static wear levelling are three job sets
// over the same engine (a flash op goes back to the set of its cause).
//
// Contract: Start asks a job set's policy on one plane for work (foreground
// work turns a background run foreground); the engine then keeps the job
// going from its own flash completions (OnOpDone, every op whose cause is
// not kHost) until the policy wants no further victim and the last victim
// is erased. Per erase it tells its IGcEngineListener, in this order:
// OnBlockErased (the block is free), the policy's OnVictimErased,
// OnPlaneErased (before the job takes its next step), OnSpaceFreed (after).
// Per wordline of relocated data it queues: OnUnitsRelocated (GC pacing
// admits host writes against this work, conventional/write_buffer.h).
//
// Destination headroom: a GC job takes a further victim only while the
// plane's free blocks (victims being erased included) and its open GC block
// cover every unit its victims still hold, a wordline of padding and the new
// victim's valid units; a program that finds no block waits for a victim's
// erase under way. The host leaves GC what its victims under way still need
// (GcEngine::DestinationUnitsOwed) and at least one block for a run's first
// victim: so GC always has a destination block.
#pragma once

#include <cstdint>

#include "metrics/nand_counters.h"
#include "nand/flash_op.h"

namespace flashscope {

// The engine's job sets.
enum class Relocation : uint8_t { kGc = 0, kMigration = 1, kWearLeveling = 2 };

class IGcEngineListener {
 public:
  virtual ~IGcEngineListener() = default;
  virtual void OnBlockErased(uint32_t block) = 0;
  virtual void OnPlaneErased(uint32_t plane, uint64_t now_ns) = 0;
  virtual void OnSpaceFreed(uint64_t now_ns) = 0;
  virtual void OnUnitsRelocated(uint32_t plane, uint64_t now_ns) = 0;
};

class IGcEngine {
 public:
  virtual ~IGcEngine() = default;
  virtual void Start(Relocation set, uint32_t plane, bool background, uint64_t now_ns) = 0;
  // Takes `set`'s job on `plane` further if it has victims under way.
  virtual void StepIfActive(Relocation set, uint32_t plane, uint64_t now_ns) = 0;
  virtual void OnOpDone(const FlashOp& op, uint64_t now_ns) = 0;
  // Planes with a run of `set` under way.
  virtual uint32_t active_jobs(Relocation set) const = 0;
  // Units moved and victims erased so far, by the cause they counted under.
  virtual uint64_t units_moved(Cause cause) const = 0;
  virtual uint64_t victims_erased(Cause cause) const = 0;
};

}  // namespace flashscope
