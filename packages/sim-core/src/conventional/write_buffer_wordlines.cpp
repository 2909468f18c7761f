// The write buffer's way out: flushes, the pump that moves buffered units
// to flash, and the placement of each host wordline on a plane (SLC or
// native), starting GC or migration where a plane runs short of space.
#include <algorithm>

#include "conventional/write_buffer.h"
#include "engine/event_kinds.h"

namespace flashscope {

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
  ProgramDueStaging(now_ns);
  // Trimmed units dropped from the head may have been all a flush waited for.
  if (!flushes_.empty()) CompleteFlushes(now_ns);
}

// Flushes one wordline from `queue` if it has one ready; true if it did.
bool WriteBuffer::PumpQueue(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns) {
  // Data leaves a page at a time (pSLC wordlines are one page; native ones
  // are staged a page at a time).
  const bool full_wordline = queue.size() >= layout_.units_per_page;
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

// A plane's next wordline (SLC or native) at `plane`, or kNoSlot. Starts GC
// or migration where space is short.
uint32_t WriteBuffer::AllocateOn(uint32_t plane, bool to_slc, uint32_t allowance, uint64_t now_ns) {
  uint32_t slot;
  if (to_slc) {
    const bool allow_dynamic = ftl_.DynamicSlcBlocks(plane) < allowance;
    slot = ftl_.AllocateSlcWordline(plane, allow_dynamic, layout_.gc_reserve_blocks);
    if (slot == kNoSlot && slc_.fold_when_full()) {
      engine_.Start(Relocation::kMigration, plane, false, now_ns);
    }
  } else if (pacing_.Admits(plane)) {
    slot = ftl_.AllocateWordline(plane, Stream::kHost, HostKeepFreeBlocks(plane));
    if (slot != kNoSlot) pacing_.Charge(plane);
  } else {
    slot = kNoSlot;  // GC's work for this plane's last writes is not done yet
  }
  // A wordline taken: GC starts once its data is mapped (ProgramBatch),
  // else a victim picked now could be the block this wordline just filled,
  // scanned before its data is there.
  if (slot == kNoSlot) StartGcIfShort(plane, now_ns);
  return slot;
}

void WriteBuffer::StartGcIfShort(uint32_t plane, uint64_t now_ns) {
  if (ftl_.FreeBlocks(plane) >=
      NativeGcPolicy::ForegroundStartBelow(layout_, pacing_.proportional())) {
    return;
  }
  engine_.Start(Relocation::kGc, plane, false, now_ns);
  // Native space short while pSLC holds data: folding frees blocks too.
  if (slc_.enabled()) engine_.Start(Relocation::kMigration, plane, false, now_ns);
}

// The free blocks a host wordline must leave on `plane` when it opens a new
// block. The GC reserve, kept as the untimed path keeps it (a host block
// opens while the pool holds at least gc_reserve_blocks, so between GC runs
// the pool holds gc_reserve_blocks - 1: ftl/untimed_writer.cpp), and never
// less than what GC's victims under way still have to place beyond its open
// destination block (i_gc_engine.h: GC itself takes a further victim only
// with a block to spare), so GC always has a destination block.
uint32_t WriteBuffer::HostKeepFreeBlocks(uint32_t plane) const {
  const uint64_t block = layout_.units_per_block;
  const uint64_t owed = engine_.DestinationUnitsOwed(plane);
  const uint64_t room = engine_.DestinationRoom(plane);
  const uint64_t headroom = owed > room ? (owed - room + block - 1) / block : 0;
  return static_cast<uint32_t>(std::max<uint64_t>(layout_.gc_reserve_blocks - 1, headroom));
}

void WriteBuffer::OnUnitsRelocated(uint32_t plane, uint64_t now_ns) {
  (void)plane;
  if (!pacing_.TakeWaiting()) return;
  no_plane_ready_ = false;
  SchedulePump(now_ns);
}

// A pSLC wordline (one page) on the next plane in allocation order whose die
// can take it, and that plane; kNoSlot when none can.
uint32_t WriteBuffer::AllocateSlcWordline(uint64_t now_ns, uint32_t& plane) {
  bool slc_room_somewhere = false;
  const uint32_t allowance = slc_.DynamicAllowanceBlocks();
  for (uint32_t tried = 0; tried < layout_.planes; ++tried) {
    uint32_t position = slc_cursor_ + tried;
    if (position >= layout_.planes) position -= layout_.planes;
    plane = plane_order_[position];
    if (host_programs_in_flight_[plane] >= kHostProgramsPerPlane) {
      slc_room_somewhere |= slc_.RoomOn(plane, allowance);
      continue;
    }
    const uint32_t slot = AllocateOn(plane, true, allowance, now_ns);
    slc_room_somewhere |= slot != kNoSlot;
    if (slot != kNoSlot) {
      slc_cursor_ = position + 1 == layout_.planes ? 0 : position + 1;
      return slot;
    }
  }
  if (!slc_room_somewhere) migration_.SetExhausted(true, now_ns, host_units_admitted_);
  return kNoSlot;
}

// The plane the next native page goes to: the next one in allocation order
// with a wordline staging that takes more pages, or whose die can take one
// more program (a staging batch is opened there). UINT32_MAX when none can.
//
// Without a DRAM buffer the drive holds one wordline per plane, programs in
// flight included: striping pages would leave every wordline a page or two
// when the next program frees room, so consecutive pages fill one
// wordline and the next wordline goes to the next plane in order (the
// cursor moves on once a wordline is sent).
uint32_t WriteBuffer::NativeStagingPlane() {
  for (uint32_t tried = 0; tried < layout_.planes; ++tried) {
    uint32_t position = native_cursor_ + tried;
    if (position >= layout_.planes) position -= layout_.planes;
    const uint32_t plane = plane_order_[position];
    const uint32_t staging = staging_batch_[plane];
    if (staging != kNoBatch && batches_[staging].sealed) continue;
    if (staging == kNoBatch) {
      if (host_programs_in_flight_[plane] >= kHostProgramsPerPlane) continue;
      staging_batch_[plane] = OpenBatch(plane, kNoSlot, false);
      batches_[staging_batch_[plane]].staging = true;
    }
    const bool stay = !has_dram_buffer_ && batches_[staging_batch_[plane]].pages + 1 < layout_.bits;
    native_cursor_ = stay ? position : position + 1 == layout_.planes ? 0 : position + 1;
    return plane;
  }
  return UINT32_MAX;
}

uint32_t WriteBuffer::OpenBatch(uint32_t plane, uint32_t slot, bool slc) {
  const uint32_t batch_id = AllocateBatch();
  Batch& batch = batches_[batch_id];
  batch.plane = plane;
  batch.slc = slc;
  batch.in_flight = true;
  batch.staging = false;
  batch.sealed = false;
  batch.slot = slot;
  batch.pages = 0;
  batch.entries = 0;
  ++host_programs_in_flight_[plane];
  return batch_id;
}

// Takes up to `entries` units from the head of `queue` into `batch`.
void WriteBuffer::TakeIntoBatch(RingQueue<BufferedUnit>& queue, Batch& batch, uint32_t entries) {
  // Touch the old copies of the page after this one: by the next flush they
  // are in cache (the mapping entries were fetched on admission).
  const uint32_t ahead = std::min<uint32_t>(queue.size(), 2 * entries);
  for (uint32_t i = entries; i < ahead; ++i) ftl_.PrefetchOldCopy(queue.at(i).lpn);
  if (batch.entries == 0) batch.first_seq = queue.front().seq;
  for (uint32_t taken = 0; taken < entries && !queue.empty(); ++taken) {
    batch.units[batch.entries++] = queue.front();
    queue.pop_front();
  }
}

// Sends a batch's wordline to its die, padded where it is not full: its
// live units are mapped to the wordline in order. A staged native batch
// gets its wordline now; false (it stays sealed, retried on the next pump)
// when its plane has none free (GC runs).
bool WriteBuffer::ProgramBatch(uint32_t batch_id, uint64_t now_ns) {
  Batch& batch = batches_[batch_id];
  if (batch.staging) {
    batch.slot = AllocateOn(batch.plane, false, 0, now_ns);
    if (batch.slot == kNoSlot) {
      if (!batch.sealed) ++sealed_staging_;
      batch.sealed = true;
      return false;
    }
    if (batch.sealed) --sealed_staging_;
    batch.staging = false;
    staging_batch_[batch.plane] = kNoBatch;
    staged_units_ -= batch.entries;
  }
  const uint32_t units = batch.slc ? layout_.slc_units_per_wordline : layout_.units_per_wordline;
  uint32_t filled = 0, promoted = 0;
  for (uint32_t i = 0; i < batch.entries; ++i) {
    const BufferedUnit& unit = batch.units[i];
    if (unit.dead) continue;
    // The data leaves DRAM: reads go to flash from now on.
    ClearPending(unit.lpn);
    ftl_.Map(unit.lpn, batch.slot + filled);
    if (unit.request == kInternalRequest && pinned_.Contains(unit.lpn) && repins_in_flight_ > 0) {
      --repins_in_flight_;
    }
    promoted += unit.request == kInternalRequest;
    ++filled;
  }
  for (uint32_t i = filled; i < units; ++i) ftl_.SkipSlot(batch.slot + i);
  const uint32_t host_units = filled - promoted;
  ftl_.AdvanceClock(host_units);
  const uint32_t pages = batch.slc ? 1 : layout_.bits;
  // A wordline of read promotions only is migration's; the pages its data
  // does not fill are padding.
  const Cause cause = host_units > 0 || promoted == 0 ? Cause::kHost : Cause::kMigration;
  counters_.CountWordline(cause, pages, filled, layout_.units_per_page);
  counters_.units_programmed[static_cast<uint32_t>(Cause::kHost)] += host_units;
  counters_.units_programmed[static_cast<uint32_t>(Cause::kMigration)] += promoted;
  (batch.slc ? migration_.stats().host_units_to_slc : migration_.stats().host_units_to_native) +=
      host_units;
  ++programs_running_;
  port_.Enqueue(
      MakeOp(OpKind::kProgram, Cause::kHost, batch.plane, batch.slot, units, batch_id, batch.slc),
      now_ns);
  StartGcIfShort(batch.plane, now_ns);
  // Paced GC waiting for this wordline goes on.
  if (pacing_.proportional()) engine_.StepIfActive(Relocation::kGc, batch.plane, now_ns);
  return true;
}

// Moves one page of buffered units from `queue` to the next plane in
// allocation order; its wordline is programmed once it holds `bits` pages
// (or at once when the page is partial: only a flush, a drain or the
// no-DRAM wait lets one go, and they want it on flash now). False when no
// plane can take it (all busy).
bool WriteBuffer::StageNativePage(RingQueue<BufferedUnit>& queue, uint64_t now_ns,
                                  bool allow_partial) {
  if (queue.size() < layout_.units_per_page && !allow_partial) return false;
  const uint32_t plane = NativeStagingPlane();
  if (plane == UINT32_MAX) {
    // Nothing changes that until a program completes or GC frees a block;
    // skip the scan of every plane on each write until then.
    no_plane_ready_ = true;
    return false;
  }
  const uint32_t batch_id = staging_batch_[plane];
  Batch& batch = batches_[batch_id];
  const uint32_t entries_before = batch.entries;
  const bool partial = queue.size() < layout_.units_per_page;
  TakeIntoBatch(queue, batch, layout_.units_per_page);
  staged_units_ += batch.entries - entries_before;
  ++batch.pages;
  if (partial || batch.pages == layout_.bits) ProgramBatch(batch_id, now_ns);
  return true;
}

// Programs the staging wordlines that may not wait for the rest of their
// pages: a flush wants their data, the host has gone quiet (drain), the
// no-DRAM wait for company is over, or the buffer is full of staged pages
// with no program running to free any; and retries those sealed while
// their plane had no free wordline.
void WriteBuffer::ProgramDueStaging(uint64_t now_ns) {
  if (staged_units_ == 0) return;
  const bool stuck = buffer_used_ >= buffer_capacity_ && programs_running_ == 0;
  if (flushes_.empty() && !drain_requested_ && has_dram_buffer_ && !stuck && sealed_staging_ == 0) {
    return;
  }
  uint32_t oldest_batch = kNoBatch;
  for (const uint32_t plane : plane_order_) {
    const uint32_t batch_id = staging_batch_[plane];
    if (batch_id == kNoBatch) continue;
    const Batch& batch = batches_[batch_id];
    bool due = drain_requested_ || batch.sealed;
    if (!flushes_.empty()) {
      const PendingFlush& last = flushes_.at(flushes_.size() - 1);
      due |= !last.resolved || static_cast<int32_t>(batch.first_seq - last.target_seq) < 0;
    }
    if (!has_dram_buffer_) {
      const uint64_t at_ns = batch.units[0].admitted_ns + kPartialFlushDelayNs;
      if (at_ns <= now_ns) {
        due = true;
      } else if (!due) {
        SchedulePump(at_ns);
      }
    }
    if (due) {
      ProgramBatch(batch_id, now_ns);
    } else if (oldest_batch == kNoBatch ||
               static_cast<int32_t>(batch.first_seq - batches_[oldest_batch].first_seq) < 0) {
      oldest_batch = batch_id;
    }
  }
  // Full of staged pages and nothing programming: the oldest wordline goes
  // (its completion makes room for the pages that complete the others).
  if (stuck && programs_running_ == 0 && oldest_batch != kNoBatch) {
    ProgramBatch(oldest_batch, now_ns);
  }
}

// Without a DRAM buffer a rewrite of a unit still buffered is a second
// entry: an older one bound for native wordlines (which planes program in
// any order) is dropped, its write completing with the entry, so the newer
// is the one mapped. (pSLC wordlines leave one at a time, in order.)
void WriteBuffer::SupersedeBuffered(uint32_t lpn) {
  for (uint32_t i = 0; i < waiting_.size(); ++i) {
    BufferedUnit& unit = const_cast<BufferedUnit&>(waiting_.at(i));
    if (unit.lpn == lpn) unit.dead = true;
  }
  DropStaged(lpn);
}

// Staged copies of `lpn` (not yet mapped) are not mapped when their
// wordline is programmed.
void WriteBuffer::DropStaged(uint32_t lpn) {
  for (const uint32_t batch_id : staging_batch_) {
    if (batch_id == kNoBatch) continue;
    Batch& batch = batches_[batch_id];
    for (uint32_t i = 0; i < batch.entries; ++i) {
      if (batch.units[i].lpn == lpn) batch.units[i].dead = true;
    }
  }
}

// Moves buffered units from `queue` to flash: a pSLC wordline (one page)
// for SLC-bound data, else one page staged on a native wordline. Returns
// false when no plane can take them (all busy, or out of free blocks: GC
// runs; or, for SLC-bound data, the cache is exhausted).
bool WriteBuffer::FlushOneWordline(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns,
                                   bool allow_partial) {
  DropDeadHead(queue, now_ns);
  if (queue.empty()) return false;
  if (no_plane_ready_) return false;
  if (queue.size() < layout_.units_per_page && !allow_partial) return false;
  if (slc_queue && !migration_.SlcBoundGoesNative()) {
    uint32_t plane = 0;
    const uint32_t slot = AllocateSlcWordline(now_ns, plane);
    if (slot != kNoSlot) {
      const uint32_t batch_id = OpenBatch(plane, slot, true);
      TakeIntoBatch(queue, batches_[batch_id], layout_.slc_units_per_wordline);
      ProgramBatch(batch_id, now_ns);
      return true;
    }
    if (!migration_.SlcBoundGoesNative()) {
      no_plane_ready_ = true;
      return false;
    }
    // The cache just ran out: this data goes native.
  }
  return StageNativePage(queue, now_ns, allow_partial);
}

}  // namespace flashscope
