// Block mapping's cost: writes to erased pages go in place for free; every
// update copies the block's other valid pages and erases the old block.
#include <gtest/gtest.h>

#include "mapping/i_mapping_scheme.h"
#include "mapping/mapping_for_test.h"

namespace flashscope::mapping {
namespace {

// 4 pages per block, 4 logical blocks, one spare.
std::unique_ptr<IMappingScheme> Small() { return MakeMappingScheme("block", Geometry(5, 4, 16)); }

TEST(BlockMapping, FirstWritesGoInPlaceAtTheirOffset) {
  auto ftl = Small();
  for (uint64_t lpn : {5, 7, 4}) ftl->Write(lpn);  // out of order inside block 1's pages
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(Programs(s, Cause::kHost), 3u);
  EXPECT_EQ(s.nand.TotalErases(), 0u);
  EXPECT_EQ(s.merge_count(MergeKind::kCopy), 0u);
  // Logical block 1 got the first erased block; each page at its offset.
  EXPECT_EQ(ftl->Lookup(4), (PhysicalPage{0, 0}));
  EXPECT_EQ(ftl->Lookup(5), (PhysicalPage{0, 1}));
  EXPECT_EQ(ftl->Lookup(7), (PhysicalPage{0, 3}));
  EXPECT_EQ(ftl->Lookup(6).block, kNoBlock);
}

TEST(BlockMapping, AnUpdateCopiesTheWholeBlock) {
  auto ftl = Small();
  RecordingListener listener;
  ftl->set_listener(&listener);
  for (uint64_t lpn = 0; lpn < 4; ++lpn) ftl->Write(lpn);
  ftl->Write(1);  // one page updated: 3 pages copied, old block erased
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.merge_count(MergeKind::kCopy), 1u);
  EXPECT_EQ(Reads(s, Cause::kGc), 3u);
  EXPECT_EQ(Programs(s, Cause::kGc), 3u);
  EXPECT_EQ(Programs(s, Cause::kHost), 5u);
  EXPECT_EQ(Erases(s, Cause::kGc), 1u);
  EXPECT_DOUBLE_EQ(s.waf(), 8.0 / 5.0);
  // The fresh block is written in page order, the new page at offset 1.
  const std::vector<RecordedOp> tail(listener.ops.begin() + 4, listener.ops.end());
  ASSERT_EQ(tail.size(), 8u);
  EXPECT_EQ(tail[0].kind, 'r');
  EXPECT_EQ(tail[1].kind, 'p');
  EXPECT_EQ(tail[1].page, 0u);
  EXPECT_EQ(tail[2].kind, 'p');  // the host's page, no read
  EXPECT_EQ(tail[2].page, 1u);
  EXPECT_EQ(tail[2].cause, Cause::kHost);
  EXPECT_EQ(tail[7].kind, 'e');
  EXPECT_EQ(tail[7].block, 0u);
  EXPECT_EQ(ftl->Lookup(1), (PhysicalPage{1, 1}));
  ASSERT_EQ(listener.merges.size(), 1u);
  EXPECT_EQ(listener.merges[0].kind, MergeKind::kCopy);
  EXPECT_EQ(listener.merges[0].logical_block, 0u);
}

TEST(BlockMapping, CopyCostIsTheOtherValidPages) {
  auto ftl = Small();
  ftl->Write(4);
  ftl->Write(6);  // erased page: in place
  ftl->Write(4);  // update: only lpn 6 is copied
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(Reads(s, Cause::kGc), 1u);
  EXPECT_EQ(Programs(s, Cause::kGc), 1u);
  EXPECT_EQ(Erases(s, Cause::kGc), 1u);
  // Every update of a full block costs P - 1 copies and an erase: WAF = P.
  auto full = Small();
  for (uint64_t lpn = 0; lpn < 16; ++lpn) full->Write(lpn);
  for (int round = 0; round < 10; ++round) {
    for (uint64_t lpn = 0; lpn < 16; ++lpn) full->Write(lpn);
  }
  const MappingStats& f = full->stats();
  EXPECT_EQ(f.merge_count(MergeKind::kCopy), 160u);
  EXPECT_EQ(Programs(f, Cause::kGc), 160u * 3);
  EXPECT_EQ(f.nand.TotalErases(), 160u);
}

}  // namespace
}  // namespace flashscope::mapping
