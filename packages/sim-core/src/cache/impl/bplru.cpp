// bplru: Block Padding LRU, a write buffer managed per erase block.
//  - Block-level LRU: pages are grouped by logical block, and writing any
//    page of a block makes the whole block the most recently used. When the
//    buffer is full, the least recently used block leaves whole.
//  - Page padding: the victim block is written as one full block — the pages
//    of the block the buffer lacks are read from flash and written back with
//    the buffered ones (FlushKind::kPaddedBlock) — so a log-block FTL does a
//    cheap switch merge instead of a full merge.
//  - LRU compensation: a block written fully sequentially (offsets 0, 1, …,
//    last, each once) is unlikely to be rewritten soon, so it moves to the
//    LRU end and is the next victim.
// Reads do not enter the buffer and do not change the order; a read of a
// buffered page is served from it.
// Source: Kim & Ahn, "BPLRU: A Buffer Management Scheme for Improving Random
// Writes in Flash Storage", USENIX FAST 2008 (seed 002 §2.3, ref. [4]).
#include "cache/impl/write_caches.h"

namespace flashscope::cache {

BplruCache::BplruCache(const CacheGeometry& geometry, uint64_t capacity_pages)
    : WriteCacheBase(geometry),
      capacity_pages_(capacity_pages),
      // Every buffered block holds at least one page.
      block_(capacity_pages, 0),
      held_(capacity_pages, PageBits(geometry.pages_per_block)),
      sequential_(capacity_pages, 0),
      next_sequential_(capacity_pages, 0),
      recency_(static_cast<uint32_t>(capacity_pages)),
      slot_of_(capacity_pages) {
  free_.reserve(capacity_pages);
  for (uint64_t slot = capacity_pages; slot-- > 0;) free_.push_back(static_cast<uint32_t>(slot));
}

bool BplruCache::Write(uint64_t lpn) {
  const uint64_t block = BlockOf(lpn);
  const uint32_t offset = OffsetOf(lpn);
  uint32_t slot = slot_of_.Find(block);
  if (slot != kNoSlot && held_[slot].Test(offset)) {
    ++counters_.write_hits;
    sequential_[slot] = 0;  // a rewrite: the block has temporal locality
    recency_.MoveToFront(slot);
    return true;
  }
  ++counters_.write_misses;
  // The block becomes the most recent first, so the eviction below takes
  // another block unless this one is all the buffer holds.
  if (slot != kNoSlot) recency_.MoveToFront(slot);
  if (used_pages_ == capacity_pages_) {
    const uint32_t victim = recency_.back();
    EvictBlock(victim, FlushCause::kEviction);
    if (victim == slot) slot = kNoSlot;
  }
  if (slot == kNoSlot) {
    slot = free_.back();
    free_.pop_back();
    block_[slot] = block;
    held_[slot].ClearAll();
    sequential_[slot] = 1;
    next_sequential_[slot] = 0;
    slot_of_.Insert(block, slot);
    recency_.PushFront(slot);
    ++used_blocks_;
  }
  if (offset != next_sequential_[slot]) sequential_[slot] = 0;
  next_sequential_[slot] = offset + 1;
  held_[slot].Set(offset);
  ++used_pages_;
  // LRU compensation.
  if (sequential_[slot] && held_[slot].count() == pages_per_block_) recency_.MoveToBack(slot);
  return false;
}

bool BplruCache::Read(uint64_t lpn) {
  const uint32_t slot = slot_of_.Find(BlockOf(lpn));
  if (slot != kNoSlot && held_[slot].Test(OffsetOf(lpn))) {
    ++counters_.read_hits;
    return true;
  }
  ReportReadMiss(lpn);
  return false;
}

void BplruCache::EvictBlock(uint32_t slot, FlushCause cause) {
  if (cause == FlushCause::kEviction) {
    ++counters_.evicted_blocks;
    counters_.evicted_pages += held_[slot].count();
  }
  FlushBlock(FlushKind::kPaddedBlock, block_[slot], held_[slot], cause);
  Release(slot);
}

void BplruCache::Release(uint32_t slot) {
  used_pages_ -= held_[slot].count();
  --used_blocks_;
  held_[slot].ClearAll();
  slot_of_.Erase(block_[slot]);
  recency_.Remove(slot);
  free_.push_back(slot);
}

void BplruCache::Trim(uint64_t lpn) {
  const uint32_t slot = slot_of_.Find(BlockOf(lpn));
  const uint32_t offset = OffsetOf(lpn);
  if (slot == kNoSlot || !held_[slot].Test(offset)) return;
  ++counters_.trimmed_pages;
  held_[slot].Clear(offset);
  --used_pages_;
  if (held_[slot].count() == 0) Release(slot);
}

void BplruCache::FlushAll() {
  // Oldest block first; the buffer ends empty (it holds no clean data).
  while (recency_.back() != kNoSlot) EvictBlock(recency_.back(), FlushCause::kFlushAll);
}

PageState BplruCache::Lookup(uint64_t lpn) const {
  const uint32_t slot = slot_of_.Find(BlockOf(lpn));
  if (slot == kNoSlot || !held_[slot].Test(OffsetOf(lpn))) return {};
  return {Residence::kBlock, true};
}

CacheOccupancy BplruCache::occupancy() const {
  CacheOccupancy o;
  o.pages = used_pages_;
  o.capacity_pages = capacity_pages_;
  o.blocks = used_blocks_;
  return o;
}

WriteCacheEntry BplruCacheEntry() {
  return {{"bplru", "BPLRU (whole blocks, padded)",
           "Whole blocks evicted least recently used, padded to be written sequentially (Kim & "
           "Ahn, FAST'08)",
           CacheBytesParameters()},
          [](const WriteCacheConfig& config,
             const CacheGeometry& geometry) -> std::unique_ptr<IWriteCache> {
            const uint64_t pages = config.bytes / geometry.page_bytes;
            return std::make_unique<BplruCache>(geometry, pages);
          }};
}

}  // namespace flashscope::cache
