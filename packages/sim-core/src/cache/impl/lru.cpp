// lru: a page-grained write-back cache that evicts the least recently used
// page; a dirty victim is written back alone, a clean one is dropped. Reads
// and writes both count as uses, and a read miss enters as a clean page.
// Source: the classic LRU replacement policy (Mattson et al., "Evaluation
// techniques for storage hierarchies", IBM Systems Journal 9(2), 1970); the
// baseline CFLRU (Park et al., CASES 2006) improves on.
#include "cache/impl/write_caches.h"

namespace flashscope::cache {

PageLruCache::PageLruCache(const CacheGeometry& geometry, uint64_t capacity_pages)
    : WriteCacheBase(geometry),
      capacity_pages_(capacity_pages),
      lpn_(capacity_pages, 0),
      dirty_(capacity_pages, 0),
      recency_(static_cast<uint32_t>(capacity_pages)),
      slot_of_(capacity_pages) {
  free_.reserve(capacity_pages);
  for (uint64_t slot = capacity_pages; slot-- > 0;) free_.push_back(static_cast<uint32_t>(slot));
}

bool PageLruCache::Write(uint64_t lpn) {
  const uint32_t slot = slot_of_.Find(lpn);
  if (slot != kNoSlot) {
    ++counters_.write_hits;
    dirty_[slot] = 1;
    recency_.MoveToFront(slot);
    return true;
  }
  ++counters_.write_misses;
  Insert(lpn, /*dirty=*/true);
  return false;
}

bool PageLruCache::Read(uint64_t lpn) {
  const uint32_t slot = slot_of_.Find(lpn);
  if (slot != kNoSlot) {
    ++counters_.read_hits;
    recency_.MoveToFront(slot);
    return true;
  }
  // The host waits for this read, so it is reported before the eviction
  // that makes room for the page it brings in.
  ReportReadMiss(lpn);
  Insert(lpn, /*dirty=*/false);
  return false;
}

uint32_t PageLruCache::Insert(uint64_t lpn, bool dirty) {
  if (used_ == capacity_pages_) Evict(PickVictim());
  const uint32_t slot = free_.back();
  free_.pop_back();
  lpn_[slot] = lpn;
  dirty_[slot] = dirty ? 1 : 0;
  slot_of_.Insert(lpn, slot);
  recency_.PushFront(slot);
  ++used_;
  return slot;
}

void PageLruCache::Evict(uint32_t slot) {
  ++counters_.evicted_pages;
  if (dirty_[slot]) {
    FlushPage(lpn_[slot], FlushCause::kEviction);
  } else {
    ++counters_.clean_evictions;
  }
  slot_of_.Erase(lpn_[slot]);
  recency_.Remove(slot);
  free_.push_back(slot);
  --used_;
}

void PageLruCache::Trim(uint64_t lpn) {
  const uint32_t slot = slot_of_.Find(lpn);
  if (slot == kNoSlot) return;
  ++counters_.trimmed_pages;
  slot_of_.Erase(lpn);
  recency_.Remove(slot);
  free_.push_back(slot);
  --used_;
}

void PageLruCache::FlushAll() {
  // Oldest first; the pages stay cached, now clean.
  for (uint32_t slot = recency_.back(); slot != kNoSlot; slot = recency_.toward_front(slot)) {
    if (!dirty_[slot]) continue;
    FlushPage(lpn_[slot], FlushCause::kFlushAll);
    dirty_[slot] = 0;
  }
}

PageState PageLruCache::Lookup(uint64_t lpn) const {
  const uint32_t slot = slot_of_.Find(lpn);
  if (slot == kNoSlot) return {};
  return {Residence::kPage, dirty_[slot] != 0};
}

CacheOccupancy PageLruCache::occupancy() const {
  CacheOccupancy o;
  o.pages = used_;
  o.capacity_pages = capacity_pages_;
  return o;
}

WriteCacheEntry PageLruCacheEntry() {
  return {{"lru", "LRU (pages)", "Pages evicted least recently used first", CacheBytesParameters()},
          [](const WriteCacheConfig& config,
             const CacheGeometry& geometry) -> std::unique_ptr<IWriteCache> {
            const uint64_t pages = config.bytes / geometry.page_bytes;
            return std::make_unique<PageLruCache>(geometry, pages);
          }};
}

}  // namespace flashscope::cache
