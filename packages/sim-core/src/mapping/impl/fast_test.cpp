// FAST's merge accounting on hand-built sequences (4 pages per block,
// 4 logical blocks, 3 log blocks = 1 sequential + 2 random): the sequential
// log block is switched or partially merged; the random log blocks fill
// with updates from any logical block, and reclaiming one costs a full
// merge per logical block it holds valid pages of.
#include <gtest/gtest.h>

#include "mapping/i_mapping_scheme.h"
#include "mapping/mapping_for_test.h"

namespace flashscope::mapping {
namespace {

constexpr uint32_t kPages = 4;

std::unique_ptr<IMappingScheme> Fast() {
  return MakeMappingScheme("fast", Geometry(4 + 3 + 1, kPages, 16, 3));
}

void WriteRange(IMappingScheme& ftl, uint64_t first, uint64_t count) {
  for (uint64_t lpn = first; lpn < first + count; ++lpn) ftl.Write(lpn);
}

TEST(Fast, SequentialOverwriteOfOneBlockIsOneSwitchMerge) {
  auto ftl = Fast();
  WriteRange(*ftl, 0, kPages);
  WriteRange(*ftl, 0, kPages);  // offset 0 opens the SW log block (1), the rest append
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kSwitch), 1u);
  EXPECT_EQ(s.merge_count(MergeKind::kPartial) + s.merge_count(MergeKind::kFull), 0u);
  EXPECT_EQ(Reads(s, Cause::kGc) + Programs(s, Cause::kGc), 0u);
  EXPECT_EQ(s.nand.TotalErases(), 1u);
  for (uint32_t off = 0; off < kPages; ++off) EXPECT_EQ(ftl->Lookup(off), (PhysicalPage{1, off}));
}

TEST(Fast, AnotherBlocksOffsetZeroPartiallyMergesTheSequentialLog) {
  auto ftl = Fast();
  WriteRange(*ftl, 0, 8);  // data blocks 0 and 1
  ftl->Write(0);
  ftl->Write(1);  // SW log block 2: offsets 0, 1 of logical block 0
  ftl->Write(4);  // offset 0 of logical block 1: the SW log is merged first
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kPartial), 1u);
  EXPECT_EQ(Reads(s, Cause::kGc), 2u);  // offsets 2, 3 from data block 0
  EXPECT_EQ(Programs(s, Cause::kGc), 2u);
  EXPECT_EQ(s.nand.TotalErases(), 1u);
  EXPECT_EQ(ftl->Lookup(3), (PhysicalPage{2, 3}));
  EXPECT_EQ(ftl->Lookup(4), (PhysicalPage{3, 0}));  // the new SW log block
}

TEST(Fast, PartialMergeTakesTheNewestCopyFromTheRandomLog) {
  auto ftl = Fast();
  WriteRange(*ftl, 0, kPages);  // data block 0
  ftl->Write(2);                // offset 2, no SW log: random log block 1
  ftl->Write(0);
  ftl->Write(1);  // SW log block 2 holds offsets 0, 1
  ftl->Write(3);  // the SW owner, not the next offset (2): merge, then random log
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kPartial), 1u);
  EXPECT_EQ(Reads(s, Cause::kGc), 2u);
  EXPECT_EQ(ftl->Lookup(2), (PhysicalPage{2, 2}));  // copied from the random log
  EXPECT_EQ(ftl->page_state(1, 0), PageState::kInvalid);
  EXPECT_EQ(ftl->Lookup(3), (PhysicalPage{1, 1}));  // appended to the random log
  EXPECT_EQ(ftl->Lookup(0), (PhysicalPage{2, 0}));
  EXPECT_EQ(s.nand.TotalErases(), 1u);
}

TEST(Fast, RandomLogFillsThenEachLogicalBlockInTheVictimIsFullyMerged) {
  auto ftl = Fast();
  WriteRange(*ftl, 0, 16);  // data blocks 0..3
  // Updates at offsets 1 and 2 of every logical block fill both random log
  // blocks (4 and 5): no merge yet.
  for (uint64_t lpn : {1, 5, 9, 13, 2, 6, 10, 14}) ftl->Write(lpn);
  EXPECT_EQ(ftl->stats().merge_count(MergeKind::kFull), 0u);
  EXPECT_EQ(ftl->stats().nand.TotalErases(), 0u);
  // One more: the oldest random log (4) holds pages of logical blocks 0..3,
  // so 4 full merges of 4 pages each, 4 data blocks and the log erased.
  ftl->Write(3);
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kFull), 4u);
  EXPECT_EQ(Reads(s, Cause::kGc), 16u);
  EXPECT_EQ(Programs(s, Cause::kGc), 16u);
  EXPECT_EQ(s.nand.TotalErases(), 5u);
  EXPECT_EQ(Programs(s, Cause::kHost), 25u);
  EXPECT_EQ(ftl->erase_count(4), 1u);
  // The merges left random log 5 with nothing valid; the new random log is
  // block 2 (the pool hands out the block erased longest ago).
  for (uint32_t page = 0; page < kPages; ++page) {
    EXPECT_EQ(ftl->page_state(5, page), PageState::kInvalid);
  }
  EXPECT_EQ(ftl->Lookup(3), (PhysicalPage{2, 0}));
  // Filling the new log and writing once more makes block 5 the victim:
  // nothing valid, so it is erased without any merge.
  for (uint64_t lpn : {7, 11, 15}) ftl->Write(lpn);
  ftl->Write(1);
  EXPECT_EQ(s.merge_count(MergeKind::kFull), 4u);
  EXPECT_EQ(s.nand.TotalErases(), 6u);
  EXPECT_EQ(ftl->erase_count(5), 1u);
  EXPECT_EQ(ftl->Lookup(1), (PhysicalPage{3, 0}));
}

TEST(Fast, SequentialPassesSwitchEveryBlock) {
  auto ftl = Fast();
  for (int pass = 0; pass < 3; ++pass) WriteRange(*ftl, 0, 16);
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kSwitch), 8u);  // passes 2 and 3, 4 blocks each
  EXPECT_EQ(s.merge_count(MergeKind::kPartial) + s.merge_count(MergeKind::kFull), 0u);
  EXPECT_DOUBLE_EQ(s.waf(), 1.0);
}

}  // namespace
}  // namespace flashscope::mapping
