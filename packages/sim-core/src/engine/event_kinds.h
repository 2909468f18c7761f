// The kinds of events on the simulator's agenda, and their priorities: at the
// same nanosecond, flash completions run before host completions, which run
// before new arrivals, so work that frees a resource is seen by work that
// wants it. Idle checks and the write-buffer pump go last.
#pragma once

#include <cstdint>

namespace flashscope {

enum EventKind : uint32_t {
  kDieDone = 0,          // target: die — array read, program or erase finished
  kTransferDone = 1,     // target: channel — a bus transfer finished
  kRequestDone = 2,      // target: host request id
  kJobWake = 3,          // target: job index — may issue again (rate, thinktime, start)
  kFlushPump = 4,        // target: unused — move buffered writes to flash
  kIdleCheck = 5,        // target: die — background GC if still idle
  kSlcIdleCheck = 6,     // target: unused — idle migration if the host is still quiet
  kBufferIdleCheck = 7,  // target: unused — flush the DRAM buffer if the host is still quiet
};

inline uint8_t PriorityOf(EventKind kind) {
  switch (kind) {
    case kDieDone:
    case kTransferDone:
      return 0;
    case kRequestDone:
      return 1;
    case kJobWake:
      return 2;
    case kFlushPump:
      return 3;
    case kIdleCheck:
    case kSlcIdleCheck:
    case kBufferIdleCheck:
      return 4;
  }
  return 5;
}

}  // namespace flashscope
