// Controller: the SSD's firmware in the timed run — the DRAM write buffer,
// the page-mapped FTL's timed write and read paths, and garbage collection as
// a sequence of flash commands that compete with host I/O for dies and
// channels. It turns host requests (in mapping units) into FlashOps for the
// FlashEngine and reports units done back to the host.
//
// Write buffer: a write completes when its units are in DRAM; whole wordlines
// (units_per_wordline units) leave for flash, striped over planes, and free
// their buffer space when programmed. A full buffer holds later writes back
// (back-pressure). Rewriting a unit still waiting in the buffer coalesces.
// With write_buffer_bytes = 0 there is only an SRAM staging area of one
// wordline per plane: a write completes when its program does, and a partial
// wordline is programmed (padded) once its oldest unit has waited
// kPartialFlushDelayNs.
//
// Idle flush: once the host has had nothing outstanding (no read at the
// flash, no write held back, nothing but a partial wordline waiting) for
// write_buffer_idle_flush_us, what the DRAM buffer holds is programmed,
// partial wordlines padded, as real drives flush their volatile write cache
// within milliseconds of going idle. It is background work: new host I/O
// stops further partial flushes (what is already at the die finishes).
//
// Flush (SubmitFlush; fio fsync, sync=1, end_fsync): completes once every
// write the drive accepted before it — in the buffer, held back, or being
// programmed — is on NAND. Buffered units carry an admission sequence
// number; writes held back when the flush came are waited for until they
// are admitted. While a flush waits, partial wordlines leave the buffer
// (padded), as a drive flushing its volatile cache does.
//
// End of run (BeginEndOfRun): the drive does what it does whenever the host
// goes quiet — the idle flush above — and the Simulator runs until the
// buffer is empty, so a finished run's NAND figures include that data.
// Nothing new is started for the end of a run: no background GC and no
// idle SLC migration (which would otherwise begin after idle_flush_ms);
// a migration or GC already under way keeps its queued commands, counted
// when issued, but the run stops once the buffer is empty.
//
// SLC cache (seeds 000, 003; decisions in SlcCache): writes placed in SLC
// wait in their own queue and leave as one-page pSLC wordlines. When no plane
// has pSLC room the cache is exhausted: with when_full "direct" those writes
// leave as native wordlines (the cliff); with "fold-then-write" they wait
// while migration folds pSLC blocks into native ones in the foreground.
// Migration ("fold jobs") uses the GC machinery with pSLC victims and a
// native destination; it runs lazily once the host has been quiet for
// idle_flush_ms, down to the persistent cache (or to empty after the cache
// has filled once), and in the foreground when the cache is needed.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "config/device_config.h"
#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "kernel/event_queue.h"
#include "metrics/nand_counters.h"
#include "sim/flash_engine.h"
#include "sim/i_device_front_end.h"
#include "sim/ring_queue.h"
#include "sim/sim_events.h"
#include "sim/slc_cache.h"
#include "util/rng.h"

namespace flashscope {

// What the SLC cache has done so far (zeros without a cache).
struct SlcStats {
  uint64_t host_units_to_slc = 0;       // host units programmed into pSLC
  uint64_t host_units_to_native = 0;    // host units programmed natively
  uint64_t migrated_units = 0;          // units folded pSLC -> native
  uint64_t migrations = 0;              // pSLC blocks emptied and erased
  uint64_t promoted_units = 0;          // native units copied into pSLC
  uint64_t persistent_flushes = 0;      // times the persistent cache was emptied
  bool started = false;                 // the host has issued I/O
  uint64_t dynamic_bytes_at_start = 0;  // capacity when the host started
  bool exhausted = false;               // no pSLC room right now
  bool cliff_seen = false;
  uint64_t first_cliff_ns = 0;
  uint64_t first_cliff_host_units = 0;  // host units admitted before it
};

// Read-disturb refreshes and static wear-levelling moves so far (zeros when
// those options are off).
struct ReliabilityStats {
  uint64_t refreshes = 0;        // blocks refreshed (emptied and erased)
  uint64_t refreshed_units = 0;  // units they moved
  uint64_t static_wl_moves = 0;  // cold blocks emptied by static WL
  uint64_t static_wl_units = 0;  // units they moved
};

class Controller final : public IDeviceFrontEnd, public IFlashListener {
 public:
  static constexpr uint64_t kPartialFlushDelayNs = 50'000;
  // A host write that waits longer than this for buffer space is a stall.
  static constexpr uint64_t kStallThresholdNs = 1'000'000;

  Controller(const DeviceConfig& config, FtlState& ftl, IVictimPolicy& victims, FlashEngine& flash,
             EventQueue& events, Rng& rng, NandCounters& counters, SimEventLog& log);
  void set_host(IHostCallbacks* host) { host_ = host; }

  void SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  void SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  void SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  bool SubmitFlush(uint32_t request, uint64_t now_ns) override;

  void OnFlushPump(uint64_t now_ns);
  void OnIdleCheck(uint32_t die, uint64_t now_ns);
  void OnSlcIdleCheck(uint64_t now_ns);
  void OnBufferIdleCheck(uint64_t now_ns);
  void BeginEndOfRun(uint64_t now_ns) override;
  bool EndOfRunDone() const override { return buffer_used_ == 0 && blocked_.empty(); }
  uint64_t buffered_units() const override;
  void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) override;
  void OnDieIdle(uint32_t die, uint64_t now_ns) override;

  uint64_t buffer_used_units() const { return buffer_used_; }
  uint64_t buffer_capacity_units() const { return buffer_capacity_; }
  uint64_t gc_runs() const override { return gc_runs_; }
  uint64_t gc_units_moved() const override { return gc_units_moved_; }
  uint64_t unwritten_read_units() const override { return unwritten_read_units_; }
  uint32_t active_gc_jobs() const;    // planes with GC under way
  uint32_t active_fold_jobs() const;  // planes with migration under way
  const SlcCache& slc() const { return slc_; }
  const SlcStats& slc_stats() const { return slc_stats_; }
  uint64_t host_units_admitted() const { return host_units_admitted_; }
  const ReliabilityStats& reliability_stats() const { return reliability_; }
  // Host page reads of a block since its last erase (0 when read disturb is off).
  uint32_t block_reads(uint32_t block) const {
    return block_reads_.empty() ? 0 : block_reads_[block];
  }
  // Bytes of SLC content idle migration would keep now: the newest data up
  // to persistent_bytes, or none while a flush after a fill is pending.
  uint64_t PersistentCacheBytes() const;

 private:
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
  // One in-flight host program: which buffered units it carries.
  struct Batch {
    uint32_t plane = 0;
    bool slc = false;
    uint32_t entries = 0;  // buffer entries it frees (data units)
    bool in_flight = false;
    uint32_t first_seq = 0;          // its oldest unit's admission number
    std::vector<uint32_t> requests;  // no-buffer mode: request per unit
  };
  // A block GC is emptying: its valid units are read, staged and
  // programmed elsewhere; once none is left it is erased.
  struct GcVictim {
    uint32_t block = kNoBlock;
    uint32_t moved = 0;
    uint64_t start_ns = 0;
    bool background = false;
    bool scan_done = false;
    bool erase_issued = false;
    Cause cause = Cause::kGc;  // kRefresh / kWearLeveling for forced moves
  };
  // A block GC must empty whatever its garbage: read-disturb refresh or
  // static wear levelling.
  struct ForcedMove {
    uint32_t block;
    Cause cause;
  };
  static constexpr uint32_t kMaxVictimsPerPlane = 4;
  // Garbage collection on one plane. Units read from victims are staged and
  // leave in whole wordlines; the staging carries over from one victim to
  // the next, so a victim with less than a wordline of garbage still frees
  // space (padding every victim's last wordline would eat that gain). Only
  // when the run ends is a partial wordline padded.
  // A fold job (migration) is the same machinery with pSLC victims, native
  // destinations and cause kMigration.
  struct GcJob {
    bool fold = false;
    GcVictim victims[kMaxVictimsPerPlane];
    uint32_t victim_count = 0;
    bool scanning = false;    // the last victim still has pages to read
    bool background = false;  // the run was started by idle time
    uint32_t scan_slot = 0;   // next slot of the scanning victim
    uint32_t reads_in_flight = 0;
    uint32_t programs_in_flight = 0;
    uint32_t erases_in_flight = 0;
    uint32_t staged = 0;  // units read, waiting for a GC wordline
    std::vector<uint32_t> staged_lpn;
    std::vector<uint32_t> staged_slot;
  };

  bool IsPinned(uint64_t lpn) const {
    return !pinned_bits_.empty() && ((pinned_bits_[lpn >> 6] >> (lpn & 63)) & 1u);
  }
  void SetPinned(uint64_t lpn, bool pinned);
  bool IsPending(uint64_t lpn) const { return (pending_bits_[lpn >> 6] >> (lpn & 63)) & 1u; }
  void SetPending(uint64_t lpn) { pending_bits_[lpn >> 6] |= uint64_t{1} << (lpn & 63); }
  void ClearPending(uint64_t lpn) { pending_bits_[lpn >> 6] &= ~(uint64_t{1} << (lpn & 63)); }

  uint32_t Admit(uint32_t request, uint64_t first_lpn, uint32_t units, bool to_slc,
                 uint64_t now_ns);
  void AdmitBlocked(uint64_t now_ns);
  void SchedulePump(uint64_t at_ns);
  void Pump(uint64_t now_ns);
  bool PumpQueue(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns);
  bool FlushOneWordline(RingQueue<BufferedUnit>& queue, bool slc_queue, uint64_t now_ns,
                        bool allow_partial);
  uint32_t AllocateHostWordline(bool to_slc, uint64_t now_ns, uint32_t& plane);
  bool SlcRoomOn(uint32_t plane, uint32_t allowance) const;
  // The cache is exhausted and when_full is "direct": SLC-bound data is
  // written natively until idle migration makes room.
  bool SlcBoundGoesNative() const { return slc_stats_.exhausted && !slc_.fold_when_full(); }
  uint32_t WordlineUnitsFor(bool slc_queue) const;
  uint32_t AllocateBatch();
  void EnqueueOnDie(const FlashOp& op, uint64_t now_ns);
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
    host_idle_since_ = UINT64_MAX;
    drain_requested_ = false;
    if (!slc_stats_.started) {
      slc_stats_.started = true;
      slc_stats_.dynamic_bytes_at_start = slc_.DynamicCapacityBytes();
    }
  }
  void NoteMaybeHostIdle(uint64_t now_ns);
  void SetExhausted(bool exhausted, uint64_t now_ns);

  GcJob& JobFor(bool fold, uint32_t plane) { return fold ? fold_[plane] : gc_[plane]; }
  void StartGc(uint32_t plane, bool background, uint64_t now_ns);
  void StartFold(uint32_t plane, bool background, uint64_t now_ns);
  bool WantsAnotherVictim(const GcJob& job, uint32_t plane) const;
  bool FoldWanted(uint32_t plane, bool background) const;
  void GcStep(GcJob& job, uint32_t plane, uint64_t now_ns);
  uint32_t PickFoldVictim(uint32_t plane, bool background) const;
  bool GcPickVictim(GcJob& job, uint32_t plane, uint64_t now_ns);
  bool GcProgram(GcJob& job, uint32_t plane, uint64_t now_ns);
  bool GcReadNextPage(GcJob& job, uint32_t plane, uint64_t now_ns);
  void OnGcReadDone(GcJob& job, const FlashOp& op, uint64_t now_ns);
  void OnGcErased(GcJob& job, const FlashOp& op, uint64_t now_ns);
  void NoteHostPageRead(uint32_t block, uint64_t now_ns);
  void CheckStaticWearLeveling(uint32_t plane, uint64_t now_ns);
  bool TakeForcedMove(uint32_t plane, ForcedMove& move);

  const DeviceConfig& config_;
  const DeviceLayout& layout_;
  FtlState& ftl_;
  IVictimPolicy& victims_;
  FlashEngine& flash_;
  EventQueue& events_;
  Rng& rng_;
  NandCounters& counters_;
  SimEventLog& log_;
  IHostCallbacks* host_ = nullptr;

  const bool has_dram_buffer_;
  uint64_t buffer_capacity_;  // units
  uint64_t buffer_used_ = 0;  // units waiting or in flight
  RingQueue<BufferedUnit> waiting_;
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
  std::vector<uint8_t> host_programs_in_flight_;  // per plane
  uint32_t plane_cursor_ = 0;
  // Set when no plane could take a wordline; cleared by the events that can
  // change that (a host program completing, a GC erase).
  bool no_plane_ready_ = false;

  std::vector<GcJob> gc_;    // per plane
  std::vector<GcJob> fold_;  // per plane
  uint64_t gc_runs_ = 0;
  uint64_t gc_units_moved_ = 0;
  uint64_t unwritten_read_units_ = 0;
  std::vector<uint64_t> idle_since_;  // per die; UINT64_MAX while busy

  SlcCache slc_;
  SlcStats slc_stats_;
  RingQueue<BufferedUnit> waiting_slc_;  // buffered units placed in SLC
  uint64_t host_units_admitted_ = 0;
  uint32_t host_reads_in_flight_ = 0;
  uint64_t host_idle_since_ = 0;  // UINT64_MAX while the host has I/O under way
  // The host has been quiet for write_buffer_idle_flush_us (or the SLC
  // idle time): partial wordlines leave the buffer too, until it returns.
  bool drain_requested_ = false;
  bool end_of_run_ = false;  // BeginEndOfRun was called
  // After the cache has filled once, idle migration empties it entirely
  // (seed 003: the persistent cache is flushed too).
  bool flush_persistent_ = false;
  // Small-request pinning: per logical unit, "its last write was small";
  // migration copies such units into pSLC again instead of folding them.
  std::vector<uint64_t> pinned_bits_;
  uint64_t pinned_units_ = 0;
  uint32_t repins_in_flight_ = 0;  // pinned units copied via the buffer, not yet programmed

  // Read disturb: host page reads per block since its erase; per block,
  // whether a forced move is queued or under way.
  std::vector<uint32_t> block_reads_;
  std::vector<uint8_t> forced_queued_;
  std::vector<std::vector<ForcedMove>> forced_;  // per plane, oldest first
  std::vector<uint8_t> static_wl_pending_;       // per plane
  ReliabilityStats reliability_;
};

}  // namespace flashscope
