#include "classic/classic_device.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "util/input_error.h"

namespace flashscope::classic {

ClassicDevice::ClassicDevice(const DeviceConfig& config, const DeviceLayout& layout,
                             FlashEngine& flash, NandCounters& counters)
    : layout_(layout),
      flash_(flash),
      counters_(&counters),
      run_counters_(counters),
      mapping_name_(config.ftl.mapping),
      pages_per_block_(layout.pages_per_block) {
  if (layout.units_per_page != 1) {
    throw std::logic_error("the classic device maps whole pages (Validate checks it)");
  }
  const bool direct = config.cache.policy == "clash";
  if (direct) {
    // One home block per logical block, every page of it addressable.
    const uint64_t logical_blocks =
        (layout.logical_units + pages_per_block_ - 1) / pages_per_block_;
    if (logical_blocks > layout.blocks) {
      throw InputError(config.file, 0,
                       "C-lash's direct translation needs a block per logical block");
    }
    on_flash_.assign(layout.logical_units, 0);
    block_programmed_.assign(layout.blocks, 0);
    direct_erases_.assign(layout.blocks, 0);
    direct_pages_.assign(layout.blocks, 0);
  } else {
    mapping::MappingConfig m;
    m.physical_blocks = layout.blocks;
    m.pages_per_block = pages_per_block_;
    m.logical_pages = layout.logical_units;
    mapping::ApplyMappingParameters(config.ftl.params, m);
    // 4-byte entries per translation page (512 for 2 KiB pages).
    m.entries_per_translation_page = std::max<uint32_t>(1, layout.page_bytes / 4);
    mapping_ = mapping::MakeMappingScheme(config.ftl.mapping, m, config.file);
    if (!mapping_) throw InputError(config.file, 0, "unknown ftl.mapping " + config.ftl.mapping);
    mapping_->set_listener(this);
  }
  cache_ =
      cache::MakeWriteCache(cache::WriteCacheConfigFrom(config.cache),
                            cache::CacheGeometry{layout.page_bytes, pages_per_block_}, config.file);
  if (!cache_) throw InputError(config.file, 0, "unknown cache.policy " + config.cache.policy);
  write_back_ = config.cache.policy != "none";
  cache_->set_listener(this);
}

ClassicDevice::~ClassicDevice() = default;

// ------------------------------------------------------------------ figures

uint64_t ClassicDevice::RawGcRuns() const {
  if (!mapping_) return direct_rewrites_;
  const mapping::MappingStats& s = mapping_->stats();
  uint64_t merges = 0;
  for (uint64_t m : s.merges) merges += m;
  return merges + s.gc_data_blocks + s.gc_translation_blocks;
}

uint64_t ClassicDevice::RawMerges(mapping::MergeKind kind) const {
  if (mapping_) return mapping_->stats().merge_count(kind);
  return kind == mapping::MergeKind::kCopy ? direct_rewrites_ : 0;
}

uint64_t ClassicDevice::merges(mapping::MergeKind kind) const {
  return RawMerges(kind) - base_.merges[static_cast<uint32_t>(kind)];
}

mapping::CmtCounts ClassicDevice::cmt() const {
  if (!mapping_) return {};
  const mapping::CmtCounts& now = mapping_->stats().cmt;
  const mapping::CmtCounts& base = base_.cmt;
  return {now.hits - base.hits, now.misses - base.misses,
          now.dirty_evictions - base.dirty_evictions, now.clean_evictions - base.clean_evictions,
          now.entries_written_back - base.entries_written_back};
}

uint64_t ClassicDevice::cmt_cached() const {
  if (!mapping_) return 0;
  // Every miss brings one entry in; every eviction takes one out.
  const mapping::CmtCounts& c = mapping_->stats().cmt;
  return c.misses - c.dirty_evictions - c.clean_evictions;
}

// --------------------------------------------------------- preconditioning

void ClassicDevice::Precondition(uint64_t fill_pages, uint64_t random_pages, Rng& rng,
                                 NandCounters& counters) {
  timed_ = false;
  counters_ = &counters;
  const uint64_t logical = layout_.logical_units;
  for (uint64_t lpn = 0; lpn < fill_pages && lpn < logical; ++lpn) WritePage(lpn, Cause::kHost);
  for (uint64_t i = 0; i < random_pages; ++i) WritePage(rng.Below(logical), Cause::kHost);
  counters_ = &run_counters_;
  timed_ = true;
  base_.gc_runs = RawGcRuns();
  base_.gc_pages_moved = gc_pages_moved_;
  base_.translation_reads = translation_reads_;
  base_.translation_writes = translation_writes_;
  for (uint32_t k = 0; k < mapping::kMergeKindCount; ++k) {
    base_.merges[k] = RawMerges(static_cast<mapping::MergeKind>(k));
  }
  if (mapping_) base_.cmt = mapping_->stats().cmt;
}

void ClassicDevice::WritePage(uint64_t lpn, Cause cause) {
  if (mapping_) {
    cause_override_ = cause != Cause::kHost;
    override_cause_ = cause;
    mapping_->Write(lpn);
    cause_override_ = false;
    return;
  }
  // Direct translation, page by page (preconditioning only: C-lash itself
  // writes whole blocks): an erased page is programmed in place.
  const uint64_t lbn = lpn / pages_per_block_;
  const uint32_t block = static_cast<uint32_t>(lbn);
  const uint32_t page = static_cast<uint32_t>(lpn % pages_per_block_);
  if (on_flash_[lpn]) {
    cache::CacheFlush flush;
    flush.kind = cache::FlushKind::kMergedBlock;
    flush.logical_block = lbn;
    std::vector<uint64_t> pages = {lpn};
    std::vector<uint64_t> fill;
    for (uint64_t p = lbn * pages_per_block_; p < (lbn + 1) * pages_per_block_; ++p) {
      if (p != lpn && p < layout_.logical_units) fill.push_back(p);
    }
    flush.pages = pages;
    flush.fill_pages = fill;
    DirectRewrite(flush);
    return;
  }
  MarkOnFlash(lpn);
  block_programmed_[block] = 1;
  Issue(OpKind::kProgram, block, page, cause);
}

// --------------------------------------------------------------- requests

void ClassicDevice::Begin(uint32_t request, uint32_t units) {
  if (request >= chains_.size()) chains_.resize(request + 1);
  Chain& chain = chains_[request];
  if (chain.running || !chain.ops.empty()) throw std::logic_error("request id reused too early");
  chain.units = units;
  chain.background_target = background_issued_;
  request_ = request;
  in_request_ = true;
}

void ClassicDevice::End() {
  in_request_ = false;
  if (!background_.running && !background_.ops.empty()) StartNext(kBackgroundOwner, now_ns_);
  Chain& chain = chains_[request_];
  // Only a request that triggered an eviction waits for the ones before it.
  if (background_issued_ == chain.background_target) chain.background_target = 0;
  if (chain.ops.empty()) {
    Finish(request_, now_ns_);
    return;
  }
  StartNext(request_, now_ns_);
}

void ClassicDevice::Finish(uint32_t request, uint64_t now_ns) {
  Chain& chain = chains_[request];
  if (background_done_ < chain.background_target) {
    waiting_.push_back(request);
    return;
  }
  host_->OnUnitsDone(request, chain.units, now_ns);
}

void ClassicDevice::SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units,
                               uint64_t now_ns) {
  now_ns_ = now_ns;
  Begin(request, units);
  for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) cache_->Read(lpn);
  End();
}

// The classic schemes map whole pages and take no read-modify-write
// (`partial` is ignored): a partial page is written as a whole one, as the
// seed-002 simulators do.
void ClassicDevice::SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units,
                                uint8_t /*partial*/, uint64_t now_ns) {
  now_ns_ = now_ns;
  Begin(request, units);
  for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) cache_->Write(lpn);
  End();
}

void ClassicDevice::SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units,
                               uint64_t now_ns) {
  now_ns_ = now_ns;
  for (uint64_t lpn = first_lpn; lpn < first_lpn + units; ++lpn) cache_->Trim(lpn);
  host_->OnUnitsDone(request, units, now_ns);
}

void ClassicDevice::BeginEndOfRun(uint64_t now_ns) {
  if (!write_back_) return;
  now_ns_ = now_ns;
  // FlushAll's work goes to the background chain (in_flush_), which Issue
  // accepts only inside a request.
  in_request_ = true;
  cache_->FlushAll();
  in_request_ = false;
  if (!background_.running && !background_.ops.empty()) StartNext(kBackgroundOwner, now_ns);
}

uint64_t ClassicDevice::buffered_units() const {
  if (!write_back_) return 0;
  uint64_t dirty = 0;
  for (uint64_t lpn = 0; lpn < layout_.logical_units; ++lpn) dirty += cache_->Lookup(lpn).dirty;
  return dirty;
}

// ------------------------------------------------------------ cache hooks

void ClassicDevice::OnReadMiss(uint64_t lpn) {
  if (mapping_) {
    const uint64_t unmapped = mapping_->stats().unmapped_reads;
    mapping_->Read(lpn);
    unwritten_read_units_ += mapping_->stats().unmapped_reads - unmapped;
    return;
  }
  if (!on_flash_[lpn]) {
    ++unwritten_read_units_;
    return;
  }
  Issue(OpKind::kRead, static_cast<uint32_t>(lpn / pages_per_block_),
        static_cast<uint32_t>(lpn % pages_per_block_), Cause::kHost);
}

void ClassicDevice::OnFlush(const cache::CacheFlush& flush) {
  in_flush_ = true;
  FlushToMedia(flush);
  in_flush_ = false;
}

void ClassicDevice::FlushToMedia(const cache::CacheFlush& flush) {
  if (!mapping_) {
    DirectRewrite(flush);
    return;
  }
  if (flush.kind == cache::FlushKind::kPage) {
    for (uint64_t lpn : flush.pages) WritePage(lpn, Cause::kHost);
    return;
  }
  // A whole block (BPLRU's padding, or C-lash over a mapping scheme): the
  // fill pages with data on flash are read first, then the block is written
  // in page order, so a log-block FTL sees one sequential block.
  std::vector<uint64_t> fill;
  for (uint64_t lpn : flush.fill_pages) {
    if (mapping_->Lookup(lpn).block == mapping::kNoBlock) continue;
    fill.push_back(lpn);
    cause_override_ = true;
    override_cause_ = Cause::kGc;
    mapping_->Read(lpn);
    cause_override_ = false;
  }
  size_t next_fill = 0;
  for (uint64_t lpn : flush.pages) {
    while (next_fill < fill.size() && fill[next_fill] < lpn)
      WritePage(fill[next_fill++], Cause::kGc);
    WritePage(lpn, Cause::kHost);
  }
  while (next_fill < fill.size()) WritePage(fill[next_fill++], Cause::kGc);
}

// C-lash's late merge and in-place rewrite (seed 002 §3.2.2).
void ClassicDevice::DirectRewrite(const cache::CacheFlush& flush) {
  const uint32_t block = static_cast<uint32_t>(flush.logical_block);
  std::vector<uint32_t> programs;  // pages, ascending, with their causes below
  std::vector<Cause> causes;
  std::vector<uint8_t> from_cache(pages_per_block_, 0);
  for (uint64_t lpn : flush.pages) from_cache[lpn % pages_per_block_] = 1;
  for (uint64_t lpn : flush.fill_pages) {
    // The last logical block may be partial: its pages past the logical
    // capacity were never written (and are outside on_flash_).
    if (lpn >= on_flash_.size() || !on_flash_[lpn]) continue;
    Issue(OpKind::kRead, block, static_cast<uint32_t>(lpn % pages_per_block_), Cause::kGc);
    from_cache[lpn % pages_per_block_] = 2;
  }
  if (block_programmed_[block]) {
    ++direct_rewrites_;
    ++direct_erases_[block];
    Issue(OpKind::kErase, block, 0, Cause::kGc);
  }
  for (uint32_t page = 0; page < pages_per_block_; ++page) {
    if (from_cache[page] == 0) continue;
    const uint64_t lpn = uint64_t{block} * pages_per_block_ + page;
    const Cause cause = from_cache[page] == 1 ? Cause::kHost : Cause::kGc;
    if (cause == Cause::kGc) ++gc_pages_moved_;
    MarkOnFlash(lpn);
    Issue(OpKind::kProgram, block, page, cause);
  }
  block_programmed_[block] = 1;
}

// ---------------------------------------------------------- mapping hooks

void ClassicDevice::OnPageRead(uint32_t block, uint32_t page, Cause cause) {
  if (cause == Cause::kMapping) ++translation_reads_;
  Issue(OpKind::kRead, block, page, Effective(cause));
}

void ClassicDevice::OnPageProgram(uint32_t block, uint32_t page, Cause cause) {
  if (cause == Cause::kMapping) ++translation_writes_;
  const Cause effective = Effective(cause);
  if (effective == Cause::kGc) ++gc_pages_moved_;
  Issue(OpKind::kProgram, block, page, effective);
}

void ClassicDevice::OnBlockErase(uint32_t block, Cause cause) {
  Issue(OpKind::kErase, block, 0, Effective(cause));
}

// ----------------------------------------------------------------- media

uint32_t ClassicDevice::LayoutBlock(uint32_t scheme_block) const {
  const uint32_t plane = scheme_block % layout_.planes;
  return plane * layout_.blocks_per_plane + scheme_block / layout_.planes;
}

uint32_t ClassicDevice::SchemeBlock(uint32_t layout_block) const {
  const uint32_t plane = layout_block / layout_.blocks_per_plane;
  return (layout_block % layout_.blocks_per_plane) * layout_.planes + plane;
}

mapping::PageState ClassicDevice::PageAt(uint32_t layout_block, uint32_t page) const {
  const uint32_t block = SchemeBlock(layout_block);
  if (mapping_) return mapping_->page_state(block, page);
  // Direct translation rewrites a block in place: a page holding data is
  // the current copy of its logical page, never garbage.
  const uint64_t lpn = uint64_t{block} * pages_per_block_ + page;
  return lpn < on_flash_.size() && on_flash_[lpn] ? mapping::PageState::kValid
                                                  : mapping::PageState::kFree;
}

void ClassicDevice::MarkOnFlash(uint64_t lpn) {
  if (on_flash_[lpn]) return;
  on_flash_[lpn] = 1;
  if (direct_pages_[lpn / pages_per_block_]++ == 0) ++direct_blocks_used_;
}

uint64_t ClassicDevice::free_blocks() const {
  return mapping_ ? mapping_->free_blocks() : layout_.blocks - direct_blocks_used_;
}

uint32_t ClassicDevice::ValidPagesAt(uint32_t layout_block) const {
  const uint32_t block = SchemeBlock(layout_block);
  return mapping_ ? mapping_->valid_pages(block) : direct_pages_[block];
}

uint32_t ClassicDevice::ProgrammedPagesAt(uint32_t layout_block) const {
  const uint32_t block = SchemeBlock(layout_block);
  return mapping_ ? mapping_->programmed_pages(block) : direct_pages_[block];
}

uint32_t ClassicDevice::EraseCountAt(uint32_t layout_block) const {
  const uint32_t block = SchemeBlock(layout_block);
  return mapping_ ? mapping_->erase_count(block) : direct_erases_[block];
}

void ClassicDevice::Count(OpKind kind, Cause cause) {
  const uint32_t c = static_cast<uint32_t>(cause);
  switch (kind) {
    case OpKind::kRead:
      ++counters_->page_reads[c];
      break;
    case OpKind::kProgram:
      ++counters_->page_programs[c];
      ++counters_->units_programmed[c];
      break;
    case OpKind::kErase:
      ++counters_->block_erases[c];
      break;
  }
}

void ClassicDevice::Issue(OpKind kind, uint32_t scheme_block, uint32_t page, Cause cause) {
  Count(kind, cause);
  if (!timed_) return;
  if (!in_request_) throw std::logic_error("classic device: flash work outside a request");
  const uint32_t block = LayoutBlock(scheme_block);
  FlashOp op;
  op.kind = kind;
  op.cause = cause;
  op.plane = layout_.PlaneOfBlock(block);
  op.first_slot = layout_.FirstSlot(block) + (kind == OpKind::kErase ? 0 : page);
  op.units = kind == OpKind::kErase ? 0 : 1;
  const bool background = write_back_ && in_flush_;
  op.owner = background ? kBackgroundOwner : request_;
  (background ? background_ : chains_[request_]).ops.push_back(op);
  background_issued_ += background;
}

void ClassicDevice::StartNext(uint32_t request, uint64_t now_ns) {
  Chain& chain = request == kBackgroundOwner ? background_ : chains_[request];
  chain.running = true;
  flash_.Enqueue(chain.ops.front(), now_ns);
}

void ClassicDevice::OnFlashOpDone(const FlashOp& op, uint64_t now_ns) {
  const bool background = op.owner == kBackgroundOwner;
  Chain& chain = background ? background_ : chains_[op.owner];
  chain.ops.pop_front();
  if (background) {
    ++background_done_;
    // Release the writes waiting for the eviction buffer, in arrival order.
    size_t kept = 0;
    for (uint32_t request : waiting_) {
      if (background_done_ >= chains_[request].background_target) {
        host_->OnUnitsDone(request, chains_[request].units, now_ns);
      } else {
        waiting_[kept++] = request;
      }
    }
    waiting_.resize(kept);
  }
  if (!chain.ops.empty()) {
    StartNext(op.owner, now_ns);
    return;
  }
  chain.running = false;
  if (background) return;
  Finish(op.owner, now_ns);
}

void ClassicDevice::Precondition(const PreconditionConfig& p, Rng& rng, PreconditionStats& stats) {
  const auto units = [this](double share) {
    return static_cast<uint64_t>(share * static_cast<double>(layout_.logical_units));
  };
  stats.fill_units = std::min(units(p.fill), layout_.logical_units);
  stats.random_units = units(p.random_writes);
  Precondition(stats.fill_units, stats.random_units, rng, stats.nand);
  stats.gc_runs = precondition_gc_runs();
}

double ClassicDevice::BufferStateBytesPerPhysicalUnit() const {
  const double buffer_bits = static_cast<double>(layout_.logical_units) / 8;
  return buffer_bits / layout_.physical_units;
}

}  // namespace flashscope::classic
