// The hybrid SLC cache against what its timing and capacities imply: where
// the cliff comes, how fast writes go on either side of it, how the dynamic
// part shrinks with fill, how fast idle migration drains it, and what the
// persistent cache keeps (seeds 000 and 003).
#include <gtest/gtest.h>

#include <string>

#include "config/device_config.h"
#include "conventional/controller_for_test.h"
#include "ftl/slc/i_slc_placement.h"
#include "schema/device_schema.h"
#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "util/input_error.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

constexpr uint64_t kMiB = 1ull << 20;

// 2 channels x 2 dies x 2 planes of QLC, 64 blocks of 256 16 KiB pages: a
// native block holds 4 MiB, a pSLC block 1 MiB, so 8 MiB of SLC per block
// on every plane. pSLC tPROG 200 us per page, QLC 3 ms per 4-page wordline.
DeviceConfig QlcDevice() {
  DeviceConfig c;
  c.file = "qlc-test";
  c.cell = CellMode::kQlc;
  c.geometry = Geometry{2, 2, 2, 64, 256, 16384};
  c.timing[1] = ModeTiming{30'000, 200'000, 3'500'000};
  c.timing[4] = ModeTiming{120'000, 3'000'000, 10'000'000};
  c.channel_mbps = 1200;
  c.host_mbps = 3500;
  c.overprovision = 0.1;
  // A small DRAM buffer: the host sees the cliff once the cache and then
  // the buffer are full (the effective cache size is their sum).
  c.write_buffer_bytes = 4 * kMiB;
  c.slc_cache.enabled = true;
  c.slc_cache.static_bytes = 64 * kMiB;
  return c;
}

// Runs `fio` on `device` (validated first) and returns the simulator.
std::unique_ptr<Simulator> RunFio(const DeviceConfig& device, const std::string& fio,
                                  uint64_t interval_ms = 20) {
  Validate(device);
  const FioJobFile jobs = ParseFioJobs(fio, "job.fio");
  SimOptions options;
  options.series_interval_ns = interval_ms * 1'000'000;
  auto sim = std::make_unique<Simulator>(
      device, JobsFromFio(jobs, device, DeviceLayout::From(device)), options);
  sim->Precondition();
  sim->RunToCompletion();
  return sim;
}

const char* kSeqWrite = "[w]\nrw=write\nbs=1m\niodepth=32\nsize=160m\n";

// Bounds from the timing: a die programs both planes at once (one transfer
// of both planes' data, then tPROG); 4 dies work in parallel.
double DieBoundMbps(double bytes_per_plane, double program_us) {
  const double transfer_us = 2 * bytes_per_plane / 1200.0;  // MB/s = bytes/us
  return 4 * 2 * bytes_per_plane / (program_us + transfer_us);
}

TEST(SlcCache, StaticCacheCliffComesWhereTheCacheEndsAndDropsToTheNativeBound) {
  const auto sim = RunFio(QlcDevice(), kSeqWrite);
  const SlcStats& slc = flashscope::testing::ControllerOf(*sim).slc_stats();
  ASSERT_TRUE(slc.cliff_seen);
  const double cliff_bytes = static_cast<double>(slc.first_cliff_host_units) * 4096;
  EXPECT_NEAR(cliff_bytes, 68.0 * kMiB, 0.05 * 68 * kMiB);

  // Throughput on either side, from the series (intervals wholly before or
  // after the cliff, while writing).
  const TimeSeries& s = sim->series();
  const double cliff_ms = slc.first_cliff_ns / 1e6;
  double before = 0, after = 0;
  int n_before = 0, n_after = 0;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s.t_ms[i] <= cliff_ms) {
      before += s.write_mbps[i];
      ++n_before;
    } else if (s.t_ms[i - 1] >= cliff_ms && s.write_mbps[i] > 0) {
      after += s.write_mbps[i];
      ++n_after;
    }
  }
  ASSERT_GT(n_before, 2);
  ASSERT_GT(n_after, 2);
  const double slc_bound = DieBoundMbps(16384, 200) / 1.048576;  // MiB -> MB: 1e6 bytes
  const double native_bound = DieBoundMbps(65536, 3000) / 1.048576;
  // In cache the pSLC program bound (~577 MB/s); after it the QLC one
  // (~169 MB/s): a 3.4x cliff.
  EXPECT_NEAR(before / n_before, slc_bound * 1.048576, 0.10 * slc_bound * 1.048576);
  EXPECT_NEAR(after / n_after, native_bound * 1.048576, 0.10 * native_bound * 1.048576);
}

TEST(SlcCache, DynamicCacheShrinksWithFillAsConfigured) {
  DeviceConfig device = QlcDevice();
  device.slc_cache.static_bytes = 16 * kMiB;
  device.slc_cache.dynamic_max_bytes = 128 * kMiB;
  device.slc_cache.dynamic_shrink_start = 0.25;
  device.slc_cache.dynamic_shrink_end = 0.75;
  // Logical capacity: 62 native blocks x 8 planes x 4 MiB / 1.1 = 1803 MiB.
  // The burst rewrites filled data (the fill stays put) except on the empty
  // drive, where 300 MiB raise the fill to 17 %, still below the start.
  // Effective cache: static + dynamic(fill) + the 4 MiB DRAM buffer.
  const struct {
    double fill;
    double expected_mib;
  } cases[] = {{0.0, 16 + 128 + 4}, {0.5, 16 + 64 + 4}, {0.8, 16 + 4}};
  double last = 1e18;
  for (const auto& c : cases) {
    device.precondition.fill = c.fill;
    const auto sim = RunFio(device, "[w]\nrw=write\nbs=1m\niodepth=32\nsize=300m\n");
    const SlcStats& slc = flashscope::testing::ControllerOf(*sim).slc_stats();
    ASSERT_TRUE(slc.cliff_seen) << c.fill;
    const double cliff_mib = slc.first_cliff_host_units * 4096.0 / kMiB;
    EXPECT_LT(cliff_mib, last) << "higher fill, earlier cliff";
    last = cliff_mib;
    EXPECT_NEAR(cliff_mib, c.expected_mib, 0.05 * c.expected_mib) << c.fill;
  }
}

TEST(SlcCache, DynamicCacheNeverExceedsTheFreeUserSpace) {
  DeviceConfig device = QlcDevice();
  device.slc_cache.static_bytes = 0;
  device.slc_cache.dynamic_max_bytes = 1024 * kMiB;  // more than the drive could lend
  device.precondition.fill = 0.9;
  Validate(device);
  Simulator sim(device, {});
  sim.Precondition();
  const SlcCache& cache = flashscope::testing::ControllerOf(sim).slc();
  const double free_user = (sim.layout().logical_units - sim.ftl().mapped_units()) * 4096.0;
  EXPECT_LE(cache.DynamicCapacityBytes(), free_user / 4);
  EXPECT_GT(cache.DynamicCapacityBytes(), 0.8 * free_user / 4 - 8 * kMiB);
}

// The most the dynamic part can be on a drive (the SLC card's "up to"):
// what an empty drive lends, so dynamic_max_bytes in whole pSLC blocks per
// plane (8 MiB rows here), and no more than the user space / bits.
TEST(SlcCache, DynamicMaxCapacityIsWhatAnEmptyDriveLends) {
  DeviceConfig device = QlcDevice();
  device.slc_cache.static_bytes = 0;
  const DeviceLayout layout = DeviceLayout::From(device);
  // 100 MiB is 12.5 rows of 8 pSLC blocks: 12 whole rows.
  device.slc_cache.dynamic_max_bytes = 100 * kMiB;
  EXPECT_EQ(SlcCache::DynamicMaxCapacityBytesOf(device.slc_cache, layout), 96 * kMiB);
  // 1 GiB is more than the drive could lend: 476,625 logical units of 4 KiB
  // (8 planes x 64 blocks x 1,024 units / 1.1) / 4 bits / 256 units per pSLC
  // block / 8 planes = 58 rows of 8 MiB.
  device.slc_cache.dynamic_max_bytes = 1024 * kMiB;
  EXPECT_EQ(SlcCache::DynamicMaxCapacityBytesOf(device.slc_cache, layout), 464 * kMiB);
  // The run on the empty drive starts with exactly that allowance.
  const auto sim = RunFio(device, "[w]\nrw=write\nbs=1m\niodepth=32\nsize=16m\n");
  const SlcFigures figures = sim->drive().slc_now();
  EXPECT_EQ(figures.dynamic_max_capacity_bytes, 464 * kMiB);
  EXPECT_EQ(figures.stats.dynamic_bytes_at_start, figures.dynamic_max_capacity_bytes);
  // Without a cache there is none.
  device.slc_cache.enabled = false;
  EXPECT_EQ(SlcCache::DynamicMaxCapacityBytesOf(device.slc_cache, layout), 0u);
}

TEST(SlcCache, IdleMigrationDrainsTheCacheAtTheRateTheTimingImplies) {
  // A 100 MiB burst fills the 64 MiB cache, then 2 s of quiet.
  const auto sim = RunFio(QlcDevice(),
                          "[w]\nrw=write\nbs=1m\niodepth=32\nsize=100m\n"
                          "[quiet]\nstonewall\nstartdelay=2s\nrw=read\nbs=4k\nnumber_ios=1\n");
  const SlcStats& slc = flashscope::testing::ControllerOf(*sim).slc_stats();
  EXPECT_EQ(slc.migrated_units * 4096, 64 * kMiB);  // everything folded
  EXPECT_EQ(sim->ftl().static_slc_written_units(), 0u);
  // Per die and 128 KiB folded (one QLC wordline on each plane): 8 pSLC page
  // reads (30 us + 16 KiB over the bus), one multi-plane QLC program (3 ms +
  // 128 KiB over the bus), and 2/16 of two pSLC erases (3.5 ms each).
  const double read_us = 8 * (30 + 16384 / 1200.0);
  const double program_us = 3000 + 131072 / 1200.0;
  const double erase_us = 2 * 3500 / 16.0;
  const double expected_mbps = 4 * 131072 / (read_us + program_us + erase_us);
  const TimeSeries& s = sim->series();
  double sum = 0;
  int n = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    const bool draining =
        s.write_mbps[i] == 0 && s.migration_bytes[i - 1] > 0 && s.migration_bytes[i] < 64.0 * kMiB;
    if (draining) {
      sum += s.slc_outflow_mbps[i];
      ++n;
    }
  }
  ASSERT_GT(n, 3);
  EXPECT_NEAR(sum / n, expected_mbps, 0.10 * expected_mbps);
  // The cache is back: a recovered event follows the exhausted one.
  EXPECT_GE(sim->event_log().count(SimEventKind::kCacheExhausted), 1u);
  EXPECT_EQ(sim->event_log().count(SimEventKind::kCacheRecovered),
            sim->event_log().count(SimEventKind::kCacheExhausted));
}

TEST(SlcCache, PersistentCacheSurvivesIdleAndIsFlushedAfterAFill) {
  DeviceConfig device = QlcDevice();
  device.slc_cache.persistent_bytes = 32 * kMiB;
  const char* quiet = "[quiet]\nstonewall\nstartdelay=2s\nrw=read\nbs=4k\nnumber_ios=1\n";
  {
    // 48 MiB written, never full: idle folds the oldest 16 MiB and keeps
    // the newest 32 MiB in pSLC.
    const auto sim =
        RunFio(device, std::string("[w]\nrw=write\nbs=1m\niodepth=32\nsize=48m\n") + quiet);
    EXPECT_FALSE(flashscope::testing::ControllerOf(*sim).slc_stats().cliff_seen);
    // Per plane, whole blocks: planes that took a block more keep one more.
    EXPECT_NEAR(flashscope::testing::ControllerOf(*sim).slc_stats().migrated_units * 4096.0,
                16.0 * kMiB, 2.0 * kMiB);
    EXPECT_NEAR(sim->ftl().slc_valid_units() * 4096.0, 32.0 * kMiB, 4.0 * kMiB);
    // Reading the newest data hits pSLC, the oldest native.
    const auto reads =
        RunFio(device, std::string("[w]\nrw=write\nbs=1m\niodepth=32\nsize=48m\n") + quiet +
                           "[new]\nstonewall\nrw=randread\nbs=4k\n"
                           "offset=16m\nsize=32m\nnumber_ios=500\n");
    const JobMetrics& m = reads->host().metrics(2);
    EXPECT_EQ(m.read_slc.count(), 500u);
    EXPECT_EQ(m.read_native.count(), 0u);
  }
  {
    // 100 MiB: the cache fills, so the next idle time empties it entirely.
    const auto sim =
        RunFio(device, std::string("[w]\nrw=write\nbs=1m\niodepth=32\nsize=100m\n") + quiet);
    EXPECT_TRUE(flashscope::testing::ControllerOf(*sim).slc_stats().cliff_seen);
    EXPECT_EQ(flashscope::testing::ControllerOf(*sim).slc_stats().persistent_flushes, 1u);
    EXPECT_EQ(sim->ftl().slc_valid_units(), 0u);
    EXPECT_EQ(flashscope::testing::ControllerOf(*sim).slc_stats().migrated_units * 4096, 64 * kMiB);
  }
}

TEST(SlcCache, ReadsOfFreshDataAreFasterThanReadsOfAgedData) {
  // Seed 000 Fig. 7: fresh data is read at pSLC latency, aged (migrated)
  // data at QLC latency: 30 us vs 120 us array reads here.
  DeviceConfig device = QlcDevice();
  device.precondition.fill = 0.5;  // aged data, already native
  const auto sim =
      RunFio(device,
             "[fresh]\nrw=write\nbs=1m\niodepth=32\nsize=32m\noffset=1000m\n"
             "[read-fresh]\nstonewall\nrw=randread\nbs=4k\noffset=1000m\nsize=32m\n"
             "number_ios=2000\n"
             "[read-aged]\nstonewall\nrw=randread\nbs=4k\nsize=500m\nnumber_ios=2000\n");
  const JobMetrics& fresh = sim->host().metrics(1);
  const JobMetrics& aged = sim->host().metrics(2);
  EXPECT_EQ(fresh.read_slc.count(), 2000u);
  EXPECT_EQ(aged.read_native.count(), 2000u);
  // tR + 4 KiB over the channel (3.4 us) + 4 KiB over the host link (1.2 us).
  EXPECT_NEAR(fresh.read_slc.Percentile(50) / 1e3, 30 + 3.4 + 1.2, 3);
  EXPECT_NEAR(aged.read_native.Percentile(50) / 1e3, 120 + 3.4 + 1.2, 5);
}

TEST(SlcCache, FoldThenWriteKeepsWritingIntoSlcAtTheFoldingRate) {
  DeviceConfig device = QlcDevice();
  const auto direct = RunFio(device, kSeqWrite);
  device.slc_cache.when_full = "fold-then-write";
  const auto fold = RunFio(device, kSeqWrite);
  EXPECT_GT(flashscope::testing::ControllerOf(*direct).slc_stats().host_units_to_native, 0u);
  EXPECT_EQ(flashscope::testing::ControllerOf(*fold).slc_stats().host_units_to_native, 0u);
  EXPECT_GT(flashscope::testing::ControllerOf(*fold).slc_stats().migrated_units * 4096, 90 * kMiB);
  // Folding costs a pSLC program, a pSLC read and a QLC program per unit:
  // slower than writing QLC directly.
  EXPECT_GT(fold->now_ns(), direct->now_ns() * 1.2);
  // Host writes wait while the controller folds: those stalls are
  // attributed to migration.
  EXPECT_GT(fold->event_log().stalls().migration_wait_ms, 0);
}

TEST(SlcCache, SizeSplitSendsLargeWritesStraightToNative) {
  DeviceConfig device = QlcDevice();
  device.write_buffer_bytes = 0;  // every unit is programmed by the end
  device.slc_cache.placement = "size_split";
  device.slc_cache.params.Set("size_split_bytes", uint64_t{128 * 1024});
  const auto sim = RunFio(device,
                          "[big]\nrw=write\nbs=1m\nsize=32m\n"
                          "[small]\nstonewall\nrw=randwrite\nbs=4k\nsize=32m\nnumber_ios=1000\n");
  const SlcStats& slc = flashscope::testing::ControllerOf(*sim).slc_stats();
  EXPECT_EQ(slc.host_units_to_native * 4096, 32 * kMiB);
  EXPECT_EQ(slc.host_units_to_slc, 1000u);
}

TEST(SlcCache, HyflexWritesNewDataNativelyOnlyWhileItGrowsFast) {
  DeviceConfig device = QlcDevice();
  device.slc_cache.placement = "hyflex";
  device.slc_cache.params.Set("hyflex_horizon_ms", uint64_t{500'000'000});  // ns
  // A fast stream of new data (~577 MB/s would fill 64 MiB in 0.1 s, inside
  // the horizon) goes native after the first growth window; rewrites of
  // the same 8 MiB do not grow valid data and stay in SLC.
  const auto sim = RunFio(device,
                          "[grow]\nrw=write\nbs=1m\niodepth=32\nsize=150m\n"
                          "[rewrite]\nstonewall\nstartdelay=1s\nrw=randwrite\nbs=4k\nsize=8m\n"
                          "number_ios=2000\n");
  const SlcStats& slc = flashscope::testing::ControllerOf(*sim).slc_stats();
  EXPECT_FALSE(slc.cliff_seen) << "HyFlex keeps the cache from running out";
  EXPECT_GT(slc.host_units_to_native * 4096, 60 * kMiB);
  EXPECT_EQ(sim->host().metrics(1).requests[1], 2000u);
  EXPECT_GE(slc.host_units_to_slc, 2000u);
}

TEST(SlcCache, HotReadsArePromotedIntoSlc) {
  DeviceConfig device = QlcDevice();
  device.precondition.fill = 0.2;  // native data
  device.slc_cache.read_promotion = true;
  device.slc_cache.promotion_reads = 2;
  // The same 64 units read three times: the second read promotes them, the
  // third finds them in pSLC.
  std::string fio = "";
  for (int pass = 0; pass < 3; ++pass) {
    fio += "[pass" + std::to_string(pass) + "]\n" + (pass ? "stonewall\n" : "") +
           "rw=read\nbs=4k\nsize=256k\n";
  }
  const auto sim = RunFio(device, fio);
  EXPECT_EQ(flashscope::testing::ControllerOf(*sim).slc_stats().promoted_units, 64u);
  EXPECT_EQ(sim->host().metrics(0).read_native.count(), 64u);
  EXPECT_EQ(sim->host().metrics(2).read_slc.count(), 64u);
  EXPECT_EQ(sim->counters().units_programmed[static_cast<uint32_t>(Cause::kMigration)], 64u);
}

TEST(SlcCache, PinnedSmallWritesStayInSlcThroughIdleMigration) {
  DeviceConfig device = QlcDevice();
  device.slc_cache.pin_small_bytes = 4096;
  const char* fio =
      "[small]\nrw=randwrite\nbs=4k\nsize=2m\nnumber_ios=300\n"
      "[big]\nstonewall\nrw=write\nbs=1m\niodepth=32\noffset=100m\nsize=30m\n"
      "[read-small]\nstonewall\nstartdelay=2s\nrw=randread\nbs=4k\nsize=2m\nnumber_ios=500\n";
  const auto pinned = RunFio(device, fio);
  // The big write is folded, except the blocks kept for the pinned data.
  EXPECT_GT(flashscope::testing::ControllerOf(*pinned).slc_stats().migrated_units * 4096,
            12 * kMiB);
  const JobMetrics& reads = pinned->host().metrics(2);
  EXPECT_EQ(reads.read_native.count(), 0u);
  EXPECT_GT(reads.read_slc.count(), 250u);  // the rest read unwritten units
  device.slc_cache.pin_small_bytes = 0;
  const auto unpinned = RunFio(device, fio);
  EXPECT_EQ(unpinned->host().metrics(2).read_slc.count(), 0u);
}

TEST(SlcCacheConfig, PlacementRegistryBuildsEveryOfferedName) {
  for (std::string_view name : SlcPlacementNames()) {
    EXPECT_NE(MakeSlcPlacement(name, SlcCacheConfig{}, 4096), nullptr) << name;
  }
  EXPECT_EQ(MakeSlcPlacement("lru", SlcCacheConfig{}, 4096), nullptr);
}

TEST(SlcCacheConfig, BadValuesAreExplained) {
  const auto error_of = [](const std::string& text) {
    try {
      ParseDeviceText(text, "dev.json", {});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_of("{\"cell\": \"qlc\",\n\"slc_cache\": {\"when_full\": \"fold\"}}"),
            "dev.json:2: unknown slc_cache.when_full \"fold\"; allowed: direct, fold-then-write");
  EXPECT_NE(error_of("{\"cell\": \"qlc\", \"slc_cache\": {\"static_bytes\": 1e12}}")
                .find("more than half"),
            std::string::npos);
  EXPECT_NE(error_of("{\"cell\": \"slc\", \"slc_cache\": {}}").find("multi-bit cell"),
            std::string::npos);
  EXPECT_EQ(error_of("{\"cell\": \"qlc\", \"slc_cache\": {\"dynamic_shrink_end\": 2}}"),
            "dev.json:1: slc_cache.dynamic_shrink_end must be in [0, 1] (a fraction of the "
            "logical capacity); got 2");
  EXPECT_EQ(error_of("{\"cell\": \"qlc\", \"slc_cache\": {\"static\": 1}}"),
            "dev.json:1: unknown key \"slc_cache.static\"");
}

}  // namespace
}  // namespace flashscope
