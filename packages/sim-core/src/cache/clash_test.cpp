// C-lash (seed 002 §3) on the two scenarios of its Figure 2, with the exact
// eviction choices, and on its late merge. Small geometry: 4 pages per
// block (block Bn = pages 4n..4n+3), a b-space of 2 blocks and a p-space of
// 8 pages, unless a test says otherwise.
#include <gtest/gtest.h>

#include <initializer_list>

#include "cache/i_write_cache.h"
#include "cache/impl/write_caches.h"
#include "cache/recording_listener_for_test.h"

namespace flashscope::cache {
namespace {

using Events = std::vector<std::string>;

struct Clash {
  explicit Clash(uint32_t blocks = 2, uint32_t pages = 8, uint32_t pages_per_block = 4)
      : cache(CacheGeometry{2048, pages_per_block}, blocks, pages) {
    cache.set_listener(&flash);
  }
  void Writes(std::initializer_list<uint64_t> lpns) {
    for (uint64_t lpn : lpns) cache.Write(lpn);
  }
  ClashCache cache;
  RecordingListener flash;
};

TEST(Clash, SeedConfigurationIs512KB) {
  WriteCacheConfig config;
  config.policy = "clash";  // defaults: 2 blocks + 128 pages
  auto cache = MakeWriteCache(config, CacheGeometry{2048, 64});
  EXPECT_EQ(cache->capacity_bytes(), 512u * 1024);
  EXPECT_EQ(cache->occupancy().capacity_pages, 128u);
  EXPECT_EQ(cache->occupancy().capacity_blocks, 2u);
}

// Builds Figure 2's top state: b-space B7 {28 29} and B9 {36 37}, two valid
// pages each; p-space full with three pages of B21 and one page each of
// B30..B34.
void BuildFigure2Top(Clash& c) {
  c.Writes({28, 29, 36, 37, 120, 124, 128, 132});  // p-space full
  c.Writes({84});  // largest sets B7 and B9 (2 each): the lower, B7, to a free block
  c.Writes({85});
  c.Writes({86});  // B9 and B21 hold 2 each: B9 to the other free block
  c.Writes({136});
  ASSERT_EQ(c.cache.block_space_block(0), 7u);
  ASSERT_EQ(c.cache.block_space_block(1), 9u);
  ASSERT_EQ(c.cache.block_space_valid(0), 2u);
  ASSERT_EQ(c.cache.block_space_valid(1), 2u);
  ASSERT_EQ(c.cache.page_space_pages_of(21), 3u);
  ASSERT_EQ(c.cache.occupancy().pages, 8u);
  ASSERT_TRUE(c.flash.events.empty());
}

TEST(Clash, Figure2TopSwapsTheLargestSetWithTheEmptiestBlock) {
  Clash c;
  BuildFigure2Top(c);
  // p-space is full: the victim set is B21's 3 pages. Both b-space blocks
  // hold 2 < 3 valid pages, so the set swaps with one of them (B7, the least
  // recently used on this tie) in SRAM: B7's pages return to p-space, one
  // page is freed and nothing reaches flash.
  EXPECT_FALSE(c.cache.Write(140));
  EXPECT_TRUE(c.flash.events.empty());
  EXPECT_EQ(c.cache.block_space_block(0), 21u);
  EXPECT_EQ(c.cache.block_space_valid(0), 3u);
  EXPECT_EQ(c.cache.block_space_block(1), 9u);
  EXPECT_EQ(c.cache.page_space_pages_of(7), 2u);
  EXPECT_EQ(c.cache.Lookup(84).where, Residence::kBlock);
  EXPECT_EQ(c.cache.Lookup(28).where, Residence::kPage);
  EXPECT_EQ(c.cache.Lookup(140).where, Residence::kPage);
  EXPECT_EQ(c.cache.occupancy().pages, 8u);  // 8 - 3 + 2, then the new page
  const CacheCounters& k = c.cache.counters();
  EXPECT_EQ(k.swaps, 1u);
  EXPECT_EQ(k.set_moves, 3u);  // B7, B9, B21
  EXPECT_EQ(k.set_moved_pages, 7u);
  EXPECT_EQ(k.evicted_blocks, 0u);
  EXPECT_EQ(k.flushes, 0u);
}

TEST(Clash, Figure2TopTieGoesToTheLeastRecentlyUsedBlock) {
  Clash c;
  BuildFigure2Top(c);
  EXPECT_TRUE(c.cache.Read(28));  // B7 is now the more recent of the two
  c.cache.Write(140);
  EXPECT_EQ(c.cache.block_space_block(0), 7u);
  EXPECT_EQ(c.cache.block_space_block(1), 21u);
  EXPECT_EQ(c.cache.page_space_pages_of(9), 2u);
  EXPECT_TRUE(c.flash.events.empty());
}

TEST(Clash, Figure2BottomEvictsTheLruBlockThenMovesTheSet) {
  Clash c;
  c.Writes({28, 29, 30, 31, 36, 37, 38, 39});  // B7 and B9 whole, p-space full
  c.Writes({84});                              // B7 (4, lower) to b-space
  c.Writes({85, 120, 124});
  c.Writes({128});  // B9 (4) to b-space
  c.Writes({132, 136, 140});
  ASSERT_EQ(c.cache.occupancy().pages, 8u);
  ASSERT_EQ(c.cache.occupancy().block_pages, 8u);
  EXPECT_TRUE(c.cache.Write(28));  // a b-space hit: B7 becomes the most recent
  ASSERT_TRUE(c.flash.events.empty());

  // The victim set is B21's 2 pages; both b-space blocks hold more valid
  // pages (4), so no swap: the LRU block, B9, is written whole to flash —
  // no merge, every page of it is cached — and B21 takes its place.
  EXPECT_FALSE(c.cache.Write(88));
  EXPECT_EQ(c.flash.Take(), (Events{"merged B9 [36 37 38 39] fill []"}));
  EXPECT_EQ(c.cache.block_space_block(0), 7u);
  EXPECT_EQ(c.cache.block_space_block(1), 21u);
  EXPECT_EQ(c.cache.block_space_valid(1), 2u);
  EXPECT_EQ(c.cache.Lookup(36).where, Residence::kAbsent);
  EXPECT_EQ(c.cache.occupancy().pages, 7u);  // 8 - 2 + 1
  const CacheCounters& k = c.cache.counters();
  EXPECT_EQ(k.evicted_blocks, 1u);
  EXPECT_EQ(k.evicted_pages, 4u);
  EXPECT_EQ(k.fill_pages, 0u);
  EXPECT_EQ(k.swaps, 0u);
  EXPECT_EQ(k.write_hits, 1u);
  EXPECT_EQ(k.write_misses, 17u);
}

TEST(Clash, ASetAsLargeAsTheEmptiestBlockIsNotSwapped) {
  Clash c(/*blocks=*/1, /*pages=*/4);
  c.Writes({0, 1, 8, 12});
  c.Writes({16});  // B0 {0 1} to b-space
  c.Writes({9});   // p-space {8 9 12 16}: B2 holds 2, as many as B0
  c.Writes({20});
  // A swap would free no page: B0 is evicted (its pages 2 and 3, if valid
  // on flash, are read: the late merge).
  EXPECT_EQ(c.flash.Take(), (Events{"merged B0 [0 1] fill [2 3]"}));
  EXPECT_EQ(c.cache.block_space_block(0), 2u);
  EXPECT_EQ(c.cache.counters().swaps, 0u);
}

TEST(Clash, LateMergeReadsOnlyWhatTheCacheLacks) {
  Clash c(/*blocks=*/1, /*pages=*/4);
  c.Writes({20, 21, 8, 12});
  c.Writes({16});  // B5 {20 21} to b-space; nothing read yet (no early merge)
  EXPECT_TRUE(c.flash.events.empty());
  // Page 22 of B5 is new data: it goes to p-space, although B5 sits in
  // b-space (new writes only enter the first level).
  c.Writes({22});
  EXPECT_EQ(c.cache.Lookup(22).where, Residence::kPage);
  // p-space full with one page each of B2 B3 B4 B5: the lowest, B2, is the
  // victim set; B5 holds 2 > 1 valid pages, so B5 is evicted. Its p-space
  // page 22 goes with it, and only 23 is left for the merge to read — an
  // early merge at the move would have read 22 and 23.
  c.Writes({13});
  EXPECT_EQ(c.flash.Take(), (Events{"merged B5 [20 21 22] fill [23]"}));
  EXPECT_EQ(c.cache.page_space_pages_of(5), 0u);
  EXPECT_EQ(c.cache.page_space_pages_of(3), 2u);
  EXPECT_EQ(c.cache.block_space_block(0), 2u);
  EXPECT_EQ(c.cache.occupancy().pages, 3u);  // 12 13 16
  EXPECT_EQ(c.cache.counters().evicted_pages, 3u);
  EXPECT_EQ(c.cache.counters().fill_pages, 1u);
}

TEST(Clash, ASetJoinsItsBlockAlreadyInBlockSpace) {
  Clash c(/*blocks=*/1, /*pages=*/4);
  c.Writes({0, 1, 8, 12});
  c.Writes({16});  // B0 {0 1} to b-space
  c.Writes({2});   // B0's page 2 to p-space
  c.Writes({20});  // sets of one page each: B0 (lowest) joins its block
  EXPECT_TRUE(c.flash.events.empty());
  EXPECT_EQ(c.cache.block_space_valid(0), 3u);
  EXPECT_EQ(c.cache.Lookup(2).where, Residence::kBlock);
  EXPECT_EQ(c.cache.counters().set_moves, 2u);
}

TEST(Clash, ReadsAreServedFromBothSpacesAndMissesAreNotCached) {
  Clash c(/*blocks=*/1, /*pages=*/4);
  c.Writes({0, 1, 8, 12, 16});  // B0 in b-space; 8 12 16 in p-space
  EXPECT_TRUE(c.cache.Read(1));
  EXPECT_TRUE(c.cache.Read(8));
  EXPECT_FALSE(c.cache.Read(2));
  EXPECT_EQ(c.cache.Lookup(2).where, Residence::kAbsent);
  EXPECT_EQ(c.flash.Take(), (Events{"read 2"}));
  EXPECT_EQ(c.cache.counters().read_hits, 2u);
  EXPECT_EQ(c.cache.counters().read_misses, 1u);
}

TEST(Clash, SequentialStreamIsWrittenAsWholeBlocksEachOnce) {
  // Seed configuration: 64 pages per block, 2 blocks + 128 pages. Ten
  // blocks written in order: each leaves the cache once, whole, with
  // nothing to read.
  Clash c(/*blocks=*/2, /*pages=*/128, /*pages_per_block=*/64);
  for (uint64_t lpn = 0; lpn < 640; ++lpn) c.cache.Write(lpn);
  c.cache.FlushAll();
  ASSERT_EQ(c.flash.events.size(), 10u);
  for (uint64_t block = 0; block < 10; ++block) {
    EXPECT_EQ(c.flash.events[block].rfind("merged B" + std::to_string(block) + " [", 0), 0u)
        << c.flash.events[block];
    EXPECT_NE(c.flash.events[block].find("fill []"), std::string::npos);
  }
  const CacheCounters& k = c.cache.counters();
  EXPECT_EQ(k.evicted_blocks, 6u);  // B0..B5 to make room; B6..B9 by FlushAll
  EXPECT_EQ(k.flushed_pages, 640u);
  EXPECT_EQ(k.fill_pages, 0u);
  EXPECT_EQ(k.swaps, 0u);
  EXPECT_EQ(c.cache.occupancy().pages, 0u);
  EXPECT_EQ(c.cache.occupancy().blocks, 0u);
}

TEST(Clash, FlushAllWritesBlocksThenPageSetsAsWholeBlocks) {
  Clash c(/*blocks=*/1, /*pages=*/4);
  c.Writes({0, 1, 8, 12, 16});  // B0 in b-space; 8 12 16 in p-space
  c.Writes({2});                // B0's page 2 in p-space: written with B0
  c.cache.FlushAll();
  EXPECT_EQ(
      c.flash.Take(),
      (Events{"merged B0 [0 1 2] fill [3] (flush)", "merged B2 [8] fill [9 10 11] (flush)",
              "merged B3 [12] fill [13 14 15] (flush)", "merged B4 [16] fill [17 18 19] (flush)"}));
  EXPECT_EQ(c.cache.counters().evicted_blocks, 0u);
  EXPECT_EQ(c.cache.occupancy().pages, 0u);
}

TEST(Clash, TrimDropsPagesAndFreesAnEmptiedBlock) {
  Clash c(/*blocks=*/1, /*pages=*/4);
  c.Writes({0, 1, 8, 12, 16});  // B0 {0 1} in b-space
  c.cache.Trim(0);
  c.cache.Trim(1);
  EXPECT_EQ(c.cache.block_space_block(0), ClashCache::kNoBlockCached);
  c.cache.Trim(8);
  EXPECT_EQ(c.cache.occupancy().pages, 2u);
  c.Writes({9, 13, 17});  // 9 13 fill p-space again; 17 needs room
  // Victim set B3 {12 13} (largest) takes the free block: no flash work.
  EXPECT_TRUE(c.flash.events.empty());
  EXPECT_EQ(c.cache.block_space_block(0), 3u);
  EXPECT_EQ(c.cache.counters().trimmed_pages, 3u);
}

}  // namespace
}  // namespace flashscope::cache
