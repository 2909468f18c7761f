// IReliabilityScanner: read-disturb refresh. It watches host page reads and
// produces forced moves — blocks that must be emptied whatever their
// garbage — which native GC (conventional/native_gc_policy.h) takes before
// its own victims. (Static wear levelling is a relocation policy of its
// own: conventional/static_wear_leveling_policy.h.)
//
// Contract: a forced move is queued at most once per block until that
// block is erased (OnBlockErased); queueing one starts GC on its plane. The
// GC policy takes moves with TakeForcedMove, oldest first, only while the
// plane has its GC reserve (a fully valid block frees nothing: ordinary GC
// restores the reserve first); moves whose block stopped being a full
// native block meanwhile are dropped.
#pragma once

#include <cstdint>

#include "metrics/nand_counters.h"

namespace flashscope {

struct ForcedMove {
  uint32_t block;
  Cause cause;  // kRefresh
};

class IReliabilityScanner {
 public:
  virtual ~IReliabilityScanner() = default;
  // A host page read of `block` reached the flash.
  virtual void NoteHostPageRead(uint32_t block, uint64_t now_ns) = 0;
  virtual bool HasForcedMoves(uint32_t plane) const = 0;
  virtual bool TakeForcedMove(uint32_t plane, ForcedMove& move) = 0;
  // `block` was erased (by any job): its read count and queue mark reset.
  virtual void OnBlockErased(uint32_t block) = 0;
};

}  // namespace flashscope
