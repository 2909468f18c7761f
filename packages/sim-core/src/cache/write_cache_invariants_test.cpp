// Every write cache on long random page streams: no write is ever lost (a
// page is either dirty in the cache or on flash at its latest version),
// hits are exactly the pages the cache held, sizes stay within capacity, a
// block flush always covers its whole block, and FlushAll leaves flash up
// to date. Plus the open-addressing map the caches index with.
#include <gtest/gtest.h>

#include <ostream>
#include <unordered_map>
#include <vector>

#include "cache/i_write_cache.h"
#include "cache/impl/write_caches.h"
#include "util/rng.h"

namespace flashscope::cache {
namespace {

// The flash as the cache's listener sees it: the version of each page it
// last received.
struct VersionedFlash final : IWriteCacheListener {
  explicit VersionedFlash(const std::vector<uint64_t>& host_version, uint32_t pages_per_block)
      : host(host_version), on_flash(host_version.size(), 0), pages_per_block(pages_per_block) {}
  void OnFlush(const CacheFlush& flush) override {
    ++flushes;
    for (uint64_t lpn : flush.pages) {
      EXPECT_EQ(lpn / pages_per_block, flush.logical_block);
      on_flash[lpn] = host[lpn];
    }
    if (flush.kind != FlushKind::kPage) {
      EXPECT_EQ(flush.pages.size() + flush.fill_pages.size(), pages_per_block);
      for (uint64_t lpn : flush.fill_pages) EXPECT_EQ(lpn / pages_per_block, flush.logical_block);
    } else {
      EXPECT_EQ(flush.pages.size(), 1u);
      EXPECT_TRUE(flush.fill_pages.empty());
    }
  }
  void OnReadMiss(uint64_t) override { ++read_misses; }

  const std::vector<uint64_t>& host;
  std::vector<uint64_t> on_flash;
  uint32_t pages_per_block;
  uint64_t flushes = 0, read_misses = 0;
};

struct Case {
  const char* policy;
  uint32_t pages_per_block;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.policy << "/" << c.pages_per_block; }

class WriteCacheInvariants : public ::testing::TestWithParam<Case> {};

TEST_P(WriteCacheInvariants, NoWriteIsLostOnRandomStreams) {
  const Case param = GetParam();
  const CacheGeometry geometry{4096, param.pages_per_block};
  WriteCacheConfig config;
  config.policy = param.policy;
  config.bytes = 12 * 4096;
  config.cflru_window_pages = 5;
  config.block_space_blocks = 2;
  config.page_space_pages = 12;
  const uint64_t logical_pages = 16 * param.pages_per_block;

  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto cache = MakeWriteCache(config, geometry);
    ASSERT_NE(cache, nullptr);
    std::vector<uint64_t> version(logical_pages, 0);  // 0: nothing to keep
    VersionedFlash flash(version, param.pages_per_block);
    cache->set_listener(&flash);
    Rng rng(seed);
    uint64_t calls = 0;
    for (int step = 0; step < 20000; ++step) {
      // Half the stream sequential runs, half random pages: both kinds of
      // eviction happen.
      const uint64_t lpn = rng.Below(2) ? (step / 3) % logical_pages : rng.Below(logical_pages);
      const bool was_cached = cache->Lookup(lpn).where != Residence::kAbsent;
      const uint64_t op = rng.Below(10);
      if (op < 6) {
        ++version[lpn];
        EXPECT_EQ(cache->Write(lpn), was_cached);
        ++calls;
      } else if (op < 9) {
        EXPECT_EQ(cache->Read(lpn), was_cached);
        ++calls;
      } else {
        cache->Trim(lpn);
        version[lpn] = 0;
        flash.on_flash[lpn] = 0;
        EXPECT_EQ(cache->Lookup(lpn).where, Residence::kAbsent);
      }
      const CacheOccupancy o = cache->occupancy();
      EXPECT_LE(o.pages, o.capacity_pages);
      EXPECT_LE(o.blocks, std::string_view(param.policy) == "clash" ? o.capacity_blocks : o.pages);
      if (step % 97 == 0 || step == 19999) {
        for (uint64_t page = 0; page < logical_pages; ++page) {
          const PageState state = cache->Lookup(page);
          const bool dirty_here = state.where != Residence::kAbsent && state.dirty;
          if (!dirty_here) {
            ASSERT_EQ(flash.on_flash[page], version[page])
                << param.policy << " seed " << seed << " step " << step << " page " << page;
          }
        }
      }
    }
    const CacheCounters& c = cache->counters();
    EXPECT_EQ(c.hits() + c.misses(), calls);
    EXPECT_EQ(c.read_misses, flash.read_misses);
    EXPECT_EQ(c.flushes, flash.flushes);
    EXPECT_GT(c.evicted_pages, 0u) << param.policy;
    cache->FlushAll();
    for (uint64_t page = 0; page < logical_pages; ++page) {
      ASSERT_EQ(flash.on_flash[page], version[page]) << param.policy << " page " << page;
    }
    const std::string_view name = param.policy;
    if (name == "bplru" || name == "clash") {
      EXPECT_EQ(cache->occupancy().pages, 0u);
    }
    if (name == "clash") {
      EXPECT_GT(c.swaps, 0u);
      EXPECT_GT(c.evicted_blocks, 0u);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Policies, WriteCacheInvariants,
                         ::testing::Values(Case{"lru", 4}, Case{"cflru", 4}, Case{"bplru", 4},
                                           Case{"bplru", 8}, Case{"clash", 4}, Case{"clash", 8},
                                           Case{"clash", 70}),
                         [](const auto& info) {
                           return std::string(info.param.policy) + "_" +
                                  std::to_string(info.param.pages_per_block);
                         });

TEST(SlotMap, AgreesWithAHashMapUnderChurn) {
  SlotMap map(6);  // a table of 16 keys: probe runs wrap around
  std::unordered_map<uint64_t, uint32_t> model;
  Rng rng(7);
  for (int step = 0; step < 200000; ++step) {
    const uint64_t key = rng.Below(40) * 16;  // neighbours and collisions
    auto it = model.find(key);
    if (it != model.end()) {
      ASSERT_EQ(map.Find(key), it->second);
      map.Erase(key);
      model.erase(it);
    } else if (model.size() < 6) {
      const uint32_t slot = static_cast<uint32_t>(step);
      map.Insert(key, slot);
      model[key] = slot;
    } else {
      ASSERT_EQ(map.Find(key), kNoSlot);
    }
  }
  for (const auto& [key, slot] : model) EXPECT_EQ(map.Find(key), slot);
}

}  // namespace
}  // namespace flashscope::cache
