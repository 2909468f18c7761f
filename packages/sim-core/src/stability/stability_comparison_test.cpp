// Issue 7's comparison "why stability differs" on the small CLI test drive
// (80 MiB user capacity): the same drive with greedy vs cost-benefit GC,
// with and without background GC, with and without program/erase suspend,
// through the full stability flow (purge, 2x sequential precondition,
// rounds of the 4 KiB 70/30 mix to steady state). Only the directions
// measured to hold are asserted; the numbers are printed for the report.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "scenario/cli_json_for_test.h"
#include "stability/stability_flow.h"

namespace flashscope::stability {
namespace {

struct Variant {
  double read_p999_us = 0;
  double cv = 0;
  double mean_iops = 0;
};

Variant RunVariant(const std::string& name, const std::vector<std::string>& overrides) {
  const DeviceConfig device = ParseDeviceText(testing::kSmallDevice, "small.json", overrides);
  const StabilityResult r = RunStability(device, DefaultMeasureJobs(), {});
  Variant v;
  v.read_p999_us = r.read.p99_9_ns / 1e3;
  v.cv = r.cv.cv.value_or(0);
  v.mean_iops = r.cv.mean;
  std::printf("%-22s read p99.9 %8.1f us  cv %.3f  mean %.0f IOPS  rounds %zu\n", name.c_str(),
              v.read_p999_us, v.cv, v.mean_iops, r.rounds.size());
  return v;
}

TEST(StabilityComparison, SuspendCutsTheReadTailAndBackgroundGcNeedsIdleTime) {
  for (const char* seed : {"seed=1", "seed=2", "seed=3"}) {
    SCOPED_TRACE(seed);
    const Variant base = RunVariant("greedy, bg gc", {seed});
    const Variant cost_benefit =
        RunVariant("cost_benefit, bg gc", {seed, "gc.victim=\"cost_benefit\""});
    const Variant no_background = RunVariant("greedy, no bg gc", {seed, "gc.background=false"});
    const Variant suspend =
        RunVariant("greedy, suspend", {seed, "suspend.program=true", "suspend.erase=true"});
    // Reads no longer wait out tPROG/tBERS: the read tail shrinks (measured
    // 12.6 ms -> 5.0 ms at seed 1) ...
    EXPECT_LT(suspend.read_p999_us, 0.6 * base.read_p999_us);
    // ... while the suspended programs make the IOPS jitter more (CV 0.28 ->
    // 0.81 at seed 1): the host writes behind them stall in bursts.
    EXPECT_GT(suspend.cv, base.cv);
    // A closed-loop QD32 round leaves the dies no idle time, so background
    // GC never starts: identical results.
    EXPECT_EQ(no_background.read_p999_us, base.read_p999_us);
    EXPECT_EQ(no_background.cv, base.cv);
    // Cost-benefit keeps more valid data in its victims on this uniform
    // random mix: a longer read tail and fewer IOPS than greedy (seeds 1-3:
    // p99.9 14.0-15.0 ms vs 12.6 ms); its CV moves either way, so no claim.
    EXPECT_GT(cost_benefit.read_p999_us, base.read_p999_us);
    EXPECT_LT(cost_benefit.mean_iops, base.mean_iops);
  }
}

}  // namespace
}  // namespace flashscope::stability
