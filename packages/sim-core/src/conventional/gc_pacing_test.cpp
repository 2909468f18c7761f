// GC that keeps its reserve in timed runs, with either gc.pacing (issue 17,
// items 1 and 2), on the drive FlashScope was compared with MQSim on: the
// untimed preconditioning and the timed steady state right after it agree on
// WAF, the free pool never drops below what the reserve leaves, and GC always
// has a destination block, even with random GC on a larger drive.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

std::vector<JobSpec> RandomWrites(const DeviceConfig& config, uint64_t ios) {
  const FioJobFile file = ParseFioJobs(
      "[w]\nrw=randwrite\nnorandommap=1\nbs=4k\niodepth=32\nnumber_ios=" + std::to_string(ios) +
          "\n",
      "w.fio");
  return JobsFromFio(file, config, DeviceLayout::From(config));
}

struct TimedRun {
  double precondition_waf = 0;
  double timed_waf = 0;
  uint32_t min_plane_free = UINT32_MAX;  // sampled every 2 ms, per plane
  double mean_free = 0;                  // blocks per plane, over the samples
  double host_iops = 0;
};

// Fill, then two capacities of untimed random writes, then `capacity` of the
// logical space in timed 4 KiB random writes at QD32.
TimedRun RunTimed(DeviceConfig config, double capacity) {
  config.precondition.fill = 1;
  config.precondition.random_writes = 2;
  const DeviceLayout layout = DeviceLayout::From(config);
  const uint64_t ios = static_cast<uint64_t>(capacity * layout.logical_units);
  Simulator sim(config, RandomWrites(config, ios));
  sim.Precondition();
  TimedRun run;
  run.precondition_waf = sim.precondition_stats().waf;
  const NandCounters before = sim.counters();
  double free_sum = 0;
  uint64_t samples = 0;
  for (uint64_t t = 2'000'000; !sim.finished(); t += 2'000'000) {
    sim.Advance(t, UINT64_MAX);
    for (uint32_t plane = 0; plane < layout.planes; ++plane) {
      const uint32_t free_blocks = sim.ftl().FreeBlocks(plane);
      run.min_plane_free = std::min(run.min_plane_free, free_blocks);
      free_sum += free_blocks;
      ++samples;
    }
  }
  run.mean_free = free_sum / samples;
  const NandCounters delta = sim.counters() - before;
  const uint64_t host = delta.units_programmed[static_cast<uint32_t>(Cause::kHost)];
  const uint64_t programmed = host + delta.units_programmed[static_cast<uint32_t>(Cause::kGc)];
  run.timed_waf = static_cast<double>(programmed) / host;
  run.host_iops = ios / (sim.host_end_ns() * 1e-9);
  return run;
}

class GcReserve : public ::testing::TestWithParam<const char*> {};

TEST_P(GcReserve, TimedSteadyStateKeepsTheReserveAndMatchesThePreconditioningWaf) {
  DeviceConfig config = testing::ComparisonDrive();
  config.gc.pacing = GetParam();
  const DeviceLayout layout = DeviceLayout::From(config);
  ASSERT_EQ(layout.gc_reserve_blocks, 10u);
  const TimedRun run = RunTimed(config, 0.5);
  // Before the fix the timed run drained the pool to ~0.5 blocks a plane and
  // reported WAF 6.88 against the preconditioning's 8.79.
  EXPECT_NEAR(run.timed_waf / run.precondition_waf, 1.0, 0.03)
      << "precondition " << run.precondition_waf << " timed " << run.timed_waf;
  // Host blocks open only while the pool holds the reserve, as in the
  // untimed path, which leaves gc_reserve_blocks - 1 between GC runs; GC's
  // own destination block may take one more while a victim is emptied.
  // Measured: min 8, mean 8.42 (none) and 8.45 (proportional) blocks per
  // plane; before, 0.5.
  EXPECT_GE(run.min_plane_free, layout.gc_reserve_blocks - 2) << "mean " << run.mean_free;
  EXPECT_GE(run.mean_free, layout.gc_reserve_blocks - 1.75);
  std::printf(
      "pacing %s: precondition WAF %.3f, timed WAF %.3f, free per plane min %u mean %.2f, "
      "%.0f IOPS\n",
      GetParam(), run.precondition_waf, run.timed_waf, run.min_plane_free, run.mean_free,
      run.host_iops);
}

INSTANTIATE_TEST_SUITE_P(Pacing, GcReserve, ::testing::Values("none", "proportional"));

// Random GC picks victims with most of their units valid, four at a time
// per plane: on the 8 GiB TLC drive the host used to take the blocks their
// data needed ("GC has no destination block" before this change), and the
// untimed preconditioning could pick a block whose last wordline it was
// still filling (its units then moved into itself).
TEST(GcReserve, RandomGcAlwaysHasADestinationBlock) {
  for (const char* pacing : {"none", "proportional"}) {
    DeviceConfig config;
    config.file = "tlc-8g-like";
    config.cell = CellMode::kTlc;
    config.geometry = Geometry{4, 2, 2, 192, 192, 16384};
    config.overprovision = 0.07;
    config.write_buffer_bytes = 32 << 20;
    config.gc.victim = "random";
    config.gc.pacing = pacing;
    config.precondition.fill = 1;
    config.precondition.random_writes = 1;
    Simulator sim(config, RandomWrites(config, 400'000));
    sim.Precondition();
    ASSERT_NO_THROW(sim.RunToCompletion()) << pacing;
    EXPECT_EQ(sim.host().metrics(0).requests[1], 400'000u) << pacing;
    // Random GC copies most of what it collects: WAF far above greedy's.
    EXPECT_GT(sim.counters().units_programmed[static_cast<uint32_t>(Cause::kGc)],
              10 * sim.counters().units_programmed[static_cast<uint32_t>(Cause::kHost)])
        << pacing;
  }
}

}  // namespace
}  // namespace flashscope
