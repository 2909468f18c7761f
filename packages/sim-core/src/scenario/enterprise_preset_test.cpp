// The enterprise preset tlc-1tb-p4500-like against the public figures its
// `source` cites (Lenovo Press, Intel P4500 1.0 TB): 4 KiB random writes in
// steady state, the figure enterprise datasheets quote, measured the way
// they are (SNIA PTS: purge, 2x capacity of 128 KiB sequential writes, 2x
// capacity of 4 KiB random writes, then rounds until steady state), at QD32
// and sampled every second as seed 001's nmon. Its sequential-read figure
// is checked beside the other presets' in preset_sequential_read_test.cpp.
// Runtime: about 7 s natively.
#include <gtest/gtest.h>

#include <string>

#include "schema/device_schema.h"
#include "stability/stability_flow.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

TEST(EnterprisePreset, P4500LikeRandomWriteSteadyStateMatchesIntelsFigureAndStaysFlat) {
  const DeviceConfig device = LoadDevice("preset:tlc-1tb-p4500-like", kPresets, {});
  ASSERT_EQ(device.gc.pacing, "proportional");
  const FioJobFile measure =
      ParseFioJobs("[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap\n", "rw.fio");
  stability::StabilityOptions options;
  options.series_interval_ns = 1'000'000'000;  // 1 s, as nmon in seed 001
  const stability::StabilityResult r = stability::RunStability(device, measure, options);
  ASSERT_TRUE(r.steady_state.reached);
  // Intel: 30,500 IOPS of 4 KB random writes in steady state. Simulated
  // 28,555 at seed 1 (window WAF 4.1 with 20 % over-provisioning, the
  // figure the preset calibrates).
  EXPECT_GE(r.cv.mean, 0.85 * 30'500);
  EXPECT_LE(r.cv.mean, 1.15 * 30'500);
  // Paced GC keeps the host's IOPS flat from one second to the next
  // (CV 0.45 % at seed 1; the same drive with gc.pacing=none: 14.9 %).
  ASSERT_TRUE(r.cv.cv.has_value());
  EXPECT_LT(*r.cv.cv, 0.015);
}

}  // namespace
}  // namespace flashscope
