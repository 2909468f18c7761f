#include "metrics/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <iterator>

namespace flashscope {
namespace {

// fio computes its percentile threshold in `long double` (stat.c line 188 at
// commit 00084f95):
//   while (sum >= ((long double) plist[j].u.f / 100.0 * nr))
// On x86-64, where fio's published numbers come from, long double is the x87
// extended format: a 64-bit significand, round-to-nearest-even after each
// operation. That rounding matters: 60.0L / 100 rounds up, so for p60 over 25
// samples fio's threshold is 15 + 2^-60 and it needs 16 samples, not 15.
// WebAssembly's long double is IEEE quad and rounds differently, so instead of
// using long double we emulate the two x87 roundings (p / 100, then * nr) in
// integers: the same ranks as fio on x86-64, on every platform.

// A positive value significand * 2^exponent with a normalised 64-bit
// significand (bit 63 set), i.e. an x87 extended-precision number.
struct Extended {
  uint64_t significand;
  int32_t exponent;
};

uint32_t BitWidth128(__uint128_t x) {
  const uint64_t high = static_cast<uint64_t>(x >> 64);
  return high != 0 ? 64 + static_cast<uint32_t>(std::bit_width(high))
                   : static_cast<uint32_t>(std::bit_width(static_cast<uint64_t>(x)));
}

// Rounds (value + fraction) * 2^exponent to 64 significant bits, nearest,
// ties to even, where `inexact` says a non-zero fraction in [0, 1) was cut
// off below value's last bit. value > 0; when inexact, value must have more
// than 64 bits so the cut-off part only decides ties and sticky rounding.
Extended RoundToExtended(__uint128_t value, int32_t exponent, bool inexact) {
  const uint32_t width = BitWidth128(value);
  if (width <= 64) {
    assert(!inexact);
    const uint32_t up = 64 - width;
    return {static_cast<uint64_t>(value) << up, exponent - static_cast<int32_t>(up)};
  }
  const uint32_t dropped = width - 64;
  const __uint128_t low = value & ((__uint128_t{1} << dropped) - 1);
  const __uint128_t half = __uint128_t{1} << (dropped - 1);
  uint64_t significand = static_cast<uint64_t>(value >> dropped);
  exponent += static_cast<int32_t>(dropped);
  const bool round_up = low > half || (low == half && (inexact || (significand & 1) != 0));
  if (round_up && ++significand == 0) {  // carried out of 64 bits
    significand = uint64_t{1} << 63;
    ++exponent;
  }
  return {significand, exponent};
}

// The 1-based rank fio stops at for percentile p over n >= 1 samples: the
// smallest integer sum with sum >= x87((long double)p / 100.0 * n). Always in
// [1, n]; see the header for p <= 0.
uint64_t RankForPercentile(double p, uint64_t n) {
  if (!(p > 0.0)) return 1;  // p <= 0 or NaN: the first sample (see header).
  if (p >= 100.0) return n;  // 100.0 / 100 is exactly 1, times n is n.
  uint64_t bits;
  static_assert(sizeof(bits) == sizeof(p));
  std::memcpy(&bits, &p, sizeof(bits));
  const uint64_t exponent_field = (bits >> 52) & 0x7ff;
  const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
  // p is exactly mantissa * 2^-shift (subnormals have no implicit bit).
  const uint64_t mantissa = exponent_field == 0 ? fraction : (fraction | (uint64_t{1} << 52));
  const int32_t shift = exponent_field == 0 ? 1074 : 1075 - static_cast<int32_t>(exponent_field);

  // q = x87(p / 100) = x87(mantissa / 25 * 2^(-shift - 2)). Scale the
  // mantissa up to 127 bits so the integer quotient carries > 64 bits.
  const uint32_t scale = 127 - static_cast<uint32_t>(std::bit_width(mantissa));
  const __uint128_t scaled = static_cast<__uint128_t>(mantissa) << scale;
  const Extended quotient =
      RoundToExtended(scaled / 25, -shift - 2 - static_cast<int32_t>(scale), scaled % 25 != 0);

  // t = x87(q * n); the 64 x 64 -> 128-bit product is exact before rounding.
  const Extended threshold =
      RoundToExtended(static_cast<__uint128_t>(quotient.significand) * n, quotient.exponent, false);

  // Smallest integer >= t. q <= 1, so t <= n and the shifts below fit.
  uint64_t rank;
  if (threshold.exponent >= 0) {
    rank = threshold.significand << threshold.exponent;
  } else if (threshold.exponent <= -64) {
    rank = 1;  // 0 < t < 1
  } else {
    const uint32_t fraction_bits = static_cast<uint32_t>(-threshold.exponent);
    const uint64_t whole = threshold.significand >> fraction_bits;
    const bool has_fraction = (threshold.significand & ((uint64_t{1} << fraction_bits) - 1)) != 0;
    rank = whole + (has_fraction ? 1 : 0);
  }
  return std::clamp<uint64_t>(rank, 1, n);
}

constexpr double kSummaryPercents[] = {50.0, 90.0, 99.0, 99.9, 99.99};
constexpr size_t kMaxPercentsPerPass = std::size(kSummaryPercents);

}  // namespace

double LatencyHistogram::mean_ns() const {
  if (count_ == 0) return 0.0;
  // sum <= count * (2^64 - 1), so the quotient fits in 64 bits.
  const uint64_t whole = static_cast<uint64_t>(sum_ns_ / count_);
  const uint64_t remainder = static_cast<uint64_t>(sum_ns_ % count_);
  return static_cast<double>(whole) + static_cast<double>(remainder) / static_cast<double>(count_);
}

void LatencyHistogram::PercentilesAscending(const double* percents, size_t n, uint64_t* out) const {
  assert(n <= kMaxPercentsPerPass);
  if (count_ == 0) {
    std::fill(out, out + n, uint64_t{0});
    return;
  }
  // Ranks are non-decreasing because percents are, so one walk over the
  // occupied buckets serves them all, as fio's loop does. Every rank is in
  // [1, count_], and the cumulative count reaches count_ at the bucket of
  // max_ns_, so every out[j] is written. Buckets below occupied_begin() are
  // empty and could not satisfy a rank >= 1.
  uint64_t ranks[kMaxPercentsPerPass];
  for (size_t j = 0; j < n; ++j) ranks[j] = RankForPercentile(percents[j], count_);
  size_t j = 0;
  uint64_t cumulative = 0;
  for (size_t i = occupied_begin(); i < occupied_end() && j < n; ++i) {
    cumulative += buckets_[i];
    while (j < n && cumulative >= ranks[j]) out[j++] = std::min(BucketValueNs(i), max_ns_);
  }
}

uint64_t LatencyHistogram::Percentile(double p) const {
  uint64_t value;
  PercentilesAscending(&p, 1, &value);
  return value;
}

LatencySummary LatencyHistogram::Summary() const {
  LatencySummary summary;
  if (count_ == 0) return summary;
  uint64_t values[std::size(kSummaryPercents)];
  PercentilesAscending(kSummaryPercents, std::size(kSummaryPercents), values);
  summary.count = count_;
  summary.min_ns = min_ns_;
  summary.max_ns = max_ns_;
  summary.mean_ns = mean_ns();
  summary.p50_ns = values[0];
  summary.p90_ns = values[1];
  summary.p99_ns = values[2];
  summary.p99_9_ns = values[3];
  summary.p99_99_ns = values[4];
  return summary;
}

void LatencyHistogram::Merge(const LatencyHistogram& other) {
  if (other.count_ == 0) return;
  for (size_t i = other.occupied_begin(); i < other.occupied_end(); ++i) {
    buckets_[i] += other.buckets_[i];
  }
  count_ += other.count_;
  sum_ns_ += other.sum_ns_;
  min_ns_ = std::min(min_ns_, other.min_ns_);
  max_ns_ = std::max(max_ns_, other.max_ns_);
}

void LatencyHistogram::Reset() {
  if (count_ == 0) return;
  std::fill(buckets_.begin() + occupied_begin(), buckets_.begin() + occupied_end(), uint64_t{0});
  count_ = 0;
  sum_ns_ = 0;
  min_ns_ = std::numeric_limits<uint64_t>::max();
  max_ns_ = 0;
}

}  // namespace flashscope
