#include "host/steady_state_monitor.h"

#include <algorithm>
#include <cmath>

namespace flashscope {

void SteadyStateMonitor::Configure(const SteadyStateSpec& spec) {
  spec_ = spec;
  interval_ns_ = spec.interval_ns > 0 ? spec.interval_ns : 1'000'000'000;
  window_size_ = spec.metric == SteadyStateMetric::kNone
                     ? 0
                     : static_cast<uint32_t>(spec.dur_ns / interval_ns_);
  iops_.assign(window_size_, 0);
  bw_.assign(window_size_, 0);
  lat_.assign(window_size_, 0);
}

void SteadyStateMonitor::Start(uint64_t start_ns) {
  start_ns_ = start_ns;
  boundary_ns_ = start_ns + interval_ns_;
  next_slot_ = 0;
  samples_ = 0;
  ios_ = 0;
  bytes_ = 0;
  latency_sum_ns_ = 0;
  attained_ = false;
}

bool SteadyStateMonitor::OnComplete(uint64_t now_ns, uint64_t bytes, uint64_t latency_ns) {
  if (window_size_ == 0 || attained_) return attained_;
  // Intervals that ended before this completion are sampled first (an idle
  // interval is a sample of zero).
  while (now_ns >= boundary_ns_ && !attained_) {
    CloseSample(boundary_ns_);
    boundary_ns_ += interval_ns_;
  }
  ++ios_;
  bytes_ += bytes;
  latency_sum_ns_ += latency_ns;
  return attained_;
}

void SteadyStateMonitor::CloseSample(uint64_t end_ns) {
  const uint64_t ios = ios_;
  const uint64_t bytes = bytes_;
  const uint64_t latency_sum = latency_sum_ns_;
  ios_ = 0;
  bytes_ = 0;
  latency_sum_ns_ = 0;
  // fio starts recording one check interval after ss_ramp: the first sample
  // kept is the first interval that begins at or after the ramp.
  if (end_ns - start_ns_ < spec_.ramp_ns + interval_ns_) return;
  // Per second, as fio scales a longer interval's counts.
  iops_[next_slot_] =
      static_cast<uint64_t>(static_cast<__uint128_t>(ios) * 1'000'000'000u / interval_ns_);
  bw_[next_slot_] =
      static_cast<uint64_t>(static_cast<__uint128_t>(bytes) * 1'000'000'000u / interval_ns_);
  lat_[next_slot_] = ios > 0 ? latency_sum / ios : 0;
  next_slot_ = (next_slot_ + 1) % window_size_;
  if (samples_ < window_size_) ++samples_;
  if (samples_ < window_size_) return;
  Judge();
  if (attained_) attained_ns_ = end_ns - start_ns_;
}

void SteadyStateMonitor::Judge() {
  const SteadyStateMetric metric = spec_.metric;
  const bool by_iops =
      metric == SteadyStateMetric::kIops || metric == SteadyStateMetric::kIopsSlope;
  const bool by_lat = metric == SteadyStateMetric::kLat || metric == SteadyStateMetric::kLatSlope;
  const bool by_slope = metric == SteadyStateMetric::kIopsSlope ||
                        metric == SteadyStateMetric::kBwSlope ||
                        metric == SteadyStateMetric::kLatSlope;
  const std::vector<uint64_t>& data = by_iops ? iops_ : by_lat ? lat_ : bw_;
  const uint32_t n = window_size_;
  double sum_y = 0;
  double sum_xy = 0;
  for (uint32_t x = 0; x < n; ++x) {
    const double y = static_cast<double>(data[(next_slot_ + x) % n]);  // oldest first
    sum_y += y;
    sum_xy += x * y;
  }
  const double mean = sum_y / n;
  max_deviation_ = 0;
  for (uint32_t x = 0; x < n; ++x) {
    max_deviation_ = std::max(max_deviation_, std::fabs(static_cast<double>(data[x]) - mean));
  }
  const double sum_x = n * (n - 1) / 2.0;
  const double sum_x_sq = (n - 1.0) * n * (2.0 * n - 1) / 6.0;
  const double denominator = sum_x_sq - sum_x * sum_x / n;
  slope_ = denominator > 0 ? (sum_xy - sum_x * sum_y / n) / denominator : 0;
  const double value = by_slope ? slope_ : max_deviation_;
  if (spec_.limit_percent) {
    // A window without I/O has no mean to compare with: never steady.
    if (mean <= 0) {
      criterion_ = 0;
      return;
    }
    criterion_ = 100.0 * value / mean;
  } else {
    criterion_ = value;
  }
  // A one-sample window has no slope: it is judged by nothing but time.
  if (by_slope && n < 2) return;
  attained_ = std::fabs(criterion_) < spec_.limit;
}

SteadyStateResult SteadyStateMonitor::Result() const {
  SteadyStateResult result;
  result.spec = spec_;
  result.enabled = enabled();
  result.attained = attained_;
  result.attained_ns = attained_ns_;
  result.criterion = criterion_;
  result.max_deviation = max_deviation_;
  result.slope = slope_;
  if (window_size_ == 0) return result;
  // Oldest first; a window not yet full holds its samples from slot 0.
  const uint32_t first = samples_ < window_size_ ? 0 : next_slot_;
  uint64_t iops_sum = 0;
  uint64_t bw_sum = 0;
  uint64_t lat_sum = 0;
  for (uint32_t i = 0; i < samples_; ++i) {
    const uint32_t slot = (first + i) % window_size_;
    result.iops.push_back(iops_[slot]);
    result.bw.push_back(bw_[slot]);
    result.lat_ns.push_back(lat_[slot]);
    iops_sum += iops_[slot];
    bw_sum += bw_[slot];
    lat_sum += lat_[slot];
  }
  // fio divides by the window's length, full or not.
  result.iops_mean = iops_sum / window_size_;
  result.bw_mean = bw_sum / window_size_;
  result.lat_mean_ns = lat_sum / window_size_;
  return result;
}

}  // namespace flashscope
