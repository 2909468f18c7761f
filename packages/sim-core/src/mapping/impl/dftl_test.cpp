// DFTL's translation traffic on known access patterns, counted exactly: CMT
// misses read a translation page, dirty evictions write theirs back with
// every dirty entry of that page (batch update), the segmented LRU keeps
// re-referenced entries, and GC moves data lazily (cached entries only marked
// dirty) or updates each stale translation page once.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "mapping/impl/schemes.h"
#include "mapping/mapping_for_test.h"
#include "util/rng.h"

namespace flashscope::mapping {
namespace {

// 4 pages per block, 8 mapping entries per translation page.
MappingConfig DftlGeometry(uint32_t blocks, uint64_t logical_pages, uint32_t cmt_entries,
                           uint32_t entries_per_page = 8) {
  MappingConfig config = Geometry(blocks, 4, logical_pages);
  config.cmt_entries = cmt_entries;
  config.entries_per_translation_page = entries_per_page;
  return config;
}

TEST(Dftl, StartsWithEveryTranslationPageInFlash) {
  Dftl ftl(DftlGeometry(32, 64, 16), "test");
  EXPECT_EQ(ftl.translation_pages(), 8u);
  for (uint64_t t = 0; t < 8; ++t) {
    const PhysicalPage where = ftl.TranslationPage(t);
    EXPECT_EQ(ftl.page_owner(where.block, where.page), kTranslationOwner | t);
  }
  EXPECT_EQ(ftl.stats().nand.TotalPrograms(), 0u);  // formatted before the run
  EXPECT_EQ(ftl.free_blocks(), 30u);
}

TEST(Dftl, SequentialOverOneTranslationPageMissesOncePerEntry) {
  Dftl ftl(DftlGeometry(32, 64, 16), "test");
  for (uint64_t lpn = 0; lpn < 8; ++lpn) ftl.Write(lpn);
  // The CMT holds entries, not pages: each first touch reads translation
  // page 0 again (DFTL exploits temporal, not spatial, locality).
  EXPECT_EQ(ftl.stats().cmt.misses, 8u);
  EXPECT_EQ(Reads(ftl.stats(), Cause::kMapping), 8u);
  for (uint64_t lpn = 0; lpn < 8; ++lpn) ftl.Read(lpn);
  for (uint64_t lpn = 0; lpn < 8; ++lpn) ftl.Write(lpn);
  const MappingStats& s = ftl.stats();
  EXPECT_EQ(s.cmt.hits, 16u);
  EXPECT_EQ(s.cmt.misses, 8u);
  EXPECT_EQ(Reads(s, Cause::kMapping), 8u);     // no more translation reads
  EXPECT_EQ(Programs(s, Cause::kMapping), 0u);  // nothing evicted
  EXPECT_EQ(Reads(s, Cause::kHost), 8u);
  EXPECT_EQ(Programs(s, Cause::kHost), 16u);
  EXPECT_TRUE(ftl.dirty(3));
}

TEST(Dftl, CyclicWritesOverMoreTranslationPagesThanTheCmtHolds) {
  Dftl ftl(DftlGeometry(32, 64, 4), "test");
  RecordingListener listener;
  ftl.set_listener(&listener);
  // One entry in each of the 8 translation pages, twice round: every access
  // misses, and from the fifth on each evicts a dirty entry alone in its
  // translation page, written back (read + program) before the new load.
  for (int round = 0; round < 2; ++round) {
    for (uint64_t lpn = 0; lpn < 64; lpn += 8) ftl.Write(lpn);
  }
  const MappingStats& s = ftl.stats();
  EXPECT_EQ(s.cmt.misses, 16u);
  EXPECT_EQ(s.cmt.hits, 0u);
  EXPECT_EQ(s.cmt.dirty_evictions, 12u);
  EXPECT_EQ(s.cmt.clean_evictions, 0u);
  EXPECT_EQ(s.cmt.entries_written_back, 12u);
  EXPECT_EQ(Reads(s, Cause::kMapping), 16u + 12u);
  EXPECT_EQ(Programs(s, Cause::kMapping), 12u);
  EXPECT_EQ(Programs(s, Cause::kHost), 16u);
  EXPECT_EQ(s.nand.TotalErases(), 0u);     // no GC yet
  EXPECT_DOUBLE_EQ(s.waf(), 28.0 / 16.0);  // translation writes count in WAF
  EXPECT_EQ(listener.Count('r', Cause::kMapping), 28u);
  EXPECT_EQ(listener.Count('p', Cause::kMapping), 12u);
  // Fifth write: write-back of page 0 (read, program), load of page 4, data.
  const size_t fifth = 4;  // the first four writes: load read + data program each
  EXPECT_EQ(listener.ops[2 * fifth].kind, 'r');
  EXPECT_EQ(listener.ops[2 * fifth + 1].kind, 'p');
  EXPECT_EQ(listener.ops[2 * fifth + 1].cause, Cause::kMapping);
  EXPECT_EQ(listener.ops[2 * fifth + 2].kind, 'r');
  EXPECT_EQ(listener.ops[2 * fifth + 3].cause, Cause::kHost);
}

TEST(Dftl, DirtyEvictionWritesBackEveryDirtyEntryOfItsPage) {
  Dftl ftl(DftlGeometry(32, 64, 4), "test");
  for (uint64_t lpn : {0, 1, 8, 16}) ftl.Write(lpn);  // 0 and 1 share page 0
  ftl.Write(24);                                      // evicts 0: page 0 written back with 0 and 1
  EXPECT_FALSE(ftl.cached(0));
  EXPECT_TRUE(ftl.cached(1));
  EXPECT_FALSE(ftl.dirty(1));
  ftl.Write(32);  // evicts 1, now clean: no flash work
  const MappingStats& s = ftl.stats();
  EXPECT_EQ(s.cmt.misses, 6u);
  EXPECT_EQ(s.cmt.dirty_evictions, 1u);
  EXPECT_EQ(s.cmt.clean_evictions, 1u);
  EXPECT_EQ(s.cmt.entries_written_back, 2u);
  EXPECT_EQ(Programs(s, Cause::kMapping), 1u);
  EXPECT_EQ(Reads(s, Cause::kMapping), 6u + 1u);
}

TEST(Dftl, SegmentedLruKeepsAReReferencedEntry) {
  Dftl ftl(DftlGeometry(32, 64, 4), "test");  // protected segment: 2 entries
  ftl.Write(0);
  ftl.Read(0);  // hit: protected
  for (uint64_t lpn : {8, 16, 24}) ftl.Write(lpn);
  ftl.Write(32);  // plain LRU would evict 0; SLRU evicts 8, the coldest probationary
  EXPECT_TRUE(ftl.cached(0));
  EXPECT_FALSE(ftl.cached(8));
  ftl.Read(0);
  EXPECT_EQ(ftl.stats().cmt.hits, 2u);
  EXPECT_EQ(ftl.stats().cmt.misses, 5u);
}

TEST(Dftl, GcOfACachedPageIsLazy) {
  // 12 blocks of 4 pages, 16 logical pages in 2 translation pages (block 0),
  // all entries cached: GC moves data without touching translation pages.
  Dftl ftl(DftlGeometry(12, 16, 32), "test");
  for (uint64_t lpn = 0; lpn < 16; ++lpn) ftl.Write(lpn);  // data blocks 1..4
  // Blocks 5, 6, 7: offsets 0, 1, 2 of every data block updated, leaving
  // one valid page (offset 3) in each of blocks 1..4.
  for (uint64_t off = 0; off < 3; ++off) {
    for (uint64_t lpn = off; lpn < 16; lpn += 4) ftl.Write(lpn);
  }
  ftl.Write(0);  // opens block 8: 3 erased blocks left
  EXPECT_EQ(ftl.free_blocks(), 3u);
  const MappingStats before = ftl.stats();
  ftl.Read(3);  // GC first: victim block 1, one valid page (lpn 3)
  const MappingStats& s = ftl.stats();
  EXPECT_EQ(s.gc_data_blocks, 1u);
  EXPECT_EQ(Reads(s, Cause::kGc) - Reads(before, Cause::kGc), 1u);
  EXPECT_EQ(Programs(s, Cause::kGc) - Programs(before, Cause::kGc), 1u);
  EXPECT_EQ(Programs(s, Cause::kMapping), Programs(before, Cause::kMapping));  // lazy
  EXPECT_EQ(Reads(s, Cause::kMapping), Reads(before, Cause::kMapping));
  EXPECT_EQ(ftl.erase_count(1), 1u);
  EXPECT_EQ(ftl.Lookup(3), (PhysicalPage{8, 1}));
  EXPECT_TRUE(ftl.dirty(3));
  EXPECT_EQ(ftl.free_blocks(), 4u);
}

// Checks every GC round as the media sees it: a data victim's moves must be
// followed by exactly one translation page update per translation page
// holding an uncached moved entry (cached ones are only marked dirty), then
// the erase; a translation victim only moves translation pages.
class GcRoundChecker final : public IMappingListener {
 public:
  explicit GcRoundChecker(const Dftl& ftl) : ftl_(ftl) {}
  void OnPageRead(uint32_t block, uint32_t page, Cause cause) override {
    if (cause != Cause::kGc) return;
    const uint64_t owner = ftl_.page_owner(block, page);
    if (owner & kTranslationOwner) {
      ++translation_moves_;
    } else if (!ftl_.cached(owner)) {
      stale_pages_.insert(owner / ftl_.config().entries_per_translation_page);
      ++uncached_moves_;
    }
    ++moves_;
  }
  void OnPageProgram(uint32_t, uint32_t, Cause cause) override {
    if (cause == Cause::kMapping && moves_ > 0) ++updates_;
  }
  void OnBlockErase(uint32_t, Cause) override {
    ++rounds;
    if (translation_moves_ > 0 && translation_moves_ != moves_) ++mixed_rounds;
    if (updates_ != stale_pages_.size()) ++wrong_rounds;
    batched_rounds += stale_pages_.size() > 0 && stale_pages_.size() < uncached_moves_;
    moves_ = translation_moves_ = uncached_moves_ = updates_ = 0;
    stale_pages_.clear();
  }
  uint64_t rounds = 0, wrong_rounds = 0, mixed_rounds = 0, batched_rounds = 0;

 private:
  const Dftl& ftl_;
  uint64_t moves_ = 0, translation_moves_ = 0, uncached_moves_ = 0, updates_ = 0;
  std::set<uint64_t> stale_pages_;
};

TEST(Dftl, EveryGcRoundUpdatesEachStaleTranslationPageOnce) {
  // 56 blocks of 4 pages, 160 logical pages in 20 translation pages, a CMT
  // of 8: random writes, three in four to the first half.
  Dftl ftl(DftlGeometry(56, 160, 8), "test");
  GcRoundChecker checker(ftl);
  ftl.set_listener(&checker);
  Rng rng(7);
  for (uint64_t lpn = 0; lpn < 160; ++lpn) ftl.Write(lpn);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t lpn = rng.Below(4) == 0 ? rng.Below(160) : rng.Below(80);
    ftl.Write(lpn);
  }
  const MappingStats& s = ftl.stats();
  EXPECT_GT(s.gc_data_blocks, 1000u);
  EXPECT_GT(s.gc_translation_blocks, 100u);
  EXPECT_EQ(checker.rounds, s.gc_data_blocks + s.gc_translation_blocks);
  EXPECT_EQ(checker.wrong_rounds, 0u);
  EXPECT_EQ(checker.mixed_rounds, 0u);
  EXPECT_GT(checker.batched_rounds, 0u);
  EXPECT_EQ(s.cmt.hits + s.cmt.misses, 160u + 20000u);
  // Translation writes are part of the write amplification.
  EXPECT_GT(Programs(s, Cause::kMapping), 0u);
  EXPECT_DOUBLE_EQ(s.waf(), static_cast<double>(s.nand.TotalPrograms()) / 20160.0);
}

}  // namespace
}  // namespace flashscope::mapping
