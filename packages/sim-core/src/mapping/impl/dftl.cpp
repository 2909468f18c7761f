// DFTL (demand-based FTL): page mapping whose table lives in flash, in
// translation pages of `entries_per_translation_page` entries found through
// a global translation directory (GTD, in SRAM), with only a cached mapping
// table (CMT) of `cmt_entries` entries in SRAM. Source: Gupta, Kim &
// Urgaonkar, "DFTL: A Flash Translation Layer Employing Demand-based
// Selective Caching of Page-level Address Mappings", ASPLOS 2009 (seed 002
// ref. 1), §3.
//
// As the paper does:
//   - the CMT caches single entries (a miss loads the one entry it needs,
//     reading its translation page: DFTL exploits temporal, not spatial,
//     locality) and is replaced by segmented LRU (Karedla et al. 1994): a
//     miss enters the probationary segment, a hit moves the entry to the
//     protected segment (half the CMT here; the paper does not size it),
//     whose overflow falls back to the probationary segment, and victims
//     come from the probationary segment's cold end first;
//   - evicting a dirty entry writes its translation page back (read, then
//     program at the translation frontier) with every dirty cached entry of
//     that page at once (batch update), which leaves them clean;
//   - data and translation blocks are kept apart; GC takes the block with
//     the most invalid pages of either kind (greedy). A data victim's valid
//     pages move to the data frontier; a moved page whose entry is cached is
//     only marked dirty (lazy copying), the others' translation pages are
//     updated once each (batch update). A translation victim's valid pages
//     move to the translation frontier and the GTD follows.
// Causes: translation page reads and writes for the CMT and for data GC are
// Cause::kMapping; GC copies of data or translation pages and all erases are
// Cause::kGc. GC runs before each host request while fewer than
// kGcFreeBlocks blocks are erased (a request may open a data and a
// translation block; a GC round too, before it erases its victim).
//
// The drive starts formatted: every translation page exists in flash (all
// entries unmapped), written before the run and not counted, so the first
// miss on any page reads its translation page.
#include <algorithm>

#include "config/device_config.h"
#include "mapping/impl/schemes.h"
#include "util/input_error.h"

namespace flashscope::mapping {
namespace {
constexpr uint32_t kGcFreeBlocks = 4;
}

Dftl::Dftl(const MappingConfig& config, const std::string& source)
    : SchemeBase(config, source), entries_per_page_(config.entries_per_translation_page) {
  if (config.cmt_entries == 0) {
    throw InputError(source, 0, "ftl.mapping dftl: ftl.cmt_entries must be at least 1");
  }
  if (entries_per_page_ == 0) {
    throw InputError(source, 0, "ftl.mapping dftl: a translation page must hold an entry");
  }
  // When GC runs, at most 3 blocks are erased and 2 open (data, translation),
  // so the full blocks (N - 5 or more) must hold more than the data and
  // translation pages for one of them to hold garbage: floor((L + T) / P)
  // <= N - 6.
  const uint64_t ppb = pages_per_block_;
  const uint64_t blocks = config.physical_blocks;
  const uint64_t translation = (config.logical_pages + entries_per_page_ - 1) / entries_per_page_;
  const uint64_t room = blocks >= 6 ? (blocks - 5) * ppb - 1 : 0;  // for L + T
  uint64_t max_logical = room * entries_per_page_ / (entries_per_page_ + 1);
  const auto fits = [&](uint64_t l) {
    return l + (l + entries_per_page_ - 1) / entries_per_page_ <= room;
  };
  while (max_logical > 0 && !fits(max_logical)) --max_logical;
  while (fits(max_logical + 1)) ++max_logical;
  Require(config.logical_pages + translation <= room,
          std::to_string(config.logical_pages) + " logical pages and " +
              std::to_string(translation) +
              " translation pages need their blocks + 6 (data and translation frontiers, GC "
              "reserve, slack)",
          max_logical);

  translation_block_.assign(config.physical_blocks, 0);
  gtd_.resize(translation);
  for (uint64_t tvpn = 0; tvpn < translation; ++tvpn) {
    const uint32_t ppn = NextTranslationPage();
    flash_.ProgramUncounted(ppn, kTranslationOwner | tvpn);
    gtd_[tvpn] = ppn;
  }

  // The CMT never holds more entries than there are logical pages.
  cmt_capacity_ =
      static_cast<uint32_t>(std::min<uint64_t>(config.cmt_entries, config.logical_pages));
  protected_capacity_ = cmt_capacity_ / 2;
  cmt_node_.assign(config.logical_pages, kNoNode);
  node_lpn_.assign(cmt_capacity_, 0);
  node_prev_.assign(cmt_capacity_, kNoNode);
  node_next_.assign(cmt_capacity_, kNoNode);
  node_segment_.assign(cmt_capacity_, kProbation);
  node_dirty_.assign(cmt_capacity_, 0);
  node_epoch_.assign(cmt_capacity_, 0);
  page_epoch_.assign(translation, 0);
  dirty_count_.assign(translation, 0);
  free_nodes_.reserve(cmt_capacity_);
  for (uint32_t node = cmt_capacity_; node > 0; --node) free_nodes_.push_back(node - 1);
}

PhysicalPage Dftl::TranslationPage(uint64_t tvpn) const {
  const uint32_t ppn = gtd_.at(tvpn);
  return PhysicalPage{flash_.BlockOf(ppn), flash_.PageOf(ppn)};
}

// ------------------------------------------------------------ requests

void Dftl::Write(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_writes;
  CollectGarbage();
  Translate(lpn);
  Place(lpn, NextDataPage(), Cause::kHost);
  MarkDirty(cmt_node_[lpn]);
}

void Dftl::Read(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_reads;
  CollectGarbage();
  Translate(lpn);
  ReadData(lpn);
}

// ------------------------------------------------------------ the CMT

void Dftl::Translate(uint64_t lpn) {
  const uint32_t node = cmt_node_[lpn];
  if (node != kNoNode) {
    ++stats_.cmt.hits;
    Unlink(node);
    PushFront(node, kProtected);
    if (lists_[kProtected].size > protected_capacity_) {
      const uint32_t coldest = lists_[kProtected].tail;
      Unlink(coldest);
      PushFront(coldest, kProbation);
    }
    return;
  }
  ++stats_.cmt.misses;
  if (lists_[kProbation].size + lists_[kProtected].size == cmt_capacity_) Evict();
  flash_.Read(gtd_[lpn / entries_per_page_], Cause::kMapping);
  const uint32_t fresh = free_nodes_.back();
  free_nodes_.pop_back();
  node_lpn_[fresh] = lpn;
  node_dirty_[fresh] = 0;
  cmt_node_[lpn] = fresh;
  PushFront(fresh, kProbation);
}

void Dftl::Evict() {
  const Segment from = lists_[kProbation].size > 0 ? kProbation : kProtected;
  const uint32_t victim = lists_[from].tail;
  const uint64_t lpn = node_lpn_[victim];
  if (IsDirty(victim)) {
    ++stats_.cmt.dirty_evictions;
    UpdateTranslationPage(lpn / entries_per_page_);
  } else {
    ++stats_.cmt.clean_evictions;
  }
  Unlink(victim);  // now clean: the write-back covered it
  cmt_node_[lpn] = kNoNode;
  free_nodes_.push_back(victim);
}

void Dftl::MarkDirty(uint32_t node) {
  if (IsDirty(node)) return;
  const uint64_t tvpn = node_lpn_[node] / entries_per_page_;
  node_dirty_[node] = 1;
  node_epoch_[node] = page_epoch_[tvpn];
  ++dirty_count_[tvpn];
}

void Dftl::Unlink(uint32_t node) {
  List& list = lists_[node_segment_[node]];
  const uint32_t prev = node_prev_[node];
  const uint32_t next = node_next_[node];
  if (prev != kNoNode)
    node_next_[prev] = next;
  else
    list.head = next;
  if (next != kNoNode)
    node_prev_[next] = prev;
  else
    list.tail = prev;
  node_prev_[node] = node_next_[node] = kNoNode;
  --list.size;
}

void Dftl::PushFront(uint32_t node, Segment segment) {
  List& list = lists_[segment];
  node_segment_[node] = segment;
  node_prev_[node] = kNoNode;
  node_next_[node] = list.head;
  if (list.head != kNoNode) node_prev_[list.head] = node;
  list.head = node;
  if (list.tail == kNoNode) list.tail = node;
  ++list.size;
}

// ------------------------------------------------------------ translation pages

void Dftl::UpdateTranslationPage(uint64_t tvpn) {
  const uint32_t old = gtd_[tvpn];
  flash_.Read(old, Cause::kMapping);
  const uint32_t fresh = NextTranslationPage();
  flash_.Program(fresh, kTranslationOwner | tvpn, Cause::kMapping);
  flash_.Invalidate(old);
  gtd_[tvpn] = fresh;
  // The page now holds every cached entry of its range: all clean.
  stats_.cmt.entries_written_back += dirty_count_[tvpn];
  dirty_count_[tvpn] = 0;
  ++page_epoch_[tvpn];
}

uint32_t Dftl::NextDataPage() {
  if (data_frontier_ == kNoBlock || flash_.programmed_pages(data_frontier_) == pages_per_block_) {
    data_frontier_ = flash_.AllocateBlock();
    translation_block_[data_frontier_] = 0;
  }
  return flash_.Ppn(data_frontier_, flash_.programmed_pages(data_frontier_));
}

uint32_t Dftl::NextTranslationPage() {
  if (translation_frontier_ == kNoBlock ||
      flash_.programmed_pages(translation_frontier_) == pages_per_block_) {
    translation_frontier_ = flash_.AllocateBlock();
    translation_block_[translation_frontier_] = 1;
  }
  return flash_.Ppn(translation_frontier_, flash_.programmed_pages(translation_frontier_));
}

// ------------------------------------------------------------ GC

void Dftl::CollectGarbage() {
  while (flash_.free_blocks() < kGcFreeBlocks) {
    const uint32_t victim = flash_.GreedyVictim();
    if (translation_block_[victim]) {
      CollectTranslation(victim);
    } else {
      CollectData(victim);
    }
  }
}

void Dftl::CollectData(uint32_t victim) {
  std::vector<uint64_t> stale;  // translation pages the moves made out of date
  for (uint32_t page = 0; page < pages_per_block_; ++page) {
    const uint32_t ppn = flash_.Ppn(victim, page);
    if (flash_.state(ppn) != PageState::kValid) continue;
    const uint64_t lpn = flash_.owner(ppn);
    Move(lpn, NextDataPage());
    if (cmt_node_[lpn] != kNoNode) {
      MarkDirty(cmt_node_[lpn]);  // lazy copying
    } else {
      stale.push_back(lpn / entries_per_page_);
    }
  }
  std::sort(stale.begin(), stale.end());
  stale.erase(std::unique(stale.begin(), stale.end()), stale.end());
  for (uint64_t tvpn : stale) UpdateTranslationPage(tvpn);
  flash_.Erase(victim, Cause::kGc);
  ++stats_.gc_data_blocks;
}

void Dftl::CollectTranslation(uint32_t victim) {
  for (uint32_t page = 0; page < pages_per_block_; ++page) {
    const uint32_t ppn = flash_.Ppn(victim, page);
    if (flash_.state(ppn) != PageState::kValid) continue;
    const uint64_t owner = flash_.owner(ppn);
    flash_.Read(ppn, Cause::kGc);
    const uint32_t fresh = NextTranslationPage();
    flash_.Program(fresh, owner, Cause::kGc);
    flash_.Invalidate(ppn);
    gtd_[owner & ~kTranslationOwner] = fresh;
  }
  flash_.Erase(victim, Cause::kGc);
  ++stats_.gc_translation_blocks;
}

namespace {
constexpr uint64_t kDefaultCmtEntries = 4096;
}  // namespace

std::vector<Setting> DftlParameters() {
  return {InParamBag(
      IntegerSetting("cmt_entries", "Entries of the cached mapping table (dftl)", "entries", 1,
                     kMaxU32Setting, nullptr),
      [](DeviceConfig& c) -> ParamBag& { return c.ftl.params; }, kDefaultCmtEntries)};
}

uint32_t CmtEntries(const ParamBag& params) {
  return static_cast<uint32_t>(params.Uint("cmt_entries", kDefaultCmtEntries));
}

MappingSchemeEntry DftlEntry() {
  return {{"dftl", "DFTL (cached mapping table)",
           "Page mapping with the table on flash and a cache of it in RAM (Gupta et al. 2009)",
           DftlParameters()},
          [](const MappingConfig& config,
             const std::string& source) -> std::unique_ptr<IMappingScheme> {
            return std::make_unique<Dftl>(config, source);
          }};
}

}  // namespace flashscope::mapping
