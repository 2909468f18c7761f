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
// Owner of buffered units that no host request waits for (read promotions).
constexpr uint32_t kInternalRequest = 0xFFFFFFFEu;
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
      has_dram_buffer_(config.write_buffer_bytes > 0),
      slc_(config, ftl.layout(), ftl) {
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
  fold_.resize(slc_.enabled() ? layout_.planes : 0);
  for (GcJob& job : fold_) job.fold = true;
  for (std::vector<GcJob>* jobs : {&gc_, &fold_}) {
    for (GcJob& job : *jobs) {
      // A page read can add up to units_per_page units on top of a nearly
      // full wordline, so staging holds more than the wordlines it programs.
      job.staged_lpn.resize(kGcStagedWordlines * layout_.units_per_wordline +
                            kGcReadsInFlight * layout_.units_per_page);
      job.staged_slot.resize(job.staged_lpn.size());
    }
  }
  idle_since_.assign(layout_.dies, 0);
  if (slc_.enabled() && config.slc_cache.pin_small_bytes > 0) {
    pinned_bits_.assign((layout_.logical_units + 63) / 64, 0);
  }
  if (config.read_disturb.enabled) block_reads_.assign(layout_.blocks, 0);
  if (config.read_disturb.enabled || config.wear_leveling.static_enabled) {
    forced_queued_.assign(layout_.blocks, 0);
    forced_.resize(layout_.planes);
    static_wl_pending_.assign(layout_.planes, 0);
  }
}

void Controller::SetPinned(uint64_t lpn, bool pinned) {
  if (IsPinned(lpn) == pinned) return;
  pinned_bits_[lpn >> 6] ^= uint64_t{1} << (lpn & 63);
  pinned ? ++pinned_units_ : --pinned_units_;
}

namespace {
FlashOp MakeOp(OpKind kind, Cause cause, uint32_t plane, uint32_t first_slot, uint32_t units,
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
}  // namespace

uint32_t Controller::active_gc_jobs() const {
  uint32_t active = 0;
  for (const GcJob& job : gc_) active += job.victim_count > 0;
  return active;
}

uint64_t Controller::PersistentCacheBytes() const {
  if (!slc_.enabled() || flush_persistent_) return 0;
  const uint64_t used =
      (ftl_.static_slc_written_units() + ftl_.dynamic_slc_written_units()) * layout_.unit_bytes;
  return std::min(used, slc_.PersistentCapacityBytes());
}

uint32_t Controller::active_fold_jobs() const {
  uint32_t active = 0;
  for (const GcJob& job : fold_) active += job.victim_count > 0;
  return active;
}

// ---------------------------------------------------------------- host reads

void Controller::SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
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
    if (op.units > 0) EnqueueOnDie(op, now_ns);
    op.first_slot = slot;
    op.plane = layout_.PlaneOfBlock(layout_.BlockOfSlot(slot));
    op.slc = ftl_.IsSlc(layout_.BlockOfSlot(slot));
    op.units = 1;
  }
  if (op.units > 0) EnqueueOnDie(op, now_ns);
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
      ++slc_stats_.promoted_units;
    }
    SchedulePump(now_ns);
  }
  // A read answered at once leaves the host as idle as it was.
  if (has_dram_buffer_) NoteMaybeHostIdle(now_ns);
}

void Controller::EnqueueOnDie(const FlashOp& op, uint64_t now_ns) {
  if (op.kind == OpKind::kRead) {
    ++counters_.page_reads[static_cast<uint32_t>(op.cause)];
    if (op.cause == Cause::kHost) {
      ++host_reads_in_flight_;
      if (slc_.enabled()) host_->OnReadFrom(op.owner, op.slc);
    }
  }
  idle_since_[layout_.DieOfPlane(op.plane)] = kNever;
  flash_.Enqueue(op, now_ns);
  if (op.kind == OpKind::kRead && op.cause == Cause::kHost && !block_reads_.empty()) {
    NoteHostPageRead(layout_.BlockOfSlot(op.first_slot), now_ns);
  }
}

// Read disturb (seed 000 §4.2, Werner et al.): each host page read of a
// block counts; at the threshold for the drive's cell the block's valid data
// is refreshed (moved by GC, cause "refresh"). Only native full blocks are
// refreshed: an open block is checked again once full, and pSLC blocks are
// emptied by migration anyway. GC reads are not counted: their block is
// about to be erased.
void Controller::NoteHostPageRead(uint32_t block, uint64_t now_ns) {
  const uint32_t reads = ++block_reads_[block];
  if (reads < config_.read_disturb.threshold_reads[BitsPerCell(config_.cell)]) return;
  if (forced_queued_[block] || !ftl_.IsCollectable(block)) return;
  const uint32_t plane = layout_.PlaneOfBlock(block);
  forced_queued_[block] = 1;
  forced_[plane].push_back(ForcedMove{block, Cause::kRefresh});
  StartGc(plane, false, now_ns);
}

// Static wear levelling: when a plane's erase-count spread (max over its
// blocks - min over its full native blocks) exceeds the threshold, its
// least-erased full block is emptied so it re-enters the pool, and the cold
// data it held stops pinning it. One move per plane at a time.
void Controller::CheckStaticWearLeveling(uint32_t plane, uint64_t now_ns) {
  if (!config_.wear_leveling.static_enabled || static_wl_pending_[plane]) return;
  const uint32_t first = plane * layout_.blocks_per_plane;
  uint32_t max_erases = 0, coldest = kNoBlock;
  for (uint32_t block = first; block < first + layout_.blocks_per_plane; ++block) {
    max_erases = std::max(max_erases, ftl_.erase_count(block));
    if (ftl_.IsCollectable(block) && !forced_queued_[block] &&
        (coldest == kNoBlock || ftl_.erase_count(block) < ftl_.erase_count(coldest))) {
      coldest = block;
    }
  }
  if (coldest == kNoBlock ||
      max_erases - ftl_.erase_count(coldest) <= config_.wear_leveling.static_threshold) {
    return;
  }
  static_wl_pending_[plane] = 1;
  forced_queued_[coldest] = 1;
  forced_[plane].push_back(ForcedMove{coldest, Cause::kWearLeveling});
  StartGc(plane, false, now_ns);
}

// The oldest queued forced move of `plane` whose block is still a full
// native block (GC may have taken it meanwhile), when the plane has its GC
// reserve: a fully valid block frees nothing, so it waits for ordinary GC.
bool Controller::TakeForcedMove(uint32_t plane, ForcedMove& move) {
  if (forced_.empty()) return false;
  std::vector<ForcedMove>& queue = forced_[plane];
  while (!queue.empty() && !ftl_.IsCollectable(queue.front().block)) {
    forced_queued_[queue.front().block] = 0;
    if (queue.front().cause == Cause::kWearLeveling) static_wl_pending_[plane] = 0;
    queue.erase(queue.begin());
  }
  if (queue.empty() || ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks) return false;
  move = queue.front();
  queue.erase(queue.begin());
  return true;
}

// --------------------------------------------------------------- host writes

void Controller::SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units,
                             uint64_t now_ns) {
  NoteHostBusy();
  // Placement is decided per request (its size, whether its data is new),
  // and small requests may be pinned in SLC.
  const bool to_slc = slc_.enabled() && slc_.PlaceInSlc(first_lpn, units, now_ns);
  if (!pinned_bits_.empty()) {
    const bool pin = slc_.IsPinned(units);
    for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) SetPinned(lpn, pin);
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
uint32_t Controller::Admit(uint32_t request, uint64_t first_lpn, uint32_t units, bool to_slc,
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

void Controller::AdmitBlocked(uint64_t now_ns) {
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
          static_cast<uint8_t>((active_gc_jobs() > 0 ? 1 : 0) | (active_fold_jobs() > 0 ? 2 : 0));
      log_.Add(StallEvent(write.since_ns, waited, flag));
    }
    blocked_.pop_front();
    ++blocked_popped_;
    if (!flushes_.empty()) ResolveFlushes();
  }
}

void Controller::SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
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

bool Controller::SubmitFlush(uint32_t request, uint64_t now_ns) {
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
void Controller::ResolveFlushes() {
  for (uint32_t i = 0; i < flushes_.size(); ++i) {
    PendingFlush& flush = flushes_.at(i);
    if (flush.resolved || flush.blocked_before > blocked_popped_) continue;
    flush.resolved = true;
    flush.target_seq = next_seq_;
  }
}

bool Controller::FlushWantsHead(const RingQueue<BufferedUnit>& queue) const {
  if (queue.empty()) return false;
  const PendingFlush& last = flushes_.at(flushes_.size() - 1);
  // Unresolved: its held-back writes come after everything buffered now.
  if (!last.resolved) return true;
  return static_cast<int32_t>(queue.front().seq - last.target_seq) < 0;
}

// Completes, in order, the flushes with nothing admitted before them left
// in the buffer or being programmed. (The oldest unit still in the drive
// is the head of a queue or the first unit of a program in flight.)
void Controller::CompleteFlushes(uint64_t now_ns) {
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
bool Controller::OldestUnitSeq(uint32_t& oldest) const {
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
bool Controller::PumpQueue(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns) {
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

uint32_t Controller::AllocateBatch() {
  const uint32_t id = free_batches_.back();
  free_batches_.pop_back();
  return id;
}

void Controller::DropDeadHead(RingQueue<BufferedUnit>& queue, uint64_t now_ns) {
  // Entries trimmed while waiting just give their space back.
  while (!queue.empty() && queue.front().dead) {
    if (!has_dram_buffer_ && queue.front().request != kInternalRequest) {
      host_->OnUnitsDone(queue.front().request, 1, now_ns);
    }
    queue.pop_front();
    --buffer_used_;
  }
}

void Controller::SetExhausted(bool exhausted, uint64_t now_ns) {
  if (slc_stats_.exhausted == exhausted) return;
  slc_stats_.exhausted = exhausted;
  SimEvent event;
  event.kind = exhausted ? SimEventKind::kCacheExhausted : SimEventKind::kCacheRecovered;
  event.time_ns = now_ns;
  event.bytes = host_units_admitted_ * layout_.unit_bytes;
  log_.Add(event);
  if (!exhausted) return;
  if (!slc_stats_.cliff_seen) {
    slc_stats_.cliff_seen = true;
    slc_stats_.first_cliff_ns = now_ns;
    slc_stats_.first_cliff_host_units = host_units_admitted_;
  }
  // Seed 003: once the cache has filled, the next idle time empties it all.
  if (slc_.PersistentCapacityBytes() > 0 && !flush_persistent_) {
    flush_persistent_ = true;
    ++slc_stats_.persistent_flushes;
  }
}

// Whether `plane` could take a pSLC wordline now: its open pSLC block has
// room, or a static block is free, or the dynamic allowance lets it borrow
// a free native block.
// `allowance` is SlcCache::DynamicAllowanceBlocks(), which callers work out
// once per scan of the planes rather than once per plane.
bool Controller::SlcRoomOn(uint32_t plane, uint32_t allowance) const {
  return ftl_.SlcFrontierHasRoom(plane) || ftl_.FreeStaticSlcBlocks(plane) > 0 ||
         (ftl_.DynamicSlcBlocks(plane) < allowance &&
          ftl_.FreeBlocks(plane) > layout_.gc_reserve_blocks);
}

// Units a wordline from the host queue carries: one pSLC page for SLC-bound
// data, unless the cache is exhausted with when_full "direct" and that data
// goes to native wordlines too.
uint32_t Controller::WordlineUnitsFor(bool slc_queue) const {
  return slc_queue && !SlcBoundGoesNative() ? layout_.slc_units_per_wordline
                                            : layout_.units_per_wordline;
}

// A wordline's first slot on some plane whose die can take it, and that
// plane; kNoSlot when none can. Starts GC or migration where space is short.
uint32_t Controller::AllocateHostWordline(bool to_slc, uint64_t now_ns, uint32_t& plane) {
  bool slc_room_somewhere = false;
  const uint32_t allowance = to_slc ? slc_.DynamicAllowanceBlocks() : 0;
  for (uint32_t tried = 0; tried < layout_.planes; ++tried) {
    plane = plane_cursor_ + tried;
    if (plane >= layout_.planes) plane -= layout_.planes;
    if (host_programs_in_flight_[plane] >= kHostProgramsPerPlane) {
      slc_room_somewhere |= to_slc && SlcRoomOn(plane, allowance);
      continue;
    }
    uint32_t slot;
    if (to_slc) {
      const bool allow_dynamic = ftl_.DynamicSlcBlocks(plane) < allowance;
      slot = ftl_.AllocateSlcWordline(plane, allow_dynamic, layout_.gc_reserve_blocks);
      if (slot == kNoSlot && slc_.fold_when_full()) StartFold(plane, false, now_ns);
      slc_room_somewhere |= slot != kNoSlot;
    } else {
      // The last free block of a plane is left to GC, which needs a
      // destination to free anything.
      slot = ftl_.AllocateWordline(plane, Stream::kHost, 1);
    }
    if (ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks) {
      StartGc(plane, false, now_ns);
      // Native space short while pSLC holds data: folding frees blocks too.
      if (slc_.enabled()) StartFold(plane, false, now_ns);
    }
    if (slot != kNoSlot) return slot;
  }
  if (to_slc && !slc_room_somewhere) SetExhausted(true, now_ns);
  return kNoSlot;
}

// Moves one wordline of buffered units from `queue` to a plane whose die can
// take it. Returns false when no plane can (all busy, or out of free blocks:
// GC runs; or, for SLC-bound data, the cache is exhausted).
bool Controller::FlushOneWordline(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns,
                                  bool allow_partial) {
  DropDeadHead(queue, now_ns);
  if (queue.empty()) return false;
  if (no_plane_ready_) return false;
  bool to_slc = slc_queue && !SlcBoundGoesNative();
  if (queue.size() < WordlineUnitsFor(slc_queue) && !allow_partial) return false;
  uint32_t plane = 0;
  uint32_t slot = AllocateHostWordline(to_slc, now_ns, plane);
  if (slot == kNoSlot && to_slc && SlcBoundGoesNative()) {
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
    if (unit.request == kInternalRequest && IsPinned(unit.lpn) && repins_in_flight_ > 0) {
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
  (to_slc ? slc_stats_.host_units_to_slc : slc_stats_.host_units_to_native) += host_units;
  ++host_programs_in_flight_[plane];

  EnqueueOnDie(MakeOp(OpKind::kProgram, Cause::kHost, plane, slot, units, batch_id, to_slc),
               now_ns);
  return true;
}

// ------------------------------------------------------------ flash results

void Controller::OnFlashOpDone(const FlashOp& op, uint64_t now_ns) {
  if (op.cause == Cause::kHost) {
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
        if (fold_[plane].victim_count > 0) GcStep(fold_[plane], plane, now_ns);
      }
    }
    AdmitBlocked(now_ns);
    if (!flushes_.empty()) CompleteFlushes(now_ns);
    SchedulePump(now_ns);
    NoteMaybeHostIdle(now_ns);
    return;
  }
  // Garbage collection or migration.
  GcJob& job = JobFor(op.cause == Cause::kMigration, op.plane);
  switch (op.kind) {
    case OpKind::kRead:
      --job.reads_in_flight;
      OnGcReadDone(job, op, now_ns);
      break;
    case OpKind::kProgram:
      --job.programs_in_flight;
      break;
    case OpKind::kErase:
      OnGcErased(job, op, now_ns);
      return;
  }
  GcStep(job, op.plane, now_ns);
}

// The host has nothing under way (no read at the flash, nothing buffered
// but a partial wordline no later write may complete): the DRAM buffer is
// flushed once that has lasted write_buffer_idle_flush_us, and idle
// migration may start once it has lasted idle_flush_ms.
void Controller::NoteMaybeHostIdle(uint64_t now_ns) {
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

void Controller::OnBufferIdleCheck(uint64_t now_ns) {
  if (host_idle_since_ == kNever ||
      host_idle_since_ + config_.write_buffer_idle_flush_ns > now_ns) {
    return;  // the host came back (a later check is set when it goes quiet)
  }
  drain_requested_ = true;
  Pump(now_ns);
}

void Controller::OnSlcIdleCheck(uint64_t now_ns) {
  if (host_idle_since_ == kNever || host_idle_since_ + config_.slc_cache.idle_flush_ns > now_ns) {
    return;  // the host came back (a later check is set when it goes quiet)
  }
  // A drive flushes its write cache when idle: partial wordlines left in the
  // buffer are programmed (padded) so they do not sit there for good (the
  // DRAM buffer's own idle flush has usually done so already).
  drain_requested_ = true;
  Pump(now_ns);
  if (end_of_run_) return;  // no migration is started for the end of a run
  for (uint32_t plane = 0; plane < layout_.planes; ++plane) StartFold(plane, true, now_ns);
}

void Controller::BeginEndOfRun(uint64_t now_ns) {
  end_of_run_ = true;
  NoteMaybeHostIdle(now_ns);
  // The host may have gone quiet before the data now waiting arrived in the
  // buffer (a read promotion): make sure a flush is due.
  if (has_dram_buffer_ && host_idle_since_ != kNever && buffered_units() > 0) {
    events_.Push(std::max(now_ns, host_idle_since_ + config_.write_buffer_idle_flush_ns),
                 PriorityOf(kBufferIdleCheck), kBufferIdleCheck, 0);
  }
}

uint64_t Controller::buffered_units() const { return waiting_.size() + waiting_slc_.size(); }

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
  if (end_of_run_) return;  // no background GC is started for the end of a run
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
  GcStep(job, plane, now_ns);
}

void Controller::StartFold(uint32_t plane, bool background, uint64_t now_ns) {
  if (!slc_.enabled()) return;
  GcJob& job = fold_[plane];
  if (job.victim_count == 0) {
    job.background = background;
  } else if (!background) {
    job.background = false;
  }
  GcStep(job, plane, now_ns);
}

// Whether migration on `plane` should empty one more pSLC block.
bool Controller::FoldWanted(uint32_t plane, bool background) const {
  const uint32_t full_slc =
      static_cast<uint32_t>(ftl_.SlcClosedOrder(plane).size()) - ftl_.SlcClosedHead(plane);
  if (full_slc == 0) return false;
  if (background) {
    // Idle: down to the persistent cache, or to empty after a fill.
    if (host_idle_since_ == kNever) return false;
    const uint64_t per_plane = uint64_t{layout_.slc_units_per_block} * layout_.planes;
    const uint32_t pinned_blocks =
        pinned_units_ == 0 ? 0
                           : static_cast<uint32_t>((pinned_units_ + per_plane - 1) / per_plane) + 1;
    const uint32_t keep = (flush_persistent_ ? 0 : slc_.PersistentBlocksPerPlane()) + pinned_blocks;
    return full_slc > keep;
  }
  // Foreground: the cache is needed now (fold-then-write and no pSLC room
  // on the plane), or the native free pool cannot cover GC's reserve while
  // dynamic pSLC holds borrowed blocks.
  const bool slc_needed = slc_.fold_when_full() && !SlcRoomOn(plane, slc_.DynamicAllowanceBlocks());
  const bool native_short =
      ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks && ftl_.DynamicSlcBlocks(plane) > 0;
  return slc_needed || native_short;
}

// Whether the run should take one more victim: victims already taken count
// as the free blocks they will become.
bool Controller::WantsAnotherVictim(const GcJob& job, uint32_t plane) const {
  if (job.fold) return FoldWanted(plane, job.background);
  if (!forced_.empty() && !forced_[plane].empty()) return true;
  const uint32_t expected_free = ftl_.FreeBlocks(plane) + job.victim_count;
  if (expected_free < layout_.gc_reserve_blocks) return true;
  return job.background && expected_free < layout_.background_reserve_blocks &&
         flash_.DieIdle(layout_.DieOfPlane(plane));
}

// Idle migration folds the oldest pSLC block first, so what stays is the
// newest data (the persistent cache). In the foreground it takes the block
// with the least valid data: the SLC region's own garbage collection,
// whose survivors move to native blocks.
uint32_t Controller::PickFoldVictim(uint32_t plane, bool background) const {
  const std::vector<uint32_t>& order = ftl_.SlcClosedOrder(plane);
  const uint32_t head = ftl_.SlcClosedHead(plane);
  if (head >= order.size()) return kNoBlock;
  if (background) return order[head];
  uint32_t best = order[head];
  for (uint32_t i = head + 1; i < order.size(); ++i) {
    if (ftl_.valid_units(order[i]) < ftl_.valid_units(best)) best = order[i];
  }
  return best;
}

bool Controller::GcPickVictim(GcJob& job, uint32_t plane, uint64_t now_ns) {
  if (job.scanning || job.victim_count == kMaxVictimsPerPlane) return false;
  ForcedMove forced{kNoBlock, Cause::kGc};
  uint32_t block = kNoBlock;
  if (!job.fold && TakeForcedMove(plane, forced)) {
    block = forced.block;
  } else {
    // Stale forced moves were dropped above, so this asks about GC proper
    // (a forced move still waiting for the reserve keeps it true; the
    // policy then finds the garbage that restores the reserve).
    if (!WantsAnotherVictim(job, plane)) return false;
    block =
        job.fold ? PickFoldVictim(plane, job.background) : victims_.PickVictim(ftl_, plane, rng_);
  }
  if (block == kNoBlock) return false;
  if (job.fold) ftl_.RemoveFromSlcOrder(block);
  ftl_.MarkVictim(block);
  GcVictim& victim = job.victims[job.victim_count++];
  victim = GcVictim{};
  victim.block = block;
  victim.cause = job.fold ? Cause::kMigration : forced.cause;
  victim.start_ns = now_ns;
  victim.background = job.background;
  job.scanning = true;
  job.scan_slot = layout_.FirstSlot(block);
  SimEvent start;
  start.kind = job.fold ? SimEventKind::kMigrationStart : SimEventKind::kGcStart;
  start.time_ns = now_ns;
  start.block = block;
  start.value = ftl_.valid_units(block);
  start.flag = job.background;
  log_.Add(start);
  return true;
}

// Programs one wordline from the staged units (padded when fewer): GC into
// the GC frontier, migration into the fold frontier. False when migration
// finds no free native block (GC has been asked for one).
bool Controller::GcProgram(GcJob& job, uint32_t plane, uint64_t now_ns) {
  const uint32_t wordline = layout_.units_per_wordline;
  // Migration leaves the last free block to GC, which needs a destination
  // to free anything.
  const uint32_t slot =
      ftl_.AllocateWordline(plane, job.fold ? Stream::kFold : Stream::kGc, job.fold ? 1 : 0);
  if (slot == kNoSlot) {
    if (!job.fold) throw std::logic_error("GC has no destination block");
    StartGc(plane, false, now_ns);
    return false;
  }
  // The wordline's cause is its first unit's (a GC wordline may carry the
  // tail of a refresh or wear-levelling victim too); units count by their own.
  Cause cause = job.fold ? Cause::kMigration : Cause::kGc;
  const uint32_t take = std::min(job.staged, wordline);
  uint32_t filled = 0;
  for (uint32_t i = 0; i < take; ++i) {
    // A host write or trim may have replaced the unit since GC read it: then
    // its old slot is no longer valid (checked in the victim's bitmap, which
    // is in cache, rather than in the L2P table, which is not).
    if (!ftl_.IsValid(job.staged_slot[i])) continue;
    const uint32_t source = layout_.BlockOfSlot(job.staged_slot[i]);
    Cause unit_cause = job.fold ? Cause::kMigration : Cause::kGc;
    for (uint32_t v = 0; v < job.victim_count; ++v) {
      if (job.victims[v].block == source) {
        ++job.victims[v].moved;
        unit_cause = job.victims[v].cause;
      }
    }
    if (filled == 0) cause = unit_cause;
    switch (unit_cause) {
      case Cause::kRefresh:
        ++reliability_.refreshed_units;
        break;
      case Cause::kWearLeveling:
        ++reliability_.static_wl_units;
        break;
      default:
        ++(job.fold ? slc_stats_.migrated_units : gc_units_moved_);
        break;
    }
    ++counters_.units_programmed[static_cast<uint32_t>(unit_cause)];
    ftl_.Relocate(job.staged_lpn[i], job.staged_slot[i], slot + filled);
    ++filled;
  }
  for (uint32_t i = filled; i < wordline; ++i) ftl_.SkipSlot(slot + i);
  std::copy(job.staged_lpn.begin() + take, job.staged_lpn.begin() + job.staged,
            job.staged_lpn.begin());
  std::copy(job.staged_slot.begin() + take, job.staged_slot.begin() + job.staged,
            job.staged_slot.begin());
  job.staged -= take;
  counters_.page_programs[static_cast<uint32_t>(cause)] += layout_.bits;
  ++job.programs_in_flight;
  EnqueueOnDie(MakeOp(OpKind::kProgram, cause, plane, slot, wordline, kGcBatchOwner, false),
               now_ns);
  return true;
}

// Reads the next page of the scanning victim that holds valid units; false
// when the victim has none left (its scan is done).
bool Controller::GcReadNextPage(GcJob& job, uint32_t plane, uint64_t now_ns) {
  GcVictim& victim = job.victims[job.victim_count - 1];
  const uint32_t end_slot = layout_.FirstSlot(victim.block) + ftl_.CapacityUnits(victim.block);
  const bool slc = ftl_.IsSlc(victim.block);
  while (job.scan_slot < end_slot) {
    const uint32_t page_first = job.scan_slot;
    job.scan_slot += layout_.units_per_page;
    uint32_t valid = 0;
    for (uint32_t slot = page_first; slot < job.scan_slot; ++slot) valid += ftl_.IsValid(slot);
    if (valid == 0) continue;
    ftl_.PrefetchReverseMap(page_first);  // read when the page arrives
    ++job.reads_in_flight;
    EnqueueOnDie(MakeOp(OpKind::kRead, victim.cause, plane, page_first, valid, plane, slc), now_ns);
    return true;
  }
  return false;
}

// Advances a plane's GC (or migration) run as far as it can now: erase
// victims whose data has left, take the next victim, program full
// wordlines, read the next page. A plane keeps up to kGcReadsInFlight page
// reads and kGcProgramsInFlight programs queued, so its die never waits on
// the controller, while host commands still interleave with this work in
// the die's queues.
void Controller::GcStep(GcJob& job, uint32_t plane, uint64_t now_ns) {
  if (job.victim_count == 0 && !WantsAnotherVictim(job, plane)) return;
  for (bool progressed = true; progressed;) {
    progressed = false;
    // Victims emptied (every valid unit remapped to a programmed or queued
    // wordline: the die runs the erase after those programs).
    for (uint32_t v = 0; v < job.victim_count; ++v) {
      GcVictim& victim = job.victims[v];
      if (victim.scan_done && !victim.erase_issued && ftl_.valid_units(victim.block) == 0) {
        victim.erase_issued = true;
        ++job.erases_in_flight;
        ++counters_.block_erases[static_cast<uint32_t>(victim.cause)];
        EnqueueOnDie(MakeOp(OpKind::kErase, victim.cause, plane, layout_.FirstSlot(victim.block), 0,
                            plane, ftl_.IsSlc(victim.block)),
                     now_ns);
        progressed = true;
      }
    }
    if (GcPickVictim(job, plane, now_ns)) progressed = true;
    if (job.programs_in_flight < kGcProgramsInFlight) {
      // Full wordlines always; a partial one only when the run is over.
      const bool run_over = !job.scanning && job.reads_in_flight == 0;
      if (job.staged >= layout_.units_per_wordline || (run_over && job.staged > 0)) {
        if (GcProgram(job, plane, now_ns)) progressed = true;
      }
    }
    // Read ahead while less than kGcStagedWordlines - 1 wordlines are staged
    // or on their way, so the staging never overflows.
    const uint32_t coming = job.staged + job.reads_in_flight * layout_.units_per_page;
    if (job.scanning && job.reads_in_flight < kGcReadsInFlight &&
        coming < (kGcStagedWordlines - 1) * layout_.units_per_wordline) {
      if (!GcReadNextPage(job, plane, now_ns)) {
        job.scanning = false;
        job.victims[job.victim_count - 1].scan_done = true;
      }
      progressed = true;
    }
  }
}

void Controller::OnGcReadDone(GcJob& job, const FlashOp& op, uint64_t now_ns) {
  const uint32_t page_end = op.first_slot + layout_.units_per_page;
  for (uint32_t slot = op.first_slot; slot < page_end; ++slot) {
    if (!ftl_.IsValid(slot)) continue;  // overwritten while being read
    const uint32_t lpn = ftl_.LpnAt(slot);
    if (job.fold && IsPinned(lpn)) {
      // Pinned: copied into pSLC again (through the buffer, like a host
      // write nobody waits for) rather than folded.
      if (!IsPending(lpn)) {
        PushBuffered(waiting_slc_, lpn, kInternalRequest, now_ns);
        SetPending(lpn);
        ++buffer_used_;
        ++repins_in_flight_;
        SchedulePump(now_ns);
      }
      continue;
    }
    job.staged_lpn[job.staged] = ftl_.LpnAt(slot);
    job.staged_slot[job.staged] = slot;
    ftl_.PrefetchForRelocate(job.staged_lpn[job.staged]);
    ++job.staged;
  }
}

void Controller::OnGcErased(GcJob& job, const FlashOp& op, uint64_t now_ns) {
  const uint32_t plane = op.plane;
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
  if (!block_reads_.empty()) block_reads_[block] = 0;
  if (!forced_queued_.empty()) forced_queued_[block] = 0;
  SimEvent end;
  end.kind = job.fold ? SimEventKind::kMigrationEnd : SimEventKind::kGcEnd;
  end.time_ns = now_ns;
  end.duration_ns = now_ns - victim.start_ns;
  end.block = block;
  end.value = victim.moved;
  end.flag = victim.background;
  log_.Add(end);
  if (job.fold) {
    ++slc_stats_.migrations;
    // The cache has room again. With fold-then-write, foreground folding
    // only keeps pace with the host: the cache counts as recovered once idle
    // migration has run.
    if (victim.background || !slc_.fold_when_full()) SetExhausted(false, now_ns);
    if (flush_persistent_ && ftl_.slc_valid_units() == 0) flush_persistent_ = false;
  } else {
    // A migration destination may have been waiting for this plane's GC.
    switch (victim.cause) {
      case Cause::kRefresh:
        ++reliability_.refreshes;
        break;
      case Cause::kWearLeveling:
        ++reliability_.static_wl_moves;
        static_wl_pending_[plane] = 0;
        break;
      default:
        ++gc_runs_;
        break;
    }
    if (slc_.enabled() && fold_[plane].victim_count > 0) GcStep(fold_[plane], plane, now_ns);
  }
  CheckStaticWearLeveling(plane, now_ns);
  GcStep(job, plane, now_ns);
  AdmitBlocked(now_ns);
  SchedulePump(now_ns);
}

}  // namespace flashscope
