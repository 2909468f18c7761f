#include "zns/zns_device.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "util/input_error.h"

namespace flashscope::zns {

ZnsDevice::ZnsDevice(const DeviceConfig& config, const DeviceLayout& layout, FtlState& media,
                     FlashEngine& flash, NandCounters& counters, SimEventLog& log, bool host_ftl)
    : config_(config),
      layout_(layout),
      zoned_(ZonedLayout::From(config, layout)),
      zones_(zoned_.Geometry()),
      media_(media),
      flash_(flash),
      counters_(&counters),
      run_counters_(counters),
      log_(log) {
  if (host_ftl) {
    // The host FTL keeps 2 * classes + 1 zones free of user data (a partly
    // written zone per class, a free one per class and one for GC to move a
    // victim into: ZnsHostFtl::MaxLogicalBlocks); at least one more holds it.
    const uint64_t needed = 2 * uint64_t{config.zns.classes} + 2;
    if (zoned_.zone_count < needed) {
      throw InputError(config.file, 0,
                       "a zoned drive with zns.classes " + std::to_string(config.zns.classes) +
                           " needs at least " + std::to_string(needed) +
                           " zones (per class an open and a free zone, one for GC, one for "
                           "data); it has " +
                           std::to_string(zoned_.zone_count) +
                           ": lower zns.zone_bytes or zns.classes, or add blocks");
    }
    HostFtlConfig ftl;
    ftl.logical_blocks = layout.logical_units;
    ftl.classes = config.zns.classes;
    ftl.gc_threshold = config.zns.gc_threshold;
    ftl.placement = config.zns.placement;
    ftl.gc_victim = config.zns.gc_victim;
    host_ftl_ = std::make_unique<ZnsHostFtl>(ftl, zones_, config.file);
    host_ftl_->set_listener(this);
  }
  stage_.resize(zoned_.zone_count);
  gc_blocks_received_.resize(zoned_.zone_count);
  partial_zones_.reserve(zoned_.zone_count);
  // Room for a partly filled wordline in every zone that can be active,
  // plus one wordline, so those can never fill the buffer (see the header).
  const uint64_t active = zoned_.max_active > 0 ? zoned_.max_active : zoned_.zone_count;
  buffer_capacity_ = std::max<uint64_t>(config.write_buffer_bytes / layout.unit_bytes,
                                        (active + 1) * zoned_.units_per_wordline);
}

ZnsDevice::~ZnsDevice() = default;

void ZnsDevice::AddZbdJob(uint32_t job, const ZbdOptions& options, uint64_t seed) {
  zbd_jobs_.push_back(ZbdJob{job, std::make_unique<ZbdAdapter>(zones_, options, seed)});
}

// ------------------------------------------------------------------ figures

uint64_t ZnsDevice::user_blocks() const {
  return host_ftl_ ? host_ftl_->stats().user_blocks : zbd_user_blocks_;
}

uint64_t ZnsDevice::resets() const { return host_ftl_ ? host_ftl_->stats().gc_count : zbd_resets_; }

double ZnsDevice::waf() const {
  if (host_ftl_) return host_ftl_->stats().waf();
  return zbd_user_blocks_ > 0 ? 1.0 : 0.0;
}

uint64_t ZnsDevice::zone_valid_blocks(uint32_t zone) const {
  return host_ftl_ ? host_ftl_->zone_valid_blocks(zone) : zones_.zone(zone).written_lbas();
}

uint32_t ZnsDevice::zone_class(uint32_t zone) const {
  if (!host_ftl_) return 0;
  const uint8_t c = host_ftl_->zone_class(zone);
  return c == ZnsHostFtl::kNoClass ? 0 : uint32_t{c} + 1;
}

uint64_t ZnsDevice::zone_errors(ZnsStatus status) const {
  for (size_t i = 0; i < kRefusalStatuses.size(); ++i) {
    if (kRefusalStatuses[i] == status) return refusals_[i];
  }
  return 0;
}

void ZnsDevice::CountRefusal(ZnsStatus status) {
  for (size_t i = 0; i < kRefusalStatuses.size(); ++i) {
    if (kRefusalStatuses[i] == status) ++refusals_[i];
  }
}

// --------------------------------------------------------- preconditioning

void ZnsDevice::Precondition(uint64_t blocks, uint64_t random_blocks, Rng& rng,
                             NandCounters& counters) {
  timed_ = false;
  counters_ = &counters;
  if (host_ftl_) {
    for (uint64_t block = 0; block < blocks; ++block) {
      WriteUserBlock(block, 0);
      AfterHostFtlCall();
    }
    for (uint64_t i = 0; i < random_blocks; ++i) {
      WriteUserBlock(rng.Below(host_ftl_->logical_blocks()), 0);
      AfterHostFtlCall();
    }
  } else {
    // zbd: the zones filled in order, as a sequential fio job would.
    uint64_t left = blocks;
    for (uint32_t zone = 0; zone < zoned_.zone_count && left > 0; ++zone) {
      const Zone& z = zones_.zone(zone);
      const uint64_t count = std::min(left, z.capacity_lbas - z.written_lbas());
      if (count == 0) continue;
      const uint64_t first = z.write_pointer;
      if (!zones_.Write(first, count).ok()) throw std::logic_error("zbd fill refused");
      zbd_user_blocks_ += count;
      for (uint64_t lba = first; lba < first + count; ++lba) {
        const uint64_t offset = lba - z.start_lba;
        media_.SetValid(ZoneSlot(zone, offset));
        Stage(zone, offset, false);
      }
      left -= count;
    }
  }
  counters_ = &run_counters_;
  timed_ = true;
}

// ------------------------------------------------------------ host writes

// `partial` is ignored: a zoned drive's logical block is its mapping unit
// and ZNS writes whole logical blocks at the write pointer (an unaligned
// write is an error, ZNS Command Set 2.1.1), so zonemode=zbd jobs never
// cover part of one; a host FTL's sub-block write is the host's page
// cache's read-modify-write, not the drive's.
void ZnsDevice::SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units,
                            uint8_t /*partial*/, uint64_t now_ns) {
  now_ns_ = now_ns;
  if (!host_ftl_) {
    // zbd: the zone state moves now (the next I/O is placed against it);
    // the data waits for buffer space like any other.
    const ZoneWriteResult result = zones_.Write(first_lpn, units);
    if (!result.ok()) {
      CountRefusal(result.status);
      host_->OnUnitsDone(request, units, now_ns);
      return;
    }
    zbd_user_blocks_ += units;
  }
  // Writes queue in arrival order: nobody overtakes a blocked write.
  const uint32_t admitted = blocked_.empty() ? Admit(request, first_lpn, units, now_ns) : 0;
  if (admitted < units) {
    blocked_.push_back(
        BlockedWrite{request, units - admitted, first_lpn + admitted, now_ns, false});
  }
}

// Takes units into the buffer while it has room; returns how many it took.
uint32_t ZnsDevice::Admit(uint32_t request, uint64_t lpn, uint32_t units, uint64_t now_ns) {
  uint32_t admitted = 0;
  for (; admitted < units && buffer_used_ < buffer_capacity_; ++admitted) {
    if (host_ftl_) {
      WriteUserBlock(lpn + admitted, now_ns);
    } else {
      const uint64_t lba = lpn + admitted;
      const uint32_t zone = zones_.ZoneOf(lba);
      const uint64_t offset = lba - zones_.zone(zone).start_lba;
      media_.SetValid(ZoneSlot(zone, offset));
      Stage(zone, offset, false);
    }
  }
  if (admitted > 0) {
    if (host_ftl_) AfterHostFtlCall();
    host_->OnUnitsDone(request, admitted, now_ns);
  }
  return admitted;
}

void ZnsDevice::AdmitBlocked(uint64_t now_ns) {
  while (!blocked_.empty()) {
    BlockedWrite& write = blocked_.front();
    uint32_t admitted;
    if (write.dead) {
      // zbd: its zone was reset before the data reached the buffer.
      admitted = write.remaining;
      host_->OnUnitsDone(write.request, admitted, now_ns);
    } else {
      admitted = Admit(write.request, write.lpn, write.remaining, now_ns);
    }
    write.lpn += admitted;
    write.remaining -= admitted;
    if (write.remaining > 0) break;
    const uint64_t waited = now_ns - write.since_ns;
    if (waited > kStallThresholdNs) {
      // bit 0: relocations (GC) were waiting for flash.
      const bool gc_waiting = gc_ticket_base_ < gc_tickets_issued_ || !deferred_.empty();
      log_.Add(StallEvent(write.since_ns, waited, gc_waiting ? 1 : 0));
    }
    blocked_.pop_front();
  }
}

void ZnsDevice::WriteUserBlock(uint64_t block, uint64_t now_ns) {
  const uint64_t lpn = block % host_ftl_->logical_blocks();
  const BlockLocation old = host_ftl_->Lookup(lpn);
  replaced_slot_ = old.zone == kNoZone ? kNoSlot : ZoneSlot(old.zone, old.offset);
  if (!future_started_) {
    // No preconditioning ran: the future's leading writes never happen, and
    // the host FTL's clock starts at the first write after them.
    future_started_ = true;
    user_block_writes_ += future_precondition_writes_;
    future_shift_ = future_precondition_writes_;
  }
  uint64_t next_write = future_ ? future_->NextWrite(user_block_writes_) : kNeverWritten;
  if (next_write != kNeverWritten) next_write -= future_shift_;
  ++user_block_writes_;
  host_ftl_->Write(lpn, next_write, now_ns);
}

// After the host FTL has done its step: the gathered GC read leaves, and a
// zone it finished (rather than filled) programs its last, partial wordline.
void ZnsDevice::AfterHostFtlCall() {
  FlushGcRead();
  for (size_t i = 0; i < partial_zones_.size();) {
    const uint32_t zone = partial_zones_[i];
    if (zones_.zone(zone).state == ZoneState::kFull) {
      CompleteWordline(zone);  // unlists it: the next zone moved to i
    } else {
      ++i;
    }
  }
}

// ---------------------------------------------------- host FTL media work

void ZnsDevice::OnAppend(uint32_t zone, uint64_t offset, bool gc) {
  const uint32_t slot = ZoneSlot(zone, offset);
  if (gc) {
    if (gc_sources_.empty()) throw std::logic_error("host FTL relocated a block it did not read");
    const uint32_t source = gc_sources_.front();
    gc_sources_.pop_front();
    if (media_.IsValid(source)) media_.SetInvalid(source);
    if (source == replaced_slot_) replaced_slot_ = slot;
    ++gc_blocks_received_[zone];
  } else {
    if (replaced_slot_ != kNoSlot && media_.IsValid(replaced_slot_)) {
      media_.SetInvalid(replaced_slot_);
    }
    replaced_slot_ = kNoSlot;
  }
  media_.SetValid(slot);
  Stage(zone, offset, gc);
}

void ZnsDevice::OnGcRead(uint32_t zone, uint64_t offset) {
  const uint32_t slot = ZoneSlot(zone, offset);
  gc_sources_.push_back(slot);
  if (offset >= stage_[zone].programmed) return;  // still in the buffer: a DRAM copy
  if (gc_read_open_ && slot == gc_read_.first_slot + gc_read_.units &&
      layout_.PageOfSlot(slot) == layout_.PageOfSlot(gc_read_.first_slot)) {
    ++gc_read_.units;  // the same page read brings it
    return;
  }
  FlushGcRead();
  gc_read_ = FlashOp{};
  gc_read_.kind = OpKind::kRead;
  gc_read_.cause = Cause::kGc;
  gc_read_.plane = layout_.PlaneOfBlock(layout_.BlockOfSlot(slot));
  gc_read_.first_slot = slot;
  gc_read_.units = 1;
  gc_read_open_ = true;
}

void ZnsDevice::FlushGcRead() {
  if (!gc_read_open_) return;
  gc_read_open_ = false;
  ++counters_->page_reads[static_cast<uint32_t>(Cause::kGc)];
  const uint64_t ticket = gc_tickets_issued_++;
  if (!timed_) {
    gc_ticket_base_ = gc_tickets_issued_;  // untimed: done at once
    return;
  }
  gc_read_.owner = static_cast<uint32_t>(ticket);
  gc_ticket_done_.push_back(0);
  flash_.Enqueue(gc_read_, now_ns_);
}

void ZnsDevice::OnGcReadDone(uint32_t ticket) {
  const uint32_t index = ticket - static_cast<uint32_t>(gc_ticket_base_);
  gc_ticket_done_.at(index) = 1;
  while (!gc_ticket_done_.empty() && gc_ticket_done_.front() != 0) {
    gc_ticket_done_.pop_front();
    ++gc_ticket_base_;
  }
  ReleaseDeferred();
}

void ZnsDevice::OnGcStart(uint32_t zone, double gp) {
  gc_zone_ = zone;
  recent_gc_victims_[gc_victim_count_++ % kGcFlowZones] = zone;
  gc_reclaiming_ = true;
  gc_zone_class_ = zone_class(zone);
  gc_zone_gp_ = gp;
  const uint32_t bin = static_cast<uint32_t>(std::clamp(gp, 0.0, 1.0) * kGpHistogramBins);
  ++gp_histogram_[std::min(bin, kGpHistogramBins - 1)];
  SimEvent event;
  event.kind = SimEventKind::kGcStart;
  event.time_ns = now_ns_;
  event.block = zone;
  event.gp = static_cast<float>(gp);
  event.flag = kZonedGcFlag;
  log_.Add(event);
}

void ZnsDevice::OnGcEnd(uint32_t zone, uint64_t moved) {
  SimEvent event;
  event.kind = SimEventKind::kGcEnd;
  event.time_ns = now_ns_;
  event.block = zone;
  event.value = static_cast<uint32_t>(std::min<uint64_t>(moved, UINT32_MAX));
  event.flag = kZonedGcFlag;
  log_.Add(event);
}

void ZnsDevice::OnReset(uint32_t zone) {
  // A reclaimed zone carries the class and GP GC saw; a zone reset without
  // GC held only garbage (or nothing).
  const bool reclaimed = gc_reclaiming_ && gc_zone_ == static_cast<int64_t>(zone);
  const uint32_t class_1based = reclaimed ? gc_zone_class_ : zone_class(zone);
  const double gp = reclaimed ? gc_zone_gp_ : (stage_[zone].appended > 0 ? 1.0 : 0.0);
  gc_reclaiming_ = false;
  ResetMedia(zone, Cause::kGc, class_1based, gp);
}

// ------------------------------------------------------------ staging

void ZnsDevice::ListPartial(uint32_t zone) {
  if (stage_[zone].listed) return;
  stage_[zone].listed = true;
  partial_zones_.push_back(zone);
}

void ZnsDevice::UnlistPartial(uint32_t zone) {
  if (!stage_[zone].listed) return;
  stage_[zone].listed = false;
  const auto at = std::find(partial_zones_.begin(), partial_zones_.end(), zone);
  *at = partial_zones_.back();
  partial_zones_.pop_back();
}

void ZnsDevice::Stage(uint32_t zone, uint64_t offset, bool gc) {
  ZoneStage& s = stage_[zone];
  if (offset != s.appended) throw std::logic_error("zone appends out of order");
  ++s.appended;
  ++buffer_used_;
  ++(gc ? s.gc_units : s.host_units);
  if (s.appended % zoned_.units_per_wordline == 0 || s.appended == zoned_.zone_capacity_blocks) {
    CompleteWordline(zone);
  } else {
    ListPartial(zone);
  }
}

// The staged wordline of `zone` leaves for flash (padded when partial),
// or waits behind earlier ones for the GC reads its relocated data needs.
void ZnsDevice::CompleteWordline(uint32_t zone) {
  ZoneStage& s = stage_[zone];
  UnlistPartial(zone);
  if (s.appended == s.issued) return;
  const uint64_t wordline = s.issued / zoned_.units_per_wordline;
  const uint32_t host_units = s.host_units;
  const uint32_t gc_units = s.gc_units;
  s.host_units = s.gc_units = 0;
  s.issued = s.appended;
  uint64_t needs_ticket = 0;
  if (gc_units > 0) {
    FlushGcRead();
    needs_ticket = gc_tickets_issued_;
  }
  if (deferred_.empty() && needs_ticket <= gc_ticket_base_) {
    IssueProgram(zone, wordline, host_units, gc_units);
  } else {
    deferred_.push_back(PendingProgram{zone, host_units, gc_units, false, wordline, needs_ticket});
  }
}

void ZnsDevice::ReleaseDeferred() {
  while (!deferred_.empty()) {
    const PendingProgram program = deferred_.front();
    if (!program.dead) {
      if (program.needs_ticket > gc_ticket_base_) break;
      IssueProgram(program.zone, program.wordline, program.host_units, program.gc_units);
    }
    deferred_.pop_front();
  }
}

void ZnsDevice::IssueProgram(uint32_t zone, uint64_t wordline, uint32_t host_units,
                             uint32_t gc_units) {
  const uint32_t block = zoned_.BlockOfWordline(zone, wordline);
  const uint32_t slot = media_.ProgramNextWordline(block);
  if (slot != zoned_.WordlineSlot(zone, wordline)) {
    throw std::logic_error("zone wordline programmed out of order");
  }
  stage_[zone].programmed = (wordline + 1) * zoned_.units_per_wordline;
  const Cause cause = host_units > 0 ? Cause::kHost : Cause::kGc;
  // A finished zone's last wordline is partial: the rest of it is padding.
  counters_->CountWordline(cause, layout_.bits, host_units + gc_units, layout_.units_per_page);
  counters_->units_programmed[static_cast<uint32_t>(Cause::kHost)] += host_units;
  counters_->units_programmed[static_cast<uint32_t>(Cause::kGc)] += gc_units;
  if (!timed_) {
    buffer_used_ -= host_units + gc_units;
    return;
  }
  FlashOp op;
  op.kind = OpKind::kProgram;
  op.cause = cause;
  op.plane = layout_.PlaneOfBlock(block);
  op.first_slot = slot;
  op.units = layout_.units_per_wordline;
  op.owner = host_units + gc_units;  // buffer units it frees
  flash_.Enqueue(op, now_ns_);
}

// ------------------------------------------------------------------ resets

void ZnsDevice::ResetMedia(uint32_t zone, Cause cause, uint32_t class_1based, double gp) {
  FlushGcRead();  // reads of the zone go to the dies before its erases
  ZoneStage& s = stage_[zone];
  bool holds_valid = false;
  for (uint32_t j = 0; j < zoned_.blocks_per_zone; ++j) {
    holds_valid |= media_.valid_units(zoned_.BlockOf(zone, j)) > 0;
  }
  if (holds_valid) {  // zbd: the host discards the zone's data
    for (uint64_t offset = 0; offset < s.appended; ++offset) {
      const uint32_t slot = ZoneSlot(zone, offset);
      if (media_.IsValid(slot)) media_.SetInvalid(slot);
    }
  }
  // What of the zone never reached the flash is dropped.
  UnlistPartial(zone);
  buffer_used_ -= s.appended - s.issued;
  for (uint32_t i = 0; i < deferred_.size(); ++i) {
    PendingProgram& program = deferred_.at(i);
    if (program.zone != zone || program.dead) continue;
    program.dead = true;
    buffer_used_ -= program.host_units + program.gc_units;
  }
  if (!host_ftl_) {
    for (uint32_t i = 0; i < blocked_.size(); ++i) {
      BlockedWrite& write = blocked_.at(i);
      if (!write.dead && zones_.ZoneOf(write.lpn) == zone) write.dead = true;
    }
  }
  for (uint32_t j = 0; j < zoned_.blocks_per_zone; ++j) {
    const uint32_t block = zoned_.BlockOf(zone, j);
    if (media_.state(block) == BlockState::kFree) continue;  // never programmed
    media_.Erase(block);
    ++counters_->block_erases[static_cast<uint32_t>(cause)];
    if (!timed_) continue;
    FlashOp op;
    op.kind = OpKind::kErase;
    op.cause = cause;
    op.plane = layout_.PlaneOfBlock(block);
    op.first_slot = layout_.FirstSlot(block);
    op.owner = zone;
    flash_.Enqueue(op, now_ns_);
  }
  s = ZoneStage{};
  SimEvent event;
  event.kind = SimEventKind::kZoneReset;
  event.time_ns = now_ns_;
  event.block = zone;
  event.value = class_1based;
  event.gp = static_cast<float>(gp);
  log_.Add(event);
}

bool ZnsDevice::ZbdReset(uint32_t zone) {
  const ZoneManagementResult result = zones_.Reset(zones_.zone(zone).start_lba);
  if (!result.ok()) {
    CountRefusal(result.status);
    return false;
  }
  ++zbd_resets_;
  ResetMedia(zone, Cause::kHost, 0, 0.0);
  return true;
}

bool ZnsDevice::PrepareZonedIo(uint32_t job, HostIo& io, uint64_t now_ns) {
  now_ns_ = now_ns;
  for (ZbdJob& zbd : zbd_jobs_) {
    if (zbd.job != job) continue;
    ZbdDecision decision;
    if (!zbd.adapter->Adjust(io, decision)) return false;
    if (decision.reset_zone != kNoZone && ZbdReset(decision.reset_zone)) {
      AdmitBlocked(now_ns);  // the reset may have freed buffer space
    }
    return true;
  }
  return true;
}

// ------------------------------------------------------------- reads, trims

void ZnsDevice::EnqueueRead(FlashOp& op) {
  ++counters_->page_reads[static_cast<uint32_t>(Cause::kHost)];
  flash_.Enqueue(op, now_ns_);
  op.units = 0;
}

void ZnsDevice::SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
  now_ns_ = now_ns;
  if (!host_ftl_) {
    const ZnsStatus status = zones_.CheckRead(first_lpn, units);
    if (status != ZnsStatus::kSuccess) {
      CountRefusal(status);
      host_->OnUnitsDone(request, units, now_ns);
      return;
    }
  }
  uint32_t immediate = 0;
  FlashOp op;
  op.kind = OpKind::kRead;
  op.cause = Cause::kHost;
  op.owner = request;
  op.units = 0;
  for (uint64_t i = 0; i < units; ++i) {
    uint32_t zone;
    uint64_t offset;
    bool written;
    if (host_ftl_) {
      const BlockLocation at = host_ftl_->Lookup((first_lpn + i) % host_ftl_->logical_blocks());
      zone = at.zone;
      offset = at.offset;
      written = zone != kNoZone;
    } else {
      const uint64_t lba = first_lpn + i;
      zone = zones_.ZoneOf(lba);
      const Zone& z = zones_.zone(zone);
      offset = lba - z.start_lba;
      written = offset < z.written_lbas();  // past the write pointer: zeroes
    }
    // Never-written data reads as zeros without touching flash; data still
    // in the buffer is served from DRAM.
    if (!written || offset >= stage_[zone].programmed) {
      unwritten_read_units_ += !written;
      ++immediate;
      continue;
    }
    const uint32_t slot = ZoneSlot(zone, offset);
    // Units contiguous in one flash page share one array read.
    if (op.units > 0 && slot == op.first_slot + op.units &&
        layout_.PageOfSlot(slot) == layout_.PageOfSlot(op.first_slot)) {
      ++op.units;
      continue;
    }
    if (op.units > 0) EnqueueRead(op);
    op.first_slot = slot;
    op.plane = layout_.PlaneOfBlock(layout_.BlockOfSlot(slot));
    op.units = 1;
  }
  if (op.units > 0) EnqueueRead(op);
  if (immediate > 0) host_->OnUnitsDone(request, immediate, now_ns);
}

void ZnsDevice::SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) {
  now_ns_ = now_ns;
  if (host_ftl_) {
    for (uint64_t i = 0; i < units; ++i) {
      const uint64_t lpn = (first_lpn + i) % host_ftl_->logical_blocks();
      const BlockLocation at = host_ftl_->Lookup(lpn);
      if (at.zone != kNoZone) {
        const uint32_t slot = ZoneSlot(at.zone, at.offset);
        if (media_.IsValid(slot)) media_.SetInvalid(slot);
      }
      host_ftl_->Trim(lpn);
    }
    AfterHostFtlCall();
  }
  // zbd: a trim is the zone reset its ZbdAdapter decided (done in
  // PrepareZonedIo); nothing is left to deallocate.
  host_->OnUnitsDone(request, units, now_ns);
}

// ------------------------------------------------------------ flash results

void ZnsDevice::OnFlashOpDone(const FlashOp& op, uint64_t now_ns) {
  now_ns_ = now_ns;
  switch (op.kind) {
    case OpKind::kRead:
      if (op.cause == Cause::kHost) {
        host_->OnUnitsDone(op.owner, op.units, now_ns);
      } else {
        OnGcReadDone(op.owner);
      }
      break;
    case OpKind::kProgram:
      buffer_used_ -= op.owner;
      AdmitBlocked(now_ns);
      break;
    case OpKind::kErase:
      break;
  }
}

uint64_t ZnsDevice::buffered_units() const {
  uint64_t units = 0;
  for (uint32_t zone : partial_zones_) units += stage_[zone].host_units + stage_[zone].gc_units;
  return units;
}

void ZnsDevice::PreconditionUnits(const PreconditionConfig& p, uint64_t& fill,
                                  uint64_t& random) const {
  const uint64_t capacity =
      host_ftl_ ? layout_.logical_units : uint64_t{zoned_.zone_count} * zoned_.zone_capacity_blocks;
  fill = std::min(capacity, static_cast<uint64_t>(p.fill * static_cast<double>(capacity)));
  random = static_cast<uint64_t>(p.random_writes * static_cast<double>(capacity));
}

void ZnsDevice::AppendPreconditionWrites(const PreconditionConfig& p, Rng rng,
                                         FutureKnowledge& future) const {
  if (!host_ftl_) throw std::logic_error("AppendPreconditionWrites without a host FTL");
  uint64_t fill = 0;
  uint64_t random = 0;
  PreconditionUnits(p, fill, random);
  // As Precondition(blocks, random_blocks, ...) writes them.
  for (uint64_t block = 0; block < fill; ++block) future.AddBlock(block);
  for (uint64_t i = 0; i < random; ++i) future.AddBlock(rng.Below(host_ftl_->logical_blocks()));
}

void ZnsDevice::Precondition(const PreconditionConfig& p, Rng& rng, PreconditionStats& stats) {
  const bool host_ftl = host_ftl_ != nullptr;
  future_started_ = true;
  PreconditionUnits(p, stats.fill_units, stats.random_units);
  if (stats.random_units > 0 && !host_ftl) {
    throw InputError(config_.file, 0,
                     "precondition.random_writes: zonemode=zbd jobs drive this zoned drive, and "
                     "random writes cannot go to zones (fill alone writes them in order)");
  }
  const uint64_t gc_runs_before = gc_runs();
  Precondition(stats.fill_units, 0, rng, stats.nand);
  const uint64_t user = user_blocks();
  const uint64_t gc = gc_blocks();
  Precondition(0, stats.random_units, rng, stats.nand);
  const uint64_t written = user_blocks() - user + gc_blocks() - gc;
  stats.waf = stats.random_units ? static_cast<double>(written) / stats.random_units : 0;
  stats.gc_runs = gc_runs() - gc_runs_before;
}

void ZnsDevice::SetUpSeries(TimeSeries& series) const {
  series.zoned = true;
  series.zns_classes = host_ftl_ ? config_.zns.classes : 0;
}

void ZnsDevice::SampleSeries(TimeSeries& series) const {
  series.zns_waf.push_back(waf());
  series.zns_gp.push_back(garbage_proportion());
  series.zones_open.push_back(zones().open_zones());
  series.zones_active.push_back(zones().active_zones());
  if (series.zns_classes == 0) return;
  const HostFtlStats& stats = host_ftl()->stats();
  const double user = static_cast<double>(stats.user_blocks);
  for (const ZoneClassStats& c : stats.classes) {
    series.zns_class_waf.push_back(user > 0 ? (c.user_blocks + c.gc_blocks) / user : 0);
  }
}

}  // namespace flashscope::zns
