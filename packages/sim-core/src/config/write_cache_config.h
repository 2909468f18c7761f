// WriteCacheConfig: the device JSON's "cache" object (the classic device's
// write cache in front of its FTL, cache/i_write_cache.h). A plain struct so
// the config layer can hold it without knowing the cache implementations.
#pragma once

#include <cstdint>
#include <string>

namespace flashscope::cache {

struct WriteCacheConfig {
  std::string policy = "none";
  uint64_t bytes = 0;  // lru, cflru, bplru: capacity, whole pages
  // clash (seed 002 §4.1: 2 blocks + 128 pages, 512 KB with 2 KB pages).
  uint32_t block_space_blocks = 2;
  uint32_t page_space_pages = 128;
  // cflru: the clean-first region, the w pages at the LRU end of the list
  // (Park et al.'s window w); 0 = half the cache.
  uint64_t cflru_window_pages = 0;
};

}  // namespace flashscope::cache
