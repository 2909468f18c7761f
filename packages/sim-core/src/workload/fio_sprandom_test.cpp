// fio's sprandom (sprandom.c, newer than fio 3.33): the validity curve and
// physical size are checked against fio's formulas worked by hand (Python
// port of compute_validity_dist), the write order against its rules.
#include "workload/fio_sprandom.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_generator.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

constexpr uint64_t kMiB = 1024 * 1024;

// spr_op=0.15: WA = 0.5 / 0.15 + 0.7 = 4.0333, so the GC victim is
// 1 - 1 / 4.0333 = 75.21 % valid. Four regions resampled on the curve
// i * f(i) = k: invalid 24.79 %, 17.30 %, 9.06 %, 0 %.
TEST(FioSpRandom, ValidityCurveIsFios) {
  SpRandom order;
  ASSERT_EQ(order.Setup(4 * kMiB, 4096, 4, 0.15, 0), "");
  EXPECT_EQ(order.invalid_pct(0), 2479u);
  EXPECT_EQ(order.invalid_pct(1), 1730u);
  EXPECT_EQ(order.invalid_pct(2), 906u);
  EXPECT_EQ(order.invalid_pct(3), 0u);
  // 100 regions (fio's default): 2479, 2458, 2436, ... down to 0.
  ASSERT_EQ(order.Setup(4 * kMiB, 4096, 100, 0.15, 0), "");
  EXPECT_EQ(order.invalid_pct(1), 2458u);
  EXPECT_EQ(order.invalid_pct(9), 2282u);
  EXPECT_EQ(order.invalid_pct(99), 0u);
  // 4 MiB + ceil(15 %) = 4823450 bytes, aligned down to 4 KiB: 1177 blocks.
  EXPECT_EQ(SpRandom::PhysicalBytes(0.15, 4 * kMiB, 4096), 4'820'992u);
  EXPECT_NE(order.Setup(4 * kMiB, 4096, 100, 0.15, 2 * kMiB).find("spr_cs"), std::string::npos);
}

TEST(FioSpRandom, ParserReadsTheExample) {
  // examples/sprandom.fio with FIO_BS=4096.
  const FioJob job = ParseFioJobs(
                         "[global]\nrw=randwrite\nbs=4096\nblockalign=4096\nnorandommap=1\n"
                         "[preconditioning]\nsprandom=1\nspr_op=0.15\nspr_num_regions=100\n",
                         "sprandom.fio")
                         .jobs.at(0);
  EXPECT_TRUE(job.sprandom);
  EXPECT_DOUBLE_EQ(job.spr_op, 0.15);
  EXPECT_EQ(job.spr_num_regions, 100u);
  EXPECT_TRUE(ParseFioJobs("[p]\nrw=randwrite\nsprandom=1\n", "j.fio").jobs[0].norandommap);
  EXPECT_THROW(ParseFioJobs("[p]\nrw=randread\nsprandom=1\n", "j.fio"), InputError);
  EXPECT_THROW(ParseFioJobs("[p]\nrw=randwrite\nsprandom=1\nspr_op=1.5\n", "j.fio"), InputError);
}

// A 4 MiB region in 4 regions: 1177 writes at most (the physical size);
// region 0 writes 294 new blocks; region 1 starts with one new block, then
// rewrites about 24.79 % of region 0's (294 * 0.2479 = 73) before writing
// new ones again. Every write is a 4 KiB block of the region, and every
// block is written (the permutation is used up).
TEST(FioSpRandom, WriteOrderRewritesTheRegionBefore) {
  const FioJob job =
      ParseFioJobs("[p]\nrw=randwrite\nbs=4k\nsize=4m\nsprandom=1\nspr_num_regions=4\n", "j.fio")
          .jobs.at(0);
  FioIoGenerator generator(job, 64 * 1024 * kMiB, 4096, Rng(3), "j.fio");
  std::vector<uint64_t> blocks;
  IoRequest request;
  while (generator.Next(request)) {
    ASSERT_EQ(request.op, IoOp::kWrite);
    ASSERT_EQ(request.length_bytes, 4096u);
    ASSERT_EQ(request.offset_bytes % 4096, 0u);
    ASSERT_LT(request.offset_bytes, 4 * kMiB);
    blocks.push_back(request.offset_bytes / 4096);
  }
  EXPECT_LE(blocks.size(), 1177u);
  EXPECT_EQ(std::set<uint64_t>(blocks.begin(), blocks.end()).size(), 1024u);
  const std::set<uint64_t> region0(blocks.begin(), blocks.begin() + 294);
  EXPECT_EQ(region0.size(), 294u);  // new blocks only
  size_t rewrites = 0;
  while (region0.count(blocks[295 + rewrites]) != 0) ++rewrites;
  EXPECT_NEAR(static_cast<double>(rewrites), 73, 25);
  std::printf("sprandom: %zu writes, %zu rewrites of region 0\n", blocks.size(), rewrites);
}

// With a cache (spr_cs), region 0's kept blocks are rewritten at the end
// of region 1 instead: region 1 writes 294 - k new blocks, then the k
// rewrites, 294 writes in all, so the rewrites end at write 588.
TEST(FioSpRandom, CacheMovesRewritesToTheRegionEnd) {
  const FioJob job = ParseFioJobs(
                         "[p]\nrw=randwrite\nbs=4k\nsize=4m\nsprandom=1\nspr_num_regions=4\n"
                         "spr_cs=64k\n",
                         "j.fio")
                         .jobs.at(0);
  EXPECT_EQ(job.spr_cs_bytes, 65536u);
  FioIoGenerator generator(job, 64 * 1024 * kMiB, 4096, Rng(3), "j.fio");
  std::vector<uint64_t> blocks;
  IoRequest request;
  while (generator.Next(request)) blocks.push_back(request.offset_bytes / 4096);
  const std::set<uint64_t> region0(blocks.begin(), blocks.begin() + 294);
  size_t first = 294;
  while (region0.count(blocks[first]) == 0) ++first;
  size_t last = first;
  while (region0.count(blocks[last]) != 0) ++last;
  EXPECT_EQ(last, 588u);
  EXPECT_NEAR(static_cast<double>(last - first), 73, 25);
}

}  // namespace
}  // namespace flashscope
