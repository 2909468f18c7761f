// The footprint within a fixed budget (issue 28): exact while the touched
// 32 MiB pages fit kMaxPages, an estimate by adaptive page sampling beyond,
// never more memory than the budget (a million requests scattered over
// 2^62 bytes once took 1.09 GB and a raw std::bad_alloc in the browser).
#include "trace/footprint_bitmap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "util/rng.h"

namespace flashscope {
namespace {

constexpr uint64_t kPageBytes = uint64_t{32} << 20;

TEST(FootprintBitmap, ExactWhileThePagesFitTheBudget) {
  FootprintBitmap footprint;
  // Three 4 KiB blocks in each of kMaxPages pages, and one repeated.
  for (uint64_t page = 0; page < FootprintBitmap::kMaxPages; ++page) {
    for (uint64_t block = 0; block < 3; ++block) {
      footprint.Touch(page * kPageBytes * 7 + block * 4096, 4096);
    }
  }
  footprint.Touch(0, 4096);
  footprint.Flush();
  EXPECT_FALSE(footprint.estimated());
  EXPECT_EQ(footprint.blocks(), 3 * FootprintBitmap::kMaxPages);
  EXPECT_EQ(footprint.pages(), FootprintBitmap::kMaxPages);
}

TEST(FootprintBitmap, BeyondTheBudgetAnEstimateWithinAFewPercent) {
  FootprintBitmap footprint;
  Rng rng(28);
  constexpr uint64_t kRequests = 1'000'000;
  // 4 KiB requests anywhere in 2^62 bytes: each its own page.
  for (uint64_t i = 0; i < kRequests; ++i)
    footprint.Touch(rng.Below(uint64_t{1} << 50) * 4096, 4096);
  footprint.Flush();
  EXPECT_TRUE(footprint.estimated());
  EXPECT_LE(footprint.pages(), FootprintBitmap::kMaxPages);
  EXPECT_GE(footprint.pages(), FootprintBitmap::kMaxPages / 2);
  const double error = std::abs(static_cast<double>(footprint.blocks()) - kRequests) / kRequests;
  EXPECT_LT(error, 0.03) << footprint.blocks();
}

TEST(FootprintBitmap, EachVolumeCountsItsOwnBlocks) {
  FootprintBitmap footprint;
  footprint.Touch(0, 0, 8192);
  footprint.Touch(1, 0, 8192);
  footprint.Touch(1, 4096, 4096);
  footprint.Flush();
  EXPECT_EQ(footprint.blocks(), 4u);
}

}  // namespace
}  // namespace flashscope
