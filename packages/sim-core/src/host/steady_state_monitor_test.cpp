// SteadyStateMonitor against fio's steadystate.c arithmetic, with samples
// built from completions spread evenly over each second.
#include "host/steady_state_monitor.h"

#include <gtest/gtest.h>

#include <vector>

namespace flashscope {
namespace {

constexpr uint64_t kSecond = 1'000'000'000;

// Feeds `per_second[s]` completions of 4 KiB evenly over second s; returns
// the second (1-based: the sample that decided) at which the monitor
// attained steady state, or 0.
uint64_t Feed(SteadyStateMonitor& monitor, const std::vector<uint64_t>& per_second) {
  monitor.Start(0);
  for (uint64_t s = 0; s < per_second.size(); ++s) {
    const uint64_t n = per_second[s];
    for (uint64_t i = 0; i < n; ++i) {
      if (monitor.OnComplete(s * kSecond + i * kSecond / n, 4096)) return s;
    }
  }
  // The last second is sampled by the next completion.
  if (monitor.OnComplete(per_second.size() * kSecond, 4096)) return per_second.size();
  return 0;
}

SteadyStateSpec Spec(SteadyStateMetric metric, double limit, bool percent, uint64_t dur_s,
                     uint64_t ramp_s = 0) {
  SteadyStateSpec spec;
  spec.metric = metric;
  spec.limit = limit;
  spec.limit_percent = percent;
  spec.dur_ns = dur_s * kSecond;
  spec.ramp_ns = ramp_s * kSecond;
  return spec;
}

TEST(SteadyStateMonitor, IopsWithinAPercentOfTheMean) {
  SteadyStateMonitor monitor;
  monitor.Configure(Spec(SteadyStateMetric::kIops, 10, true, 3));
  // Windows: {500,1000,1040} mean 846.7 -> 346.7/846.7 = 41 %;
  // {1000,1040,960} mean 1000 -> 40/1000 = 4 % < 10 %: met by the sample
  // of second 4, taken when second 5's first I/O completes.
  EXPECT_EQ(Feed(monitor, {500, 1000, 1040, 960, 1000, 1000}), 4u);
  const SteadyStateResult result = monitor.Result();
  EXPECT_TRUE(result.attained);
  EXPECT_EQ(result.attained_ns, 4 * kSecond);
  EXPECT_DOUBLE_EQ(result.criterion, 4.0);
  EXPECT_DOUBLE_EQ(result.max_deviation, 40.0);
  EXPECT_EQ(result.iops, (std::vector<uint64_t>{1000, 1040, 960}));
  EXPECT_EQ(result.bw, (std::vector<uint64_t>{1000 * 4096, 1040 * 4096, 960 * 4096}));
  EXPECT_EQ(result.iops_mean, 1000u);
  EXPECT_EQ(result.bw_mean, 4'096'000u);
}

TEST(SteadyStateMonitor, AbsoluteBandwidthLimit) {
  SteadyStateMonitor monitor;
  // bw:8k/s as fio's absolute form: max |sample - mean| < 8192 bytes/s.
  monitor.Configure(Spec(SteadyStateMetric::kBw, 8192, false, 2));
  // {100,104}: mean 102 blocks, deviation 2 blocks = 8192: not below.
  // {104,103}: deviation 0.5 block = 2048 bytes/s: met.
  EXPECT_EQ(Feed(monitor, {100, 104, 103, 103}), 3u);
  EXPECT_DOUBLE_EQ(monitor.Result().criterion, 2048.0);
}

TEST(SteadyStateMonitor, SlopeOfARisingWindow) {
  SteadyStateMonitor monitor;
  monitor.Configure(Spec(SteadyStateMetric::kIopsSlope, 1, true, 4));
  // 100, 110, 120, 130: slope 10 per second, 8 % of the mean 115: not met.
  EXPECT_EQ(Feed(monitor, {100, 110, 120, 130}), 0u);
  SteadyStateResult result = monitor.Result();
  EXPECT_FALSE(result.attained);
  EXPECT_DOUBLE_EQ(result.slope, 10.0);
  EXPECT_NEAR(result.criterion, 100.0 * 10 / 115, 1e-9);
  // Flattening: 110,120,130,131 -> slope 7.3 (5.9 %); 120,130,131,131 ->
  // 3.4 (2.7 %); 130,131,131,131 -> 0.3, 0.23 % of 130.75: met by second
  // 6's sample, taken as second 7 begins.
  monitor.Configure(Spec(SteadyStateMetric::kIopsSlope, 1, true, 4));
  EXPECT_EQ(Feed(monitor, {100, 110, 120, 130, 131, 131, 131, 131}), 7u);
  result = monitor.Result();
  EXPECT_TRUE(result.attained);
  EXPECT_NEAR(result.slope, 0.3, 1e-9);
}

TEST(SteadyStateMonitor, SamplesCountFromTheRampOn) {
  SteadyStateMonitor monitor;
  monitor.Configure(Spec(SteadyStateMetric::kIops, 5, true, 2, 2));
  // Seconds 0 and 1 are ramp (wildly different); seconds 2, 3 are the
  // window: {1000, 1010}, deviation 0.5 %.
  EXPECT_EQ(Feed(monitor, {10, 5000, 1000, 1010, 1000}), 4u);
  EXPECT_EQ(monitor.Result().iops, (std::vector<uint64_t>{1000, 1010}));
}

// Completions of `latency_us[k]` each, 100 per interval k (evenly spread),
// for the latency criteria; returns the interval that decided (1-based), 0
// if none.
uint64_t FeedLatency(SteadyStateMonitor& monitor, const std::vector<uint64_t>& latency_us,
                     uint64_t interval_ns = kSecond) {
  monitor.Start(0);
  for (uint64_t k = 0; k < latency_us.size(); ++k) {
    for (uint64_t i = 0; i < 100; ++i) {
      if (monitor.OnComplete(k * interval_ns + i * interval_ns / 100, 4096, latency_us[k] * 1000)) {
        return k;
      }
    }
  }
  if (monitor.OnComplete(latency_us.size() * interval_ns, 4096, 0)) return latency_us.size();
  return 0;
}

// ss=lat:5% (fio FIO_SS_LAT): each sample is the interval's mean completion
// latency in ns; max |sample - mean| below 5 % of the mean.
TEST(SteadyStateMonitor, LatencyWithinAPercentOfTheMean) {
  SteadyStateMonitor monitor;
  monitor.Configure(Spec(SteadyStateMetric::kLat, 5, true, 3));
  // {200,120,100} us: mean 140, deviation 60 (43 %); {120,100,104}: mean
  // 108, deviation 12 (11 %); {100,104,98}: mean 100.67, deviation 3.33 us,
  // 3.3 % < 5 %: met by interval 4's sample.
  EXPECT_EQ(FeedLatency(monitor, {200, 120, 100, 104, 98, 300}), 5u);
  const SteadyStateResult result = monitor.Result();
  EXPECT_TRUE(result.attained);
  EXPECT_EQ(result.lat_ns, (std::vector<uint64_t>{100'000, 104'000, 98'000}));
  EXPECT_EQ(result.lat_mean_ns, 100'666u);
  EXPECT_NEAR(result.criterion, 100.0 * 3'333.33 / 100'666.67, 1e-3);
  // IOPS and bandwidth are kept beside it, as fio keeps them.
  EXPECT_EQ(result.iops, (std::vector<uint64_t>{100, 100, 100}));
}

// ss=lat_slope:1% over 10 s intervals (ss_interval=10): IOPS and bandwidth
// are per second (fio scales an interval's counts by its length), latency
// is the interval's mean; an absolute limit is in ns.
TEST(SteadyStateMonitor, LatencySlopeOverTenSecondIntervals) {
  SteadyStateMonitor monitor;
  SteadyStateSpec spec = Spec(SteadyStateMetric::kLatSlope, 1, true, 30);
  spec.interval_ns = 10 * kSecond;
  monitor.Configure(spec);
  // 400, 300, 200 us: slope -100 us per sample (-33 %); 300, 200, 201:
  // -49.5 us (-22 %); 200, 201, 200: 0, met by the 6th interval's sample.
  EXPECT_EQ(FeedLatency(monitor, {400, 300, 200, 201, 200, 500}, 10 * kSecond), 5u);
  SteadyStateResult result = monitor.Result();
  EXPECT_TRUE(result.attained);
  EXPECT_EQ(result.attained_ns, 50 * kSecond);  // the end of the 5th interval
  EXPECT_DOUBLE_EQ(result.slope, 0.0);
  EXPECT_EQ(result.iops, (std::vector<uint64_t>{10, 10, 10}));  // 100 I/Os in 10 s
  EXPECT_EQ(result.bw, (std::vector<uint64_t>{40'960, 40'960, 40'960}));
  // lat:20us as an absolute deviation (ns): {400,300,200} deviates 100 us,
  // {300,200,201} 66.3 us, {200,201,200} 0.67 us < 20 us.
  spec.metric = SteadyStateMetric::kLat;
  spec.limit = 20'000;
  spec.limit_percent = false;
  monitor.Configure(spec);
  EXPECT_EQ(FeedLatency(monitor, {400, 300, 200, 201, 200, 500}, 10 * kSecond), 5u);
  EXPECT_NEAR(monitor.Result().criterion, 666.67, 0.01);
}

TEST(SteadyStateMonitor, IdleSecondsAreZeroSamplesAndNeverSteadyAsAPercent) {
  SteadyStateMonitor monitor;
  monitor.Configure(Spec(SteadyStateMetric::kIops, 10, true, 2));
  EXPECT_EQ(Feed(monitor, {0, 0, 0}), 0u);
  EXPECT_FALSE(monitor.Result().attained);
  // Off unless the metric is set and ss_dur holds a second.
  monitor.Configure(Spec(SteadyStateMetric::kNone, 10, true, 5));
  EXPECT_FALSE(monitor.enabled());
  monitor.Configure(Spec(SteadyStateMetric::kIops, 10, true, 0));
  EXPECT_FALSE(monitor.enabled());
}

}  // namespace
}  // namespace flashscope
