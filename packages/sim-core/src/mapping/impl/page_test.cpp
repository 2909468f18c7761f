// Page mapping: updates only invalidate; greedy GC moves the victim's valid
// pages when erased blocks run short.
#include <gtest/gtest.h>

#include "mapping/i_mapping_scheme.h"
#include "mapping/mapping_for_test.h"

namespace flashscope::mapping {
namespace {

TEST(PageMapping, GreedyGcMovesTheFewestValidPages) {
  // 5 blocks of 4 pages for 8 logical pages.
  auto ftl = MakeMappingScheme("page", Geometry(5, 4, 8));
  for (uint64_t lpn = 0; lpn < 8; ++lpn) ftl->Write(lpn);  // blocks 0, 1
  for (uint64_t lpn : {0, 4, 1, 5}) ftl->Write(lpn);       // block 2
  ftl->Write(2);  // block 3: one erased block left; block 0 keeps only lpn 3
  EXPECT_EQ(ftl->stats().nand.TotalErases(), 0u);
  ftl->Write(6);  // GC first: block 0 (1 valid) beats block 1 (2 valid)
  const MappingStats& s = ftl->stats();
  EXPECT_EQ(s.gc_data_blocks, 1u);
  EXPECT_EQ(Reads(s, Cause::kGc), 1u);
  EXPECT_EQ(Programs(s, Cause::kGc), 1u);
  EXPECT_EQ(ftl->erase_count(0), 1u);
  EXPECT_EQ(ftl->Lookup(3), (PhysicalPage{3, 1}));
  EXPECT_EQ(ftl->Lookup(6), (PhysicalPage{3, 2}));
  EXPECT_DOUBLE_EQ(s.waf(), 15.0 / 14.0);
}

TEST(PageMapping, UpdatesCostNothingUntilGc) {
  auto ftl = MakeMappingScheme("page", Geometry(20, 4, 32));
  for (int round = 0; round < 2; ++round) {
    for (uint64_t lpn = 0; lpn < 32; ++lpn) ftl->Write(lpn);
  }
  EXPECT_EQ(ftl->stats().nand.TotalErases(), 0u);
  EXPECT_DOUBLE_EQ(ftl->stats().waf(), 1.0);
  ftl->Read(5);
  ftl->Read(31);
  EXPECT_EQ(Reads(ftl->stats(), Cause::kHost), 2u);
}

}  // namespace
}  // namespace flashscope::mapping
