#include "conventional/write_buffer.h"

#include <algorithm>
#include <stdexcept>

#include "engine/event_kinds.h"
#include "nand/allocation_order.h"

namespace flashscope {

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
      pacing_(parts.pacing),
      has_dram_buffer_(parts.config.write_buffer_bytes > 0) {
  const uint64_t staging = static_cast<uint64_t>(layout_.units_per_wordline) * layout_.planes;
  buffer_capacity_ = has_dram_buffer_
                         ? std::max<uint64_t>(config_.write_buffer_bytes / layout_.unit_bytes,
                                              layout_.units_per_wordline)
                         : staging;
  pending_bits_.assign((layout_.logical_units + 63) / 64, 0);
  host_programs_in_flight_.assign(layout_.planes, 0);
  staging_batch_.assign(layout_.planes, kNoBatch);
  plane_order_ = PlanesInAllocationOrder(layout_, config_.allocation_order);
  const uint32_t batch_count = layout_.planes * kHostProgramsPerPlane;
  batches_.resize(batch_count);
  for (Batch& batch : batches_) batch.units.resize(layout_.units_per_wordline);
  for (uint32_t i = batch_count; i-- > 0;) free_batches_.push_back(i);
  rmw_writes_.reserve(64);
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

void WriteBuffer::SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint8_t partial,
                              uint64_t now_ns) {
  NoteHostBusy();
  // Read-modify-write: a unit the write covers in part keeps the rest of its
  // old data, so that data is read from flash before the unit is buffered
  // (the write completes after the read).
  if (partial != kNoPartialUnit && config_.read_modify_write) {
    uint32_t reads = 0;
    if ((partial & kPartialFirstUnit) && ReadOldUnit(request, first_lpn, now_ns)) ++reads;
    if ((partial & kPartialLastUnit) && ReadOldUnit(request, first_lpn + units - 1, now_ns)) {
      ++reads;
    }
    if (reads > 0) {
      rmw_writes_.push_back(RmwWrite{request, first_lpn, units, reads});
      return;
    }
  }
  AcceptWrite(request, first_lpn, units, now_ns);
}

bool WriteBuffer::ReadOldUnit(uint32_t request, uint64_t lpn, uint64_t now_ns) {
  const uint32_t slot = ftl_.SlotOf(lpn);
  // Never written (or trimmed): nothing to keep. Buffered, or in a program
  // still running: the old data is in DRAM.
  if (slot == kUnmapped || IsPending(lpn) || SlotBeingProgrammed(slot)) return false;
  const uint32_t block = layout_.BlockOfSlot(slot);
  FlashOp op = MakeOp(OpKind::kRead, Cause::kReadModifyWrite, layout_.PlaneOfBlock(block), slot, 1,
                      request, ftl_.IsSlc(block));
  ++counters_.page_reads[static_cast<uint32_t>(Cause::kReadModifyWrite)];
  ++host_reads_in_flight_;
  port_.Enqueue(op, now_ns);
  if (scanner_.counts_reads()) scanner_.NoteHostPageRead(block, now_ns);
  return true;
}

bool WriteBuffer::SlotBeingProgrammed(uint32_t slot) const {
  const uint32_t plane = layout_.PlaneOfBlock(layout_.BlockOfSlot(slot));
  for (const Batch& batch : batches_) {
    // A staging batch has no wordline yet (its units are still pending).
    if (batch.in_flight && !batch.staging && batch.plane == plane && slot >= batch.slot &&
        slot - batch.slot <
            (batch.slc ? layout_.slc_units_per_wordline : layout_.units_per_wordline)) {
      return true;
    }
  }
  return false;
}

void WriteBuffer::OnRmwReadDone(const FlashOp& op, uint64_t now_ns) {
  --host_reads_in_flight_;
  for (size_t i = 0; i < rmw_writes_.size(); ++i) {
    RmwWrite& write = rmw_writes_[i];
    if (write.request != op.owner) continue;
    if (--write.reads_left > 0) return;
    const RmwWrite ready = write;
    rmw_writes_[i] = rmw_writes_.back();
    rmw_writes_.pop_back();
    AcceptWrite(ready.request, ready.first_lpn, ready.units, now_ns);
    return;
  }
}

void WriteBuffer::AcceptWrite(uint32_t request, uint64_t first_lpn, uint32_t units,
                              uint64_t now_ns) {
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
      ++overwritten_in_buffer_units_;
      continue;
    }
    if (buffer_used_ >= buffer_capacity_) break;
    if (IsPending(lpn) && !to_slc) {
      SupersedeBuffered(static_cast<uint32_t>(lpn));
      ++overwritten_in_buffer_units_;
    }
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
      ++trimmed_in_buffer_units_;
      // Rare: scan the buffer so the trimmed data is not written later.
      for (RingQueue<BufferedUnit>* queue : {&waiting_, &waiting_slc_}) {
        for (uint32_t i = 0; i < queue->size(); ++i) {
          BufferedUnit& unit = const_cast<BufferedUnit&>(queue->at(i));
          if (unit.lpn == lpn) unit.dead = true;
        }
      }
      DropStaged(static_cast<uint32_t>(lpn));
      ClearPending(lpn);
    }
    ftl_.Unmap(lpn);
  }
  host_->OnUnitsDone(request, units, now_ns);
}

// ------------------------------------------------------------ flash results

// A host read or program finished.
void WriteBuffer::OnHostOpDone(const FlashOp& op, uint64_t now_ns) {
  if (op.kind == OpKind::kRead && op.cause == Cause::kReadModifyWrite) {
    OnRmwReadDone(op, now_ns);
    return;
  }
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
  --programs_running_;
  if (!has_dram_buffer_) {
    for (uint32_t i = 0; i < batch.entries; ++i) {
      const uint32_t owner = batch.units[i].request;
      if (owner != kInternalRequest) host_->OnUnitsDone(owner, 1, now_ns);
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
  // Staged pages wait for the rest of their wordline: buffered, not busy.
  const uint64_t waiting = buffered_units();
  if (host_reads_in_flight_ > 0 || buffer_used_ > waiting || !blocked_.empty()) return;
  if (waiting_.size() >= layout_.units_per_page) return;
  if (waiting_slc_.size() >= layout_.units_per_page) return;
  if (sealed_staging_ > 0) return;  // a wordline waits for GC to free a block
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
  // A drive with power loss protection keeps its buffer safe through a
  // power cut, so it has no reason to pad partial wordlines out when the
  // host goes quiet: they wait for the data that fills them. The end of
  // the run still drains (BeginEndOfRun).
  if (config_.power_loss_protection && !end_of_run_) return true;
  drain_requested_ = true;
  Pump(now_ns);
  return true;
}

// The end of a run drains the buffer whatever the drive: the run's end
// stands for the drive being shut down, and on a shutdown (or a power cut,
// on the capacitors' energy) even a power-loss-protected drive programs
// what its buffer holds, partial wordlines padded. So every run's figures
// count all of the host's data on flash.
void WriteBuffer::BeginEndOfRun(uint64_t now_ns) {
  end_of_run_ = true;
  NoteMaybeHostIdle(now_ns);
  // The host may have gone quiet before the data now waiting arrived in the
  // buffer (a read promotion): make sure a flush is due.
  if (has_dram_buffer_ && host_idle_since_ != kNever && buffered_units() > 0) {
    events_.Push(std::max(now_ns, host_idle_since_ + config_.write_buffer_idle_flush_ns),
                 PriorityOf(kBufferIdleCheck), kBufferIdleCheck, 0);
  }
}

}  // namespace flashscope
