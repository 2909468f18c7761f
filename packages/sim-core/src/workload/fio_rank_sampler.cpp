// FioRankSampler: see fio_rank_sampler.h. Sources: fio lib/zipf.c (the
// zipf and pareto weights), Walker's alias method (Vose's construction).
#include "workload/fio_rank_sampler.h"

#include <cmath>

namespace flashscope {
namespace {

// ---------------------------------------------------------------------------
// Deterministic elementary functions for setup code. The C library's log,
// exp and pow are not correctly rounded and differ between glibc and
// Emscripten's musl, so a table built with them could differ in the last
// bit natively and in WebAssembly. These use only +, -, *, / (correctly
// rounded everywhere), frexp/ldexp/floor (exact): accurate to a few ulps,
// and identical on every platform.

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // fdlibm's split of ln 2
constexpr double kLn2Lo = 1.90821492927058770002e-10;

double DetLog(double x) {
  int exponent;
  double mantissa = std::frexp(x, &exponent);  // x = mantissa * 2^exponent
  if (mantissa < 0.70710678118654752440) {
    mantissa *= 2;
    --exponent;
  }
  // log(m) = 2 atanh(s), s = (m-1)/(m+1), |s| <= 0.172: 13 terms reach 1e-20.
  const double s = (mantissa - 1) / (mantissa + 1);
  const double s2 = s * s;
  double term = s;
  double series = 0;
  for (int k = 0; k < 13; ++k) {
    series += term / (2 * k + 1);
    term *= s2;
  }
  return exponent * kLn2Hi + (exponent * kLn2Lo + 2 * series);
}

double DetExp(double x) {
  if (x < -745) return 0;
  if (x > 709) return HUGE_VAL;
  const double k = std::floor(x / (kLn2Hi + kLn2Lo) + 0.5);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;  // |r| <= 0.35
  double term = 1;
  double sum = 1;
  for (int i = 1; i <= 20; ++i) {
    term *= r / i;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(k));
}

double DetPow(double base, double exponent) {
  if (base == 0) return exponent > 0 ? 0 : HUGE_VAL;
  return DetExp(exponent * DetLog(base));
}

// Rank categories: the hottest kExactRanks one by one, then kTailBuckets
// geometric buckets up to n. A bucket spans a ratio of at most
// (2^64 / 1024)^(1/4096) ~ 1.0075, so a Zipf weight varies by < 1 % inside
// it and picking uniformly within a bucket barely moves any hit share.
constexpr uint64_t kExactRanks = 1024;
constexpr uint64_t kTailBuckets = 4096;

}  // namespace

template <typename WeightFn>
void FioRankSampler::Build(uint64_t n, WeightFn weight) {
  first_rank_.clear();
  rank_count_.clear();
  const uint64_t exact = n <= kExactRanks + kTailBuckets ? n : kExactRanks;
  for (uint64_t rank = 0; rank < exact; ++rank) {
    first_rank_.push_back(rank);
    rank_count_.push_back(1);
  }
  if (exact < n) {
    const double exact_ranks = static_cast<double>(exact);
    const double log_span = DetLog(static_cast<double>(n) / exact_ranks);
    uint64_t start = exact;
    for (uint64_t i = 1; i <= kTailBuckets && start < n; ++i) {
      uint64_t end =
          i == kTailBuckets
              ? n
              : static_cast<uint64_t>(exact_ranks *
                                      DetExp(log_span * static_cast<double>(i) / kTailBuckets));
      if (end <= start) end = start + 1;
      if (end > n) end = n;
      first_rank_.push_back(start);
      rank_count_.push_back(end - start);
      start = end;
    }
  }

  // Walker's alias method, built with Vose's stable two-list procedure.
  const size_t count = first_rank_.size();
  std::vector<double> scaled(count);
  double total = 0;
  for (size_t i = 0; i < count; ++i) {
    scaled[i] = weight(first_rank_[i], first_rank_[i] + rank_count_[i]);
    total += scaled[i];
  }
  std::vector<uint32_t> small;
  std::vector<uint32_t> large;
  for (size_t i = 0; i < count; ++i) {
    scaled[i] = scaled[i] / total * static_cast<double>(count);
    (scaled[i] < 1 ? small : large).push_back(static_cast<uint32_t>(i));
  }
  constexpr double kOne53 = 9007199254740992.0;  // 2^53
  keep_below_.assign(count, uint64_t{1} << 53);
  alias_.resize(count);
  for (size_t i = 0; i < count; ++i) alias_[i] = static_cast<uint32_t>(i);
  while (!small.empty() && !large.empty()) {
    const uint32_t low = small.back();
    small.pop_back();
    const uint32_t high = large.back();
    keep_below_[low] = static_cast<uint64_t>(scaled[low] * kOne53);
    alias_[low] = high;
    scaled[high] = (scaled[high] + scaled[low]) - 1;
    if (scaled[high] < 1) {
      large.pop_back();
      small.push_back(high);
    }
  }
  // Whatever is left holds probability 1 up to rounding: keep_below_ 2^53.
}

void FioRankSampler::BuildZipf(uint64_t n, double theta) {
  // Exact Zipf pmf over ranks 1..n: p(k) ~ k^-theta. fio's zipf_next uses
  // Gray et al.'s closed-form approximation and sums zeta(n) over at most
  // 10M terms (lib/zipf.c ZIPF_MAX_GEN); here the hottest 1024 ranks are
  // exact and each tail bucket gets the midpoint-rule integral
  //   sum_{k=a+1..b} k^-theta ~ integral_{a+1/2}^{b+1/2} x^-theta dx,
  // whose relative error is below 1e-7 beyond rank 1024. Setup is
  // O(5120) whatever n is (2^28 blocks cost the same as 2^16).
  Build(n, [theta](uint64_t first, uint64_t end) {
    if (end - first == 1) return DetPow(static_cast<double>(first + 1), -theta);
    const double upper = DetPow(static_cast<double>(end) + 0.5, 1 - theta);
    const double lower = DetPow(static_cast<double>(first) + 0.5, 1 - theta);
    return (upper - lower) / (1 - theta);
  });
}

void FioRankSampler::BuildPareto(uint64_t n, double h) {
  // fio lib/zipf.c pareto_next: rank = (n - 1) * u^pareto_pow with
  // pareto_pow = log(h) / log(1 - h), so P(rank < x) = (x / (n-1))^(1/pow):
  // with h = 0.2, 80 % of the I/O goes to the first 20 % of the ranks.
  const double inverse_pow = DetLog(1 - h) / DetLog(h);
  const double last = static_cast<double>(n > 1 ? n - 1 : 1);
  auto cdf = [inverse_pow, last](uint64_t x) {
    if (x == 0) return 0.0;
    const double fraction = static_cast<double>(x) / last;
    return fraction >= 1 ? 1.0 : DetPow(fraction, inverse_pow);
  };
  Build(n, [cdf](uint64_t first, uint64_t end) { return cdf(end) - cdf(first); });
}

uint64_t FioRankSampler::Sample(Rng& rng) const {
  uint64_t category = rng.Below(first_rank_.size());
  if ((rng.NextU64() >> 11) >= keep_below_[category]) {
    category = alias_[category];
  }
  const uint64_t count = rank_count_[category];
  return first_rank_[category] + (count > 1 ? rng.Below(count) : 0);
}

}  // namespace flashscope
