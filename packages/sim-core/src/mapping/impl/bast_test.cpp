// BAST's merge accounting on hand-built sequences (4 pages per block,
// 4 logical blocks): a sequential overwrite is one switch merge, a victim
// log block written in order from offset 0 a partial merge, out-of-order
// updates full merges, and random updates over more logical blocks than
// log blocks make every log block a full merge (log block thrashing).
#include <gtest/gtest.h>

#include "mapping/i_mapping_scheme.h"
#include "mapping/mapping_for_test.h"

namespace flashscope::mapping {
namespace {

constexpr uint32_t kPages = 4;

std::unique_ptr<IMappingScheme> Bast(uint32_t log_blocks) {
  // 4 data blocks + the log blocks + one spare for full merges.
  return MakeMappingScheme("bast", Geometry(4 + log_blocks + 1, kPages, 16, log_blocks));
}

void WriteRange(IMappingScheme& ftl, uint64_t first, uint64_t count) {
  for (uint64_t lpn = first; lpn < first + count; ++lpn) ftl.Write(lpn);
}

TEST(Bast, SequentialOverwriteOfOneBlockIsOneSwitchMerge) {
  auto ftl = Bast(2);
  WriteRange(*ftl, 0, kPages);  // in place: data block 0
  WriteRange(*ftl, 0, kPages);  // log block 1, in order, then switched
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kSwitch), 1u);
  EXPECT_EQ(s.merge_count(MergeKind::kPartial), 0u);
  EXPECT_EQ(s.merge_count(MergeKind::kFull), 0u);
  EXPECT_EQ(Reads(s, Cause::kGc), 0u);  // a switch copies nothing
  EXPECT_EQ(Programs(s, Cause::kGc), 0u);
  EXPECT_EQ(Programs(s, Cause::kHost), 8u);
  EXPECT_EQ(s.nand.TotalErases(), 1u);  // only the old data block
  EXPECT_EQ(ftl->erase_count(0), 1u);
  for (uint32_t off = 0; off < kPages; ++off) EXPECT_EQ(ftl->Lookup(off), (PhysicalPage{1, off}));
}

TEST(Bast, VictimLogWrittenInOrderIsAPartialMerge) {
  auto ftl = Bast(1);
  WriteRange(*ftl, 0, 8);  // data blocks 0 and 1
  ftl->Write(0);
  ftl->Write(1);  // log block 2 holds offsets 0, 1 of logical block 0
  ftl->Write(4);  // logical block 1 needs the only log block: merge block 0's
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kPartial), 1u);
  EXPECT_EQ(s.merge_count(MergeKind::kSwitch) + s.merge_count(MergeKind::kFull), 0u);
  // Offsets 2 and 3 copied from the data block into the log block.
  EXPECT_EQ(Reads(s, Cause::kGc), 2u);
  EXPECT_EQ(Programs(s, Cause::kGc), 2u);
  EXPECT_EQ(s.nand.TotalErases(), 1u);
  EXPECT_EQ(ftl->Lookup(2), (PhysicalPage{2, 2}));
  EXPECT_EQ(ftl->Lookup(3), (PhysicalPage{2, 3}));
  EXPECT_EQ(ftl->Lookup(4), (PhysicalPage{3, 0}));  // the new log block
}

TEST(Bast, OutOfOrderUpdatesAreAFullMerge) {
  auto ftl = Bast(2);
  WriteRange(*ftl, 0, kPages);
  for (uint64_t lpn : {2, 0, 3, 1}) ftl->Write(lpn);  // fills the log out of order
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kFull), 1u);
  EXPECT_EQ(Reads(s, Cause::kGc), 4u);  // every page to a fresh block
  EXPECT_EQ(Programs(s, Cause::kGc), 4u);
  EXPECT_EQ(s.nand.TotalErases(), 2u);  // data block and log block
  for (uint32_t off = 0; off < kPages; ++off) EXPECT_EQ(ftl->Lookup(off), (PhysicalPage{2, off}));
}

TEST(Bast, RepeatedUpdatesOfOnePageFillTheLog) {
  auto ftl = Bast(2);
  WriteRange(*ftl, 0, kPages);
  for (int i = 0; i < 4; ++i) ftl->Write(1);
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kFull), 1u);
  EXPECT_EQ(Reads(s, Cause::kGc), 4u);  // 0, 2, 3 from the data block, 1 from the log
  EXPECT_EQ(s.nand.TotalErases(), 2u);
}

TEST(Bast, RandomUpdatesOverMoreBlocksThanLogsThrash) {
  auto ftl = Bast(2);
  WriteRange(*ftl, 0, 16);
  // Offset 1 of each logical block: each takes a log block; from the third
  // on, the least recently written log (one page, not at offset 0) is fully
  // merged.
  for (uint64_t lpn : {1, 5, 9, 13}) ftl->Write(lpn);
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kFull), 2u);
  EXPECT_EQ(Reads(s, Cause::kGc), 8u);
  EXPECT_EQ(Programs(s, Cause::kGc), 8u);
  EXPECT_EQ(s.nand.TotalErases(), 4u);
  EXPECT_DOUBLE_EQ(s.waf(), (20.0 + 8.0) / 20.0);
}

}  // namespace
}  // namespace flashscope::mapping
