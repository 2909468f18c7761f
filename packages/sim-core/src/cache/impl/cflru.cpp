// cflru: Clean-First LRU. The LRU list is split into a working region (the
// most recently used pages) and a clean-first region, the w pages at the LRU
// end. The victim is the least recently used clean page of the clean-first
// region, dropped without a flash write; only when that region holds no
// clean page is the LRU page (dirty) written back and evicted. A larger w
// saves more writes and costs more misses; w is the tuning knob
// (cache.cflru_window_pages, default half the cache).
// Source: Park, Jung, Kang, Kim, Lee, "CFLRU: a Replacement Algorithm for
// Flash Memory", CASES 2006 (seed 002 §2.3, ref. [6]).
#include "cache/impl/write_caches.h"
#include "config/device_config.h"

namespace flashscope::cache {

CflruCache::CflruCache(const CacheGeometry& geometry, uint64_t capacity_pages,
                       uint64_t window_pages)
    : PageLruCache(geometry, capacity_pages),
      window_pages_(window_pages == 0 ? (capacity_pages + 1) / 2 : window_pages) {}

uint32_t CflruCache::PickVictim() const {
  uint64_t seen = 0;
  for (uint32_t slot = recency().back(); slot != kNoSlot && seen < window_pages_;
       slot = recency().toward_front(slot), ++seen) {
    if (!dirty(slot)) return slot;
  }
  return recency().back();
}

std::vector<Setting> CflruParameters() {
  std::vector<Setting> parameters = CacheBytesParameters();
  parameters.push_back(
      InParamBag(IntegerSetting("cflru_window_pages",
                                "Clean-first window at the LRU end (cflru); 0 = half the cache",
                                "pages", 0, kMaxExactInteger, nullptr),
                 CacheParams, WriteCacheConfig{}.cflru_window_pages));
  return parameters;
}

WriteCacheEntry CflruCacheEntry() {
  return {{"cflru", "CFLRU (clean pages first)",
           "LRU that drops clean pages of its window before writing dirty ones (Park et al. 2006)",
           CflruParameters()},
          [](const WriteCacheConfig& config,
             const CacheGeometry& geometry) -> std::unique_ptr<IWriteCache> {
            const uint64_t pages = config.bytes / geometry.page_bytes;
            return std::make_unique<CflruCache>(geometry, pages, config.cflru_window_pages);
          }};
}

}  // namespace flashscope::cache
