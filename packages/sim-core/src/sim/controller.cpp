#include "sim/controller.h"

#include <algorithm>
#include <stdexcept>

#include "sim/event_kinds.h"

namespace flashscope {

namespace {
constexpr uint32_t kGcBatchOwner = 0xFFFFFFFFu;
// Programs a plane may have queued or running for host data: one running and
// one waiting keeps the die busy without draining the buffer into one plane.
constexpr uint8_t kHostProgramsPerPlane = 2;
constexpr uint64_t kNever = UINT64_MAX;
// GC pipelining per plane (see GcStep).
constexpr uint32_t kGcReadsInFlight = 4;
constexpr uint32_t kGcProgramsInFlight = 2;
constexpr uint32_t kGcStagedWordlines = 3;
}  // namespace

Controller::Controller(const DeviceConfig& config, FtlState& ftl, IVictimPolicy& victims,
                       FlashEngine& flash, EventQueue& events, Rng& rng, NandCounters& counters,
                       SimEventLog& log)
    : config_(config),
      layout_(ftl.layout()),
      ftl_(ftl),
      victims_(victims),
      flash_(flash),
      events_(events),
      rng_(rng),
      counters_(counters),
      log_(log),
      has_dram_buffer_(config.write_buffer_bytes > 0) {
  const uint64_t staging = static_cast<uint64_t>(layout_.units_per_wordline) * layout_.planes;
  buffer_capacity_ = has_dram_buffer_
                         ? std::max<uint64_t>(config.write_buffer_bytes / layout_.unit_bytes,
                                              layout_.units_per_wordline)
                         : staging;
  pending_bits_.assign((layout_.logical_units + 63) / 64, 0);
  host_programs_in_flight_.assign(layout_.planes, 0);
  const uint32_t batch_count = layout_.planes * kHostProgramsPerPlane;
  batches_.resize(batch_count);
  for (Batch& batch : batches_) batch.requests.resize(layout_.units_per_wordline);
  for (uint32_t i = batch_count; i-- > 0;) free_batches_.push_back(i);
  gc_.resize(layout_.planes);
  for (GcJob& job : gc_) {
    // A page read can add up to units_per_page units on top of a nearly full
    // wordline, so staging holds two wordlines.
    job.staged_lpn.resize(kGcStagedWordlines * layout_.units_per_wordline +
                          kGcReadsInFlight * layout_.units_per_page);
    job.staged_slot.resize(job.staged_lpn.size());
  }
  idle_since_.assign(layout_.dies, 0);
}

namespace {
FlashOp MakeOp(OpKind kind, Cause cause, uint32_t plane, uint32_t first_slot, uint32_t units,
               uint32_t owner) {
  FlashOp op;
  op.kind = kind;
  op.cause = cause;
  op.plane = plane;
  op.first_slot = first_slot;
  op.units = units;
  op.owner = owner;
  return op;
}
}  // namespace

uint32_t Controller::active_gc_jobs() const {
  uint32_t active = 0;
  for (const GcJob& job : gc_) active += job.victim_count > 0;
  return active;
}

// ---------------------------------------------------------------- host reads

void Controller::SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
  uint32_t immediate = 0;
  FlashOp op;
  op.kind = OpKind::kRead;
  op.cause = Cause::kHost;
  op.owner = request;
  op.units = 0;
  for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) {
    const uint32_t slot = ftl_.SlotOf(lpn);
    // Buffered data is served from DRAM; never-written data reads as zeros
    // without touching flash (as a real drive answers from its map).
    if (IsPending(lpn) || slot == kUnmapped) {
      ++immediate;
      continue;
    }
    // Units contiguous in one flash page share one array read.
    if (op.units > 0 && slot == op.first_slot + op.units &&
        layout_.PageOfSlot(slot) == layout_.PageOfSlot(op.first_slot)) {
      ++op.units;
      continue;
    }
    if (op.units > 0) EnqueueOnDie(op, now_ns);
    op.first_slot = slot;
    op.plane = layout_.PlaneOfBlock(layout_.BlockOfSlot(slot));
    op.units = 1;
  }
  if (op.units > 0) EnqueueOnDie(op, now_ns);
  if (immediate > 0) host_->OnUnitsDone(request, immediate, now_ns);
}

void Controller::EnqueueOnDie(const FlashOp& op, uint64_t now_ns) {
  if (op.kind == OpKind::kRead) ++counters_.page_reads[static_cast<uint32_t>(op.cause)];
  idle_since_[layout_.DieOfPlane(op.plane)] = kNever;
  flash_.Enqueue(op, now_ns);
}

// --------------------------------------------------------------- host writes

void Controller::SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units,
                             uint64_t now_ns) {
  // Writes queue in arrival order: nobody overtakes a blocked write.
  uint32_t admitted = blocked_.empty() ? Admit(request, first_lpn, units, now_ns) : 0;
  if (admitted < units) {
    blocked_.push_back(BlockedWrite{request, first_lpn + admitted, units - admitted, now_ns});
  }
  if (has_dram_buffer_) {
    // Only whole wordlines leave a DRAM buffer, so there is nothing to gain
    // from waiting for writes arriving at the same instant: flush now.
    Pump(now_ns);
  } else {
    SchedulePump(now_ns);
  }
}

// Takes units into the buffer while it has room; returns how many it took.
uint32_t Controller::Admit(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
  uint32_t admitted = 0;
  uint32_t done_now = 0;
  for (; admitted < units; ++admitted) {
    const uint64_t lpn = first_lpn + admitted;
    if (has_dram_buffer_ && IsPending(lpn)) {
      ++done_now;  // coalesces with the copy already waiting
      continue;
    }
    if (buffer_used_ == buffer_capacity_) break;
    // The unit is mapped when its wordline leaves for flash, a while from
    // now: fetch its mapping entry meanwhile (the table is far from cache).
    ftl_.Prefetch(lpn);
    waiting_.push_back(BufferedUnit{static_cast<uint32_t>(lpn), request, now_ns, false});
    SetPending(lpn);
    ++buffer_used_;
    if (has_dram_buffer_) ++done_now;
  }
  if (done_now > 0) host_->OnUnitsDone(request, done_now, now_ns);
  return admitted;
}

void Controller::AdmitBlocked(uint64_t now_ns) {
  while (!blocked_.empty()) {
    BlockedWrite& write = blocked_.front();
    const uint32_t admitted = Admit(write.request, write.next_lpn, write.remaining, now_ns);
    write.next_lpn += admitted;
    write.remaining -= admitted;
    if (write.remaining > 0) break;
    const uint64_t waited = now_ns - write.since_ns;
    if (waited > kStallThresholdNs) {
      SimEvent stall;
      stall.kind = SimEventKind::kStall;
      stall.time_ns = write.since_ns;
      stall.duration_ns = waited;
      stall.value = static_cast<uint32_t>(std::min<uint64_t>(waited / 1000, UINT32_MAX));
      stall.flag = active_gc_jobs() > 0;  // 1: garbage collection was running
      log_.Add(stall);
    }
    blocked_.pop_front();
  }
}

void Controller::SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
  for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) {
    if (IsPending(lpn)) {
      // Rare: scan the buffer so the trimmed data is not written later.
      for (uint32_t i = 0; i < waiting_.size(); ++i) {
        BufferedUnit& unit = const_cast<BufferedUnit&>(waiting_.at(i));
        if (unit.lpn == lpn) unit.dead = true;
      }
      ClearPending(lpn);
    }
    ftl_.Unmap(lpn);
  }
  host_->OnUnitsDone(request, units, now_ns);
}

void Controller::SchedulePump(uint64_t at_ns) {
  if (pump_scheduled_ && pump_at_ns_ <= at_ns) return;
  pump_scheduled_ = true;
  pump_at_ns_ = at_ns;
  events_.Push(at_ns, PriorityOf(kFlushPump), kFlushPump, 0);
}

void Controller::OnFlushPump(uint64_t now_ns) {
  if (!pump_scheduled_ || pump_at_ns_ != now_ns) return;  // superseded
  pump_scheduled_ = false;
  Pump(now_ns);
}

void Controller::Pump(uint64_t now_ns) {
  for (;;) {
    const bool full_wordline = waiting_.size() >= layout_.units_per_wordline;
    bool partial = false;
    if (!full_wordline && !has_dram_buffer_ && !waiting_.empty()) {
      const uint64_t due = waiting_.front().admitted_ns + kPartialFlushDelayNs;
      if (due > now_ns) {
        SchedulePump(due);
        break;
      }
      partial = true;
    }
    if (!full_wordline && !partial) break;
    if (!FlushOneWordline(now_ns, partial)) break;
  }
}

uint32_t Controller::AllocateBatch() {
  const uint32_t id = free_batches_.back();
  free_batches_.pop_back();
  return id;
}

// Moves one wordline of buffered units to a plane whose die can take it.
// Returns false when no plane can (all busy, or out of free blocks: GC runs).
bool Controller::FlushOneWordline(uint64_t now_ns, bool allow_partial) {
  // Entries trimmed while waiting just give their space back.
  while (!waiting_.empty() && waiting_.front().dead) {
    if (!has_dram_buffer_) host_->OnUnitsDone(waiting_.front().request, 1, now_ns);
    waiting_.pop_front();
    --buffer_used_;
  }
  if (waiting_.empty()) return false;
  if (waiting_.size() < layout_.units_per_wordline && !allow_partial) return false;
  if (no_plane_ready_) return false;
  uint32_t slot = kNoSlot;
  uint32_t plane = 0;
  for (uint32_t tried = 0; tried < layout_.planes; ++tried) {
    plane = plane_cursor_ + tried;
    if (plane >= layout_.planes) plane -= layout_.planes;
    if (host_programs_in_flight_[plane] >= kHostProgramsPerPlane) continue;
    // The last free block of a plane is left to GC, which needs a
    // destination to free anything.
    slot = ftl_.AllocateWordline(plane, Stream::kHost, 1);
    if (ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks) StartGc(plane, false, now_ns);
    if (slot != kNoSlot) break;
  }
  if (slot == kNoSlot) {
    // Nothing changes that until a program completes or GC frees a block;
    // skip the scan of every plane on each write until then.
    no_plane_ready_ = true;
    return false;
  }
  plane_cursor_ = plane + 1 == layout_.planes ? 0 : plane + 1;

  // Touch the old copies of the wordline after this one: by the next flush
  // they are in cache (the mapping entries were fetched on admission).
  const uint32_t wordline = layout_.units_per_wordline;
  const uint32_t ahead = std::min<uint32_t>(waiting_.size(), 2 * wordline);
  for (uint32_t i = wordline; i < ahead; ++i) ftl_.PrefetchOldCopy(waiting_.at(i).lpn);

  const uint32_t batch_id = AllocateBatch();
  Batch& batch = batches_[batch_id];
  batch.plane = plane;
  batch.entries = 0;
  uint32_t filled = 0;
  while (batch.entries < layout_.units_per_wordline && !waiting_.empty()) {
    const BufferedUnit unit = waiting_.front();
    waiting_.pop_front();
    ++batch.entries;
    if (unit.dead) {
      batch.requests[batch.entries - 1] = unit.request;
      continue;
    }
    ClearPending(unit.lpn);
    ftl_.Map(unit.lpn, slot + filled);
    batch.requests[batch.entries - 1] = unit.request;
    ++filled;
  }
  for (uint32_t i = filled; i < layout_.units_per_wordline; ++i) ftl_.SkipSlot(slot + i);
  ftl_.AdvanceClock(filled);
  counters_.page_programs[static_cast<uint32_t>(Cause::kHost)] += layout_.bits;
  counters_.units_programmed[static_cast<uint32_t>(Cause::kHost)] += filled;
  ++host_programs_in_flight_[plane];

  EnqueueOnDie(
      MakeOp(OpKind::kProgram, Cause::kHost, plane, slot, layout_.units_per_wordline, batch_id),
      now_ns);
  return true;
}

// ------------------------------------------------------------ flash results

void Controller::OnFlashOpDone(const FlashOp& op, uint64_t now_ns) {
  if (op.cause == Cause::kHost) {
    if (op.kind == OpKind::kRead) {
      host_->OnUnitsDone(op.owner, op.units, now_ns);
      return;
    }
    Batch& batch = batches_[op.owner];
    no_plane_ready_ = false;
    buffer_used_ -= batch.entries;
    --host_programs_in_flight_[batch.plane];
    if (!has_dram_buffer_) {
      for (uint32_t i = 0; i < batch.entries; ++i) host_->OnUnitsDone(batch.requests[i], 1, now_ns);
    }
    free_batches_.push_back(op.owner);
    AdmitBlocked(now_ns);
    SchedulePump(now_ns);
    return;
  }
  // Garbage collection.
  GcJob& job = gc_[op.plane];
  switch (op.kind) {
    case OpKind::kRead:
      --job.reads_in_flight;
      OnGcReadDone(op, now_ns);
      break;
    case OpKind::kProgram:
      --job.programs_in_flight;
      break;
    case OpKind::kErase:
      OnGcErased(op, now_ns);
      return;
  }
  GcStep(op.plane, now_ns);
}

void Controller::OnDieIdle(uint32_t die, uint64_t now_ns) {
  idle_since_[die] = now_ns;
  if (!config_.gc.background) return;
  // Only dies with a plane below the background reserve need a check.
  const uint32_t first_plane = die * layout_.planes_per_die;
  bool short_of_blocks = false;
  for (uint32_t plane = first_plane; plane < first_plane + layout_.planes_per_die; ++plane) {
    short_of_blocks |= ftl_.FreeBlocks(plane) < layout_.background_reserve_blocks;
  }
  if (short_of_blocks) {
    events_.Push(now_ns + config_.gc.idle_ns, PriorityOf(kIdleCheck), kIdleCheck, die);
  }
}

void Controller::OnIdleCheck(uint32_t die, uint64_t now_ns) {
  // Still idle since the check was set: the drive has had idle_us of quiet.
  if (idle_since_[die] == kNever || idle_since_[die] + config_.gc.idle_ns > now_ns) return;
  const uint32_t first_plane = die * layout_.planes_per_die;
  for (uint32_t plane = first_plane; plane < first_plane + layout_.planes_per_die; ++plane) {
    if (ftl_.FreeBlocks(plane) < layout_.background_reserve_blocks) StartGc(plane, true, now_ns);
  }
}

// -------------------------------------------------------- garbage collection

void Controller::StartGc(uint32_t plane, bool background, uint64_t now_ns) {
  GcJob& job = gc_[plane];
  if (job.victim_count == 0) {
    job.background = background;
  } else if (!background) {
    job.background = false;  // the host now needs the space
  }
  GcStep(plane, now_ns);
}

// Whether the run should take one more victim: victims already taken count
// as the free blocks they will become.
bool Controller::GcWantsAnotherVictim(uint32_t plane) const {
  const GcJob& job = gc_[plane];
  const uint32_t expected_free = ftl_.FreeBlocks(plane) + job.victim_count;
  if (expected_free < layout_.gc_reserve_blocks) return true;
  return job.background && expected_free < layout_.background_reserve_blocks &&
         flash_.DieIdle(layout_.DieOfPlane(plane));
}

bool Controller::GcPickVictim(uint32_t plane, uint64_t now_ns) {
  GcJob& job = gc_[plane];
  if (job.scanning || job.victim_count == kMaxVictimsPerPlane) return false;
  if (!GcWantsAnotherVictim(plane)) return false;
  const uint32_t block = victims_.PickVictim(ftl_, plane, rng_);
  if (block == kNoBlock) return false;
  ftl_.MarkVictim(block);
  GcVictim& victim = job.victims[job.victim_count++];
  victim = GcVictim{};
  victim.block = block;
  victim.start_ns = now_ns;
  victim.background = job.background;
  job.scanning = true;
  job.scan_slot = layout_.FirstSlot(block);
  SimEvent start;
  start.kind = SimEventKind::kGcStart;
  start.time_ns = now_ns;
  start.block = block;
  start.value = ftl_.valid_units(block);
  start.flag = job.background;
  log_.Add(start);
  return true;
}

// Programs one GC wordline from the staged units (padded when fewer).
void Controller::GcProgram(uint32_t plane, uint64_t now_ns) {
  GcJob& job = gc_[plane];
  const uint32_t wordline = layout_.units_per_wordline;
  const uint32_t slot = ftl_.AllocateWordline(plane, Stream::kGc, 0);
  if (slot == kNoSlot) throw std::logic_error("GC has no destination block");
  const uint32_t take = std::min(job.staged, wordline);
  uint32_t filled = 0;
  for (uint32_t i = 0; i < take; ++i) {
    // A host write or trim may have replaced the unit since GC read it: then
    // its old slot is no longer valid (checked in the victim's bitmap, which
    // is in cache, rather than in the L2P table, which is not).
    if (!ftl_.IsValid(job.staged_slot[i])) continue;
    const uint32_t source = layout_.BlockOfSlot(job.staged_slot[i]);
    for (uint32_t v = 0; v < job.victim_count; ++v) {
      if (job.victims[v].block == source) ++job.victims[v].moved;
    }
    ftl_.Relocate(job.staged_lpn[i], job.staged_slot[i], slot + filled);
    ++filled;
  }
  for (uint32_t i = filled; i < wordline; ++i) ftl_.SkipSlot(slot + i);
  std::copy(job.staged_lpn.begin() + take, job.staged_lpn.begin() + job.staged,
            job.staged_lpn.begin());
  std::copy(job.staged_slot.begin() + take, job.staged_slot.begin() + job.staged,
            job.staged_slot.begin());
  job.staged -= take;
  gc_units_moved_ += filled;
  counters_.page_programs[static_cast<uint32_t>(Cause::kGc)] += layout_.bits;
  counters_.units_programmed[static_cast<uint32_t>(Cause::kGc)] += filled;
  ++job.programs_in_flight;
  EnqueueOnDie(MakeOp(OpKind::kProgram, Cause::kGc, plane, slot, wordline, kGcBatchOwner), now_ns);
}

// Reads the next page of the scanning victim that holds valid units; false
// when the victim has none left (its scan is done).
bool Controller::GcReadNextPage(uint32_t plane, uint64_t now_ns) {
  GcJob& job = gc_[plane];
  GcVictim& victim = job.victims[job.victim_count - 1];
  const uint32_t end_slot = layout_.FirstSlot(victim.block) + layout_.units_per_block;
  while (job.scan_slot < end_slot) {
    const uint32_t page_first = job.scan_slot;
    job.scan_slot += layout_.units_per_page;
    uint32_t valid = 0;
    for (uint32_t slot = page_first; slot < job.scan_slot; ++slot) valid += ftl_.IsValid(slot);
    if (valid == 0) continue;
    ftl_.PrefetchReverseMap(page_first);  // read when the page arrives
    ++job.reads_in_flight;
    EnqueueOnDie(MakeOp(OpKind::kRead, Cause::kGc, plane, page_first, valid, plane), now_ns);
    return true;
  }
  return false;
}

// Advances a plane's GC run as far as it can now: erase victims whose data
// has left, take the next victim, program full wordlines, read the next page.
// A plane keeps up to kGcReadsInFlight page reads and kGcProgramsInFlight
// programs queued, so its die never waits on the controller, while host
// commands still interleave with GC work in the die's queues.
void Controller::GcStep(uint32_t plane, uint64_t now_ns) {
  GcJob& job = gc_[plane];
  if (job.victim_count == 0 && !GcWantsAnotherVictim(plane)) return;
  for (bool progressed = true; progressed;) {
    progressed = false;
    // Victims emptied (every valid unit remapped to a programmed or queued
    // wordline: the die runs the erase after those programs).
    for (uint32_t v = 0; v < job.victim_count; ++v) {
      GcVictim& victim = job.victims[v];
      if (victim.scan_done && !victim.erase_issued && ftl_.valid_units(victim.block) == 0) {
        victim.erase_issued = true;
        ++job.erases_in_flight;
        ++counters_.block_erases[static_cast<uint32_t>(Cause::kGc)];
        EnqueueOnDie(
            MakeOp(OpKind::kErase, Cause::kGc, plane, layout_.FirstSlot(victim.block), 0, plane),
            now_ns);
        progressed = true;
      }
    }
    if (GcPickVictim(plane, now_ns)) progressed = true;
    if (job.programs_in_flight < kGcProgramsInFlight) {
      // Full wordlines always; a partial one only when the run is over.
      const bool run_over = !job.scanning && job.reads_in_flight == 0;
      if (job.staged >= layout_.units_per_wordline || (run_over && job.staged > 0)) {
        GcProgram(plane, now_ns);
        progressed = true;
      }
    }
    // Read ahead while less than kGcStagedWordlines - 1 wordlines are staged
    // or on their way, so the staging never overflows.
    const uint32_t coming = job.staged + job.reads_in_flight * layout_.units_per_page;
    if (job.scanning && job.reads_in_flight < kGcReadsInFlight &&
        coming < (kGcStagedWordlines - 1) * layout_.units_per_wordline) {
      if (!GcReadNextPage(plane, now_ns)) {
        job.scanning = false;
        job.victims[job.victim_count - 1].scan_done = true;
      }
      progressed = true;
    }
  }
}

void Controller::OnGcReadDone(const FlashOp& op, uint64_t now_ns) {
  GcJob& job = gc_[op.plane];
  const uint32_t page_end = op.first_slot + layout_.units_per_page;
  for (uint32_t slot = op.first_slot; slot < page_end; ++slot) {
    if (!ftl_.IsValid(slot)) continue;  // overwritten while being read
    job.staged_lpn[job.staged] = ftl_.LpnAt(slot);
    job.staged_slot[job.staged] = slot;
    ftl_.PrefetchForRelocate(job.staged_lpn[job.staged]);
    ++job.staged;
  }
}

void Controller::OnGcErased(const FlashOp& op, uint64_t now_ns) {
  const uint32_t plane = op.plane;
  GcJob& job = gc_[plane];
  const uint32_t block = layout_.BlockOfSlot(op.first_slot);
  uint32_t v = 0;
  while (job.victims[v].block != block) ++v;
  const GcVictim victim = job.victims[v];
  for (uint32_t i = v + 1; i < job.victim_count; ++i) job.victims[i - 1] = job.victims[i];
  --job.victim_count;
  --job.erases_in_flight;
  if (ftl_.valid_units(block) != 0) throw std::logic_error("erasing a block with valid data");
  ftl_.Erase(block);
  no_plane_ready_ = false;
  ++gc_runs_;
  SimEvent end;
  end.kind = SimEventKind::kGcEnd;
  end.time_ns = now_ns;
  end.duration_ns = now_ns - victim.start_ns;
  end.block = block;
  end.value = victim.moved;
  end.flag = victim.background;
  log_.Add(end);
  GcStep(plane, now_ns);
  AdmitBlocked(now_ns);
  SchedulePump(now_ns);
}

}  // namespace flashscope
