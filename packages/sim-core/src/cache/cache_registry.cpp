// The one explicit list of write caches (static self-registration is dropped
// by linkers). Adding a policy: one file in impl/ (its class, its parameters
// and a function returning its entry; the shared bases are in
// impl/write_caches.h) and its one line in the table below, plus that
// function's declaration beside the others. Make, Infos and Names all read
// this table. (A cache whose settings have limits of their own states them
// in CacheConfigProblem.)
#include "cache/i_write_cache.h"
#include "util/input_error.h"

namespace flashscope::cache {

// Each defined in its own file of impl/.
WriteCacheEntry PassThroughCacheEntry();
WriteCacheEntry PageLruCacheEntry();
WriteCacheEntry CflruCacheEntry();
WriteCacheEntry BplruCacheEntry();
WriteCacheEntry ClashCacheEntry();

const std::vector<WriteCacheEntry>& WriteCacheTable() {
  static const std::vector<WriteCacheEntry> table = {
      PassThroughCacheEntry(), PageLruCacheEntry(), CflruCacheEntry(),
      BplruCacheEntry(),       ClashCacheEntry(),
  };
  return table;
}

const std::vector<std::string_view>& WriteCacheNames() {
  static const std::vector<std::string_view> names = PluginNames(WriteCacheTable());
  return names;
}

namespace {

// Slots are indexed by uint32 (kNoSlot is UINT32_MAX).
constexpr uint64_t kMaxCachedPages = uint64_t{1} << 31;

bool Known(std::string_view name) { return FindPlugin(WriteCacheTable(), name) != nullptr; }

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
    for (std::string_view name : WriteCacheNames()) {
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
  return FindPlugin(WriteCacheTable(), name)->make(config, geometry);
}

std::vector<PolicyInfo> WriteCacheInfos() { return PluginInfos(WriteCacheTable()); }

}  // namespace flashscope::cache
