// Seed 001's two products: in steady state, sampled every second as nmon
// does there, one drive's IOPS varied with a CV of 8.46 %, the other's
// 0.75 %. The difference is how the firmware schedules GC: a client drive
// lets the free pool reach its reserve and then makes the host wait for GC
// (gc.pacing=none); an enterprise drive paces GC so it runs beside the
// host's writes, each carrying its share of the reclaim work
// (gc.pacing=proportional). The same drive, tlc-8g, through the whole
// stability flow with its default round (4 KiB random 70/30 at QD32), as
// `flashscope stability --series-interval-ms 1000` runs it. Runtime: about
// 20 s natively.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "schema/device_schema.h"
#include "stability/stability_flow.h"

namespace flashscope::stability {
namespace {

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

double CvAtOneSecond(const std::string& pacing, const std::string& seed) {
  const DeviceConfig device =
      LoadDevice("preset:tlc-8g", kPresets, {"gc.pacing=" + pacing, "seed=" + seed});
  StabilityOptions options;
  options.series_interval_ns = 1'000'000'000;  // --series-interval-ms 1000
  const StabilityResult r = RunStability(device, DefaultMeasureJobs(), options);
  EXPECT_TRUE(r.steady_state.reached) << pacing;
  EXPECT_GE(r.cv.samples, 50u) << pacing;  // five rounds of ~16 s
  return r.cv.cv.value_or(-1);
}

TEST(Seed001CvPair, PacedGcKeepsTlc8gIopsFlatWhereUnpacedGcJitters) {
  // Seeds 1-3 measured: paced 1.04 %, 0.98 %, 1.42 %; unpaced 4.23 %,
  // 3.88 %, 3.75 %. The best and the worst seed are run here.
  for (const char* seed : {"1", "3"}) {
    SCOPED_TRACE(seed);
    const double enterprise = CvAtOneSecond("proportional", seed);
    const double client = CvAtOneSecond("none", seed);
    std::printf("tlc-8g seed %s, 1 s sampling: CV %.2f %% paced, %.2f %% unpaced\n", seed,
                100 * enterprise, 100 * client);
    EXPECT_GT(enterprise, 0);
    EXPECT_LE(enterprise, 0.015);
    EXPECT_GT(client, 2.5 * enterprise);
  }
}

}  // namespace
}  // namespace flashscope::stability
