#include "workload/fio_sprandom.h"

#include <algorithm>
#include <cmath>

namespace flashscope {
namespace {

constexpr uint32_t kPctPrecision = 10000;  // fio PCT_PRECISION

std::vector<double> Linspace(double start, double end, uint32_t count) {
  std::vector<double> values(count);
  if (count == 1) {
    values[0] = start;
    return values;
  }
  const double step = (end - start) / (static_cast<double>(count) - 1.0);
  for (uint32_t i = 0; i < count; ++i) values[i] = start + static_cast<double>(i) * step;
  return values;
}

// fio linear_interp: clamped at both ends.
double Interpolate(double x, const std::vector<double>& xs, const std::vector<double>& ys) {
  const size_t n = xs.size();
  if (n == 1) return ys[0];
  if (x <= xs[0]) return ys[0];
  if (x >= xs[n - 1]) return ys[n - 1];
  for (size_t i = 0; i + 1 < n; ++i) {
    if (x >= xs[i] && x <= xs[i + 1]) {
      if (std::fabs(xs[i + 1] - xs[i]) < 1e-9) return ys[i];
      return ys[i] + (ys[i + 1] - ys[i]) * ((x - xs[i]) / (xs[i + 1] - xs[i]));
    }
  }
  return 0.0;
}

}  // namespace

uint64_t SpRandom::PhysicalBytes(double over_provisioning, uint64_t logical_bytes,
                                 uint64_t align_bytes) {
  const uint64_t size =
      logical_bytes +
      static_cast<uint64_t>(std::ceil(static_cast<double>(logical_bytes) * over_provisioning));
  return size - size % align_bytes;
}

std::vector<double> SpRandom::ValidityDistribution(uint32_t regions, double over_provisioning) {
  // WA = 0.5 / op + 0.7; the GC victim's validity 1 - 1 / WA; validities
  // spaced evenly from 1 down to it, each occupying 1 / validity of space;
  // resampled at evenly spaced accumulated space; then reversed.
  const double waf = 0.5 / over_provisioning + 0.7;
  const double gc_validity = 1.0 - 1.0 / waf;
  std::vector<double> validity = Linspace(1.0, gc_validity, regions);
  std::vector<double> accumulated(regions);
  double sum = 0;
  for (uint32_t i = 0; i < regions; ++i) {
    sum += 1.0 / validity[i];
    accumulated[i] = sum;
  }
  // The accumulated space grows strictly, so fio's sort by x keeps the order.
  const std::vector<double> xs = Linspace(accumulated.front(), accumulated.back(), regions);
  std::vector<double> resampled(regions);
  for (uint32_t i = 0; i < regions; ++i) resampled[i] = Interpolate(xs[i], accumulated, validity);
  std::reverse(resampled.begin(), resampled.end());
  return resampled;
}

std::string SpRandom::Setup(uint64_t logical_bytes, uint64_t align_bytes, uint32_t regions,
                            double over_provisioning, uint64_t cache_bytes) {
  if (regions == 0) return "sprandom requires at least one region (spr_num_regions)";
  if (!(over_provisioning > 0 && over_provisioning < 1)) {
    return "spr_op must be between 0 and 1 (exclusive)";
  }
  regions_ = regions;
  cache_bytes_ = cache_bytes;
  const uint64_t physical = PhysicalBytes(over_provisioning, logical_bytes, align_bytes);
  const std::vector<double> validity = ValidityDistribution(regions, over_provisioning);
  invalid_pct_.resize(regions);
  for (uint32_t i = 0; i < regions; ++i) {
    invalid_pct_[i] = static_cast<uint32_t>(
        std::lround((1.0 - validity[i]) * static_cast<double>(kPctPrecision)));
  }
  const uint64_t region_bytes = physical / regions;
  region_write_count_ = region_bytes / align_bytes;
  if (cache_bytes != 0 && cache_bytes > region_bytes) {
    return "spr_cs [" + std::to_string(cache_bytes) + "] must be smaller than region_sz [" +
           std::to_string(region_bytes) + "] which means [" +
           std::to_string(physical / cache_bytes) + "] regions allowed";
  }
  // fio estimate_inv_capacity: the expected kept blocks plus 6 sigma
  // (twice that with a cache, whose rewrites wait a region longer).
  const double keep = 1.0 - validity[0];
  const double count = static_cast<double>(region_write_count_);
  size_t capacity =
      static_cast<size_t>(std::ceil(count * keep + 6.0 * std::sqrt(count * validity[0] * keep)));
  if (cache_bytes != 0) capacity *= 2;
  staged_.reserve(capacity);
  committed_.reserve(capacity);
  return "";
}

void SpRandom::Reset(Rng rng) {
  rng_ = rng;
  staged_.clear();
  committed_.clear();
  read_ = 0;
  invalid_count_[0] = invalid_count_[1] = 0;
  phase_ = 0;
  region_ = 0;
  writes_remaining_ = region_write_count_;
}

bool SpRandom::Pop(uint64_t& block) {
  if (read_ == committed_.size()) return false;
  block = committed_[read_++];
  return true;
}

void SpRandom::KeepWithProbability(uint64_t block, uint32_t phase) {
  // fio rand_between(0, PCT_PRECISION) <= invalid_pct[current_region].
  // fio reads one entry past the table in the region after the last
  // (current_region == num_regions); the last region's share is used here.
  const uint32_t region = std::min(region_, regions_ - 1);
  if (rng_.Below(kPctPrecision + 1) <= invalid_pct_[region]) {
    staged_.push_back(block);
    ++invalid_count_[phase];
  }
}

}  // namespace flashscope
