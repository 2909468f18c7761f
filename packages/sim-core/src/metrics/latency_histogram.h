// LatencyHistogram: per-operation latency distribution with fio's log-linear
// bucket scheme, so FlashScope's p50/p90/p99/p99.9/p99.99 are the numbers fio
// would print for the same completion latencies.
//
// Source: fio (github.com/axboe/fio), stat.h "Constants for clat percentiles"
// (FIO_IO_U_PLAT_BITS 6, FIO_IO_U_PLAT_GROUP_NR 29; stat.h lines 32-35 at
// commit 002db503) and stat.c plat_val_to_idx(), plat_idx_to_val() and
// calc_clat_percentiles() (stat.c lines 74-108, 114-135, 151-210 at commit
// 00084f95). The arithmetic is replicated, not approximated; the test compares
// it against a transliteration of fio's functions.
//
// The scheme: samples are in nanoseconds. Values below 128 ns (fio's groups 0
// and 1) get one bucket per nanosecond. Above that, a value whose most
// significant bit is bit n (n >= 7) keeps the 6 bits below its MSB as the
// bucket offset and drops the n - 6 bits under those, so every power-of-two
// range [2^n, 2^(n+1)) is cut into 64 equal buckets. fio stops at 29 groups
// (1856 buckets, 2^34 ns, about 17.2 s) and clamps anything longer into its
// last bucket, so an overloaded replay whose requests wait a minute reported
// p50 = p99 = 17.11 s. FlashScope keeps the same layout for 12 more groups:
// 41 x 64 = 2624 buckets reach 2^46 ns (about 19.5 hours); below 2^34 ns
// every bucket is fio's, bucket for bucket, so percentiles there are fio's.
// Longer samples land in the last bucket (min_ns()/max_ns()/mean_ns() stay
// exact regardless).
// A bucket is reported by fio's "mean of the range": lower bound plus half the
// bucket width, so a reported percentile is within 1/128 (0.78 %) of the
// sample it stands for, for every sample below 2^46 ns. One departure from
// fio: a percentile never exceeds the exact max_ns() (fio can report the
// midpoint of the max's bucket, up to 1/128 above every sample), so
// p50 <= p90 <= p99 <= p99.9 <= p99.99 <= max always hold.
//
// Cost: Record() is O(1), integer-only and never allocates (a count-leading-
// zeros, a few shifts, an increment). An instance is ~21 KB of counters held
// inline (std::array), so keep histograms as members or in containers, not as
// many locals on a WebAssembly stack.
//
// Interval percentiles (the time series' p99 per interval): record into a
// second histogram and Reset() it when the interval closes; IntervalLatency
// below packages that. Reset() clears only the buckets between the bucket of
// min_ns() and that of max_ns() (every other bucket is already zero because
// counts only grow between resets), so resetting after a tiny interval
// touches a few cache lines instead of 15 KB.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace flashscope {

// The numbers a report or the UI shows for one operation type. Percentiles
// have fio's semantics (see LatencyHistogram::Percentile); min/max/mean are
// exact. All zero when count == 0.
struct LatencySummary {
  uint64_t count = 0;
  uint64_t min_ns = 0;
  uint64_t max_ns = 0;
  double mean_ns = 0.0;
  uint64_t p50_ns = 0;
  uint64_t p90_ns = 0;
  uint64_t p99_ns = 0;
  uint64_t p99_9_ns = 0;
  uint64_t p99_99_ns = 0;

  bool operator==(const LatencySummary&) const = default;
};

class LatencyHistogram {
 public:
  // fio stat.h: FIO_IO_U_PLAT_BITS, FIO_IO_U_PLAT_VAL, FIO_IO_U_PLAT_GROUP_NR,
  // FIO_IO_U_PLAT_NR.
  static constexpr uint32_t kPrecisionBits = 6;
  static constexpr uint32_t kBucketsPerGroup = 1u << kPrecisionBits;  // 64
  static constexpr uint32_t kFioGroupCount = 29;
  static constexpr size_t kFioBucketCount = size_t{kFioGroupCount} * kBucketsPerGroup;  // 1856
  // fio's range: below it every bucket is fio's.
  static constexpr uint64_t kFioTrackedLimitNs =
      uint64_t{1} << (kFioGroupCount + kPrecisionBits - 1);  // 2^34 ns ~ 17.2 s
  // fio's groups and 12 more of the same layout, so a replay whose requests
  // wait minutes or hours still has percentiles (see the banner).
  static constexpr uint32_t kGroupCount = 41;
  static constexpr size_t kBucketCount = size_t{kGroupCount} * kBucketsPerGroup;  // 2624
  // Samples at or above this all share the last bucket (fio clamps the same
  // way at kFioTrackedLimitNs).
  static constexpr uint64_t kTrackedLimitNs =
      uint64_t{1} << (kGroupCount + kPrecisionBits - 1);  // 2^46 ns ~ 19.5 h

  // Bucket of a latency: fio stat.c plat_val_to_idx().
  static constexpr size_t BucketIndex(uint64_t latency_ns) {
    // msb = index of the most significant set bit; fio takes 0 for val == 0.
    const uint32_t msb =
        latency_ns == 0 ? 0 : static_cast<uint32_t>(std::bit_width(latency_ns)) - 1;
    // "if (msb <= FIO_IO_U_PLAT_BITS) return val;" -- values below 128 are
    // their own index (groups 0 and 1 are exact).
    if (msb <= kPrecisionBits) return static_cast<size_t>(latency_ns);
    // error_bits = msb - PLAT_BITS; base = (error_bits + 1) << PLAT_BITS;
    // offset = (PLAT_VAL - 1) & (val >> error_bits).
    const uint32_t error_bits = msb - kPrecisionBits;
    const size_t base = size_t{error_bits + 1} << kPrecisionBits;
    const size_t offset = static_cast<size_t>((latency_ns >> error_bits) & (kBucketsPerGroup - 1));
    // "Make sure the index does not exceed (array size - 1)".
    return base + offset < kBucketCount - 1 ? base + offset : kBucketCount - 1;
  }

  // Value fio reports for a bucket: fio stat.c plat_idx_to_val(), which
  // returns base + (k + 0.5) * (1 << error_bits) through a double. For
  // error_bits >= 1 that product is the integer (k << error_bits) +
  // (1 << (error_bits - 1)), exactly representable, so integers here give
  // fio's result bit for bit without floating point. index < kBucketCount.
  static constexpr uint64_t BucketValueNs(size_t index) {
    if (index < 2 * kBucketsPerGroup) return index;
    const uint32_t error_bits = static_cast<uint32_t>(index >> kPrecisionBits) - 1;
    return BucketLowerNs(index) + (uint64_t{1} << (error_bits - 1));
  }

  // Smallest latency that falls in a bucket (for drawing bucket extents).
  // The bucket spans [BucketLowerNs(i), BucketLowerNs(i + 1)); the last one is
  // open-ended. index < kBucketCount.
  static constexpr uint64_t BucketLowerNs(size_t index) {
    if (index < 2 * kBucketsPerGroup) return index;
    const uint32_t error_bits = static_cast<uint32_t>(index >> kPrecisionBits) - 1;
    const uint64_t group_base = uint64_t{1} << (error_bits + kPrecisionBits);
    const uint64_t k = index % kBucketsPerGroup;
    return group_base + (k << error_bits);
  }

  // Adds one sample. O(1), no allocation, no floating point.
  void Record(uint64_t latency_ns) {
    ++buckets_[BucketIndex(latency_ns)];
    ++count_;
    sum_ns_ += latency_ns;
    if (latency_ns < min_ns_) min_ns_ = latency_ns;
    if (latency_ns > max_ns_) max_ns_ = latency_ns;
  }

  uint64_t count() const { return count_; }
  // Exact extremes of the recorded samples; 0 when empty.
  uint64_t min_ns() const { return count_ == 0 ? 0 : min_ns_; }
  uint64_t max_ns() const { return max_ns_; }
  // Exact arithmetic mean: the sum is kept in 128 bits (no overflow even for
  // 2^64 samples of the largest latency) and the integer part of the quotient
  // is exact; only the fractional part is rounded. 0 when empty.
  double mean_ns() const;

  // fio's percentile (calc_clat_percentiles): the value of the first bucket,
  // in index order, whose cumulative count reaches p / 100 * count(), with
  // that threshold rounded exactly as fio on x86-64 rounds it (x87 long
  // double, emulated in integers so native and wasm agree). Two consequences
  // a reader may not expect, both fio's: 99.9 as a double is a hair above
  // 99.9, so p99.9 of 1000 samples is the 1000th sample; and 60.0L / 100
  // rounds up, so p60 of 25 samples is the 16th. fio built where long double
  // is IEEE quad (aarch64) can differ from x86-64 fio by one rank in such
  // cases.
  // p is clamped to [0, 100]; p == 0 (which fio never evaluates) gives the
  // bucket of the minimum. A bucket's value above max_ns() is reported as
  // max_ns() (fio would print the midpoint), so p == 100 is the exact max
  // when it lies below kTrackedLimitNs. 0 when empty.
  uint64_t Percentile(double p) const;

  // count, exact min/max/mean and p50/p90/p99/p99.9/p99.99 in one pass over
  // the occupied buckets.
  LatencySummary Summary() const;

  // Adds other's samples: afterwards *this equals a histogram that recorded
  // both streams. Cost proportional to other's occupied bucket range.
  void Merge(const LatencyHistogram& other);

  // Back to empty. Cost proportional to the occupied bucket range.
  void Reset();

  // Export (e.g. a CDF for the UI): count of samples in bucket i.
  uint64_t bucket_samples(size_t index) const { return buckets_[index]; }
  const std::array<uint64_t, kBucketCount>& buckets() const { return buckets_; }
  // Half-open range [occupied_begin, occupied_end) of buckets that can be
  // non-zero: the buckets of min_ns() and max_ns(), both occupied. Empty
  // (begin == end == 0) when count() == 0. Exporters can skip the rest.
  size_t occupied_begin() const { return count_ == 0 ? 0 : BucketIndex(min_ns_); }
  size_t occupied_end() const { return count_ == 0 ? 0 : BucketIndex(max_ns_) + 1; }

  bool operator==(const LatencyHistogram&) const = default;

 private:
  // Fills out[i] with the percentile for percents[i]; percents ascending,
  // n <= 5 (the summary's list).
  void PercentilesAscending(const double* percents, size_t n, uint64_t* out) const;

  std::array<uint64_t, kBucketCount> buckets_{};
  uint64_t count_ = 0;
  uint64_t min_ns_ = std::numeric_limits<uint64_t>::max();
  uint64_t max_ns_ = 0;
  __uint128_t sum_ns_ = 0;
};

// Cumulative and current-interval latencies of one operation type. Each
// sample goes into both histograms (two O(1) records); StartInterval() clears
// only the interval one. The time series reads interval().Percentile(99) at
// the end of each interval, then calls StartInterval().
class IntervalLatency {
 public:
  void Record(uint64_t latency_ns) {
    total_.Record(latency_ns);
    interval_.Record(latency_ns);
  }
  // Everything since construction or Reset().
  const LatencyHistogram& total() const { return total_; }
  // Everything since the last StartInterval() (or construction / Reset()).
  const LatencyHistogram& interval() const { return interval_; }
  void StartInterval() { interval_.Reset(); }
  void Reset() {
    total_.Reset();
    interval_.Reset();
  }

 private:
  LatencyHistogram total_;
  LatencyHistogram interval_;
};

}  // namespace flashscope
