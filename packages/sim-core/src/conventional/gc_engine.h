// GcEngine: the relocation machinery of conventional/i_gc_engine.h. A job
// per plane and policy; a job keeps up to kGcReadsInFlight page reads and
// kGcProgramsInFlight programs queued, so its die never waits on the
// controller, while host commands still interleave with this work in the
// die's queues.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "conventional/flash_port.h"
#include "conventional/i_gc_engine.h"
#include "conventional/i_relocation_policy.h"
#include "conventional/pinned_units.h"
#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "metrics/nand_counters.h"
#include "nand/layout.h"

namespace flashscope {

class GcEngine final : public IGcEngine {
 public:
  static constexpr uint32_t kMaxVictimsPerPlane = 4;

  GcEngine(const DeviceLayout& layout, FtlState& ftl, FlashPort& port, NandCounters& counters,
           SimEventLog& log, IGcEngineListener& listener);
  // Gives `set` its policy and a job on each of `planes` planes (0: the set
  // never runs; Start on it does nothing).
  void Attach(Relocation set, IRelocationPolicy& policy, uint32_t planes);

  void Start(Relocation set, uint32_t plane, bool background, uint64_t now_ns) override;
  void StepIfActive(Relocation set, uint32_t plane, uint64_t now_ns) override;
  void OnOpDone(const FlashOp& op, uint64_t now_ns) override;
  uint32_t active_jobs(Relocation set) const override;
  uint64_t units_moved(Cause cause) const override {
    return units_moved_[static_cast<uint32_t>(cause)];
  }
  uint64_t victims_erased(Cause cause) const override {
    return victims_erased_[static_cast<uint32_t>(cause)];
  }
  // Units GC (the kGc set) has relocated on `plane` so far: what it has
  // earned towards the host's paced writes.
  uint64_t gc_units_moved_on(uint32_t plane) const {
    return sets_[static_cast<uint32_t>(Relocation::kGc)].jobs[plane].units_moved;
  }
  // The valid fraction of `plane`'s recent GC victims when picked (a moving
  // average; 0 before the first): the price of a host write under pacing.
  double gc_victim_valid_fraction(uint32_t plane) const {
    return sets_[static_cast<uint32_t>(Relocation::kGc)].jobs[plane].victim_valid_fraction;
  }
  // Units the GC job on `plane` still has to place: its victims' valid units
  // (read or not) plus a wordline of padding while it runs. The host keeps
  // free blocks for them (see Destination headroom in i_gc_engine.h).
  uint64_t DestinationUnitsOwed(uint32_t plane) const;
  // Valid units the GC victims on `plane` still hold.
  uint64_t GcVictimUnitsLeft(uint32_t plane) const;
  // Units the plane's open GC destination block still takes.
  uint64_t DestinationRoom(uint32_t plane) const;
  // Whether `set` has victims under way on `plane`.
  bool active(Relocation set, uint32_t plane) const {
    const std::vector<GcJob>& jobs = sets_[static_cast<uint32_t>(set)].jobs;
    return plane < jobs.size() && jobs[plane].victim_count > 0;
  }

 private:
  // A block being emptied: its valid units are read, staged and programmed
  // elsewhere; once none is left it is erased.
  struct GcVictim {
    uint32_t block = kNoBlock;
    uint32_t moved = 0;
    uint64_t start_ns = 0;
    bool background = false;
    bool scan_done = false;
    bool erase_issued = false;
    Cause cause = Cause::kGc;
  };
  // One plane's run. Units read from victims are staged and leave in whole
  // wordlines; the staging carries over from one victim to the next, so a
  // victim with less than a wordline of garbage still frees space (padding
  // every victim's last wordline would eat that gain). Only when the run
  // ends is a partial wordline padded.
  struct GcJob {
    GcVictim victims[kMaxVictimsPerPlane];
    uint32_t victim_count = 0;
    bool scanning = false;    // the last victim still has pages to read
    bool background = false;  // the run was started by idle time
    uint32_t scan_slot = 0;   // next slot of the scanning victim
    uint32_t reads_in_flight = 0;
    uint32_t programs_in_flight = 0;
    uint32_t erases_in_flight = 0;
    uint32_t staged = 0;  // units read, waiting for a wordline
    std::vector<uint32_t> staged_lpn;
    std::vector<uint32_t> staged_slot;
    uint64_t units_moved = 0;          // ever, on this plane
    double victim_valid_fraction = 0;  // moving average at pick
  };
  // A policy and its jobs, with what the per-page paths need of it.
  struct JobSet {
    IRelocationPolicy* policy = nullptr;
    Cause cause = Cause::kGc;
    Stream destination = Stream::kGc;
    uint32_t destination_reserve = 0;
    SimEventKind start_event = SimEventKind::kGcStart;
    SimEventKind end_event = SimEventKind::kGcEnd;
    const PinnedUnits* diverted = nullptr;
    std::vector<GcJob> jobs;  // per plane
  };

  void Step(JobSet& set, GcJob& job, uint32_t plane, uint64_t now_ns);
  bool PickVictim(JobSet& set, GcJob& job, uint32_t plane, uint64_t now_ns);
  bool HasHeadroomFor(const JobSet& set, const GcJob& job, uint32_t plane, uint64_t units) const;
  bool Program(JobSet& set, GcJob& job, uint32_t plane, uint64_t now_ns);
  bool ReadNextPage(GcJob& job, uint32_t plane, uint64_t now_ns);
  void OnReadDone(JobSet& set, GcJob& job, const FlashOp& op, uint64_t now_ns);
  void OnErased(JobSet& set, GcJob& job, const FlashOp& op, uint64_t now_ns);
  void Enqueue(const FlashOp& op, uint64_t now_ns) {
    if (op.kind == OpKind::kRead) ++counters_.page_reads[static_cast<uint32_t>(op.cause)];
    port_.Enqueue(op, now_ns);
  }

  const DeviceLayout& layout_;
  FtlState& ftl_;
  FlashPort& port_;
  NandCounters& counters_;
  SimEventLog& log_;
  IGcEngineListener& listener_;
  std::array<JobSet, 3> sets_;  // by Relocation
  std::array<uint64_t, kCauseCount> units_moved_{};
  std::array<uint64_t, kCauseCount> victims_erased_{};
};

}  // namespace flashscope
