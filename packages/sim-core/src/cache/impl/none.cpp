// none: no write cache; the FTL sees every write and read as it comes. It
// exists so a device without a cache goes through the same interface.
#include "cache/impl/write_caches.h"

namespace flashscope::cache {

bool PassThroughCache::Write(uint64_t lpn) {
  ++counters_.write_misses;
  FlushPage(lpn, FlushCause::kWriteThrough);
  return false;
}

bool PassThroughCache::Read(uint64_t lpn) {
  ReportReadMiss(lpn);
  return false;
}

WriteCacheEntry PassThroughCacheEntry() {
  return {
      {"none", "None", "Writes go straight to the FTL", {}},
      [](const WriteCacheConfig&, const CacheGeometry& geometry) -> std::unique_ptr<IWriteCache> {
        return std::make_unique<PassThroughCache>(geometry);
      }};
}

}  // namespace flashscope::cache
