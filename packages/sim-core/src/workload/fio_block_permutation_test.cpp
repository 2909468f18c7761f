// FioBlockPermutation: one pass visits every block of [0, n) exactly once
// (fio's random map, without its bitmap), in an order the pass's key sets.
#include "workload/fio_block_permutation.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "util/rng.h"

namespace flashscope {
namespace {

TEST(FioBlockPermutation, EveryBlockOncePerPass) {
  for (uint64_t n : {1ull, 2ull, 3ull, 255ull, 256ull, 1000ull, 4099ull}) {
    Rng rng(7);
    FioBlockPermutation permutation;
    permutation.Reset(n, rng);
    std::vector<int> visits(n, 0);
    for (uint64_t i = 0; i < n; ++i) {
      const uint64_t block = permutation.At(i);
      ASSERT_LT(block, n);
      ++visits[block];
    }
    for (uint64_t block = 0; block < n; ++block) EXPECT_EQ(visits[block], 1) << n << " " << block;
  }
}

TEST(FioBlockPermutation, ANewKeyGivesANewOrder) {
  Rng rng(1);
  FioBlockPermutation first;
  first.Reset(1000, rng);
  FioBlockPermutation second;
  second.Reset(1000, rng);
  int same_position = 0;
  for (uint64_t i = 0; i < 1000; ++i) same_position += first.At(i) == second.At(i) ? 1 : 0;
  // Two independent random orders agree at ~1 position in expectation.
  EXPECT_LT(same_position, 10);
  // The order is not the identity either.
  int fixed = 0;
  for (uint64_t i = 0; i < 1000; ++i) fixed += first.At(i) == i ? 1 : 0;
  EXPECT_LT(fixed, 10);
}

}  // namespace
}  // namespace flashscope
