// FioRankSampler: fio's zipf and pareto popularity, drawn from the alias
// tables. Hit shares of the hottest ranks are checked against the weights
// fio's lib/zipf.c gives them.
#include "workload/fio_rank_sampler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "util/rng.h"

namespace flashscope {
namespace {

TEST(FioRankSampler, ZipfHitSharesFollowTheWeights) {
  constexpr uint64_t kRanks = 100000;
  constexpr double kTheta = 1.2;
  FioRankSampler sampler;
  sampler.BuildZipf(kRanks, kTheta);
  double norm = 0;
  for (uint64_t rank = 1; rank <= kRanks; ++rank) norm += std::pow(rank, -kTheta);
  Rng rng(3);
  constexpr int kDraws = 400000;
  std::vector<int> hits(4, 0);
  for (int i = 0; i < kDraws; ++i) {
    const uint64_t rank = sampler.Sample(rng);
    ASSERT_LT(rank, kRanks);
    if (rank < hits.size()) ++hits[rank];
  }
  for (uint64_t rank = 0; rank < hits.size(); ++rank) {
    const double expected = std::pow(rank + 1, -kTheta) / norm;
    EXPECT_NEAR(static_cast<double>(hits[rank]) / kDraws, expected, 0.01) << rank;
  }
  EXPECT_GT(hits[0], hits[1]);
  EXPECT_GT(hits[1], hits[2]);
}

TEST(FioRankSampler, ParetoConcentratesOnTheHottestRanks) {
  constexpr uint64_t kRanks = 10000;
  FioRankSampler sampler;
  sampler.BuildPareto(kRanks, 0.2);
  Rng rng(5);
  constexpr int kDraws = 100000;
  int hottest_tenth = 0;
  for (int i = 0; i < kDraws; ++i) {
    const uint64_t rank = sampler.Sample(rng);
    ASSERT_LT(rank, kRanks);
    hottest_tenth += rank < kRanks / 10 ? 1 : 0;
  }
  // Far more than the 10 % a uniform draw would give.
  EXPECT_GT(hottest_tenth, kDraws / 2);
}

}  // namespace
}  // namespace flashscope
