// FlashPort: the conventional drive's one way to the dies. Every part (the
// write buffer's host commands, the GC engine's relocation commands) queues
// its FlashOps here, so the port knows since when each die has had nothing
// queued by the controller: background GC starts on a die that stayed idle
// for gc.idle_us. Non-virtual and inline: it is on the per-page path.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/flash_engine.h"
#include "nand/flash_op.h"
#include "nand/layout.h"

namespace flashscope {

inline FlashOp MakeOp(OpKind kind, Cause cause, uint32_t plane, uint32_t first_slot, uint32_t units,
                      uint32_t owner, bool slc) {
  FlashOp op;
  op.slc = slc;
  op.kind = kind;
  op.cause = cause;
  op.plane = plane;
  op.first_slot = first_slot;
  op.units = units;
  op.owner = owner;
  return op;
}

class FlashPort {
 public:
  static constexpr uint64_t kBusy = UINT64_MAX;

  FlashPort(const DeviceLayout& layout, FlashEngine& flash)
      : layout_(layout), flash_(flash), idle_since_(layout.dies, 0) {}

  // Queues `op` at its die (the caller has counted it).
  void Enqueue(const FlashOp& op, uint64_t now_ns) {
    idle_since_[layout_.DieOfPlane(op.plane)] = kBusy;
    flash_.Enqueue(op, now_ns);
  }
  // The die finished its last command (IFlashListener::OnDieIdle).
  void MarkIdle(uint32_t die, uint64_t now_ns) { idle_since_[die] = now_ns; }
  // When the die last went idle; kBusy while it has work queued since.
  uint64_t idle_since(uint32_t die) const { return idle_since_[die]; }
  bool DieIdle(uint32_t die) const { return flash_.DieIdle(die); }

 private:
  const DeviceLayout& layout_;
  FlashEngine& flash_;
  std::vector<uint64_t> idle_since_;  // per die
};

}  // namespace flashscope
