// FlashOp: one command to a die — read a page, program a wordline, erase a
// block — with the cause it is done for and whom to tell when it completes.
#pragma once

#include <cstdint>

#include "metrics/nand_counters.h"

namespace flashscope {

enum class OpKind : uint8_t { kRead = 0, kProgram = 1, kErase = 2 };

struct FlashOp {
  OpKind kind = OpKind::kRead;
  Cause cause = Cause::kHost;
  uint32_t plane = 0;
  // Read: first slot of the units to transfer (all in one page).
  // Program: first slot of the wordline. Erase: first slot of the block.
  uint32_t first_slot = 0;
  uint32_t units = 0;     // read: units transferred; program: wordline units
  uint32_t owner = 0;     // host request id (host reads), batch id (programs),
                          // plane (GC and migration reads and erases)
  bool slc = false;       // the block is in pSLC mode: pSLC timing
  uint64_t sequence = 0;  // arrival order at the die, for FIFO scheduling
  uint64_t enqueued_ns = 0;
};

// A read the host waits for: its own, or the old data of a unit its write
// covers in part (read-modify-write). The die queues both as host reads.
inline bool IsHostRead(const FlashOp& op) {
  return op.kind == OpKind::kRead &&
         (op.cause == Cause::kHost || op.cause == Cause::kReadModifyWrite);
}

}  // namespace flashscope
