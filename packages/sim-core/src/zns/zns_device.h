// ZnsDevice: the timed controller of a zoned (ZNS) drive, the zoned
// counterpart of conventional/controller.h. It owns the NVMe zone state machine and,
// for ordinary jobs, the host-side FTL (zns/host_ftl/zns_host_ftl.h), and
// turns what they decide into flash commands on the FlashEngine.
//
// Two ways to drive it, one per run (mixing them is an error the Simulator
// reports):
//   host FTL  ordinary jobs (random LBAs, traces, the cloud block
//             generator): each 4 KiB unit is a ZnsHostFtl::Write; the host
//             FTL appends it to a zone of the class its placement picks and
//             collects garbage; this device is its IHostFtlListener and
//             pays the media work (appends, GC reads, erases of resets).
//   zbd       fio zonemode=zbd jobs: each I/O is placed by a ZbdAdapter
//             (fio zbd.c semantics) at a zone's write pointer, after a zone
//             reset when the adapter decides one; writes the state machine
//             refuses complete at once and are counted by status.
//
// Media model. Zone state changes at once (so WAF, GC counts and reclaimed
// GPs do not depend on timing); the flash pays the time:
//   - Write buffer: a write completes when its units are in the device's
//     buffer (DRAM, write_buffer_bytes). Unlike the conventional controller
//     there is no "complete on program" mode: a zone's wordline only fills
//     from later writes to that zone, so a queue-depth-1 writer would wait
//     forever; real ZNS drives acknowledge from power-loss-protected buffers
//     too. The buffer holds at least one wordline per active zone plus one,
//     so partly filled wordlines can never fill it. A full buffer holds
//     later writes back (back-pressure), in arrival order.
//   - Programs: each zone stages its appends; a full wordline (or the last,
//     partly used one at the zone's capacity, or when the zone is finished)
//     is programmed at once into the erase block the zone layout gives it,
//     freeing its buffer space when done. A wordline holding relocated (GC)
//     data waits until the GC reads issued before it have completed.
//   - GC reads: one flash read per page of valid blocks the host FTL
//     relocates (consecutive blocks of a page share it); data still in the
//     buffer is copied from there.
//   - Resets: every erase block of the zone that holds data is erased;
//     anything of the zone still staged is dropped.
//   - Reads: the host FTL's map (or the zone and its write pointer) finds
//     the data; never-written data answers at once (counted, as the
//     conventional controller does), buffered data from DRAM.
// Per-slot validity, block states and erase counts are kept in an FtlState
// without logical map (the host keeps the map), so snapshots and the wear
// figures read a zoned drive like any other.
//
// Preconditioning (untimed): the same paths with no flash commands; the
// NAND work is counted into the counters given for it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "config/device_config.h"
#include "drive/i_drive.h"
#include "engine/flash_engine.h"
#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "host/i_device_front_end.h"
#include "metrics/nand_counters.h"
#include "util/ring_queue.h"
#include "util/rng.h"
#include "zns/host_ftl/future_knowledge.h"
#include "zns/host_ftl/zns_host_ftl.h"
#include "zns/zbd_adapter.h"
#include "zns/zone_state_machine.h"
#include "zns/zoned_layout.h"

namespace flashscope::zns {

// Statuses a zbd command may be refused with, in the order the result lists
// them (zone_errors).
inline constexpr std::array<ZnsStatus, 10> kRefusalStatuses = {
    ZnsStatus::kInvalidFieldInCommand, ZnsStatus::kLbaOutOfRange,
    ZnsStatus::kZoneBoundaryError,     ZnsStatus::kZoneIsFull,
    ZnsStatus::kZoneIsReadOnly,        ZnsStatus::kZoneIsOffline,
    ZnsStatus::kZoneInvalidWrite,      ZnsStatus::kTooManyActiveZones,
    ZnsStatus::kTooManyOpenZones,      ZnsStatus::kInvalidZoneStateTransition,
};

// The GP histogram of reclaimed zones: 20 bins of 0.05, the last with 1.0.
inline constexpr uint32_t kGpHistogramBins = 20;

// GC's data flow as the zones view draws it: the latest this many GC
// victims are remembered, and a snapshot meta names at most this many
// victims and this many zones that received their valid blocks.
inline constexpr uint32_t kGcFlowZones = 16;

class ZnsDevice final : public IDrive, public IHostFtlListener {
 public:
  static constexpr uint64_t kStallThresholdNs = 1'000'000;

  // host_ftl false: the zbd mode (no host FTL is built). Throws InputError
  // (config.file) for a host FTL the zones cannot hold.
  ZnsDevice(const DeviceConfig& config, const DeviceLayout& layout, FtlState& media,
            FlashEngine& flash, NandCounters& counters, SimEventLog& log, bool host_ftl);
  ~ZnsDevice() override;
  ZnsDevice(const ZnsDevice&) = delete;
  ZnsDevice& operator=(const ZnsDevice&) = delete;

  // --- IDrive ---------------------------------------------------------------
  std::string_view kind() const override { return "zoned"; }
  void set_host(IHostCallbacks* host) override { host_ = host; }
  // Sequential user writes, untimed: through the host FTL (whose figures
  // then include them), or for zonemode=zbd jobs zone after zone. Random
  // writes need the host FTL.
  void Precondition(const PreconditionConfig& precondition, Rng& rng,
                    PreconditionStats& stats) override;
  uint32_t EraseCount(uint32_t block) const override { return media_.erase_count(block); }
  uint64_t FreeBlocks() const override { return media_.TotalFreeBlocks(); }
  // The zns_* columns (contract: zns_waf, zns_gp, zones_open, zones_active,
  // and per class (user_c + gc_c) / user_total).
  void SetUpSeries(TimeSeries& series) const override;
  void SampleDevice(IntervalCounters::Device& device) override {
    device.free_blocks = media_.TotalFreeBlocks();
  }
  void SampleSeries(TimeSeries& series) const override;
  const ZnsDevice* zoned() const override { return this; }

  // zbd mode: host job `job` addresses zones itself with these options.
  void AddZbdJob(uint32_t job, const ZbdOptions& options, uint64_t seed);
  // fk / zbopt placements: each user block write's next-write time, in the
  // order this device hands writes to the host FTL.
  // Its first `precondition_writes` are Precondition's: a run that never
  // preconditions starts past them.
  void set_future_knowledge(std::unique_ptr<FutureKnowledge> future,
                            uint64_t precondition_writes = 0) {
    future_ = std::move(future);
    future_precondition_writes_ = precondition_writes;
  }
  // Host FTL only: appends to `future` the user block writes
  // Precondition(precondition, rng, ...) will make, in order (the fill, then
  // the random writes drawn from a copy of `rng`), so a pre-pass can put
  // them ahead of the jobs' streams.
  void AppendPreconditionWrites(const PreconditionConfig& precondition, Rng rng,
                                FutureKnowledge& future) const;

  // --- untimed preconditioning (before the timed run) ---------------------
  // `blocks` sequential 4 KiB writes from block 0 (zbd mode: zone after
  // zone), then (host FTL only) `random_blocks` uniform random ones; NAND
  // work goes to `counters`.
  void Precondition(uint64_t blocks, uint64_t random_blocks, Rng& rng, NandCounters& counters);

  // --- IDeviceFrontEnd ----------------------------------------------------
  void SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  void SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint8_t partial,
                   uint64_t now_ns) override;
  void SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  bool PrepareZonedIo(uint32_t job, HostIo& io, uint64_t now_ns) override;
  uint64_t gc_runs() const override { return host_ftl_ ? host_ftl_->stats().gc_count : 0; }
  uint64_t gc_units_moved() const override { return host_ftl_ ? host_ftl_->stats().gc_blocks : 0; }
  uint64_t unwritten_read_units() const override { return unwritten_read_units_; }

  // --- IFlashListener -----------------------------------------------------
  void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) override;
  void OnDieIdle(uint32_t, uint64_t) override {}

  // --- IHostFtlListener ---------------------------------------------------
  void OnAppend(uint32_t zone, uint64_t offset, bool gc) override;
  void OnGcRead(uint32_t zone, uint64_t offset) override;
  void OnGcStart(uint32_t zone, double gp) override;
  void OnGcEnd(uint32_t zone, uint64_t moved) override;
  void OnReset(uint32_t zone) override;

  // --- figures ------------------------------------------------------------
  const ZonedLayout& zoned_layout() const { return zoned_; }
  const ZoneStateMachine& zones() const { return zones_; }
  // nullptr in the zbd mode.
  const ZnsHostFtl* host_ftl() const { return host_ftl_.get(); }
  // User (host) blocks written to zones: the host FTL's user writes, or
  // the blocks zbd writes put in zones.
  uint64_t user_blocks() const;
  uint64_t gc_blocks() const { return host_ftl_ ? host_ftl_->stats().gc_blocks : 0; }
  uint64_t resets() const;
  // The host FTL's WAF: (user + GC blocks) / user blocks; 1 for zbd writes.
  double waf() const;
  double garbage_proportion() const { return host_ftl_ ? host_ftl_->garbage_proportion() : 0; }
  uint64_t zone_valid_blocks(uint32_t zone) const;
  // 1-based class of the zone, 0 for none (and always 0 in the zbd mode).
  uint32_t zone_class(uint32_t zone) const;
  uint64_t zone_errors(ZnsStatus status) const;
  const std::array<uint64_t, kGpHistogramBins>& gp_histogram() const { return gp_histogram_; }
  // The zone the latest GC reclaimed, or -1.
  int64_t gc_zone() const { return gc_zone_; }
  // GC's data flow, cumulative so that every reader keeps its own cursor
  // (the snapshot meta reports what changed since its previous call; the
  // device knows nothing of its readers). Relocated blocks appended to
  // `zone` so far, over all its lives (a reset does not clear it):
  uint64_t zone_gc_blocks_received(uint32_t zone) const { return gc_blocks_received_[zone]; }
  // Zones GC has picked so far, and the index-th of them (0-based, in
  // order); only the latest kGcFlowZones are kept: index must be at least
  // gc_victim_count() - kGcFlowZones.
  uint64_t gc_victim_count() const { return gc_victim_count_; }
  uint32_t gc_victim(uint64_t index) const { return recent_gc_victims_[index % kGcFlowZones]; }
  uint64_t buffer_used_units() const { return buffer_used_; }
  // Staged units of partly filled wordlines. They stay in the buffer at the
  // end of a run (no BeginEndOfRun drain): a programmed wordline cannot be
  // appended to, so a zone's partial wordline waits in the drive's
  // power-loss-protected buffer until later writes fill it or the zone is
  // finished, as on real ZNS drives. The run reports them as held.
  uint64_t buffered_units() const override;
  uint64_t buffer_capacity_units() const { return buffer_capacity_; }

 private:
  struct ZoneStage {
    uint64_t appended = 0;    // blocks appended (staged, programmed or in flight)
    uint64_t issued = 0;      // blocks whose wordline left the staging
    uint64_t programmed = 0;  // blocks whose wordline went to the flash
    uint32_t host_units = 0;  // of the staged (partial) wordline
    uint32_t gc_units = 0;
    bool listed = false;  // in partial_zones_
  };
  // A wordline waiting for the GC reads its relocated data comes from.
  struct PendingProgram {
    uint32_t zone;
    uint32_t host_units;
    uint32_t gc_units;
    bool dead;  // the zone was reset meanwhile
    uint64_t wordline;
    uint64_t needs_ticket;  // every GC read with a smaller ticket must be done
  };
  // A write waiting for buffer space. Host FTL: `lpn` is the next logical
  // block to hand to the host FTL. zbd: the state machine has taken the
  // write already; `lpn` is the next LBA to stage (dead after a reset of
  // its zone: then it is only acknowledged).
  struct BlockedWrite {
    uint32_t request;
    uint32_t remaining;
    uint64_t lpn;
    uint64_t since_ns;
    bool dead;
  };
  struct ZbdJob {
    uint32_t job;
    std::unique_ptr<ZbdAdapter> adapter;
  };

  uint32_t Admit(uint32_t request, uint64_t lpn, uint32_t units, uint64_t now_ns);
  void AdmitBlocked(uint64_t now_ns);
  void WriteUserBlock(uint64_t block, uint64_t now_ns);
  void AfterHostFtlCall();
  // How many sequential fill and random user blocks `p` asks for.
  void PreconditionUnits(const PreconditionConfig& p, uint64_t& fill, uint64_t& random) const;
  void Stage(uint32_t zone, uint64_t offset, bool gc);
  void CompleteWordline(uint32_t zone);
  void IssueProgram(uint32_t zone, uint64_t wordline, uint32_t host_units, uint32_t gc_units);
  void ReleaseDeferred();
  void FlushGcRead();
  void OnGcReadDone(uint32_t ticket);
  void ListPartial(uint32_t zone);
  void UnlistPartial(uint32_t zone);
  // Media side of a reset (zbd or host FTL): invalidates and drops what the
  // zone held, erases its blocks, logs the event.
  void ResetMedia(uint32_t zone, Cause cause, uint32_t class_1based, double gp);
  bool ZbdReset(uint32_t zone);
  void CountRefusal(ZnsStatus status);
  void EnqueueRead(FlashOp& op);
  uint32_t ZoneSlot(uint32_t zone, uint64_t offset) const { return zoned_.SlotOf(zone, offset); }

  const DeviceConfig& config_;
  const DeviceLayout& layout_;
  ZonedLayout zoned_;
  ZoneStateMachine zones_;
  std::unique_ptr<ZnsHostFtl> host_ftl_;
  std::unique_ptr<FutureKnowledge> future_;
  FtlState& media_;
  FlashEngine& flash_;
  NandCounters* counters_;  // the run's, or the precondition's
  NandCounters& run_counters_;
  SimEventLog& log_;
  IHostCallbacks* host_ = nullptr;
  bool timed_ = true;
  uint64_t now_ns_ = 0;

  std::vector<ZbdJob> zbd_jobs_;

  uint64_t buffer_capacity_ = 0;  // units
  uint64_t buffer_used_ = 0;      // staged or being programmed
  RingQueue<BlockedWrite> blocked_;

  std::vector<ZoneStage> stage_;
  std::vector<uint32_t> partial_zones_;  // zones with a partly staged wordline
  RingQueue<PendingProgram> deferred_;

  // GC reads: the one being gathered (consecutive blocks of a page), the
  // tickets issued, and which of the outstanding ones are done (ring from
  // ticket gc_ticket_base_). Tickets travel in FlashOp::owner (32 bits).
  FlashOp gc_read_;
  bool gc_read_open_ = false;
  uint64_t gc_tickets_issued_ = 0;
  uint64_t gc_ticket_base_ = 0;
  RingQueue<uint8_t> gc_ticket_done_;
  // Source slots of the GC reads whose appends have not come yet (the host
  // FTL appends relocated blocks in the order it reads them).
  RingQueue<uint32_t> gc_sources_;
  // Slot of the block the current user write replaces (kNoSlot: none); a
  // GC relocation of that block during the write moves it along.
  uint32_t replaced_slot_ = kNoSlot;

  uint64_t user_block_writes_ = 0;  // handed to the host FTL: FK's index
  uint64_t future_precondition_writes_ = 0;
  uint64_t future_shift_ = 0;    // future times minus this are the host FTL's
  bool future_started_ = false;  // Precondition or the first write has run
  uint64_t zbd_user_blocks_ = 0;
  uint64_t zbd_resets_ = 0;
  uint64_t unwritten_read_units_ = 0;
  std::array<uint64_t, kRefusalStatuses.size()> refusals_{};
  std::array<uint64_t, kGpHistogramBins> gp_histogram_{};
  int64_t gc_zone_ = -1;
  std::vector<uint64_t> gc_blocks_received_;  // per zone; sized once
  uint64_t gc_victim_count_ = 0;
  std::array<uint32_t, kGcFlowZones> recent_gc_victims_{};  // ring by victim index
  bool gc_reclaiming_ = false;  // between OnGcStart and the zone's reset
  uint32_t gc_zone_class_ = 0;  // 1-based, of the zone being reclaimed
  double gc_zone_gp_ = 0;
};

}  // namespace flashscope::zns
