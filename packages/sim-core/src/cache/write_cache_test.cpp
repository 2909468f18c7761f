// The write caches none, lru, cflru and bplru on hand-built page sequences
// (exact hits, misses, evictions and flash work), and the registry. C-lash
// has its own file (clash_test.cpp).
#include <gtest/gtest.h>

#include <initializer_list>

#include "cache/i_write_cache.h"
#include "cache/impl/write_caches.h"
#include "cache/recording_listener_for_test.h"
#include "util/input_error.h"

namespace flashscope::cache {
namespace {

using Events = std::vector<std::string>;

constexpr CacheGeometry kGeometry{4096, 4};  // 4 KiB pages, 4 pages per block

std::unique_ptr<IWriteCache> Make(const std::string& policy, uint64_t pages, uint64_t window = 0) {
  WriteCacheConfig config;
  config.policy = policy;
  config.bytes = pages * kGeometry.page_bytes;
  config.cflru_window_pages = window;
  return MakeWriteCache(config, kGeometry);
}

void Writes(IWriteCache& cache, std::initializer_list<uint64_t> lpns) {
  for (uint64_t lpn : lpns) cache.Write(lpn);
}

TEST(WriteCacheRegistry, EveryNameIsRegistered) {
  for (std::string_view name : WriteCacheNames()) {
    WriteCacheConfig config;
    config.policy = std::string(name);
    config.bytes = 1 << 20;
    EXPECT_NE(MakeWriteCache(config, kGeometry), nullptr) << name;
    EXPECT_EQ(CacheConfigProblem(config, kGeometry), "") << name;
  }
  WriteCacheConfig fifo;
  fifo.policy = "fifo";
  EXPECT_EQ(MakeWriteCache(fifo, kGeometry), nullptr);
  EXPECT_EQ(CacheConfigProblem(fifo, kGeometry),
            "unknown cache.policy \"fifo\" (one of none, lru, cflru, bplru, clash)");
}

TEST(WriteCacheRegistry, ImpossibleSizesAreInputErrors) {
  WriteCacheConfig lru;
  lru.policy = "lru";
  lru.bytes = 4095;  // less than one page
  try {
    MakeWriteCache(lru, kGeometry, "drive.json");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "drive.json: cache.bytes (4095) must hold at least one page of 4096 bytes for "
              "cache.policy \"lru\"");
  }
  WriteCacheConfig cflru;
  cflru.policy = "cflru";
  cflru.bytes = 8 * 4096;
  cflru.cflru_window_pages = 9;
  EXPECT_EQ(CacheConfigProblem(cflru, kGeometry),
            "cache.cflru_window_pages (9) is larger than the cache's 8 pages");
  WriteCacheConfig clash;
  clash.policy = "clash";
  clash.block_space_blocks = 0;
  EXPECT_NE(CacheConfigProblem(clash, kGeometry).find("cache.block_space_blocks >= 1"),
            std::string::npos);
  EXPECT_THROW(MakeWriteCache(clash, kGeometry), InputError);
  // none needs no size.
  WriteCacheConfig none;
  EXPECT_EQ(CacheConfigProblem(none, kGeometry), "");
}

TEST(WriteCacheRegistry, CapacityIsWholePages) {
  WriteCacheConfig config;
  config.policy = "lru";
  config.bytes = 3 * 4096 + 100;
  auto cache = MakeWriteCache(config, kGeometry);
  EXPECT_EQ(cache->capacity_bytes(), 3u * 4096);
  EXPECT_EQ(cache->occupancy().capacity_pages, 3u);
}

TEST(NoCache, EveryWriteGoesThroughAndEveryReadMisses) {
  auto cache = Make("none", 0);
  RecordingListener flash;
  cache->set_listener(&flash);
  EXPECT_FALSE(cache->Write(3));
  EXPECT_FALSE(cache->Write(3));
  EXPECT_FALSE(cache->Read(3));
  EXPECT_EQ(flash.Take(), (Events{"page 3 (through)", "page 3 (through)", "read 3"}));
  EXPECT_EQ(cache->counters().hits(), 0u);
  EXPECT_EQ(cache->counters().write_misses, 2u);
  EXPECT_EQ(cache->counters().flushes, 2u);
  EXPECT_EQ(cache->counters().evicted_pages, 0u);
}

TEST(Lru, EvictsTheLeastRecentlyUsedPage) {
  auto cache = Make("lru", 3);
  RecordingListener flash;
  cache->set_listener(&flash);
  Writes(*cache, {1, 2, 3});      // MRU→LRU: 3 2 1
  EXPECT_TRUE(cache->Write(1));   // 1 3 2
  EXPECT_FALSE(cache->Write(4));  // evicts 2 (dirty): 4 1 3
  EXPECT_TRUE(cache->Read(3));    // 3 4 1
  EXPECT_FALSE(cache->Read(5));   // read from flash, evicts 1: 5 3 4, 5 clean
  cache->Write(6);                // evicts 4: 6 5 3
  cache->Read(7);                 // evicts 3: 7 6 5
  cache->Write(8);                // evicts 5, clean: dropped unwritten: 8 7 6
  EXPECT_EQ(flash.Take(), (Events{"page 2", "read 5", "page 1", "page 4", "read 7", "page 3"}));
  const CacheCounters& c = cache->counters();
  EXPECT_EQ(c.write_hits, 1u);
  EXPECT_EQ(c.write_misses, 6u);
  EXPECT_EQ(c.read_hits, 1u);
  EXPECT_EQ(c.read_misses, 2u);
  EXPECT_EQ(c.evicted_pages, 5u);
  EXPECT_EQ(c.clean_evictions, 1u);
  EXPECT_EQ(c.flushes, 4u);
  EXPECT_EQ(c.evicted_blocks, 0u);

  EXPECT_EQ(cache->Lookup(7).where, Residence::kPage);
  EXPECT_FALSE(cache->Lookup(7).dirty);
  EXPECT_TRUE(cache->Lookup(8).dirty);
  EXPECT_EQ(cache->Lookup(5).where, Residence::kAbsent);

  // FlushAll writes the dirty pages, oldest first, and keeps them (clean).
  cache->FlushAll();
  EXPECT_EQ(flash.Take(), (Events{"page 6 (flush)", "page 8 (flush)"}));
  EXPECT_EQ(cache->occupancy().pages, 3u);
  EXPECT_FALSE(cache->Lookup(8).dirty);
  EXPECT_EQ(cache->counters().evicted_pages, 5u);  // flushing is not evicting

  cache->Trim(8);
  EXPECT_EQ(cache->Lookup(8).where, Residence::kAbsent);
  EXPECT_EQ(cache->occupancy().pages, 2u);
  EXPECT_EQ(cache->counters().trimmed_pages, 1u);
}

// W1 R2 W3 W4 W5 W6 R7 W8 W9 W10 through four pages: a clean page in the
// clean-first window (the two LRU-end pages) goes first, unwritten; outside
// the window a clean page is kept.
Events RunCleanFirstSequence(IWriteCache& cache) {
  RecordingListener flash;
  cache.set_listener(&flash);
  cache.Write(1);
  cache.Read(2);
  Writes(cache, {3, 4, 5, 6});
  cache.Read(7);
  Writes(cache, {8, 9, 10});
  return flash.Take();
}

TEST(Cflru, EvictsCleanPagesOfItsWindowFirst) {
  auto cache = Make("cflru", 4, /*window=*/2);
  // MRU→LRU after W1 R2 W3 W4: 4 3 2c 1.
  // W5: window {1, 2c} → 2 dropped:          5 4 3 1
  // W6: window {1, 3} all dirty → 1 written: 6 5 4 3
  // R7: window {3, 4} → 3 written:           7c 6 5 4
  // W8: window {4, 5} → 4 written (7c is outside the window): 8 7c 6 5
  // W9: window {5, 6} → 5 written:           9 8 7c 6
  // W10: window {6, 7c} → 7 dropped:         10 9 8 6
  EXPECT_EQ(RunCleanFirstSequence(*cache),
            (Events{"read 2", "page 1", "read 7", "page 3", "page 4", "page 5"}));
  const CacheCounters& c = cache->counters();
  EXPECT_EQ(c.clean_evictions, 2u);
  EXPECT_EQ(c.flushes, 4u);
  EXPECT_EQ(c.evicted_pages, 6u);
  EXPECT_EQ(c.misses(), 10u);
  EXPECT_EQ(cache->Lookup(6).where, Residence::kPage);
  EXPECT_EQ(cache->Lookup(7).where, Residence::kAbsent);

  // Plain LRU on the same sequence writes one page more (1 3 4 5 6; it
  // drops only 2).
  auto lru = Make("lru", 4);
  EXPECT_EQ(RunCleanFirstSequence(*lru),
            (Events{"read 2", "page 1", "read 7", "page 3", "page 4", "page 5", "page 6"}));
  EXPECT_EQ(lru->counters().flushes, 5u);
  EXPECT_EQ(lru->counters().clean_evictions, 1u);
}

TEST(Cflru, DefaultWindowIsHalfTheCache) {
  auto cache = Make("cflru", 6);
  EXPECT_EQ(dynamic_cast<CflruCache&>(*cache).window_pages(), 3u);
  // A window of the whole cache drops any clean page before writing one.
  auto whole = Make("cflru", 3, /*window=*/3);
  RecordingListener flash;
  whole->set_listener(&flash);
  whole->Read(1);
  Writes(*whole, {2, 3, 4, 5});  // 4: drops 1; 5: writes 2
  EXPECT_EQ(flash.Take(), (Events{"read 1", "page 2"}));
}

TEST(Bplru, EvictsTheLeastRecentBlockWholeWithPagePadding) {
  auto cache = Make("bplru", 6);  // blocks of 4 pages: B0 = 0-3, B1 = 4-7, …
  RecordingListener flash;
  cache->set_listener(&flash);
  Writes(*cache, {12, 15, 5, 6, 9, 13});  // blocks MRU→LRU: B3 {12 13 15}, B2 {9}, B1 {5 6}
  EXPECT_TRUE(flash.events.empty());
  EXPECT_EQ(cache->occupancy().pages, 6u);
  EXPECT_EQ(cache->occupancy().blocks, 3u);

  // Full: the new page's block B0 is new, so the LRU block B1 leaves whole;
  // its missing pages 4 and 7 are read to write the block in one piece.
  EXPECT_FALSE(cache->Write(0));  // B0 B3 B2
  EXPECT_EQ(flash.Take(), (Events{"padded B1 [5 6] fill [4 7]"}));
  cache->Write(10);  // B2 B0 B3, 6 pages
  // Writing B0 makes it the most recent first, so B3 is the victim.
  cache->Write(1);
  EXPECT_EQ(flash.Take(), (Events{"padded B3 [12 13 15] fill [14]"}));
  EXPECT_EQ(cache->Lookup(13).where, Residence::kAbsent);
  EXPECT_EQ(cache->Lookup(1).where, Residence::kBlock);

  // Reads are served from the buffer when they can, never enter it.
  EXPECT_TRUE(cache->Read(9));
  EXPECT_FALSE(cache->Read(14));
  EXPECT_EQ(cache->Lookup(14).where, Residence::kAbsent);
  EXPECT_TRUE(cache->Write(9));
  EXPECT_EQ(flash.Take(), (Events{"read 14"}));

  const CacheCounters& c = cache->counters();
  EXPECT_EQ(c.write_misses, 9u);
  EXPECT_EQ(c.write_hits, 1u);
  EXPECT_EQ(c.read_hits, 1u);
  EXPECT_EQ(c.read_misses, 1u);
  EXPECT_EQ(c.evicted_blocks, 2u);
  EXPECT_EQ(c.evicted_pages, 5u);
  EXPECT_EQ(c.fill_pages, 3u);
  EXPECT_EQ(c.flushes, 2u);

  // FlushAll empties the buffer, least recent block first: B0 {0 1} then
  // B2 {9 10} (B2 was written last).
  cache->FlushAll();
  EXPECT_EQ(flash.Take(),
            (Events{"padded B0 [0 1] fill [2 3] (flush)", "padded B2 [9 10] fill [8 11] (flush)"}));
  EXPECT_EQ(cache->occupancy().pages, 0u);
  EXPECT_EQ(cache->counters().evicted_blocks, 2u);
}

TEST(Bplru, ASequentiallyWrittenBlockGoesToTheLruEnd) {
  // B0 filled 0 1 2 3 in order after B1 and B2: LRU compensation makes it
  // the next victim although B1 and B2 are older.
  auto cache = Make("bplru", 8);
  RecordingListener flash;
  cache->set_listener(&flash);
  Writes(*cache, {4, 8, 0, 1, 2, 3, 12, 16});
  cache->Write(20);
  EXPECT_EQ(flash.Take(), (Events{"padded B0 [0 1 2 3] fill []"}));

  // The same pages out of order: no compensation, the oldest block B1 goes.
  auto shuffled = Make("bplru", 8);
  shuffled->set_listener(&flash);
  Writes(*shuffled, {4, 8, 3, 2, 1, 0, 12, 16});
  shuffled->Write(20);
  EXPECT_EQ(flash.Take(), (Events{"padded B1 [4] fill [5 6 7]"}));

  // In order but with a rewrite: temporal locality, no compensation either.
  auto rewritten = Make("bplru", 8);
  rewritten->set_listener(&flash);
  Writes(*rewritten, {4, 8, 0, 1, 1, 2, 3, 12, 16});
  rewritten->Write(20);
  EXPECT_EQ(flash.Take(), (Events{"padded B1 [4] fill [5 6 7]"}));
}

TEST(Bplru, TrimDropsPagesAndEmptyBlocks) {
  auto cache = Make("bplru", 4);
  RecordingListener flash;
  cache->set_listener(&flash);
  Writes(*cache, {0, 1, 4});
  cache->Trim(4);
  cache->Trim(1);
  EXPECT_EQ(cache->occupancy().pages, 1u);
  EXPECT_EQ(cache->occupancy().blocks, 1u);
  cache->FlushAll();
  EXPECT_EQ(flash.Take(), (Events{"padded B0 [0] fill [1 2 3] (flush)"}));
  EXPECT_EQ(cache->counters().trimmed_pages, 2u);
}

}  // namespace
}  // namespace flashscope::cache
