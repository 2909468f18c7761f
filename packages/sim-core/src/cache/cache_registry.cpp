// The one explicit list of write caches (static self-registration is dropped
// by linkers). Adding a policy: one file in impl/ and one line here.
#include <algorithm>

#include "cache/cache_names.h"
#include "cache/i_write_cache.h"
#include "cache/impl/write_caches.h"
#include "util/input_error.h"

namespace flashscope::cache {
namespace {

// Slots are indexed by uint32 (kNoSlot is UINT32_MAX).
constexpr uint64_t kMaxCachedPages = uint64_t{1} << 31;

bool Known(std::string_view name) {
  return std::find(kWriteCacheNames.begin(), kWriteCacheNames.end(), name) !=
         kWriteCacheNames.end();
}

bool SizedInBytes(std::string_view policy) {
  return policy == "lru" || policy == "cflru" || policy == "bplru";
}

}  // namespace

WriteCacheConfig WriteCacheConfigFrom(const CacheConfig& section) {
  WriteCacheConfig config;
  const ParamBag& params = section.params;
  config.policy = section.policy;
  config.bytes = params.Uint("bytes", config.bytes);
  config.block_space_blocks =
      static_cast<uint32_t>(params.Uint("block_space_blocks", config.block_space_blocks));
  config.page_space_pages =
      static_cast<uint32_t>(params.Uint("page_space_pages", config.page_space_pages));
  config.cflru_window_pages = params.Uint("cflru_window_pages", config.cflru_window_pages);
  return config;
}

std::string CacheConfigProblem(const WriteCacheConfig& config, const CacheGeometry& geometry) {
  const std::string& policy = config.policy;
  if (!Known(policy)) {
    std::string names;
    for (std::string_view name : kWriteCacheNames) {
      names += names.empty() ? "" : ", ";
      names += name;
    }
    return "unknown cache.policy \"" + policy + "\" (one of " + names + ")";
  }
  if (geometry.page_bytes == 0 || geometry.pages_per_block == 0) {
    return "a write cache needs pages of at least one byte and blocks of at least one page";
  }
  if (SizedInBytes(policy)) {
    const uint64_t pages = config.bytes / geometry.page_bytes;  // whole pages
    if (pages == 0) {
      return "cache.bytes (" + std::to_string(config.bytes) + ") must hold at least one page of " +
             std::to_string(geometry.page_bytes) + " bytes for cache.policy \"" + policy + "\"";
    }
    if (pages > kMaxCachedPages) {
      return "cache.bytes (" + std::to_string(config.bytes) + ") is above the " +
             std::to_string(kMaxCachedPages) + " pages a cache may hold";
    }
    if (policy == "cflru" && config.cflru_window_pages > pages) {
      return "cache.cflru_window_pages (" + std::to_string(config.cflru_window_pages) +
             ") is larger than the cache's " + std::to_string(pages) + " pages";
    }
  }
  if (policy == "clash") {
    if (config.block_space_blocks == 0 || config.page_space_pages == 0) {
      return "cache.policy \"clash\" needs cache.block_space_blocks >= 1 and "
             "cache.page_space_pages >= 1 (seed 002: 2 blocks and 128 pages)";
    }
    if (config.page_space_pages > kMaxCachedPages) {
      return "cache.page_space_pages (" + std::to_string(config.page_space_pages) +
             ") is above the " + std::to_string(kMaxCachedPages) + " pages a cache may hold";
    }
  }
  return "";
}

std::unique_ptr<IWriteCache> MakeWriteCache(const WriteCacheConfig& config,
                                            const CacheGeometry& geometry,
                                            const std::string& source) {
  const std::string_view name = config.policy;
  if (!Known(name)) return nullptr;
  if (std::string problem = CacheConfigProblem(config, geometry); !problem.empty()) {
    throw InputError(source, 0, problem);
  }
  const uint64_t pages = config.bytes / geometry.page_bytes;
  if (name == "none") return std::make_unique<PassThroughCache>(geometry);
  if (name == "lru") return std::make_unique<PageLruCache>(geometry, pages);
  if (name == "cflru") {
    return std::make_unique<CflruCache>(geometry, pages, config.cflru_window_pages);
  }
  if (name == "bplru") return std::make_unique<BplruCache>(geometry, pages);
  if (name == "clash") {
    return std::make_unique<ClashCache>(geometry, config.block_space_blocks,
                                        config.page_space_pages);
  }
  return nullptr;
}

std::vector<PolicyInfo> WriteCacheInfos() {
  return {
      {"none", "None", "Writes go straight to the FTL", {}},
      {"lru", "LRU (pages)", "Pages evicted least recently used first", CacheBytesParameters()},
      {"cflru", "CFLRU (clean pages first)",
       "LRU that drops clean pages of its window before writing dirty ones (Park et al. 2006)",
       CflruParameters()},
      {"bplru", "BPLRU (whole blocks, padded)",
       "Whole blocks evicted least recently used, padded to be written sequentially "
       "(Kim & Ahn, FAST'08)",
       CacheBytesParameters()},
      {"clash", "C-lash (page space + block space)",
       "A page space and a block space that replace the FTL (seed 002)", ClashParameters()},
  };
}

}  // namespace flashscope::cache
