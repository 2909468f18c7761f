#include "engine/flash_engine.h"

#include <cmath>

#include "engine/event_kinds.h"

namespace flashscope {

FlashEngine::FlashEngine(const DeviceConfig& config, const DeviceLayout& layout,
                         const IDieScheduler& scheduler, EventQueue& events)
    : layout_(layout),
      scheduler_(scheduler),
      events_(events),
      timing_(config.TimingFor(layout.native_mode)),
      slc_timing_(config.TimingFor(CellMode::kSlc)),
      channel_bytes_per_s_(BytesPerSecond(config.channel_mbps)),
      planes_per_die_(layout.planes_per_die),
      dies_(layout.dies),
      channels_(layout.channels),
      current_(static_cast<size_t>(layout.dies) * layout.planes_per_die),
      suspended_(config.suspend.enabled() ? current_.size() : 0),
      suspend_(config.suspend) {}

void FlashEngine::ArmDieDone(uint32_t die, uint64_t at_ns) {
  dies_[die].done_at_ns = at_ns;
  events_.Push(at_ns, PriorityOf(kDieDone), kDieDone, die);
}

uint64_t FlashEngine::TransferNs(uint64_t bytes) const {
  return TransferTimeNs(bytes, channel_bytes_per_s_);
}

void FlashEngine::Enqueue(const FlashOp& op, uint64_t now_ns) {
  const uint32_t die = layout_.DieOfPlane(op.plane);
  FlashOp queued = op;
  queued.sequence = sequence_++;
  queued.enqueued_ns = now_ns;
  Die& d = dies_[die];
  if (IsHostRead(op)) {
    d.host_reads.push_back(queued);
  } else {
    d.other.push_back(queued);
  }
  if (d.phase == Phase::kIdle) {
    Dispatch(die, now_ns);
  } else if (IsHostRead(op)) {
    MaybeSuspend(die, now_ns);
  }
}

void FlashEngine::MaybeSuspend(uint32_t die, uint64_t now_ns) {
  if (!suspend_.enabled()) return;
  Die& d = dies_[die];
  if (d.host_reads.empty() || d.suspended || d.suspensions >= suspend_.max_per_op) return;
  const bool allowed = (d.phase == Phase::kProgram && suspend_.program) ||
                       (d.phase == Phase::kErase && suspend_.erase);
  if (!allowed || d.done_at_ns <= now_ns + suspend_.suspend_ns) return;
  FlashOp* current = Current(die);
  ++suspensions_[d.phase == Phase::kErase ? 1 : 0];
  ++d.suspensions;
  d.suspended = true;
  d.suspended_phase = d.phase;
  d.suspended_running = d.running;
  d.remaining_ns = d.done_at_ns - now_ns;
  for (uint32_t i = 0; i < d.running; ++i) suspended_[die * planes_per_die_ + i] = current[i];
  d.phase = Phase::kSuspending;
  ArmDieDone(die, now_ns + suspend_.suspend_ns);  // the old event goes stale
}

// Puts the suspended operation back on the die: resume latency, then the
// array time it still had left.
void FlashEngine::Resume(uint32_t die, uint64_t now_ns) {
  Die& d = dies_[die];
  FlashOp* current = Current(die);
  for (uint32_t i = 0; i < d.suspended_running; ++i) {
    current[i] = suspended_[die * planes_per_die_ + i];
  }
  d.running = d.suspended_running;
  d.phase = d.suspended_phase;
  d.suspended = false;
  d.started_ns = now_ns;
  ArmDieDone(die, now_ns + suspend_.resume_ns + d.remaining_ns);
}

void FlashEngine::Dispatch(uint32_t die, uint64_t now_ns) {
  Die& d = dies_[die];
  if (d.suspended) {
    // Only host reads run while a program/erase is suspended.
    if (d.host_reads.empty()) {
      Resume(die, now_ns);
      return;
    }
  } else if (d.host_reads.empty() && d.other.empty()) {
    return;
  }
  bool take_read;
  if (d.suspended) {
    take_read = true;
  } else if (d.host_reads.empty()) {
    take_read = false;
  } else if (d.other.empty()) {
    take_read = true;
  } else {
    take_read = scheduler_.Choose(d.host_reads.front(), d.other.front()) == QueuePick::kHostRead;
  }
  FlashOp* current = Current(die);
  RingQueue<FlashOp>& queue = take_read ? d.host_reads : d.other;
  current[0] = queue.front();
  queue.pop_front();
  d.running = 1;
  d.started_ns = now_ns;
  if (!d.suspended) d.suspensions = 0;  // a new operation
  switch (current[0].kind) {
    case OpKind::kRead:
      // Multi-plane read: reads of the die's other planes waiting in the
      // same queue share the tR; their data then leaves in one transfer.
      JoinOtherPlanes(die, queue);
      d.phase = Phase::kArray;
      ArmDieDone(die, now_ns + TimingOf(current[0]).read_ns);
      break;
    case OpKind::kProgram: {
      // Multi-plane: programs for the die's other planes waiting in its
      // queue join in (one transfer of all their data, one tPROG), as a
      // controller's transaction scheduler gathers them.
      JoinOtherPlanes(die, d.other);
      d.phase = Phase::kWaitBusIn;
      RequestBus(die, now_ns);
      break;
    }
    case OpKind::kErase:
      d.phase = Phase::kErase;
      ArmDieDone(die, now_ns + TimingOf(current[0]).erase_ns);
      MaybeSuspend(die, now_ns);  // a host read already waiting
      break;
  }
}

// Moves commands of the same kind and mode as the die's first running one,
// for planes not yet taken, from `queue` into the running set (a
// multi-plane operation: one array time for all). Only the first
// kMergeWindow queued commands are looked at, as a controller's transaction
// scheduler gathers from the head of its queue.
void FlashEngine::JoinOtherPlanes(uint32_t die, RingQueue<FlashOp>& queue) {
  constexpr uint32_t kMergeWindow = 16;
  Die& d = dies_[die];
  FlashOp* current = Current(die);
  for (uint32_t i = 0; i < queue.size() && i < kMergeWindow && d.running < planes_per_die_;) {
    const FlashOp& candidate = queue.at(i);
    // A multi-plane operation has one mode (and so one array time).
    bool plane_taken = candidate.kind != current[0].kind || candidate.slc != current[0].slc;
    for (uint32_t j = 0; j < d.running && !plane_taken; ++j) {
      plane_taken = current[j].plane == candidate.plane;
    }
    if (plane_taken) {
      ++i;
      continue;
    }
    current[d.running++] = candidate;
    queue.erase_at(i);
  }
}

void FlashEngine::RequestBus(uint32_t die, uint64_t now_ns) {
  const uint32_t channel = layout_.ChannelOfDie(die);
  Channel& c = channels_[channel];
  if (c.busy) {
    c.waiting.push_back(die);
  } else {
    StartTransfer(channel, die, now_ns);
  }
}

void FlashEngine::StartTransfer(uint32_t channel, uint32_t die, uint64_t now_ns) {
  Channel& c = channels_[channel];
  Die& d = dies_[die];
  c.busy = true;
  c.die = die;
  uint64_t units = 0;
  const FlashOp* current = Current(die);
  for (uint32_t i = 0; i < d.running; ++i) units += current[i].units;
  d.phase = d.phase == Phase::kWaitBusIn ? Phase::kBusIn : Phase::kBusOut;
  events_.Push(now_ns + TransferNs(units * layout_.unit_bytes), PriorityOf(kTransferDone),
               kTransferDone, channel);
}

void FlashEngine::OnTransferDone(uint32_t channel, uint64_t now_ns) {
  Channel& c = channels_[channel];
  const uint32_t die = c.die;
  Die& d = dies_[die];
  c.busy = false;
  if (!c.waiting.empty()) {
    const uint32_t next = c.waiting.front();
    c.waiting.pop_front();
    StartTransfer(channel, next, now_ns);
  }
  if (d.phase == Phase::kBusIn) {
    d.phase = Phase::kProgram;
    ArmDieDone(die, now_ns + TimingOf(Current(die)[0]).program_ns);
    MaybeSuspend(die, now_ns);  // a host read already waiting
  } else {
    Finish(die, now_ns);
  }
}

void FlashEngine::OnDieDone(uint32_t die, uint64_t now_ns) {
  Die& d = dies_[die];
  if (d.done_at_ns != now_ns) return;  // left behind by a suspend
  d.done_at_ns = UINT64_MAX;
  if (d.phase == Phase::kSuspending) {
    // The suspended operation's array time so far counts as its busy time.
    busy_ns_[static_cast<uint32_t>(suspended_[die * planes_per_die_].cause)] +=
        now_ns - d.started_ns;
    d.phase = Phase::kIdle;
    d.running = 0;
    Dispatch(die, now_ns);  // the waiting host reads, then the resume
    return;
  }
  if (d.phase == Phase::kArray) {
    d.phase = Phase::kWaitBusOut;
    RequestBus(die, now_ns);
    return;
  }
  Finish(die, now_ns);
}

void FlashEngine::Finish(uint32_t die, uint64_t now_ns) {
  Die& d = dies_[die];
  const uint32_t running = d.running;
  // Copy out first: listeners may enqueue to this die, which reuses `current`.
  FlashOp done[8];
  const FlashOp* current = Current(die);
  for (uint32_t i = 0; i < running; ++i) done[i] = current[i];
  busy_ns_[static_cast<uint32_t>(done[0].cause)] += now_ns - d.started_ns;
  d.phase = Phase::kIdle;
  d.running = 0;
  // Dispatch before notifying so the die's next command (already queued)
  // starts now; work the listeners add then queues behind it.
  Dispatch(die, now_ns);
  for (uint32_t i = 0; i < running; ++i) listener_->OnFlashOpDone(done[i], now_ns);
  if (DieIdle(die)) listener_->OnDieIdle(die, now_ns);
}

}  // namespace flashscope
