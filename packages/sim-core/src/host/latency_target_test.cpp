// LatencyTarget against fio's io_u.c lat_target_* arithmetic, on a model
// drive whose latency is 30 us per outstanding I/O (depth d: 30 d us).
#include "host/latency_target.h"

#include <gtest/gtest.h>

namespace flashscope {
namespace {

using Action = LatencyTarget::Action;
constexpr uint64_t kUs = 1000;
constexpr uint64_t kMs = 1'000'000;

LatencyTarget Target(uint64_t target_us, double percentile, bool run = false) {
  LatencyTarget target;
  target.Configure(LatencyTargetSpec{target_us * kUs, 1 * kMs, percentile, run}, 128);
  target.Start(0);
  return target;
}

// A target of 100 us, every I/O within it, 1 ms windows, iodepth 128:
// depth 1 (30 us) and 2 (60 us) pass and double; at 4 the first I/O
// (120 us) fails: back off to (4 + 2) / 2 = 3, quiescing; 3 (90 us)
// passes, and bisecting towards the failed 4 gives 3 again: the search is
// over, one more window runs at depth 3 (the final run), then the job stops.
TEST(LatencyTarget, SettlesOnTheDeepestDepthWithinTheTarget) {
  LatencyTarget target = Target(100, 100);
  EXPECT_TRUE(target.enabled());
  EXPECT_EQ(target.depth(), 1u);
  EXPECT_EQ(target.OnComplete(500 * kUs, 30 * kUs, true), Action::kNone);  // window not over
  EXPECT_EQ(target.OnComplete(1 * kMs, 30 * kUs, true), Action::kNone);
  EXPECT_EQ(target.depth(), 2u);
  EXPECT_EQ(target.OnComplete(2 * kMs, 60 * kUs, true), Action::kNone);
  EXPECT_EQ(target.depth(), 4u);
  EXPECT_EQ(target.OnComplete(2100 * kUs, 120 * kUs, true), Action::kQuiesce);
  EXPECT_EQ(target.depth(), 3u);
  EXPECT_TRUE(target.quiescing());
  // I/O still outstanding from depth 4 belongs to no cycle.
  EXPECT_EQ(target.OnComplete(2200 * kUs, 150 * kUs, true), Action::kNone);
  target.Quiesced(2300 * kUs);
  EXPECT_FALSE(target.quiescing());
  EXPECT_EQ(target.OnComplete(2800 * kUs, 90 * kUs, true), Action::kNone);
  EXPECT_EQ(target.OnComplete(3300 * kUs, 90 * kUs, true), Action::kFinalRun);
  EXPECT_TRUE(target.final_run());
  EXPECT_EQ(target.depth(), 3u);
  target.Quiesced(3400 * kUs);
  EXPECT_EQ(target.OnComplete(4400 * kUs, 90 * kUs, true), Action::kDone);
  EXPECT_EQ(target.depth(), 3u);
  // The I/O still outstanding when the job stops changes nothing (a third
  // success in a row would otherwise try depth 4 again).
  EXPECT_EQ(target.OnComplete(5500 * kUs, 90 * kUs, true), Action::kNone);
  EXPECT_EQ(target.depth(), 3u);
}

// latency_percentile=90: slow I/Os are counted, and only the window's share
// decides. At depth 4, 1 slow I/O in 10 (90 %) passes; at 8, 2 in 10 fails:
// back to (8 + 4) / 2 = 6.
TEST(LatencyTarget, APercentileJudgesTheWindowsShare) {
  LatencyTarget target = Target(100, 90);
  target.OnComplete(1 * kMs, 30 * kUs, true);  // 1 -> 2
  target.OnComplete(2 * kMs, 60 * kUs, true);  // 2 -> 4
  ASSERT_EQ(target.depth(), 4u);
  for (int i = 0; i < 9; ++i)
    EXPECT_EQ(target.OnComplete(2 * kMs + i, 90 * kUs, true), Action::kNone);
  EXPECT_EQ(target.OnComplete(3 * kMs, 200 * kUs, true), Action::kNone);  // 9 of 10 within
  EXPECT_EQ(target.depth(), 8u);
  for (int i = 0; i < 8; ++i) target.OnComplete(3 * kMs + i, 90 * kUs, true);
  target.OnComplete(3 * kMs + 8, 200 * kUs, true);
  EXPECT_EQ(target.OnComplete(4 * kMs, 200 * kUs, true), Action::kQuiesce);  // 8 of 10
  EXPECT_EQ(target.depth(), 6u);
}

// Every I/O must meet the target and one at depth 1 does not: nothing is
// left to back off to, and fio ends the job with "latency ... exceeds
// specified max". During the ramp no window is judged.
TEST(LatencyTarget, AFailureAtDepthOneIsFatalAndRampIsNotJudged) {
  LatencyTarget target = Target(100, 100);
  EXPECT_EQ(target.OnComplete(5 * kMs, 30 * kUs, false), Action::kNone);
  EXPECT_EQ(target.depth(), 1u);
  EXPECT_EQ(target.OnComplete(6 * kMs, 101 * kUs, true), Action::kFatal);
}

// latency_run=1 keeps adjusting: a success that leaves the depth unchanged
// (here the iodepth of 128 itself) starts another cycle, never a final run.
TEST(LatencyTarget, LatencyRunNeverStops) {
  LatencyTarget target = Target(10'000, 100, true);
  for (uint64_t w = 1; w <= 12; ++w) {
    EXPECT_EQ(target.OnComplete(w * kMs, 30 * kUs, true), Action::kNone) << w;
  }
  EXPECT_EQ(target.depth(), 128u);
  EXPECT_FALSE(target.final_run());
  // Off: the depth is the iodepth.
  LatencyTarget off;
  off.Configure(LatencyTargetSpec{}, 16);
  off.Start(0);
  EXPECT_FALSE(off.enabled());
  EXPECT_EQ(off.depth(), 16u);
}

}  // namespace
}  // namespace flashscope
