// The stability flow on the small CLI test drive (80 MiB user capacity):
// what preconditioning writes, how long a round is, that the FOB rounds are
// faster than the steady-state window, where the flow stops, and what it
// refuses.
#include "stability/stability_flow.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "scenario/cli_json_for_test.h"
#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope::stability {
namespace {

DeviceConfig SmallDevice() { return ParseDeviceText(testing::kSmallDevice, "small.json", {}); }

TEST(StabilityFlow, ByDefaultTheRandomPassesLeaveTheDriveInGcBeforeTheFirstRound) {
  const StabilityResult r = RunStability(SmallDevice(), DefaultMeasureJobs(), {});
  ASSERT_EQ(r.user_capacity_bytes, 80ull << 20);
  EXPECT_EQ(r.precondition_bytes, 2 * r.user_capacity_bytes);
  EXPECT_EQ(r.random_precondition_bytes, 2 * r.user_capacity_bytes);  // seed 001: two passes
  EXPECT_GT(r.random_precondition_waf, 3);
  ASSERT_TRUE(r.steady_state.reached);
  // No fresh-out-of-box rounds: the first is already paying for GC (WAF
  // 3.35), at 1.46x the window's IOPS where the sequential-only flow's
  // first round runs at 2.8x and WAF 1.16 (see the next test). It is not
  // slower still because on this drive the 1 MiB buffer holds a third of a
  // round's writes: round 1 starts with it empty (the preconditioning ends
  // with a flush) and leaves its last MiB to round 2.
  EXPECT_GT(r.rounds[0].waf, 3);
  EXPECT_LT(r.rounds[0].iops, 1.5 * r.steady_state.window.mean);
}

TEST(StabilityFlow, PreconditionsTwiceTheCapacityThenRoundsOfAnEighthUntilSteady) {
  StabilityOptions sequential_only;  // PTS WIPC alone: fresh-out-of-box rounds first
  sequential_only.random_precondition_capacity = 0;
  const StabilityResult r = RunStability(SmallDevice(), DefaultMeasureJobs(), sequential_only);
  // 2 ch x 2 planes x 32 blocks x 48 pages x 16 KiB / 1.2 = 80 MiB.
  ASSERT_EQ(r.user_capacity_bytes, 80ull << 20);
  EXPECT_EQ(r.precondition_bytes, 2 * r.user_capacity_bytes);
  EXPECT_LT(r.precondition_waf, 1.05);  // sequential overwrites: almost no GC copies
  ASSERT_TRUE(r.steady_state.reached);
  EXPECT_GE(r.steady_state.round, 5u);
  EXPECT_LE(r.steady_state.round, 25u);
  // The flow stops at the round that reaches steady state.
  EXPECT_EQ(r.rounds.size(), r.steady_state.round);
  EXPECT_EQ(r.steady_state.window.last_round, r.steady_state.round);
  EXPECT_EQ(r.steady_state.window.first_round, r.steady_state.round - 4);
  for (const RoundResult& round : r.rounds) {
    // io_size=12.5 %: 10 MiB of 4 KiB I/O, about 70 % of it reads.
    EXPECT_EQ(round.reads + round.writes, 2560u) << "round " << round.round;
    EXPECT_NEAR(static_cast<double>(round.reads) / 2560, 0.7, 0.05) << "round " << round.round;
  }
  // Fresh-out-of-box rounds run faster and with less GC than steady state.
  EXPECT_GT(r.rounds[0].iops, 1.5 * r.steady_state.window.mean);
  EXPECT_LT(r.rounds[0].waf, 1.5);
  EXPECT_GT(r.rounds.back().waf, 3);
  // CV and consistency read the 10 ms intervals wholly inside the window.
  const size_t inside = std::count(r.in_window.begin(), r.in_window.end(), true);
  EXPECT_EQ(r.cv.samples, inside);
  EXPECT_GE(inside, 100u);  // 5 rounds of ~0.29 s
  ASSERT_TRUE(r.cv.cv.has_value());
  EXPECT_GT(*r.cv.cv, 0);
  ASSERT_TRUE(r.consistency.value.has_value());
  // 0 exactly when a window interval completed nothing: the host waits out
  // GC runs that restore the reserve (gc.pacing=none).
  bool stalled_interval = false;
  for (size_t k = 0; k < r.iops.size(); ++k) stalled_interval |= r.in_window[k] && r.iops[k] == 0;
  EXPECT_EQ(*r.consistency.value == 0, stalled_interval);
  EXPECT_LE(*r.consistency.value, 1);
  EXPECT_NEAR(r.cv.mean, r.steady_state.window.mean, 0.1 * r.steady_state.window.mean);
  // Latencies are those of the window's rounds.
  EXPECT_EQ(r.read.count + r.write.count, 5u * 2560);
  EXPECT_EQ(r.t_ms.size(), r.iops.size());
  EXPECT_EQ(r.t_ms.size(), r.series_round.size());
  EXPECT_EQ(r.series_round.back(), r.steady_state.round);
}

TEST(StabilityFlow, StopsAtRoundsMaxWithoutSteadyState) {
  StabilityOptions options;
  options.rule.max_rounds = 3;
  const StabilityResult r = RunStability(SmallDevice(), DefaultMeasureJobs(), options);
  EXPECT_EQ(r.rounds.size(), 3u);
  EXPECT_FALSE(r.steady_state.reached);
  EXPECT_EQ(r.steady_state.window.first_round, 1u);
  EXPECT_EQ(r.steady_state.window.last_round, 3u);
  // Still measured: the three rounds' intervals and I/O.
  EXPECT_TRUE(r.cv.cv.has_value());
  EXPECT_EQ(r.read.count + r.write.count, 3u * 2560);
}

TEST(StabilityFlow, AJobFileWithItsOwnLengthKeepsIt) {
  const FioJobFile measure =
      ParseFioJobs("[w]\nrw=randwrite\nbs=4k\niodepth=8\nnumber_ios=1000\n", "measure.fio");
  StabilityOptions options;
  options.rule.max_rounds = 6;
  const StabilityResult r = RunStability(SmallDevice(), measure, options);
  ASSERT_FALSE(r.rounds.empty());
  for (const RoundResult& round : r.rounds) {
    EXPECT_EQ(round.writes, 1000u);
    EXPECT_EQ(round.reads, 0u);
  }
  // No reads: the read limit has nothing to judge.
  EXPECT_FALSE(r.qos.read_us.has_value());
  EXPECT_TRUE(r.qos.read_pass);
}

TEST(StabilityFlow, RefusesADeviceWithUntimedPreconditioning) {
  DeviceConfig device = SmallDevice();
  device.precondition.fill = 1;
  try {
    RunStability(device, DefaultMeasureJobs(), {});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "small.json");
    EXPECT_NE(e.problem().find("precondition.fill"), std::string::npos) << e.what();
  }
}

TEST(StabilityFlow, RandomPreconditioningPutsAPacedRunInGcSteadyState) {
  // At a fixed rate every round has the same IOPS, so the detector stops
  // at round 5 whatever state the drive is in.
  const FioJobFile paced = ParseFioJobs(
      "[paced]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=32\nnorandommap\nrate_iops=1000\n",
      "paced.fio");
  const auto window_waf = [](const StabilityResult& r) {
    double sum = 0;
    for (uint32_t k = r.steady_state.window.first_round; k <= r.steady_state.window.last_round;
         ++k) {
      sum += r.rounds[k - 1].waf;
    }
    return sum / 5;
  };
  // 128 blocks of 48 4 KiB pages per plane (80 MiB too): 21 spare blocks
  // per plane, most of them still free after the sequential
  // preconditioning (its overwrites free whole blocks).
  const DeviceConfig device = ParseDeviceText(
      testing::kSmallDevice, "small.json",
      {"geometry.blocks_per_plane=128", "geometry.page_bytes=4096", "gc.background=false"});
  StabilityOptions sequential_only;
  sequential_only.random_precondition_capacity = 0;
  const StabilityResult fresh = RunStability(device, paced, sequential_only);
  StabilityOptions options;
  options.random_precondition_capacity = 1;
  const StabilityResult aged = RunStability(device, paced, options);
  std::printf("window WAF: %.2f without, %.2f with one capacity of random writes (WAF %.2f)\n",
              window_waf(fresh), window_waf(aged), aged.random_precondition_waf);
  for (const StabilityResult* r : {&fresh, &aged}) {
    ASSERT_TRUE(r->steady_state.reached);
    EXPECT_EQ(r->steady_state.round, 5u);
  }
  EXPECT_EQ(fresh.random_precondition_bytes, 0u);
  EXPECT_EQ(aged.random_precondition_bytes, aged.user_capacity_bytes);
  EXPECT_GT(aged.random_precondition_end_ns, aged.precondition_end_ns);
  EXPECT_GE(aged.rounds[0].start_ns, aged.random_precondition_end_ns);
  EXPECT_GT(aged.random_precondition_waf, 2);  // random overwrites: GC copies
  // Without it the five rounds (19 % of the capacity written) mostly fill
  // those free blocks: window WAF 1.26 against 3.94 with it (measured).
  EXPECT_LT(window_waf(fresh), 2);
  EXPECT_GT(window_waf(aged), 3);
  const std::string json = StabilityJson(aged, false);
  EXPECT_NE(json.find("\"random\":{\"pattern\":\"random write, 4 KiB, QD32\""), std::string::npos);
  EXPECT_NE(StabilityJson(fresh, false).find("\"random\":null"), std::string::npos);

  options.random_precondition_capacity = 11;
  EXPECT_THROW(RunStability(device, paced, options), InputError);
}

TEST(StabilityFlow, SameInputsSameJson) {
  const std::string a = StabilityJson(RunStability(SmallDevice(), DefaultMeasureJobs(), {}), false);
  const std::string b = StabilityJson(RunStability(SmallDevice(), DefaultMeasureJobs(), {}), false);
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace flashscope::stability
