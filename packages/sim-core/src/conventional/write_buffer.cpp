#include "conventional/write_buffer.h"

#include <algorithm>
#include <stdexcept>

#include "sim/event_kinds.h"

namespace flashscope {

namespace {
// Programs a plane may have queued or running for host data: one running and
// one waiting keeps the die busy without draining the buffer into one plane.
constexpr uint8_t kHostProgramsPerPlane = 2;
// Owner of buffered units that no host request waits for (read promotions,
// pinned units going back into pSLC).
constexpr uint32_t kInternalRequest = 0xFFFFFFFEu;
}  // namespace

WriteBuffer::WriteBuffer(const Parts& parts)
    : config_(parts.config),
      layout_(parts.layout),
      ftl_(parts.ftl),
      port_(parts.port),
      events_(parts.events),
      counters_(parts.counters),
      log_(parts.log),
      slc_(parts.slc),
      pinned_(parts.pinned),
      migration_(parts.migration),
      engine_(parts.engine),
      scanner_(parts.scanner),
      has_dram_buffer_(parts.config.write_buffer_bytes > 0) {
  const uint64_t staging = static_cast<uint64_t>(layout_.units_per_wordline) * layout_.planes;
  buffer_capacity_ = has_dram_buffer_
                         ? std::max<uint64_t>(config_.write_buffer_bytes / layout_.unit_bytes,
                                              layout_.units_per_wordline)
                         : staging;
  pending_bits_.assign((layout_.logical_units + 63) / 64, 0);
  host_programs_in_flight_.assign(layout_.planes, 0);
  const uint32_t batch_count = layout_.planes * kHostProgramsPerPlane;
  batches_.resize(batch_count);
  for (Batch& batch : batches_) batch.requests.resize(layout_.units_per_wordline);
  for (uint32_t i = batch_count; i-- > 0;) free_batches_.push_back(i);
}

// A host page read: counted, queued at its die, and (read disturb) counted
// against its block.
void WriteBuffer::EnqueueHostRead(const FlashOp& op, uint64_t now_ns) {
  ++counters_.page_reads[static_cast<uint32_t>(Cause::kHost)];
  ++host_reads_in_flight_;
  if (slc_.enabled()) host_->OnReadFrom(op.owner, op.slc);
  port_.Enqueue(op, now_ns);
  if (scanner_.counts_reads()) {
    scanner_.NoteHostPageRead(layout_.BlockOfSlot(op.first_slot), now_ns);
  }
}

// ---------------------------------------------------------------- host reads

void WriteBuffer::SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units,
                             uint64_t now_ns) {
  NoteHostBusy();
  uint32_t immediate = 0;
  uint32_t promote_first = 0, promote_units = 0;  // a run of hot native units
  FlashOp op;
  op.kind = OpKind::kRead;
  op.cause = Cause::kHost;
  op.owner = request;
  op.units = 0;
  for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) {
    const uint32_t slot = ftl_.SlotOf(lpn);
    // Buffered data is served from DRAM; never-written data reads as zeros
    // without touching flash (as a real drive answers from its map).
    const bool buffered = IsPending(lpn);
    if (buffered || slot == kUnmapped) {
      unwritten_read_units_ += !buffered;
      ++immediate;
      continue;
    }
    if (slc_.enabled() && !ftl_.IsSlc(layout_.BlockOfSlot(slot)) && slc_.OnNativeRead(lpn)) {
      if (promote_units == 0) promote_first = static_cast<uint32_t>(lpn);
      ++promote_units;
    }
    // Units contiguous in one flash page share one array read.
    if (op.units > 0 && slot == op.first_slot + op.units &&
        layout_.PageOfSlot(slot) == layout_.PageOfSlot(op.first_slot)) {
      ++op.units;
      continue;
    }
    if (op.units > 0) EnqueueHostRead(op, now_ns);
    op.first_slot = slot;
    op.plane = layout_.PlaneOfBlock(layout_.BlockOfSlot(slot));
    op.slc = ftl_.IsSlc(layout_.BlockOfSlot(slot));
    op.units = 1;
  }
  if (op.units > 0) EnqueueHostRead(op, now_ns);
  if (immediate > 0) host_->OnUnitsDone(request, immediate, now_ns);
  // Hot-read promotion (seed 000, Sun et al.): read-hot native data is
  // rewritten into SLC, like a host write nobody waits for.
  if (promote_units > 0) {
    for (uint32_t i = 0; i < promote_units; ++i) {
      const uint32_t lpn = promote_first + i;
      if (IsPending(lpn) || buffer_used_ >= buffer_capacity_) break;
      PushBuffered(waiting_slc_, lpn, kInternalRequest, now_ns);
      SetPending(lpn);
      ++buffer_used_;
      ++migration_.stats().promoted_units;
    }
    SchedulePump(now_ns);
  }
  // A read answered at once leaves the host as idle as it was.
  if (has_dram_buffer_) NoteMaybeHostIdle(now_ns);
}

// --------------------------------------------------------------- host writes

void WriteBuffer::SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units,
                              uint64_t now_ns) {
  NoteHostBusy();
  // Placement is decided per request (its size, whether its data is new),
  // and small requests may be pinned in SLC.
  const bool to_slc = slc_.enabled() && slc_.PlaceInSlc(first_lpn, units, now_ns);
  if (pinned_.enabled()) {
    const bool pin = slc_.IsPinned(units);
    for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) pinned_.Set(lpn, pin);
  }
  // Writes queue in arrival order: nobody overtakes a blocked write.
  uint32_t admitted = blocked_.empty() ? Admit(request, first_lpn, units, to_slc, now_ns) : 0;
  if (admitted < units) {
    blocked_.push_back(
        BlockedWrite{request, first_lpn + admitted, units - admitted, now_ns, to_slc});
    ++blocked_pushed_;
  }
  if (has_dram_buffer_) {
    // Only whole wordlines leave a DRAM buffer, so there is nothing to gain
    // from waiting for writes arriving at the same instant: flush now.
    Pump(now_ns);
    // The write completed in DRAM: if nothing else is under way the host is
    // quiet from now on (the idle flush clock starts).
    NoteMaybeHostIdle(now_ns);
  } else {
    SchedulePump(now_ns);
  }
}

// Takes units into the buffer while it has room; returns how many it took.
uint32_t WriteBuffer::Admit(uint32_t request, uint64_t first_lpn, uint32_t units, bool to_slc,
                            uint64_t now_ns) {
  RingQueue<BufferedUnit>& queue = to_slc ? waiting_slc_ : waiting_;
  uint32_t admitted = 0;
  uint32_t done_now = 0;
  for (; admitted < units; ++admitted) {
    const uint64_t lpn = first_lpn + admitted;
    if (has_dram_buffer_ && IsPending(lpn)) {
      ++done_now;  // coalesces with the copy already waiting
      continue;
    }
    if (buffer_used_ >= buffer_capacity_) break;
    // The unit is mapped when its wordline leaves for flash, a while from
    // now: fetch its mapping entry meanwhile (the table is far from cache).
    ftl_.Prefetch(lpn);
    PushBuffered(queue, static_cast<uint32_t>(lpn), request, now_ns);
    SetPending(lpn);
    ++buffer_used_;
    ++host_units_admitted_;
    if (has_dram_buffer_) ++done_now;
  }
  if (done_now > 0) host_->OnUnitsDone(request, done_now, now_ns);
  return admitted;
}

void WriteBuffer::AdmitBlocked(uint64_t now_ns) {
  while (!blocked_.empty()) {
    BlockedWrite& write = blocked_.front();
    const uint32_t admitted =
        Admit(write.request, write.next_lpn, write.remaining, write.to_slc, now_ns);
    write.next_lpn += admitted;
    write.remaining -= admitted;
    if (write.remaining > 0) break;
    const uint64_t waited = now_ns - write.since_ns;
    if (waited > kStallThresholdNs) {
      // bit 0: garbage collection was running; bit 1: migration was.
      const auto flag =
          static_cast<uint8_t>((engine_.active_jobs(Relocation::kGc) > 0 ? 1 : 0) |
                               (engine_.active_jobs(Relocation::kMigration) > 0 ? 2 : 0));
      log_.Add(StallEvent(write.since_ns, waited, flag));
    }
    blocked_.pop_front();
    ++blocked_popped_;
    if (!flushes_.empty()) ResolveFlushes();
  }
}

void WriteBuffer::SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units,
                             uint64_t now_ns) {
  for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) {
    if (IsPending(lpn)) {
      // Rare: scan the buffer so the trimmed data is not written later.
      for (RingQueue<BufferedUnit>* queue : {&waiting_, &waiting_slc_}) {
        for (uint32_t i = 0; i < queue->size(); ++i) {
          BufferedUnit& unit = const_cast<BufferedUnit&>(queue->at(i));
          if (unit.lpn == lpn) unit.dead = true;
        }
      }
      ClearPending(lpn);
    }
    ftl_.Unmap(lpn);
  }
  host_->OnUnitsDone(request, units, now_ns);
}

// ------------------------------------------------------------------ flushes

bool WriteBuffer::SubmitFlush(uint32_t request, uint64_t now_ns) {
  flushes_.push_back(PendingFlush{request, blocked_pushed_, next_seq_, false});
  ResolveFlushes();
  // Alone, resolved and with nothing older in the drive: done at once.
  uint32_t oldest = 0;
  const PendingFlush& flush = flushes_.front();
  if (flushes_.size() == 1 && flush.resolved &&
      (!OldestUnitSeq(oldest) || static_cast<int32_t>(oldest - flush.target_seq) >= 0)) {
    flushes_.pop_front();
    return false;
  }
  Pump(now_ns);
  return true;
}

// Flushes whose held-back writes have all been admitted learn their target:
// every unit admitted so far.
void WriteBuffer::ResolveFlushes() {
  for (uint32_t i = 0; i < flushes_.size(); ++i) {
    PendingFlush& flush = flushes_.at(i);
    if (flush.resolved || flush.blocked_before > blocked_popped_) continue;
    flush.resolved = true;
    flush.target_seq = next_seq_;
  }
}

bool WriteBuffer::FlushWantsHead(const RingQueue<BufferedUnit>& queue) const {
  if (queue.empty()) return false;
  const PendingFlush& last = flushes_.at(flushes_.size() - 1);
  // Unresolved: its held-back writes come after everything buffered now.
  if (!last.resolved) return true;
  return static_cast<int32_t>(queue.front().seq - last.target_seq) < 0;
}

// Completes, in order, the flushes with nothing admitted before them left
// in the buffer or being programmed. (The oldest unit still in the drive
// is the head of a queue or the first unit of a program in flight.)
void WriteBuffer::CompleteFlushes(uint64_t now_ns) {
  uint32_t oldest = 0;
  const bool any = OldestUnitSeq(oldest);
  while (!flushes_.empty()) {
    const PendingFlush flush = flushes_.front();
    if (!flush.resolved) return;
    if (any && static_cast<int32_t>(oldest - flush.target_seq) < 0) return;
    flushes_.pop_front();
    host_->OnUnitsDone(flush.request, 1, now_ns);
  }
}

// The admission number of the oldest unit still in the drive (a queue's
// head or the first unit of a program in flight); false when there is none.
bool WriteBuffer::OldestUnitSeq(uint32_t& oldest) const {
  bool any = false;
  const auto consider = [&](uint32_t seq) {
    if (!any || static_cast<int32_t>(seq - oldest) < 0) oldest = seq;
    any = true;
  };
  if (!waiting_.empty()) consider(waiting_.front().seq);
  if (!waiting_slc_.empty()) consider(waiting_slc_.front().seq);
  for (const Batch& batch : batches_) {
    if (batch.in_flight) consider(batch.first_seq);
  }
  return any;
}

void WriteBuffer::SchedulePump(uint64_t at_ns) {
  if (pump_scheduled_ && pump_at_ns_ <= at_ns) return;
  pump_scheduled_ = true;
  pump_at_ns_ = at_ns;
  events_.Push(at_ns, PriorityOf(kFlushPump), kFlushPump, 0);
}

void WriteBuffer::OnFlushPump(uint64_t now_ns) {
  if (!pump_scheduled_ || pump_at_ns_ != now_ns) return;  // superseded
  pump_scheduled_ = false;
  Pump(now_ns);
}

void WriteBuffer::Pump(uint64_t now_ns) {
  // Both queues get their turn; each stops when its next wordline cannot go.
  bool native_moved = true, slc_moved = true;
  while (native_moved || slc_moved) {
    native_moved = PumpQueue(waiting_, false, now_ns);
    slc_moved = !waiting_slc_.empty() && PumpQueue(waiting_slc_, true, now_ns);
  }
  // Trimmed units dropped from the head may have been all a flush waited for.
  if (!flushes_.empty()) CompleteFlushes(now_ns);
}

// Flushes one wordline from `queue` if it has one ready; true if it did.
bool WriteBuffer::PumpQueue(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns) {
  const bool full_wordline = queue.size() >= WordlineUnitsFor(slc_queue);
  bool partial = false;
  // A host flush waits for this data: it leaves now, padded if need be.
  if (!full_wordline && !flushes_.empty() && FlushWantsHead(queue)) {
    return FlushOneWordline(queue, slc_queue, now_ns, true);
  }
  if (!full_wordline && !has_dram_buffer_ && !queue.empty()) {
    // Without DRAM, a partial wordline waits a little for company.
    const uint64_t due = queue.front().admitted_ns + kPartialFlushDelayNs;
    if (due > now_ns) {
      SchedulePump(due);
      return false;
    }
    partial = true;
  }
  // The host has been quiet long enough: the buffer drains, partial
  // wordlines included.
  if (!full_wordline && drain_requested_ && !queue.empty()) partial = true;
  if (!full_wordline && !partial) return false;
  return FlushOneWordline(queue, slc_queue, now_ns, partial);
}

uint32_t WriteBuffer::AllocateBatch() {
  const uint32_t id = free_batches_.back();
  free_batches_.pop_back();
  return id;
}

void WriteBuffer::DropDeadHead(RingQueue<BufferedUnit>& queue, uint64_t now_ns) {
  // Entries trimmed while waiting just give their space back.
  while (!queue.empty() && queue.front().dead) {
    if (!has_dram_buffer_ && queue.front().request != kInternalRequest) {
      host_->OnUnitsDone(queue.front().request, 1, now_ns);
    }
    queue.pop_front();
    --buffer_used_;
  }
}

// Units a wordline from the host queue carries: one pSLC page for SLC-bound
// data, unless the cache is exhausted with when_full "direct" and that data
// goes to native wordlines too.
uint32_t WriteBuffer::WordlineUnitsFor(bool slc_queue) const {
  return slc_queue && !migration_.SlcBoundGoesNative() ? layout_.slc_units_per_wordline
                                                       : layout_.units_per_wordline;
}

// A wordline's first slot on some plane whose die can take it, and that
// plane; kNoSlot when none can. Starts GC or migration where space is short.
uint32_t WriteBuffer::AllocateHostWordline(bool to_slc, uint64_t now_ns, uint32_t& plane) {
  bool slc_room_somewhere = false;
  const uint32_t allowance = to_slc ? slc_.DynamicAllowanceBlocks() : 0;
  for (uint32_t tried = 0; tried < layout_.planes; ++tried) {
    plane = plane_cursor_ + tried;
    if (plane >= layout_.planes) plane -= layout_.planes;
    if (host_programs_in_flight_[plane] >= kHostProgramsPerPlane) {
      slc_room_somewhere |= to_slc && slc_.RoomOn(plane, allowance);
      continue;
    }
    uint32_t slot;
    if (to_slc) {
      const bool allow_dynamic = ftl_.DynamicSlcBlocks(plane) < allowance;
      slot = ftl_.AllocateSlcWordline(plane, allow_dynamic, layout_.gc_reserve_blocks);
      if (slot == kNoSlot && slc_.fold_when_full()) {
        engine_.Start(Relocation::kMigration, plane, false, now_ns);
      }
      slc_room_somewhere |= slot != kNoSlot;
    } else {
      // The last free block of a plane is left to GC, which needs a
      // destination to free anything.
      slot = ftl_.AllocateWordline(plane, Stream::kHost, 1);
    }
    if (ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks) {
      engine_.Start(Relocation::kGc, plane, false, now_ns);
      // Native space short while pSLC holds data: folding frees blocks too.
      if (slc_.enabled()) engine_.Start(Relocation::kMigration, plane, false, now_ns);
    }
    if (slot != kNoSlot) return slot;
  }
  if (to_slc && !slc_room_somewhere) migration_.SetExhausted(true, now_ns, host_units_admitted_);
  return kNoSlot;
}

// Moves one wordline of buffered units from `queue` to a plane whose die can
// take it. Returns false when no plane can (all busy, or out of free blocks:
// GC runs; or, for SLC-bound data, the cache is exhausted).
bool WriteBuffer::FlushOneWordline(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns,
                                   bool allow_partial) {
  DropDeadHead(queue, now_ns);
  if (queue.empty()) return false;
  if (no_plane_ready_) return false;
  bool to_slc = slc_queue && !migration_.SlcBoundGoesNative();
  if (queue.size() < WordlineUnitsFor(slc_queue) && !allow_partial) return false;
  uint32_t plane = 0;
  uint32_t slot = AllocateHostWordline(to_slc, now_ns, plane);
  if (slot == kNoSlot && to_slc && migration_.SlcBoundGoesNative()) {
    // The cache just ran out: this data goes native (next time whole
    // native wordlines are gathered first).
    if (queue.size() < layout_.units_per_wordline && !allow_partial) return false;
    to_slc = false;
    slot = AllocateHostWordline(false, now_ns, plane);
  }
  if (slot == kNoSlot) {
    // Nothing changes that until a program completes or GC frees a block;
    // skip the scan of every plane on each write until then.
    no_plane_ready_ = true;
    return false;
  }
  plane_cursor_ = plane + 1 == layout_.planes ? 0 : plane + 1;
  const uint32_t units = to_slc ? layout_.slc_units_per_wordline : layout_.units_per_wordline;

  // Touch the old copies of the wordline after this one: by the next flush
  // they are in cache (the mapping entries were fetched on admission).
  const uint32_t ahead = std::min<uint32_t>(queue.size(), 2 * units);
  for (uint32_t i = units; i < ahead; ++i) ftl_.PrefetchOldCopy(queue.at(i).lpn);

  const uint32_t batch_id = AllocateBatch();
  Batch& batch = batches_[batch_id];
  batch.plane = plane;
  batch.slc = to_slc;
  batch.entries = 0;
  batch.in_flight = true;
  batch.first_seq = queue.front().seq;
  uint32_t filled = 0;
  uint32_t promoted = 0;
  while (batch.entries < units && !queue.empty()) {
    const BufferedUnit unit = queue.front();
    queue.pop_front();
    ++batch.entries;
    batch.requests[batch.entries - 1] = unit.request;
    if (unit.dead) continue;
    ClearPending(unit.lpn);
    ftl_.Map(unit.lpn, slot + filled);
    if (unit.request == kInternalRequest && pinned_.Contains(unit.lpn) && repins_in_flight_ > 0) {
      --repins_in_flight_;
    }
    promoted += unit.request == kInternalRequest;
    ++filled;
  }
  for (uint32_t i = filled; i < units; ++i) ftl_.SkipSlot(slot + i);
  const uint32_t host_units = filled - promoted;
  ftl_.AdvanceClock(host_units);
  const uint32_t pages = to_slc ? 1 : layout_.bits;
  const uint32_t host_pages = host_units > 0 || promoted == 0 ? pages : 0;
  counters_.page_programs[static_cast<uint32_t>(Cause::kHost)] += host_pages;
  counters_.page_programs[static_cast<uint32_t>(Cause::kMigration)] += pages - host_pages;
  counters_.units_programmed[static_cast<uint32_t>(Cause::kHost)] += host_units;
  counters_.units_programmed[static_cast<uint32_t>(Cause::kMigration)] += promoted;
  (to_slc ? migration_.stats().host_units_to_slc : migration_.stats().host_units_to_native) +=
      host_units;
  ++host_programs_in_flight_[plane];

  port_.Enqueue(MakeOp(OpKind::kProgram, Cause::kHost, plane, slot, units, batch_id, to_slc),
                now_ns);
  return true;
}

// ------------------------------------------------------------ flash results

// A host read or program finished.
void WriteBuffer::OnHostOpDone(const FlashOp& op, uint64_t now_ns) {
  if (op.kind == OpKind::kRead) {
    --host_reads_in_flight_;
    host_->OnUnitsDone(op.owner, op.units, now_ns);
    NoteMaybeHostIdle(now_ns);
    return;
  }
  Batch& batch = batches_[op.owner];
  no_plane_ready_ = false;
  buffer_used_ -= batch.entries;
  --host_programs_in_flight_[batch.plane];
  if (!has_dram_buffer_) {
    for (uint32_t i = 0; i < batch.entries; ++i) {
      if (batch.requests[i] != kInternalRequest) host_->OnUnitsDone(batch.requests[i], 1, now_ns);
    }
  }
  batch.in_flight = false;
  free_batches_.push_back(op.owner);
  if (repins_in_flight_ > 0) {
    // Pinned units copied back into pSLC have left their migration
    // victims: those may be erasable now.
    for (uint32_t plane = 0; plane < layout_.planes; ++plane) {
      engine_.StepIfActive(Relocation::kMigration, plane, now_ns);
    }
  }
  AdmitBlocked(now_ns);
  if (!flushes_.empty()) CompleteFlushes(now_ns);
  SchedulePump(now_ns);
  NoteMaybeHostIdle(now_ns);
}

// Pinned: copied into pSLC again (through the buffer, like a host write
// nobody waits for) rather than folded.
void WriteBuffer::Repin(uint32_t lpn, uint64_t now_ns) {
  if (IsPending(lpn)) return;
  PushBuffered(waiting_slc_, lpn, kInternalRequest, now_ns);
  SetPending(lpn);
  ++buffer_used_;
  ++repins_in_flight_;
  SchedulePump(now_ns);
}

// The host has nothing under way (no read at the flash, nothing buffered
// but a partial wordline no later write may complete): the DRAM buffer is
// flushed once that has lasted write_buffer_idle_flush_us, and idle
// migration may start once it has lasted idle_flush_ms.
void WriteBuffer::NoteMaybeHostIdle(uint64_t now_ns) {
  if ((!slc_.enabled() && !has_dram_buffer_) || host_idle_since_ != kNever) return;
  const uint64_t waiting = waiting_.size() + waiting_slc_.size();
  if (host_reads_in_flight_ > 0 || buffer_used_ > waiting || !blocked_.empty()) return;
  if (waiting_.size() >= WordlineUnitsFor(false)) return;
  if (waiting_slc_.size() >= WordlineUnitsFor(true)) return;
  host_idle_since_ = now_ns;
  if (has_dram_buffer_ && waiting > 0) {
    events_.Push(now_ns + config_.write_buffer_idle_flush_ns, PriorityOf(kBufferIdleCheck),
                 kBufferIdleCheck, 0);
  }
  if (slc_.enabled()) {
    events_.Push(now_ns + config_.slc_cache.idle_flush_ns, PriorityOf(kSlcIdleCheck), kSlcIdleCheck,
                 0);
  }
}

// Idle flush (write_buffer_idle_flush_us) and the SLC's idle time: if the
// host has stayed quiet since, the buffer drains, partial wordlines too. A
// drive flushes its write cache when idle, so they do not sit there for good.
bool WriteBuffer::DrainIfQuiet(uint64_t quiet_ns, uint64_t now_ns) {
  if (host_idle_since_ == kNever || host_idle_since_ + quiet_ns > now_ns) {
    return false;  // the host came back (a later check is set when it goes quiet)
  }
  drain_requested_ = true;
  Pump(now_ns);
  return true;
}

void WriteBuffer::BeginEndOfRun(uint64_t now_ns) {
  NoteMaybeHostIdle(now_ns);
  // The host may have gone quiet before the data now waiting arrived in the
  // buffer (a read promotion): make sure a flush is due.
  if (has_dram_buffer_ && host_idle_since_ != kNever && buffered_units() > 0) {
    events_.Push(std::max(now_ns, host_idle_since_ + config_.write_buffer_idle_flush_ns),
                 PriorityOf(kBufferIdleCheck), kBufferIdleCheck, 0);
  }
}

}  // namespace flashscope
