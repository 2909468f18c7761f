#include "conventional/gc_engine.h"

#include <algorithm>
#include <stdexcept>

namespace flashscope {

namespace {
constexpr uint32_t kGcBatchOwner = 0xFFFFFFFFu;
// Pipelining per plane (see Step).
constexpr uint32_t kGcReadsInFlight = 4;
constexpr uint32_t kGcProgramsInFlight = 2;
constexpr uint32_t kGcStagedWordlines = 3;
}  // namespace

GcEngine::GcEngine(const DeviceLayout& layout, FtlState& ftl, FlashPort& port,
                   NandCounters& counters, SimEventLog& log, IGcEngineListener& listener)
    : layout_(layout),
      ftl_(ftl),
      port_(port),
      counters_(counters),
      log_(log),
      listener_(listener) {}

void GcEngine::Attach(Relocation which, IRelocationPolicy& policy, uint32_t planes) {
  JobSet& set = sets_[static_cast<uint32_t>(which)];
  set.policy = &policy;
  set.cause = policy.cause();
  set.destination = policy.destination();
  set.destination_reserve = policy.destination_reserve();
  set.start_event = policy.start_event();
  set.end_event = policy.end_event();
  set.diverted = policy.diverted_units();
  set.jobs.resize(planes);
  for (GcJob& job : set.jobs) {
    // A page read can add up to units_per_page units on top of a nearly
    // full wordline, so staging holds more than the wordlines it programs.
    job.staged_lpn.resize(kGcStagedWordlines * layout_.units_per_wordline +
                          kGcReadsInFlight * layout_.units_per_page);
    job.staged_slot.resize(job.staged_lpn.size());
  }
}

uint32_t GcEngine::active_jobs(Relocation which) const {
  uint32_t active = 0;
  for (const GcJob& job : sets_[static_cast<uint32_t>(which)].jobs) active += job.victim_count > 0;
  return active;
}

void GcEngine::Start(Relocation which, uint32_t plane, bool background, uint64_t now_ns) {
  JobSet& set = sets_[static_cast<uint32_t>(which)];
  if (plane >= set.jobs.size()) return;
  GcJob& job = set.jobs[plane];
  if (job.victim_count == 0) {
    job.background = background;
  } else if (!background) {
    job.background = false;  // the host now needs the space
  }
  Step(set, job, plane, now_ns);
}

void GcEngine::StepIfActive(Relocation which, uint32_t plane, uint64_t now_ns) {
  JobSet& set = sets_[static_cast<uint32_t>(which)];
  if (plane >= set.jobs.size() || set.jobs[plane].victim_count == 0) return;
  Step(set, set.jobs[plane], plane, now_ns);
}

uint64_t GcEngine::DestinationRoom(uint32_t plane) const {
  const uint32_t open = ftl_.OpenBlock(plane, Stream::kGc);
  return open == kNoBlock ? 0 : layout_.units_per_block - ftl_.written_units(open);
}

uint64_t GcEngine::GcVictimUnitsLeft(uint32_t plane) const {
  const GcJob& job = sets_[static_cast<uint32_t>(Relocation::kGc)].jobs[plane];
  uint64_t left = 0;
  for (uint32_t v = 0; v < job.victim_count; ++v) left += ftl_.valid_units(job.victims[v].block);
  return left;
}

uint64_t GcEngine::DestinationUnitsOwed(uint32_t plane) const {
  const GcJob& job = sets_[static_cast<uint32_t>(Relocation::kGc)].jobs[plane];
  if (job.victim_count == 0) return 0;
  // The run's last wordline may leave padded.
  return GcVictimUnitsLeft(plane) + layout_.units_per_wordline;
}

// GC's further victims wait (for the ones under way to be erased) unless the
// destination takes what they still hold, the new victim's valid units and a
// wordline of padding. The first victim of a run always goes: the host leaves
// room for it (HostKeepFreeBlocks in write_buffer_wordlines.cpp).
bool GcEngine::HasHeadroomFor(const JobSet& set, const GcJob& job, uint32_t plane,
                              uint64_t units) const {
  if (set.cause != Cause::kGc || job.victim_count == 0) return true;
  // Victims being erased count as free: a program that finds no block
  // waits for their erase (Program).
  const uint64_t free_blocks = ftl_.FreeBlocks(plane) + job.erases_in_flight;
  const uint64_t room = free_blocks * layout_.units_per_block + DestinationRoom(plane);
  return room >= DestinationUnitsOwed(plane) + units;
}

bool GcEngine::PickVictim(JobSet& set, GcJob& job, uint32_t plane, uint64_t now_ns) {
  if (job.scanning || job.victim_count == kMaxVictimsPerPlane) return false;
  // Enough room for any victim (a whole block of valid units), or else for
  // this one: a GC victim left unmarked stays a candidate for later.
  const bool roomy = HasHeadroomFor(set, job, plane, layout_.units_per_block);
  const RelocationVictim picked = set.policy->PickVictim(plane, job.victim_count, job.background);
  if (picked.block == kNoBlock) return false;
  if (!roomy && picked.cause == Cause::kGc &&
      !HasHeadroomFor(set, job, plane, ftl_.valid_units(picked.block))) {
    return false;
  }
  // A moving average over the last few victims: what pacing charges the host.
  const double valid_fraction =
      static_cast<double>(ftl_.valid_units(picked.block)) / ftl_.CapacityUnits(picked.block);
  job.victim_valid_fraction = job.victim_valid_fraction == 0
                                  ? valid_fraction
                                  : 0.75 * job.victim_valid_fraction + 0.25 * valid_fraction;
  ftl_.MarkVictim(picked.block, picked.cause);
  GcVictim& victim = job.victims[job.victim_count++];
  victim = GcVictim{};
  victim.block = picked.block;
  victim.cause = picked.cause;
  victim.start_ns = now_ns;
  victim.background = job.background;
  job.scanning = true;
  job.scan_slot = layout_.FirstSlot(picked.block);
  SimEvent start;
  start.kind = set.start_event;
  start.time_ns = now_ns;
  start.block = picked.block;
  start.value = ftl_.valid_units(picked.block);
  start.flag = job.background;
  start.cause = picked.cause;
  log_.Add(start);
  return true;
}

// Programs one wordline from the staged units (padded when fewer) into the
// policy's destination stream. False when there is no free block for it: it
// waits for a victim's erase under way, or else the policy has been told.
bool GcEngine::Program(JobSet& set, GcJob& job, uint32_t plane, uint64_t now_ns) {
  const uint32_t wordline = layout_.units_per_wordline;
  const uint32_t slot = ftl_.AllocateWordline(plane, set.destination, set.destination_reserve);
  if (slot == kNoSlot) {
    // A victim's erase under way gives a block back: Step runs again then.
    if (job.erases_in_flight > 0) return false;
    set.policy->OnNoDestination(plane, now_ns);
    return false;
  }
  // The wordline's cause is its first unit's (a GC wordline may carry the
  // tail of a refresh or wear-levelling victim too); units count by their own.
  Cause cause = set.cause;
  const uint32_t take = std::min(job.staged, wordline);
  uint32_t filled = 0;
  for (uint32_t i = 0; i < take; ++i) {
    // A host write or trim may have replaced the unit since it was read:
    // then its old slot is no longer valid (checked in the victim's bitmap,
    // which is in cache, rather than in the L2P table, which is not).
    if (!ftl_.IsValid(job.staged_slot[i])) continue;
    const uint32_t source = layout_.BlockOfSlot(job.staged_slot[i]);
    Cause unit_cause = set.cause;
    for (uint32_t v = 0; v < job.victim_count; ++v) {
      if (job.victims[v].block == source) {
        ++job.victims[v].moved;
        unit_cause = job.victims[v].cause;
      }
    }
    if (filled == 0) cause = unit_cause;
    ++units_moved_[static_cast<uint32_t>(unit_cause)];
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
  counters_.CountWordline(cause, layout_.bits, filled, layout_.units_per_page);
  ++job.programs_in_flight;
  job.units_moved += filled;
  Enqueue(MakeOp(OpKind::kProgram, cause, plane, slot, wordline, kGcBatchOwner, false), now_ns);
  listener_.OnUnitsRelocated(plane, now_ns);
  return true;
}

// Reads the next page of the scanning victim that holds valid units; false
// when the victim has none left (its scan is done).
bool GcEngine::ReadNextPage(GcJob& job, uint32_t plane, uint64_t now_ns) {
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
    Enqueue(MakeOp(OpKind::kRead, victim.cause, plane, page_first, valid, plane, slc), now_ns);
    return true;
  }
  return false;
}

// Advances a plane's run as far as it can now: erase victims whose data has
// left, take the next victim, program full wordlines, read the next page.
void GcEngine::Step(JobSet& set, GcJob& job, uint32_t plane, uint64_t now_ns) {
  if (job.victim_count == 0 &&
      !set.policy->WantsAnotherVictim(plane, job.victim_count, job.background)) {
    return;
  }
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
        Enqueue(MakeOp(OpKind::kErase, victim.cause, plane, layout_.FirstSlot(victim.block), 0,
                       plane, ftl_.IsSlc(victim.block)),
                now_ns);
        progressed = true;
      }
    }
    const bool paused = set.policy->Paused(plane);
    if (!paused && PickVictim(set, job, plane, now_ns)) progressed = true;
    if (job.programs_in_flight < kGcProgramsInFlight) {
      // Full wordlines always; a partial one only when the run is over.
      const bool run_over = !job.scanning && job.reads_in_flight == 0;
      if (job.staged >= layout_.units_per_wordline || (run_over && job.staged > 0)) {
        if (Program(set, job, plane, now_ns)) progressed = true;
      }
    }
    // Read ahead while less than kGcStagedWordlines - 1 wordlines are staged
    // or on their way, so the staging never overflows.
    const uint32_t coming = job.staged + job.reads_in_flight * layout_.units_per_page;
    if (!paused && job.scanning && job.reads_in_flight < kGcReadsInFlight &&
        coming < (kGcStagedWordlines - 1) * layout_.units_per_wordline) {
      if (!ReadNextPage(job, plane, now_ns)) {
        job.scanning = false;
        job.victims[job.victim_count - 1].scan_done = true;
      }
      progressed = true;
    }
  }
}

void GcEngine::OnReadDone(JobSet& set, GcJob& job, const FlashOp& op, uint64_t now_ns) {
  const uint32_t page_end = op.first_slot + layout_.units_per_page;
  for (uint32_t slot = op.first_slot; slot < page_end; ++slot) {
    if (!ftl_.IsValid(slot)) continue;  // overwritten while being read
    const uint32_t lpn = ftl_.LpnAt(slot);
    if (set.diverted != nullptr && set.diverted->Contains(lpn)) {
      set.policy->OnDivertedUnit(lpn, now_ns);
      continue;
    }
    job.staged_lpn[job.staged] = lpn;
    job.staged_slot[job.staged] = slot;
    ftl_.PrefetchForRelocate(job.staged_lpn[job.staged]);
    ++job.staged;
  }
}

void GcEngine::OnErased(JobSet& set, GcJob& job, const FlashOp& op, uint64_t now_ns) {
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
  listener_.OnBlockErased(block);
  SimEvent end;
  end.kind = set.end_event;
  end.time_ns = now_ns;
  end.duration_ns = now_ns - victim.start_ns;
  end.block = block;
  end.value = victim.moved;
  end.flag = victim.background;
  end.cause = victim.cause;
  log_.Add(end);
  ++victims_erased_[static_cast<uint32_t>(victim.cause)];
  set.policy->OnVictimErased(RelocationVictim{block, victim.cause}, plane, victim.background,
                             now_ns);
  listener_.OnPlaneErased(plane, now_ns);
  Step(set, job, plane, now_ns);
  listener_.OnSpaceFreed(now_ns);
}

void GcEngine::OnOpDone(const FlashOp& op, uint64_t now_ns) {
  const Relocation which = op.cause == Cause::kMigration      ? Relocation::kMigration
                           : op.cause == Cause::kWearLeveling ? Relocation::kWearLeveling
                                                              : Relocation::kGc;
  JobSet& set = sets_[static_cast<uint32_t>(which)];
  GcJob& job = set.jobs[op.plane];
  switch (op.kind) {
    case OpKind::kRead:
      --job.reads_in_flight;
      OnReadDone(set, job, op, now_ns);
      break;
    case OpKind::kProgram:
      --job.programs_in_flight;
      break;
    case OpKind::kErase:
      OnErased(set, job, op, now_ns);
      return;
  }
  Step(set, job, op.plane, now_ns);
}

}  // namespace flashscope
