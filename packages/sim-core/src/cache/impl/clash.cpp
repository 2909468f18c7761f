// clash: C-lash, the double cache of seed 002 (§3), which stands in for the
// FTL: a page space (p-space) of single pages from any logical blocks, and a
// block space (b-space) of whole blocks, each mapped straight onto its flash
// block. Only whole blocks are ever written to flash.
//  - A read is served from either space; a read miss goes to flash and
//    brings nothing into the cache.
//  - A write to a cached page overwrites it where it is (p-space or
//    b-space). Any other write goes to p-space; when p-space is full, pages
//    move to b-space first (§3.2.1):
//      1. the victim set is the largest set of p-space pages that belong to
//         one logical block;
//      2. a free b-space block takes it;
//      3. else, if some b-space block holds fewer valid pages than the set,
//         the one with the fewest swaps with it: its pages go to p-space and
//         the set takes its place, all in SRAM (Figure 2, top);
//      4. else the b-space eviction policy, LRU, writes a whole b-space block
//         to flash and the set takes the freed block (Figure 2, bottom).
//  - Late merge (§3.2, b-space eviction): the valid flash pages of a block
//    that the cache lacks are read only when the block leaves b-space
//    (FlushKind::kMergedBlock), not when its pages entered b-space.
// Source: Olivier & Boukhobza, "Un mécanisme de cache pour les E/S
// séquentielles en mémoires flash", SympA 2011 (hal-00607339), §3 — seed 002.
//
// Where the seed is silent or ambiguous, the reading taken here:
//  a. Equal counts (step 3): a b-space block with exactly as many valid pages
//     as the victim set is not "fewer"; swapping it would free no page, so
//     the b-space eviction runs. (The seed's "all blocks hold more valid
//     pages" case is read as "none holds fewer".)
//  b. Ties. Step 1: the lowest logical block number (the seed keeps no
//     recency in p-space). Step 3: the least recently used of the blocks
//     with the fewest valid pages (Figure 2's two b-space blocks both hold
//     two pages; its picture, which the seed's text does not carry, decides
//     it and we cannot see it).
//  c. A write to an uncached page whose block sits in b-space goes to p-space
//     (§3.1: new data "can only be written to the first-level cache"). When
//     that block's p-space set is later the victim set, it joins the block
//     already in b-space: one logical block has at most one b-space block.
//  d. The b-space LRU order counts every use of a block: the arrival of a
//     set, a write hit and a read hit.
//  e. Late merge reads the pages "still valid on flash and not present in
//     the cache" (§3.2, b-space eviction): pages of the evicted block that
//     sit in p-space are in the cache, so they are written with the block
//     and leave p-space rather than being read back stale from flash.
//  f. FlushAll writes b-space blocks (least recent first), then what is left
//     in p-space grouped by logical block (ascending), each as a whole block,
//     since C-lash writes only blocks to flash.
#include <algorithm>

#include "cache/impl/write_caches.h"
#include "config/device_config.h"

namespace flashscope::cache {

ClashCache::ClashCache(const CacheGeometry& geometry, uint32_t block_space_blocks,
                       uint32_t page_space_pages)
    : WriteCacheBase(geometry),
      page_space_pages_(page_space_pages),
      pset_block_(page_space_pages, 0),
      pset_held_(page_space_pages, PageBits(geometry.pages_per_block)),
      pset_position_(page_space_pages, 0),
      pset_of_(page_space_pages),
      bspace_block_(block_space_blocks, kNoBlockCached),
      bspace_held_(block_space_blocks, PageBits(geometry.pages_per_block)),
      bspace_stamp_(block_space_blocks, 0),
      bslot_of_(block_space_blocks),
      swapped_(geometry.pages_per_block) {
  pset_used_.reserve(page_space_pages);
  pset_free_.reserve(page_space_pages);
  for (uint32_t e = page_space_pages; e-- > 0;) pset_free_.push_back(e);
}

uint64_t ClashCache::capacity_bytes() const {
  return (uint64_t{block_space_blocks()} * pages_per_block_ + page_space_pages_) * page_bytes_;
}

bool ClashCache::Write(uint64_t lpn) {
  if (Hit(lpn)) {
    ++counters_.write_hits;
    return true;
  }
  ++counters_.write_misses;
  if (pspace_used_ == page_space_pages_) EvictFromPageSpace();  // frees >= 1 page
  const uint64_t block = BlockOf(lpn);
  uint32_t pset = pset_of_.Find(block);
  if (pset == kNoSlot) pset = AddPageSet(block);
  pset_held_[pset].Set(OffsetOf(lpn));
  ++pspace_used_;
  return false;
}

bool ClashCache::Read(uint64_t lpn) {
  if (Hit(lpn)) {
    ++counters_.read_hits;
    return true;
  }
  ReportReadMiss(lpn);
  return false;
}

// A hit in either space; a b-space hit makes its block the most recent.
bool ClashCache::Hit(uint64_t lpn) {
  const uint64_t block = BlockOf(lpn);
  const uint32_t offset = OffsetOf(lpn);
  const uint32_t bslot = bslot_of_.Find(block);
  if (bslot != kNoSlot && bspace_held_[bslot].Test(offset)) {
    TouchBlock(bslot);
    return true;
  }
  const uint32_t pset = pset_of_.Find(block);
  return pset != kNoSlot && pset_held_[pset].Test(offset);
}

void ClashCache::EvictFromPageSpace() {
  const uint32_t pset = LargestPageSet();
  const uint32_t set_pages = pset_held_[pset].count();
  // (c) its block already has a b-space block.
  const uint32_t own = bslot_of_.Find(pset_block_[pset]);
  if (own != kNoSlot) return MoveSetToBlockSpace(pset, own);
  // Step 2: a free b-space block.
  for (uint32_t bslot = 0; bslot < block_space_blocks(); ++bslot) {
    if (bspace_block_[bslot] == kNoBlockCached) return MoveSetToBlockSpace(pset, bslot);
  }
  // Step 3: the block with the fewest valid pages, least recent on a tie (b).
  uint32_t fewest = 0;
  for (uint32_t bslot = 1; bslot < block_space_blocks(); ++bslot) {
    const uint32_t valid = bspace_held_[bslot].count();
    const uint32_t best = bspace_held_[fewest].count();
    if (valid < best || (valid == best && bspace_stamp_[bslot] < bspace_stamp_[fewest])) {
      fewest = bslot;
    }
  }
  if (bspace_held_[fewest].count() < set_pages) return SwapWithPageSet(fewest, pset);  // (a)
  // Step 4: evict the least recently used block to flash.
  uint32_t lru = 0;
  for (uint32_t bslot = 1; bslot < block_space_blocks(); ++bslot) {
    if (bspace_stamp_[bslot] < bspace_stamp_[lru]) lru = bslot;
  }
  EvictBlock(lru, FlushCause::kEviction);
  MoveSetToBlockSpace(pset, lru);
}

uint32_t ClashCache::LargestPageSet() const {
  uint32_t best = kNoSlot;
  for (uint32_t pset : pset_used_) {
    if (best == kNoSlot) {
      best = pset;
      continue;
    }
    const uint32_t count = pset_held_[pset].count();
    const uint32_t best_count = pset_held_[best].count();
    if (count > best_count || (count == best_count && pset_block_[pset] < pset_block_[best])) {
      best = pset;
    }
  }
  return best;
}

void ClashCache::MoveSetToBlockSpace(uint32_t pset, uint32_t bslot) {
  const uint64_t block = pset_block_[pset];
  if (bspace_block_[bslot] == kNoBlockCached) {
    bspace_block_[bslot] = block;
    bspace_held_[bslot].ClearAll();
    bslot_of_.Insert(block, bslot);
  }
  const uint32_t moved = pset_held_[pset].count();
  bspace_held_[bslot].Merge(pset_held_[pset]);
  pspace_used_ -= moved;
  ++counters_.set_moves;
  counters_.set_moved_pages += moved;
  TouchBlock(bslot);
  ReleasePageSet(pset);
}

void ClashCache::SwapWithPageSet(uint32_t bslot, uint32_t pset) {
  // The block leaves b-space first, so the set can take its place before the
  // block's pages enter p-space (the page-set pool then never overflows).
  const uint64_t block = bspace_block_[bslot];
  swapped_.ClearAll();
  swapped_.Merge(bspace_held_[bslot]);
  bslot_of_.Erase(block);
  bspace_block_[bslot] = kNoBlockCached;
  bspace_held_[bslot].ClearAll();
  MoveSetToBlockSpace(pset, bslot);
  uint32_t back = pset_of_.Find(block);  // (c) newer pages of it may be there
  if (back == kNoSlot) back = AddPageSet(block);
  pset_held_[back].Merge(swapped_);
  pspace_used_ += swapped_.count();
  ++counters_.swaps;
}

void ClashCache::EvictBlock(uint32_t bslot, FlushCause cause) {
  const uint64_t block = bspace_block_[bslot];
  // (e) its pages still in p-space go with it.
  const uint32_t pset = pset_of_.Find(block);
  if (pset != kNoSlot) {
    bspace_held_[bslot].Merge(pset_held_[pset]);
    pspace_used_ -= pset_held_[pset].count();
    ReleasePageSet(pset);
  }
  if (cause == FlushCause::kEviction) {
    ++counters_.evicted_blocks;
    counters_.evicted_pages += bspace_held_[bslot].count();
  }
  FlushBlock(FlushKind::kMergedBlock, block, bspace_held_[bslot], cause);
  bslot_of_.Erase(block);
  bspace_block_[bslot] = kNoBlockCached;
  bspace_held_[bslot].ClearAll();
  bspace_stamp_[bslot] = 0;
}

uint32_t ClashCache::AddPageSet(uint64_t block) {
  const uint32_t pset = pset_free_.back();
  pset_free_.pop_back();
  pset_block_[pset] = block;
  pset_held_[pset].ClearAll();
  pset_position_[pset] = static_cast<uint32_t>(pset_used_.size());
  pset_used_.push_back(pset);
  pset_of_.Insert(block, pset);
  return pset;
}

void ClashCache::ReleasePageSet(uint32_t pset) {
  pset_of_.Erase(pset_block_[pset]);
  pset_held_[pset].ClearAll();
  const uint32_t last = pset_used_.back();
  pset_used_[pset_position_[pset]] = last;
  pset_position_[last] = pset_position_[pset];
  pset_used_.pop_back();
  pset_free_.push_back(pset);
}

void ClashCache::Trim(uint64_t lpn) {
  const uint64_t block = BlockOf(lpn);
  const uint32_t offset = OffsetOf(lpn);
  const uint32_t bslot = bslot_of_.Find(block);
  if (bslot != kNoSlot && bspace_held_[bslot].Test(offset)) {
    ++counters_.trimmed_pages;
    bspace_held_[bslot].Clear(offset);
    if (bspace_held_[bslot].count() == 0) {  // nothing left to write: the block is free
      bslot_of_.Erase(block);
      bspace_block_[bslot] = kNoBlockCached;
      bspace_stamp_[bslot] = 0;
    }
    return;
  }
  const uint32_t pset = pset_of_.Find(block);
  if (pset == kNoSlot || !pset_held_[pset].Test(offset)) return;
  ++counters_.trimmed_pages;
  pset_held_[pset].Clear(offset);
  --pspace_used_;
  if (pset_held_[pset].count() == 0) ReleasePageSet(pset);
}

void ClashCache::FlushAll() {  // (f)
  for (;;) {
    uint32_t lru = kNoSlot;
    for (uint32_t bslot = 0; bslot < block_space_blocks(); ++bslot) {
      if (bspace_block_[bslot] == kNoBlockCached) continue;
      if (lru == kNoSlot || bspace_stamp_[bslot] < bspace_stamp_[lru]) lru = bslot;
    }
    if (lru == kNoSlot) break;
    EvictBlock(lru, FlushCause::kFlushAll);
  }
  std::vector<uint32_t> left = pset_used_;  // a rare call: it may allocate
  std::sort(left.begin(), left.end(),
            [&](uint32_t a, uint32_t b) { return pset_block_[a] < pset_block_[b]; });
  for (uint32_t pset : left) {
    FlushBlock(FlushKind::kMergedBlock, pset_block_[pset], pset_held_[pset], FlushCause::kFlushAll);
    pspace_used_ -= pset_held_[pset].count();
    ReleasePageSet(pset);
  }
}

PageState ClashCache::Lookup(uint64_t lpn) const {
  const uint64_t block = BlockOf(lpn);
  const uint32_t offset = OffsetOf(lpn);
  const uint32_t bslot = bslot_of_.Find(block);
  if (bslot != kNoSlot && bspace_held_[bslot].Test(offset)) return {Residence::kBlock, true};
  const uint32_t pset = pset_of_.Find(block);
  if (pset != kNoSlot && pset_held_[pset].Test(offset)) return {Residence::kPage, true};
  return {};
}

uint32_t ClashCache::page_space_pages_of(uint64_t block) const {
  const uint32_t pset = pset_of_.Find(block);
  return pset == kNoSlot ? 0 : pset_held_[pset].count();
}

CacheOccupancy ClashCache::occupancy() const {
  CacheOccupancy o;
  o.pages = pspace_used_;
  o.capacity_pages = page_space_pages_;
  o.capacity_blocks = block_space_blocks();
  for (uint32_t bslot = 0; bslot < block_space_blocks(); ++bslot) {
    if (bspace_block_[bslot] == kNoBlockCached) continue;
    ++o.blocks;
    o.block_pages += bspace_held_[bslot].count();
  }
  return o;
}

size_t ClashCache::BlockSpace(std::span<CachedBlock> out) const {
  const size_t n = std::min<size_t>(out.size(), block_space_blocks());
  for (size_t bslot = 0; bslot < n; ++bslot) {
    out[bslot] = {bspace_block_[bslot], bspace_held_[bslot].count()};
  }
  return n;
}

size_t ClashCache::LargestPageSets(std::span<CachedBlock> out) const {
  // Insertion into the short sorted prefix of `out` (LargestPageSet's order).
  const auto before = [](const CachedBlock& a, const CachedBlock& b) {
    return a.pages > b.pages || (a.pages == b.pages && a.logical_block < b.logical_block);
  };
  size_t n = 0;
  for (uint32_t pset : pset_used_) {
    const CachedBlock set{pset_block_[pset], pset_held_[pset].count()};
    if (n == out.size() && (n == 0 || !before(set, out[n - 1]))) continue;
    size_t at = n < out.size() ? n++ : n - 1;
    while (at > 0 && before(set, out[at - 1])) {
      out[at] = out[at - 1];
      --at;
    }
    out[at] = set;
  }
  return n;
}

std::vector<Setting> ClashParameters() {
  return {
      InParamBag(IntegerSetting("block_space_blocks", "Blocks of C-lash's block space (clash)",
                                "blocks", 1, kMaxU32Setting, nullptr),
                 CacheParams, uint64_t{WriteCacheConfig{}.block_space_blocks}),
      InParamBag(IntegerSetting("page_space_pages", "Pages of C-lash's page space (clash)", "pages",
                                1, kMaxU32Setting, nullptr),
                 CacheParams, uint64_t{WriteCacheConfig{}.page_space_pages}),
  };
}

WriteCacheEntry ClashCacheEntry() {
  return {{"clash", "C-lash (page space + block space)",
           "A page space and a block space that replace the FTL", ClashParameters()},
          [](const WriteCacheConfig& config,
             const CacheGeometry& geometry) -> std::unique_ptr<IWriteCache> {
            return std::make_unique<ClashCache>(geometry, config.block_space_blocks,
                                                config.page_space_pages);
          }};
}

}  // namespace flashscope::cache
