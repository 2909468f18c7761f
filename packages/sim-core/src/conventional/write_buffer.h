// WriteBuffer: conventional/i_write_buffer.h for the conventional drive.
// It turns host requests (in mapping units) into host FlashOps, stripes the
// data a flash page at a time over the planes in the device's allocation
// order (nand/allocation_order.h; SLC or native, conventional/slc_cache.h),
// and starts GC or migration on the GC engine where a plane runs short of
// space. A native wordline holds `bits` pages: each plane stages the pages
// it is given (pages k, k + N, k + 2N of the stream over N planes) in a
// fixed batch and programs the wordline once it is full, as a real drive's
// multi-page program does. (Without a DRAM buffer, which holds only one
// wordline per plane, a wordline takes consecutive pages: see
// NativeStagingPlane.) A wordline is allocated (and its units mapped)
// when its program leaves for the die, as before striping: staged data is
// only in DRAM, out of GC's reach.
#pragma once

#include <cstdint>
#include <vector>

#include "config/device_config.h"
#include "conventional/flash_port.h"
#include "conventional/gc_engine.h"
#include "conventional/gc_pacing.h"
#include "conventional/i_write_buffer.h"
#include "conventional/native_gc_policy.h"
#include "conventional/pinned_units.h"
#include "conventional/reliability_scanner.h"
#include "conventional/slc_cache.h"
#include "conventional/slc_migration.h"
#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "host/i_device_front_end.h"
#include "kernel/event_queue.h"
#include "metrics/nand_counters.h"
#include "nand/layout.h"
#include "util/ring_queue.h"

namespace flashscope {

class WriteBuffer final : public IWriteBuffer, public ISlcHostSide {
 public:
  static constexpr uint64_t kPartialFlushDelayNs = 50'000;
  // A host write that waits longer than this for buffer space is a stall.
  static constexpr uint64_t kStallThresholdNs = 1'000'000;

  struct Parts {
    const DeviceConfig& config;
    const DeviceLayout& layout;
    FtlState& ftl;
    FlashPort& port;
    EventQueue& events;
    NandCounters& counters;
    SimEventLog& log;
    SlcCache& slc;
    PinnedUnits& pinned;
    SlcMigration& migration;
    GcEngine& engine;
    ReliabilityScanner& scanner;
    GcPacing& pacing;
  };
  explicit WriteBuffer(const Parts& parts);
  void set_host(IHostCallbacks* host) { host_ = host; }

  // --- IWriteBuffer --------------------------------------------------------
  void SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  void SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint8_t partial,
                   uint64_t now_ns) override;
  void SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  bool SubmitFlush(uint32_t request, uint64_t now_ns) override;
  void OnHostOpDone(const FlashOp& op, uint64_t now_ns) override;
  void OnSpaceFreed(uint64_t now_ns) override {
    AdmitBlocked(now_ns);
    SchedulePump(now_ns);
  }
  void OnFlushPump(uint64_t now_ns) override;
  bool DrainIfQuiet(uint64_t quiet_ns, uint64_t now_ns) override;
  void BeginEndOfRun(uint64_t now_ns) override;
  bool Empty() const override {
    return buffer_used_ == 0 && blocked_.empty() && rmw_writes_.empty();
  }
  uint64_t buffered_units() const override {
    return waiting_.size() + waiting_slc_.size() + staged_units_;
  }

  // --- ISlcHostSide --------------------------------------------------------
  bool host_busy() const override { return host_idle_since_ == kNever; }
  uint64_t host_units_admitted() const override { return host_units_admitted_; }
  void Repin(uint32_t lpn, uint64_t now_ns) override;

  // GC queued relocated units on `plane`: under gc.pacing=proportional a
  // host write waiting for that work may go.
  void OnUnitsRelocated(uint32_t plane, uint64_t now_ns);
  // A GC or migration erase: a plane may take a wordline again.
  void NotePlaneMayBeReady() { no_plane_ready_ = false; }
  uint64_t buffer_used_units() const { return buffer_used_; }
  uint64_t buffer_capacity_units() const { return buffer_capacity_; }
  uint64_t unwritten_read_units() const { return unwritten_read_units_; }
  uint64_t overwritten_in_buffer_units() const { return overwritten_in_buffer_units_; }
  uint64_t trimmed_in_buffer_units() const { return trimmed_in_buffer_units_; }

 private:
  static constexpr uint64_t kNever = UINT64_MAX;
  // Programs a plane may have queued or running for host data: one running
  // and one waiting keeps the die busy without draining the buffer into one
  // plane.
  static constexpr uint8_t kHostProgramsPerPlane = 2;
  // Owner of buffered units that no host request waits for (read
  // promotions, pinned units going back into pSLC).
  static constexpr uint32_t kInternalRequest = 0xFFFFFFFEu;
  struct BufferedUnit {
    uint32_t lpn;
    uint32_t request;  // the write it belongs to (used without a DRAM buffer);
                       // kInternalRequest for a read promotion
    uint64_t admitted_ns;
    bool dead;         // trimmed while waiting: skipped when taken
    uint32_t seq = 0;  // admission order (wraps), for flushes
  };
  // A host flush waiting for the units admitted before it (seq < target).
  // Until the writes held back before it are all admitted (blocked_popped_
  // reaches blocked_before) its target is not known yet.
  struct PendingFlush {
    uint32_t request;
    uint64_t blocked_before;
    uint32_t target_seq;
    bool resolved;
  };
  struct BlockedWrite {
    uint32_t request;
    uint64_t next_lpn;
    uint32_t remaining;
    uint64_t since_ns;
    bool to_slc;  // placement, decided once for the whole request
  };
  // A write whose partial units' old data is being read (read-modify-write):
  // it enters the buffer once `reads_left` reaches 0.
  struct RmwWrite {
    uint32_t request;
    uint64_t first_lpn;
    uint32_t units;
    uint32_t reads_left;
  };
  static constexpr uint32_t kNoBatch = UINT32_MAX;
  // One host program, from the first page staged on its plane (native)
  // until the program completes: which buffered units it carries. Staged
  // units stay buffered (pending, read from DRAM) until the program leaves
  // for the die; they are mapped then.
  struct Batch {
    uint32_t plane = 0;
    bool slc = false;
    bool in_flight = false;           // staging or programming (holds buffer entries)
    bool staging = false;             // native, not yet sent to the die
    bool sealed = false;              // ... and taking no more pages (waits for a free wordline)
    uint32_t slot = 0;                // the wordline's first slot, once allocated
    uint32_t pages = 0;               // pages staged
    uint32_t entries = 0;             // buffer entries it frees (data units)
    uint32_t first_seq = 0;           // its oldest unit's admission number
    std::vector<BufferedUnit> units;  // its entries, sized once
  };

  bool IsPending(uint64_t lpn) const { return (pending_bits_[lpn >> 6] >> (lpn & 63)) & 1u; }
  void SetPending(uint64_t lpn) { pending_bits_[lpn >> 6] |= uint64_t{1} << (lpn & 63); }
  void ClearPending(uint64_t lpn) { pending_bits_[lpn >> 6] &= ~(uint64_t{1} << (lpn & 63)); }

  void EnqueueHostRead(const FlashOp& op, uint64_t now_ns);
  // Read-modify-write: queues the read of `lpn`'s old unit for `request`
  // when its data is on flash only; true if it did.
  bool ReadOldUnit(uint32_t request, uint64_t lpn, uint64_t now_ns);
  // Whether a host program still in flight carries `slot` (its data is still
  // in the buffer).
  bool SlotBeingProgrammed(uint32_t slot) const;
  void OnRmwReadDone(const FlashOp& op, uint64_t now_ns);
  // The write enters the buffer (or waits behind a blocked write).
  void AcceptWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns);
  uint32_t Admit(uint32_t request, uint64_t first_lpn, uint32_t units, bool to_slc,
                 uint64_t now_ns);
  void AdmitBlocked(uint64_t now_ns);
  void SchedulePump(uint64_t at_ns);
  void Pump(uint64_t now_ns);
  bool PumpQueue(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns);
  bool FlushOneWordline(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns,
                        bool allow_partial);
  uint32_t HostKeepFreeBlocks(uint32_t plane) const;
  void StartGcIfShort(uint32_t plane, uint64_t now_ns);
  uint32_t AllocateBatch();
  uint32_t AllocateSlcWordline(uint64_t now_ns, uint32_t& plane);
  uint32_t AllocateOn(uint32_t plane, bool to_slc, uint32_t allowance, uint64_t now_ns);
  bool StageNativePage(RingQueue<BufferedUnit>& queue, uint64_t now_ns, bool allow_partial);
  uint32_t NativeStagingPlane();
  void TakeIntoBatch(RingQueue<BufferedUnit>& queue, Batch& batch, uint32_t entries);
  bool ProgramBatch(uint32_t batch_id, uint64_t now_ns);
  void SupersedeBuffered(uint32_t lpn);
  void DropStaged(uint32_t lpn);
  void ProgramDueStaging(uint64_t now_ns);
  uint32_t OpenBatch(uint32_t plane, uint32_t slot, bool slc);
  void DropDeadHead(RingQueue<BufferedUnit>& queue, uint64_t now_ns);
  void PushBuffered(RingQueue<BufferedUnit>& queue, uint32_t lpn, uint32_t request,
                    uint64_t now_ns) {
    queue.push_back(BufferedUnit{lpn, request, now_ns, false, next_seq_++});
  }
  // Whether a pending flush needs `queue`'s head out, partial wordline or not.
  bool FlushWantsHead(const RingQueue<BufferedUnit>& queue) const;
  void ResolveFlushes();
  void CompleteFlushes(uint64_t now_ns);
  bool OldestUnitSeq(uint32_t& oldest) const;
  void NoteHostBusy() {
    host_idle_since_ = kNever;
    drain_requested_ = false;
    SlcStats& stats = migration_.stats();
    if (!stats.started) {
      stats.started = true;
      stats.dynamic_bytes_at_start = slc_.DynamicCapacityBytes();
    }
  }
  void NoteMaybeHostIdle(uint64_t now_ns);

  const DeviceConfig& config_;
  const DeviceLayout& layout_;
  FtlState& ftl_;
  FlashPort& port_;
  EventQueue& events_;
  NandCounters& counters_;
  SimEventLog& log_;
  SlcCache& slc_;
  PinnedUnits& pinned_;
  SlcMigration& migration_;
  GcEngine& engine_;
  ReliabilityScanner& scanner_;
  GcPacing& pacing_;  // gc.pacing: when a host wordline may go
  IHostCallbacks* host_ = nullptr;

  const bool has_dram_buffer_;
  uint64_t buffer_capacity_;  // units
  uint64_t buffer_used_ = 0;  // units waiting or in flight
  RingQueue<BufferedUnit> waiting_;
  RingQueue<BufferedUnit> waiting_slc_;  // buffered units placed in SLC
  RingQueue<BlockedWrite> blocked_;
  uint64_t blocked_pushed_ = 0;  // writes ever held back
  uint64_t blocked_popped_ = 0;  // ... and admitted since
  uint32_t next_seq_ = 0;        // admission number of the next buffered unit
  RingQueue<PendingFlush> flushes_;
  std::vector<uint64_t> pending_bits_;  // per logical unit: waiting in buffer
  bool pump_scheduled_ = false;
  uint64_t pump_at_ns_ = 0;

  std::vector<Batch> batches_;
  std::vector<uint32_t> free_batches_;
  // Per plane: batches staging or programming (at most kHostProgramsPerPlane).
  std::vector<uint8_t> host_programs_in_flight_;
  std::vector<uint32_t> staging_batch_;  // per plane: its staging batch or kNoBatch
  uint64_t staged_units_ = 0;            // buffer entries in staging batches
  uint32_t sealed_staging_ = 0;          // staging batches waiting for a free wordline
  uint32_t programs_running_ = 0;        // batches programming
  std::vector<uint32_t> plane_order_;    // planes in allocation order
  // Positions in plane_order_ of the next page of each stream.
  uint32_t native_cursor_ = 0;
  uint32_t slc_cursor_ = 0;
  // Set when no plane could take a wordline; cleared by the events that can
  // change that (a host program completing, a GC erase).
  bool no_plane_ready_ = false;

  // Writes waiting for their read-modify-write reads; as many as the host
  // has writes outstanding (a handful), so a linear search finds one.
  std::vector<RmwWrite> rmw_writes_;
  uint64_t unwritten_read_units_ = 0;
  // Host units that never reach flash: rewritten, or trimmed, while their
  // earlier copy still waited in the buffer (IDeviceFrontEnd).
  uint64_t overwritten_in_buffer_units_ = 0;
  uint64_t trimmed_in_buffer_units_ = 0;
  uint64_t host_units_admitted_ = 0;
  uint32_t host_reads_in_flight_ = 0;
  uint64_t host_idle_since_ = 0;  // kNever while the host has I/O under way
  // The host has been quiet for write_buffer_idle_flush_us (or the SLC
  // idle time): partial wordlines leave the buffer too, until it returns.
  bool drain_requested_ = false;
  bool end_of_run_ = false;        // BeginEndOfRun was called
  uint32_t repins_in_flight_ = 0;  // pinned units copied via the buffer, not yet programmed
};

}  // namespace flashscope
