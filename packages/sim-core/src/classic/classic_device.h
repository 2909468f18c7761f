// ClassicDevice: the timed drive for the classic FTLs and write caches of
// issue 7 (seed 002): a write cache (cache/i_write_cache.h) in front of an
// address-mapping scheme (mapping/i_mapping_scheme.h), both untimed plug-ins
// that decide at once and tell this device the flash work; the device pays
// it on the FlashEngine, as zns/zns_device.cpp does for the ZNS host FTL.
// The Simulator builds it instead of the conventional Controller when the
// device JSON asks for ftl.mapping other than "page" or cache.policy other
// than "none" (UsesClassicDevice).
//
// Media model (chosen; the seed's FlashSim is as coarse):
//   - One flash page per command: a page read, a one-page program (the
//     cell's program time: exact on an SLC drive, whose wordline is one
//     page — the seed-002 devices are SLC), a block erase. Each is tagged
//     with its cause (host, gc for merges and garbage collection, mapping
//     for DFTL's translation pages) and counted in the run's NandCounters.
//   - Mapping-scheme blocks are striped over the planes (scheme block b is
//     plane b % planes, block b / planes in it), so blocks the schemes take
//     from their pools in turn land on different dies.
//   - A host request's own flash work runs as a chain, one command after
//     the other in the order the plug-ins reported it (a copy's read before
//     its program, an erase after the copies), so no data dependency is
//     broken; chains of different requests overlap on the dies. The request
//     completes when its chain is done: a read when its misses are read
//     (with DFTL's translation traffic), a write without a write cache
//     (policy "none") when it is programmed with the merges or GC it
//     triggered, and a read hit at once.
//   - Write-back caches (every policy but "none"): a write completes when
//     its pages are in the cache. The evictions it triggers go to one
//     background chain, in order, which competes with host reads for the
//     dies. Their data leaves the cache through one eviction buffer: a
//     request that triggers an eviction while earlier evictions are still
//     being written waits until those are done (the room it needs is only
//     free then), not for its own eviction. So evictions cost the host
//     nothing while the flash keeps up, and their full time when they come
//     faster than the flash can write them.
//   - C-lash (seed 002 §3, §5.1) replaces the FTL: its blocks map straight
//     onto flash blocks. It runs over ftl.mapping "block" with this device's
//     direct translation (logical block b in physical block b, striped as
//     above): a block-space eviction reads the valid flash pages the cache
//     does not hold (late merge), erases the block when it holds data and
//     programs the whole block in place — counted as a "copy" merge when it
//     had data. No mapping-scheme object is built for it.
//   - Trim drops the pages from the cache; the mapping schemes have no trim
//     (the flash copy stays valid).
//   - End of run (BeginEndOfRun): a write-back cache writes every dirty page
//     back (FlushAll, through the background chain), as a host's flush
//     before shutdown makes a drive do, and the run's NAND figures include
//     it. During the run the cache does not flush on idle: the seed-002
//     caches (C-lash, BPLRU) are power-loss-protected write-back caches
//     that evict on demand only — the re-writes they absorb across idle
//     time are their point — so their figures during a run are unchanged.
// Preconditioning (untimed): sequential then random page writes straight to
// the mapping scheme (not through the cache), counted in the given counters.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "cache/i_write_cache.h"
#include "config/device_config.h"
#include "drive/i_drive.h"
#include "engine/flash_engine.h"
#include "host/i_device_front_end.h"
#include "mapping/i_mapping_scheme.h"
#include "metrics/nand_counters.h"
#include "nand/layout.h"
#include "util/ring_queue.h"
#include "util/rng.h"

namespace flashscope::classic {

class ClassicDevice final : public IDrive,
                            public mapping::IMappingListener,
                            public cache::IWriteCacheListener {
 public:
  // Throws InputError (config.file) for a geometry the scheme cannot run on.
  ClassicDevice(const DeviceConfig& config, const DeviceLayout& layout, FlashEngine& flash,
                NandCounters& counters);
  ~ClassicDevice() override;
  ClassicDevice(const ClassicDevice&) = delete;
  ClassicDevice& operator=(const ClassicDevice&) = delete;

  // --- IDrive ---------------------------------------------------------------
  std::string_view kind() const override { return "classic"; }
  void set_host(IHostCallbacks* host) override { host_ = host; }
  // The fill and random shares of the logical pages, through Precondition
  // below.
  void Precondition(const PreconditionConfig& precondition, Rng& rng,
                    PreconditionStats& stats) override;
  uint32_t EraseCount(uint32_t block) const override { return EraseCountAt(block); }
  uint64_t FreeBlocks() const override { return free_blocks(); }
  // The host side's pending bitmap, counted as for the conventional drive.
  double BufferStateBytesPerPhysicalUnit() const override;
  void SampleDevice(IntervalCounters::Device& device) override {
    device.free_blocks = free_blocks();
  }
  const ClassicDevice* classic() const override { return this; }
  // Whether the mapping scheme keeps a cached mapping table (DFTL's CMT):
  // the reports then write its counters.
  bool has_cmt() const { return mapping_name_ == "dftl"; }

  // Untimed: `fill_pages` sequential page writes from page 0, then
  // `random_pages` uniform random ones; NAND work goes to `counters`.
  void Precondition(uint64_t fill_pages, uint64_t random_pages, Rng& rng, NandCounters& counters);

  // --- IDeviceFrontEnd ----------------------------------------------------
  void SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  void SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint8_t partial,
                   uint64_t now_ns) override;
  void SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units, uint64_t now_ns) override;
  // Merges and garbage collections of the timed run, and the pages they
  // copied (every figure below leaves out the preconditioning's work, as the
  // run's NandCounters do).
  uint64_t gc_runs() const override { return RawGcRuns() - base_.gc_runs; }
  uint64_t gc_units_moved() const override { return gc_pages_moved_ - base_.gc_pages_moved; }
  uint64_t unwritten_read_units() const override { return unwritten_read_units_; }
  void BeginEndOfRun(uint64_t now_ns) override;
  bool EndOfRunDone() const override { return background_done_ == background_issued_; }
  // Dirty cached pages (a pass over the logical pages: for the end of a run).
  uint64_t buffered_units() const override;

  // --- IFlashListener -----------------------------------------------------
  void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) override;
  void OnDieIdle(uint32_t, uint64_t) override {}

  // --- IMappingListener ---------------------------------------------------
  void OnPageRead(uint32_t block, uint32_t page, Cause cause) override;
  void OnPageProgram(uint32_t block, uint32_t page, Cause cause) override;
  void OnBlockErase(uint32_t block, Cause cause) override;

  // --- IWriteCacheListener ------------------------------------------------
  void OnFlush(const cache::CacheFlush& flush) override;
  void OnReadMiss(uint64_t lpn) override;

  // --- figures ------------------------------------------------------------
  const std::string& mapping_name() const { return mapping_name_; }
  // nullptr with C-lash's direct translation.
  const mapping::IMappingScheme* mapping() const { return mapping_.get(); }
  const cache::IWriteCache& cache() const { return *cache_; }
  // Merges by kind: the scheme's, or C-lash's block rewrites as "copy".
  uint64_t merges(mapping::MergeKind kind) const;
  // DFTL's cached mapping table (zero for the other schemes).
  mapping::CmtCounts cmt() const;
  // Entries in DFTL's table now (preconditioning's included: they stay).
  uint64_t cmt_cached() const;
  uint64_t translation_reads() const { return translation_reads_ - base_.translation_reads; }
  uint64_t translation_writes() const { return translation_writes_ - base_.translation_writes; }
  // Merges and GCs of the preconditioning.
  uint64_t precondition_gc_runs() const { return base_.gc_runs; }

  // --- the media, by device-layout block (the block view's snapshot) ------
  // Each layout block is one scheme block (LayoutBlock's striping undone),
  // or under C-lash's direct translation the home block of one logical
  // block. Pages of a block-mapped block may be written in any order, so a
  // page is asked for by offset, not by a fill level.
  mapping::PageState PageAt(uint32_t layout_block, uint32_t page) const;
  uint32_t EraseCountAt(uint32_t layout_block) const;
  uint32_t ValidPagesAt(uint32_t layout_block) const;
  // Pages programmed since the block's last erase (valid or garbage).
  uint32_t ProgrammedPagesAt(uint32_t layout_block) const;
  // Erased blocks: the scheme's pool, or (direct) blocks never programmed.
  uint64_t free_blocks() const;

 private:
  static constexpr uint32_t kBackgroundOwner = UINT32_MAX;
  // The counters when preconditioning ended: the run's figures start there.
  struct Baseline {
    uint64_t gc_runs = 0;
    uint64_t gc_pages_moved = 0;
    uint64_t translation_reads = 0;
    uint64_t translation_writes = 0;
    std::array<uint64_t, mapping::kMergeKindCount> merges{};
    mapping::CmtCounts cmt;
  };
  uint64_t RawGcRuns() const;
  uint64_t RawMerges(mapping::MergeKind kind) const;
  struct Chain {
    RingQueue<FlashOp> ops;
    uint32_t units = 0;  // host units to report when the chain is done
    bool running = false;
    uint64_t background_target = 0;  // background ops that must be done first
  };

  void Begin(uint32_t request, uint32_t units);
  void End();
  void Issue(OpKind kind, uint32_t scheme_block, uint32_t page, Cause cause);
  void StartNext(uint32_t request, uint64_t now_ns);
  uint32_t LayoutBlock(uint32_t scheme_block) const;
  uint32_t SchemeBlock(uint32_t layout_block) const;  // LayoutBlock's inverse
  Cause Effective(Cause cause) const { return cause_override_ ? override_cause_ : cause; }
  void FlushToMedia(const cache::CacheFlush& flush);
  // Writes one page to the media behind the cache (scheme or direct).
  void WritePage(uint64_t lpn, Cause cause);
  // C-lash's direct translation: rewrites logical block `lbn` in place.
  void DirectRewrite(const cache::CacheFlush& flush);
  void Count(OpKind kind, Cause cause);
  void MarkOnFlash(uint64_t lpn);  // direct translation: lpn now has data

  const DeviceLayout& layout_;
  FlashEngine& flash_;
  NandCounters* counters_;
  NandCounters& run_counters_;
  IHostCallbacks* host_ = nullptr;
  std::string mapping_name_;
  std::unique_ptr<mapping::IMappingScheme> mapping_;  // null: direct
  std::unique_ptr<cache::IWriteCache> cache_;
  uint32_t pages_per_block_;

  // Direct translation (C-lash): which logical pages hold data on flash,
  // and which blocks were programmed since their last erase.
  std::vector<uint8_t> on_flash_;
  std::vector<uint8_t> block_programmed_;
  std::vector<uint32_t> direct_erases_;
  std::vector<uint32_t> direct_pages_;  // pages holding data, per block
  uint64_t direct_blocks_used_ = 0;     // blocks with data
  uint64_t direct_rewrites_ = 0;

  bool timed_ = true;
  uint64_t now_ns_ = 0;
  uint32_t request_ = 0;  // whose chain ops go to
  bool in_request_ = false;
  bool cause_override_ = false;
  Cause override_cause_ = Cause::kGc;
  std::vector<Chain> chains_;  // by request id
  Chain background_;           // write-back evictions
  uint64_t background_issued_ = 0;
  uint64_t background_done_ = 0;
  std::vector<uint32_t> waiting_;  // requests done but for background work
  void Finish(uint32_t request, uint64_t now_ns);
  bool write_back_ = false;
  bool in_flush_ = false;

  Baseline base_;
  uint64_t unwritten_read_units_ = 0;
  uint64_t gc_pages_moved_ = 0;
  uint64_t translation_reads_ = 0;
  uint64_t translation_writes_ = 0;
};

}  // namespace flashscope::classic
