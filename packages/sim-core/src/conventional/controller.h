// Controller: the conventional SSD's firmware in the timed run, as an
// orchestrator of its parts. It is the drive the host and the FlashEngine
// talk to (IDrive) and routes their calls:
//
//   write buffer        conventional/i_write_buffer.h (write_buffer.h): host
//                       reads, writes, trims and flushes, the DRAM buffer,
//                       SLC placement of host wordlines
//   GC engine           conventional/i_gc_engine.h (gc_engine.h): moves pages
//                       for three relocation policies,
//     native GC         conventional/native_gc_policy.h,
//     SLC migration     conventional/slc_migration.h (folding; the cache's
//                       exhaustion state), and
//     static WL         conventional/static_wear_leveling_policy.h, looked
//                       at after every erase of a plane
//   reliability scanner conventional/i_reliability_scanner.h: read-disturb
//                       refresh, as forced moves for native GC
//   SLC cache decisions conventional/slc_cache.h; small-write pinning
//                       conventional/pinned_units.h
//
// The parts are concrete members (final classes), so the per-page paths
// make no virtual call the old single class did not.
//
// End of run (BeginEndOfRun): the drive does what it does whenever the host
// goes quiet — the idle flush — and the Simulator runs until the buffer is
// empty, so a finished run's NAND figures include that data. Nothing new
// is started for the end of a run: no background GC and no idle SLC
// migration (which would otherwise begin after idle_flush_ms); a migration
// or GC already under way keeps its queued commands, counted when issued,
// but the run stops once the buffer is empty.
#pragma once

#include <cstdint>

#include "config/device_config.h"
#include "conventional/flash_port.h"
#include "conventional/gc_engine.h"
#include "conventional/gc_pacing.h"
#include "conventional/native_gc_policy.h"
#include "conventional/pinned_units.h"
#include "conventional/reliability_scanner.h"
#include "conventional/slc_cache.h"
#include "conventional/slc_migration.h"
#include "conventional/static_wear_leveling_policy.h"
#include "conventional/write_buffer.h"
#include "drive/i_drive.h"
#include "engine/flash_engine.h"
#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "host/i_device_front_end.h"
#include "kernel/event_queue.h"
#include "metrics/nand_counters.h"
#include "util/rng.h"

namespace flashscope {

class Controller final : public IDrive, private IGcEngineListener {
 public:
  Controller(const DeviceConfig& config, FtlState& ftl, IVictimPolicy& victims, FlashEngine& flash,
             EventQueue& events, Rng& rng, NandCounters& counters, SimEventLog& log);
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;

  // --- IDrive ---------------------------------------------------------------
  std::string_view kind() const override { return "conventional"; }
  void set_host(IHostCallbacks* host) override { buffer_.set_host(host); }
  void OnTimer(uint32_t event_kind, uint32_t target, uint64_t now_ns) override;
  void Precondition(const PreconditionConfig& precondition, Rng& rng,
                    PreconditionStats& stats) override;
  uint32_t EraseCount(uint32_t block) const override { return ftl_.erase_count(block); }
  uint64_t FreeBlocks() const override { return ftl_.TotalFreeBlocks(); }
  uint32_t HostReadsSinceErase(uint32_t block) const override {
    return scanner_.block_reads(block);
  }
  uint32_t RefreshThresholdReads() const override {
    return config_.read_disturb.enabled
               ? config_.read_disturb.threshold_reads[BitsPerCell(config_.cell)]
               : 0;
  }
  double BufferStateBytesPerPhysicalUnit() const override;
  void SampleDevice(IntervalCounters::Device& device) override;
  bool has_slc_cache() const override { return slc_.enabled(); }
  SlcFigures slc_now() const override;
  ReliabilityStats reliability() const override;

  // --- IDeviceFrontEnd --------------------------------------------------------
  void SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override {
    buffer_.SubmitRead(request, first_lpn, units, now_ns);
  }
  void SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint8_t partial,
                   uint64_t now_ns) override {
    buffer_.SubmitWrite(request, first_lpn, units, partial, now_ns);
  }
  void SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override {
    buffer_.SubmitTrim(request, first_lpn, units, now_ns);
  }
  bool SubmitFlush(uint32_t request, uint64_t now_ns) override {
    return buffer_.SubmitFlush(request, now_ns);
  }
  void BeginEndOfRun(uint64_t now_ns) override;
  bool EndOfRunDone() const override { return buffer_.Empty(); }
  uint64_t buffered_units() const override { return buffer_.buffered_units(); }
  uint64_t gc_runs() const override { return engine_.victims_erased(Cause::kGc); }
  uint64_t gc_units_moved() const override { return engine_.units_moved(Cause::kGc); }
  uint64_t unwritten_read_units() const override { return buffer_.unwritten_read_units(); }
  uint64_t overwritten_in_buffer_units() const override {
    return buffer_.overwritten_in_buffer_units();
  }
  uint64_t trimmed_in_buffer_units() const override { return buffer_.trimmed_in_buffer_units(); }

  // --- IFlashListener ---------------------------------------------------------
  void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) override {
    if (op.cause == Cause::kHost || op.cause == Cause::kReadModifyWrite) {
      buffer_.OnHostOpDone(op, now_ns);
    } else {
      engine_.OnOpDone(op, now_ns);  // garbage collection or migration
    }
  }
  void OnDieIdle(uint32_t die, uint64_t now_ns) override;

  // --- figures ----------------------------------------------------------------
  uint64_t buffer_used_units() const { return buffer_.buffer_used_units(); }
  uint64_t buffer_capacity_units() const { return buffer_.buffer_capacity_units(); }
  uint32_t active_gc_jobs() const { return engine_.active_jobs(Relocation::kGc); }
  uint32_t active_fold_jobs() const { return engine_.active_jobs(Relocation::kMigration); }
  const SlcCache& slc() const { return slc_; }
  SlcStats slc_stats() const;
  uint64_t host_units_admitted() const { return buffer_.host_units_admitted(); }
  ReliabilityStats reliability_stats() const { return reliability(); }
  // Host page reads of a block since its last erase (0 when read disturb is off).
  uint32_t block_reads(uint32_t block) const { return scanner_.block_reads(block); }
  uint64_t PersistentCacheBytes() const { return migration_.PersistentCacheBytes(); }

 private:
  // --- IGcEngineListener ------------------------------------------------------
  void OnBlockErased(uint32_t block) override {
    buffer_.NotePlaneMayBeReady();
    scanner_.OnBlockErased(block);
  }
  // An erase changed the plane's wear (static wear levelling looks again)
  // and may have given a waiting wear-levelling move its destination. No
  // new move is started for the end of a run.
  void OnPlaneErased(uint32_t plane, uint64_t now_ns) override {
    if (end_of_run_) {
      engine_.StepIfActive(Relocation::kWearLeveling, plane, now_ns);
    } else {
      engine_.Start(Relocation::kWearLeveling, plane, false, now_ns);
    }
  }
  void OnSpaceFreed(uint64_t now_ns) override { buffer_.OnSpaceFreed(now_ns); }
  void OnUnitsRelocated(uint32_t plane, uint64_t now_ns) override {
    buffer_.OnUnitsRelocated(plane, now_ns);
  }

  void OnIdleCheck(uint32_t die, uint64_t now_ns);
  void OnSlcIdleCheck(uint64_t now_ns);

  const DeviceConfig& config_;
  const DeviceLayout& layout_;
  FtlState& ftl_;
  IVictimPolicy& victims_;
  EventQueue& events_;
  bool end_of_run_ = false;  // BeginEndOfRun was called

  FlashPort port_;
  SlcCache slc_;
  PinnedUnits pinned_;
  GcEngine engine_;
  ReliabilityScanner scanner_;
  NativeGcPolicy gc_policy_;
  GcPacing pacing_;  // gc.pacing: host wordlines and GC, coupled per plane
  SlcMigration migration_;
  StaticWearLevelingPolicy wear_leveling_;
  WriteBuffer buffer_;
  // The SLC figures at the series' previous point (SampleDevice).
  uint64_t slc_in_units_at_last_sample_ = 0;
  uint64_t slc_out_units_at_last_sample_ = 0;
};

}  // namespace flashscope
