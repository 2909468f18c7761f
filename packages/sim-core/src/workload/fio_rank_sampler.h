// FioRankSampler: popularity ranks for fio's zipf and pareto distributions
// (fio lib/zipf.c), drawn in O(1) from tables built once per job.
#pragma once

#include <cstdint>
#include <vector>

#include "util/rng.h"

namespace flashscope {

// Popularity ranks for zipf and pareto, sampled in O(1) with Walker's
// alias method over categories: the hottest ranks one by one, then
// geometric buckets of ranks (uniform inside a bucket).
class FioRankSampler {
 public:
  void BuildZipf(uint64_t n, double theta);
  void BuildPareto(uint64_t n, double h);
  uint64_t Sample(Rng& rng) const;

 private:
  // Calls weight(first, end) for each category [first, end) of ranks.
  template <typename WeightFn>
  void Build(uint64_t n, WeightFn weight);
  std::vector<uint64_t> first_rank_;
  std::vector<uint64_t> rank_count_;
  std::vector<uint64_t> keep_below_;  // keep the category if u53 < this
  std::vector<uint32_t> alias_;
};

}  // namespace flashscope
