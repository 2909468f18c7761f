// The SNIA PTS steady-state rule, CV, Intel's consistency and the QoS
// verdict on synthetic series whose answers are worked out by hand.
#include "stability/steady_state.h"

#include <gtest/gtest.h>

#include <vector>

namespace flashscope::stability {
namespace {

TEST(SteadyState, FlatRoundsReachItAtTheFifthRound) {
  const SteadyState s = DetectSteadyState({100, 100, 100, 100, 100, 100});
  EXPECT_TRUE(s.reached);
  EXPECT_EQ(s.round, 5u);
  EXPECT_EQ(s.window.first_round, 1u);
  EXPECT_EQ(s.window.last_round, 5u);
  EXPECT_DOUBLE_EQ(s.window.mean, 100);
}

TEST(SteadyState, TheFirstWindowThatMeetsBothRulesAfterATransition) {
  // [1,5] and [2,6] hold the fall from 200 (range 100 and 51 of a ~120 mean).
  // [3,7] = 110 100 101 99 100: mean 102, range 11 <= 20.4; least-squares
  // slope -21/10 = -2.1 per round, excursion 2.1 * 4 = 8.4 <= 10.2.
  const SteadyState s = DetectSteadyState({200, 150, 110, 100, 101, 99, 100, 100, 101, 100});
  ASSERT_TRUE(s.reached);
  EXPECT_EQ(s.round, 7u);
  EXPECT_EQ(s.window.first_round, 3u);
  EXPECT_EQ(s.window.last_round, 7u);
  EXPECT_DOUBLE_EQ(s.window.mean, 102);
  EXPECT_DOUBLE_EQ(s.window.range, 11);
  EXPECT_NEAR(s.window.slope, -2.1, 1e-12);
  EXPECT_NEAR(s.window.slope_excursion, 8.4, 1e-12);
}

TEST(SteadyState, RangeRuleAloneFails) {
  // Symmetric about the middle round, so the fitted slope is 0 (rule b
  // holds), but the range is 30 % of the mean.
  const std::vector<double> values = {85, 115, 100, 115, 85};
  const WindowFit fit = FitWindow(values, 1, 5, {});
  EXPECT_FALSE(fit.range_ok);
  EXPECT_TRUE(fit.slope_ok);
  EXPECT_DOUBLE_EQ(fit.slope, 0);
  EXPECT_FALSE(DetectSteadyState(values).reached);
  // The same shape at exactly 20 % passes: "no more than" is <=.
  EXPECT_TRUE(DetectSteadyState({90, 110, 100, 110, 90}).reached);
}

TEST(SteadyState, SlopeRuleAloneFails) {
  // A steady climb of 4.5 a round: range 18 <= 20 % of 100 (rule a holds),
  // but the fitted line moves 4.5 * 4 = 18 > 10 % of the mean.
  const std::vector<double> values = {91, 95.5, 100, 104.5, 109};
  const WindowFit fit = FitWindow(values, 1, 5, {});
  EXPECT_TRUE(fit.range_ok);
  EXPECT_FALSE(fit.slope_ok);
  EXPECT_NEAR(fit.slope_excursion, 18, 1e-12);
  EXPECT_FALSE(DetectSteadyState(values).reached);
  // Half the climb (excursion 9) passes.
  EXPECT_TRUE(DetectSteadyState({95.5, 97.75, 100, 102.25, 104.5}).reached);
}

TEST(SteadyState, TooFewRoundsForAWindow) {
  const SteadyState s = DetectSteadyState({100, 100, 100, 100});
  EXPECT_FALSE(s.reached);
  EXPECT_EQ(s.round, 0u);
  // The window reported is the rounds there are.
  EXPECT_EQ(s.window.first_round, 1u);
  EXPECT_EQ(s.window.last_round, 4u);
  EXPECT_FALSE(DetectSteadyState({}).reached);
  EXPECT_EQ(DetectSteadyState({}).window.first_round, 0u);
}

TEST(SteadyState, RoundsAfterTheTwentyFifthAreNotLookedAt) {
  // Alternating 50/150 for 25 rounds, flat from round 26.
  std::vector<double> values;
  for (int r = 1; r <= 25; ++r) values.push_back(r % 2 ? 50 : 150);
  for (int r = 26; r <= 30; ++r) values.push_back(100);
  const SteadyState capped = DetectSteadyState(values);
  EXPECT_FALSE(capped.reached);
  EXPECT_EQ(capped.window.first_round, 21u);  // the last five rounds looked at
  EXPECT_EQ(capped.window.last_round, 25u);
  SteadyStateRule longer;
  longer.max_rounds = 30;
  const SteadyState uncapped = DetectSteadyState(values, longer);
  EXPECT_TRUE(uncapped.reached);
  EXPECT_EQ(uncapped.round, 30u);
  EXPECT_EQ(uncapped.window.first_round, 26u);
}

TEST(SteadyState, ZeroIopsIsNotSteady) { EXPECT_FALSE(DetectSteadyState({0, 0, 0, 0, 0}).reached); }

TEST(CoefficientOfVariation, SampleStandardDeviationOverTheMean) {
  // mean 12, sample stddev sqrt((4 + 0 + 4) / 2) = 2 (population: 1.633).
  const Dispersion d = CoefficientOfVariation({10, 12, 14});
  EXPECT_EQ(d.samples, 3u);
  EXPECT_DOUBLE_EQ(d.mean, 12);
  EXPECT_DOUBLE_EQ(d.stddev, 2);
  ASSERT_TRUE(d.cv.has_value());
  EXPECT_DOUBLE_EQ(*d.cv, 2.0 / 12);
  EXPECT_FALSE(CoefficientOfVariation({5}).cv.has_value());
  EXPECT_FALSE(CoefficientOfVariation({}).cv.has_value());
}

TEST(IntelConsistency, DropsTheLowestHundredthOfAPercent) {
  // 20 000 samples: floor(20 000 * 0.0001) = 2 dropped (the two 10s), so
  // the minimum kept is the 50.
  std::vector<double> samples(19997, 100.0);
  samples.push_back(10);
  samples.push_back(50);
  samples.push_back(10);
  const Consistency c = IntelConsistency(samples);
  EXPECT_EQ(c.samples, 20000u);
  EXPECT_EQ(c.dropped, 2u);
  EXPECT_DOUBLE_EQ(c.min_kept, 50);
  const double mean = (19997 * 100.0 + 70) / 20000;
  EXPECT_DOUBLE_EQ(c.mean, mean);
  EXPECT_DOUBLE_EQ(*c.value, 50 / mean);
  // The seed's example: minimum 10 000 over a mean of 11 000 is 90.9 %.
  // Below 10 000 samples nothing is dropped.
  const Consistency seed = IntelConsistency({10000, 11000, 11000, 12000});
  EXPECT_EQ(seed.dropped, 0u);
  EXPECT_NEAR(*seed.value, 10000.0 / 11000, 1e-12);
  EXPECT_FALSE(IntelConsistency({}).value.has_value());
}

TEST(Qos, TheSeedsLimitsOnTheMeanOrOnAPercentile) {
  LatencyHistogram read;
  LatencyHistogram write;
  for (int i = 0; i < 100; ++i) read.Record(500'000);  // 500 us
  for (int i = 0; i < 99; ++i) write.Record(100'000);  // 100 us ...
  write.Record(10'000'000);                            // ... and one of 10 ms
  // Mean write latency (99 * 100 + 10 000) / 100 = 199 us <= 200: passes.
  const QosVerdict mean = CheckQos(read, write, {});
  EXPECT_TRUE(mean.pass);
  EXPECT_DOUBLE_EQ(*mean.read_us, 500);
  EXPECT_DOUBLE_EQ(*mean.write_us, 199);
  // At p99.9 the 10 ms write is the answer (within fio's bucket width).
  QosLimits p999;
  p999.percentile = 99.9;
  const QosVerdict tail = CheckQos(read, write, p999);
  EXPECT_TRUE(tail.read_pass);
  EXPECT_FALSE(tail.write_pass);
  EXPECT_FALSE(tail.pass);
  EXPECT_NEAR(*tail.write_us, 10000, 10000 / 128.0);
  // No reads: nothing to exceed.
  const QosVerdict writes_only = CheckQos(LatencyHistogram{}, write, {});
  EXPECT_FALSE(writes_only.read_us.has_value());
  EXPECT_TRUE(writes_only.read_pass);
}

}  // namespace
}  // namespace flashscope::stability
