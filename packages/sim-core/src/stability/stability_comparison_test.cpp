// Issue 7's comparison "why stability differs": the same drive with greedy
// vs cost-benefit GC, with and without background GC, with and without
// program/erase suspend, and issue 17's client vs enterprise (GC in bursts
// vs paced GC) (StandardVariants()), through the full stability flow. Three
// measurements on the small CLI test drive, because each variant needs
// different conditions to show what it does:
//
//  - closed loop (the default 4 KiB 70/30 mix at QD32) on the small CLI
//    test drive: suspend and the GC victim policy, and why background GC
//    needs something else;
//  - paced (the same mix at rate_iops=1000, about 30 % of what the drive
//    sustains closed-loop) after one capacity of random preconditioning,
//    so every round runs on a drive in GC steady state with idle dies
//    between I/Os: CV measures jitter at a fixed load;
//  - bursty (1280 I/Os at QD32, then 1 s idle), where background GC has
//    the idle time to refill its reserve before the next burst.
//
// The paced and bursty runs use the small drive with 128 blocks of 48
// 4 KiB pages per plane (same 80 MiB): with 32 blocks per plane the 5 %
// background reserve rounds to the same 2 blocks as the foreground one
// and background GC could never start first. Only directions measured to
// hold on seeds 1-6 are asserted (the tests run 1-3); the numbers in the
// comments are from those runs, and each test prints its table.
//
// Client vs enterprise is shown where seed 001 measured it: 4 KiB random
// writes in steady state sampled every second (nmon), on the enterprise
// preset tlc-1tb-p4500-like. On the small drive at 10 ms the paced variant
// moves CV either way across seeds, so no claim on it there.
// Runtime: about 1 s natively for the three small-drive tests, ~13 s for
// client vs enterprise.
#include "stability/stability_comparison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "scenario/cli_json_for_test.h"
#include "schema/device_schema.h"

namespace flashscope::stability {
namespace {

// 2 ch x 2 planes x 128 blocks x 48 pages x 4 KiB / 1.2 = 80 MiB: foreground
// GC keeps 3 free blocks per plane, background GC 7.
const std::vector<std::string> kManyBlocks = {"geometry.blocks_per_plane=128",
                                              "geometry.page_bytes=4096"};

const char* const kPacedFio =
    "[global]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=32\nnorandommap\nrate_iops=1000\n"
    "[paced]\n";
const char* const kBurstyFio =
    "[global]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=32\nnorandommap\n"
    "thinktime=1s\nthinktime_blocks=1280\n[bursty]\n";

using Results = std::map<std::string, StabilityResult>;

Results Compare(const std::vector<std::string>& drive, const FioJobFile& measure,
                double random_precondition, const std::string& seed) {
  StabilityOptions options;
  options.random_precondition_capacity = random_precondition;
  const auto device_for = [&](const ComparisonVariant& variant) {
    std::vector<std::string> sets = drive;
    sets.push_back(seed);
    sets.insert(sets.end(), variant.overrides.begin(), variant.overrides.end());
    return ParseDeviceText(testing::kSmallDevice, "small.json", sets);
  };
  const std::vector<VariantResult> results =
      RunComparison(StandardVariants(), device_for, measure, options);
  const std::vector<std::string> notes =
      ComparisonNotes(device_for(StandardVariants().front()), measure, options);
  std::printf("%s, %s\n%s\n", measure.file.c_str(), seed.c_str(),
              ComparisonText(results, notes).c_str());
  Results by_name;
  for (const VariantResult& v : results) by_name[v.variant.name] = v.result;
  return by_name;
}

double ReadP999Us(const StabilityResult& r) { return r.read.p99_9_ns / 1e3; }
double WriteP999Us(const StabilityResult& r) { return r.write.p99_9_ns / 1e3; }
double ReadMeanUs(const StabilityResult& r) { return r.read.mean_ns / 1e3; }
double Cv(const StabilityResult& r) { return r.cv.cv.value_or(-1); }

TEST(StabilityComparison, ClosedLoopSuspendCutsTheReadTailButBackgroundGcNeverRuns) {
  const FioJobFile measure = DefaultMeasureJobs();
  for (const char* seed : {"seed=1", "seed=2", "seed=3"}) {
    SCOPED_TRACE(seed);
    Results r = Compare({}, measure, 0, seed);
    const StabilityResult& base = r["baseline"];
    const StabilityResult& suspend = r["suspend"];
    const StabilityResult& cost_benefit = r["cost_benefit"];
    const StabilityResult& no_background = r["no_background_gc"];
    ASSERT_TRUE(base.steady_state.reached);
    // Reads no longer wait out tPROG/tBERS: the read tail shrinks (seeds
    // 1-3: 12.6 ms -> 4.6-5.0 ms) ...
    EXPECT_LT(ReadP999Us(suspend), 0.6 * ReadP999Us(base));
    // ... but at QD32 the reads keep suspending programs, the write buffer
    // drains late and the host writes behind it stall in bursts: IOPS
    // jitter more and the write tail grows (83 -> 156 ms at seed 1, 66 ->
    // 125 ms at seed 3, with the GC reserve kept in timed runs).
    EXPECT_GT(Cv(suspend), 1.5 * Cv(base));
    EXPECT_GT(WriteP999Us(suspend), 1.5 * WriteP999Us(base));
    // The dies are never idle for gc.idle_us and, on 32 blocks per plane,
    // the background reserve is the foreground one (2 blocks): identical.
    EXPECT_EQ(ReadP999Us(no_background), ReadP999Us(base));
    EXPECT_EQ(Cv(no_background), Cv(base));
    // Cost-benefit takes older victims with more valid data on this
    // uniform random mix (no cold data to leave behind): it copies more
    // and serves fewer IOPS than greedy; its read tail and CV move either
    // way across seeds, so no claim on them.
    EXPECT_LT(cost_benefit.cv.mean, base.cv.mean);
  }
  const std::vector<std::string> notes = ComparisonNotes(
      ParseDeviceText(testing::kSmallDevice, "small.json", {}), measure, StabilityOptions{});
  ASSERT_EQ(notes.size(), 2u);  // closed loop; background reserve = foreground reserve
  EXPECT_NE(notes[0].find("closed-loop"), std::string::npos);
  EXPECT_NE(notes[1].find("same 2 free blocks per plane"), std::string::npos);
}

TEST(StabilityComparison, PacedSuspendSteadiesIopsAndBackgroundGcCostsWaf) {
  const FioJobFile measure = ParseFioJobs(kPacedFio, "paced.fio");
  for (const char* seed : {"seed=1", "seed=2", "seed=3"}) {
    SCOPED_TRACE(seed);
    Results r = Compare(kManyBlocks, measure, 1, seed);
    const StabilityResult& base = r["baseline"];
    const StabilityResult& suspend = r["suspend"];
    const StabilityResult& cost_benefit = r["cost_benefit"];
    const StabilityResult& no_background = r["no_background_gc"];
    for (const auto& [name, result] : r) {
      SCOPED_TRACE(name);
      // The rate holds: every variant keeps up, so mean IOPS says nothing
      // here; the random preconditioning put the drive in GC steady state
      // (window WAF 3.9-6.1, not the fresh drive's ~1).
      EXPECT_NEAR(result.cv.mean, 1000, 20);
      EXPECT_GT(WindowWaf(result), 3);
      // The 1 MiB write buffer takes almost every write at once; the
      // p99.9 may wait out a GC run restoring the reserve (up to 2.9 ms).
      EXPECT_LT(result.write.p99_ns / 1e3, 100);
      EXPECT_LT(WriteP999Us(result), 5000);
    }
    // Without suspend a read that meets a GC program or erase waits it out
    // (p99.9 11.5-12.9 ms at seeds 1-6), and the 10 ms intervals it spans
    // complete fewer I/Os, then the catch-up: CV 0.150-0.157. With suspend
    // it waits 20 us: p99.9 0.36-0.51 ms, CV 0.006-0.036. Unlike the closed
    // loop, nothing queues behind the slower programs: the buffer has room.
    EXPECT_LT(ReadP999Us(suspend), 0.1 * ReadP999Us(base));
    EXPECT_LT(Cv(suspend), 0.4 * Cv(base));
    // Background GC keeps 7 free blocks per plane instead of 3 whenever a
    // die idles for 1 ms, which at this rate is all the time: 4 blocks less
    // spare for garbage, victims with more valid data, WAF 5.3-5.5 vs
    // 3.9, so the dies spend more time on GC programs and the mean read
    // waits longer (1.96-2.09 ms vs 1.36-1.52 ms). Its p99.9 is the same
    // (one GC erase or program either way) and its CV only a little
    // higher (0.150-0.157 vs 0.136-0.148): not asserted.
    EXPECT_GT(WindowWaf(base), 1.2 * WindowWaf(no_background));
    EXPECT_GT(ReadMeanUs(base), 1.15 * ReadMeanUs(no_background));
    // Cost-benefit on uniform random data: more copying than greedy (WAF
    // 5.8-6.1 vs 5.3-5.5) and longer mean reads (2.17-2.32 ms vs
    // 1.96-2.09 ms).
    EXPECT_GT(WindowWaf(cost_benefit), 1.02 * WindowWaf(base));
    EXPECT_GT(ReadMeanUs(cost_benefit), ReadMeanUs(base));
  }
}

TEST(StabilityComparison, BurstyBackgroundGcRefillsTheReserveBetweenBursts) {
  const FioJobFile measure = ParseFioJobs(kBurstyFio, "bursty.fio");
  for (const char* seed : {"seed=1", "seed=2", "seed=3"}) {
    SCOPED_TRACE(seed);
    Results r = Compare(kManyBlocks, measure, 1, seed);
    const StabilityResult& base = r["baseline"];
    const StabilityResult& suspend = r["suspend"];
    const StabilityResult& no_background = r["no_background_gc"];
    // In each 1 s pause background GC frees 4 blocks per plane beyond the
    // foreground reserve (3 MiB on 4 planes); a burst writes 1.5 MiB, so
    // its writes drain from the 1 MiB buffer at full program speed with no
    // GC in the way. Without it every burst starts at the foreground
    // reserve: GC runs inside the burst, the buffer fills and host writes
    // wait (write p99.9 53-77 ms vs 12-14 us), reads queue behind GC
    // programs (p99.9 16.4-18.0 ms vs 12.8-15.9 ms), and the bursts take
    // longer: 1953-1986 IOPS vs 2074-2172 (seeds 1-3, with the
    // preconditioning flushed before round 1).
    EXPECT_LT(WriteP999Us(base), 1000);
    EXPECT_GT(WriteP999Us(no_background), 10'000);
    EXPECT_LT(ReadP999Us(base), ReadP999Us(no_background));
    EXPECT_GT(base.cv.mean, 1.04 * no_background.cv.mean);
    // (CV counts the idle intervals: higher with background GC, 2.17-2.30 vs
    // 1.62-1.65, only because its bursts end sooner. Not a jitter claim.)
    // Suspend still cuts the read tail (3.2-4.9 ms vs 13.2-14.2 ms).
    EXPECT_LT(ReadP999Us(suspend), 0.5 * ReadP999Us(base));
  }
}

const ComparisonVariant& Variant(const std::string& name) {
  for (const ComparisonVariant& variant : StandardVariants()) {
    if (variant.name == name) return variant;
  }
  throw std::logic_error("no variant " + name);
}

TEST(StabilityComparison, EveryVariantStatesPacingAndEnterpriseDiffersFromTheBaselineOnlyInIt) {
  for (const ComparisonVariant& variant : StandardVariants()) {
    const std::string expected =
        variant.name == "enterprise" ? "gc.pacing=proportional" : "gc.pacing=none";
    EXPECT_NE(std::find(variant.overrides.begin(), variant.overrides.end(), expected),
              variant.overrides.end())
        << variant.name;
  }
  std::vector<std::string> enterprise = Variant("enterprise").overrides;
  std::replace(enterprise.begin(), enterprise.end(), std::string("gc.pacing=proportional"),
               std::string("gc.pacing=none"));
  EXPECT_EQ(enterprise, Variant("baseline").overrides);
}

TEST(StabilityComparison, EnterprisePacedGcKeepsRandomWriteIopsFlatAtOneSecondSampling) {
  // Seed 001: two products' IOPS CV in steady state, 8.46 % and 0.75 %.
  const FioJobFile measure =
      ParseFioJobs("[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap\n", "rw.fio");
  StabilityOptions options;
  options.series_interval_ns = 1'000'000'000;
  const std::string presets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";
  const auto device_for = [&](const ComparisonVariant& variant) {
    return LoadDevice("preset:tlc-1tb-p4500-like", presets, variant.overrides);
  };
  const std::vector<VariantResult> results =
      RunComparison({Variant("baseline"), Variant("enterprise")}, device_for, measure, options);
  std::printf("%s\n", ComparisonText(results, {}).c_str());
  const StabilityResult& client = results[0].result;
  const StabilityResult& enterprise = results[1].result;
  ASSERT_TRUE(client.steady_state.reached);
  ASSERT_TRUE(enterprise.steady_state.reached);
  // At seed 1: client CV 14.9 % (29,227 IOPS), enterprise 0.45 % (28,555):
  // the client's host writes stall whenever the pool reaches the reserve,
  // the enterprise drive's wait a little before every write instead.
  EXPECT_LT(Cv(enterprise), 0.015);
  EXPECT_GT(Cv(client), 3 * Cv(enterprise));
  // Pacing starts GC a block before the reserve, so it runs beside the
  // host's writes: a little more copying (WAF 4.14 vs 3.69) for 2.3 % fewer
  // IOPS, the price of flat ones.
  EXPECT_GE(enterprise.cv.mean, 0.95 * client.cv.mean);
}

}  // namespace
}  // namespace flashscope::stability
