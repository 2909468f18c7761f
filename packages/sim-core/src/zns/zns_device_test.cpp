// The timed zoned drive as a user of `flashscope run` sees it: ordinary jobs
// run through the host FTL with the same WAF, GC counts and reclaimed GPs
// as the untimed host FTL on the same block stream; zonemode=zbd jobs write
// at write pointers within max_open_zones and reset full zones; reads of
// written data cost flash reads; traces replay; snapshots, the result JSON
// and the snapshot meta describe the zones.
#include "zns/zns_device.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <string>

#include "api/snapshot.h"
#include "api/snapshot_meta.h"
#include "host/list_source.h"
#include "report/result_json.h"
#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "sim/trace_jobs.h"
#include "trace/byte_input.h"
#include "util/input_error.h"
#include "util/json.h"
#include "util/rng.h"

namespace flashscope::zns {
namespace {

using flashscope::testing::ClosedLoop;
using flashscope::testing::Io;

DeviceConfig ZonedDevice() { return flashscope::testing::SmallZonedDevice(); }

// `count` writes of 1..4 blocks at random offsets, seeded.
std::vector<HostIo> RandomWrites(uint64_t logical_blocks, uint32_t count, uint64_t seed) {
  Rng rng(seed);
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t units = 1 + static_cast<uint32_t>(rng.Below(4));
    ios.push_back(Io(IoOp::kWrite, rng.Below(logical_blocks - units), units));
  }
  return ios;
}

// The untimed host FTL fed the blocks of `ios` in order.
HostFtlStats Untimed(const DeviceConfig& config, const std::vector<HostIo>& ios,
                     const FutureKnowledge* future = nullptr) {
  const DeviceLayout layout = DeviceLayout::From(config);
  ZoneStateMachine zones(ZonedLayout::From(config, layout).Geometry());
  HostFtlConfig ftl_config;
  ftl_config.logical_blocks = layout.logical_units;
  ftl_config.classes = config.zns.classes;
  ftl_config.gc_threshold = config.zns.gc_threshold;
  ftl_config.placement = config.zns.placement;
  ftl_config.gc_victim = config.zns.gc_victim;
  ZnsHostFtl ftl(ftl_config, zones);
  uint64_t index = 0;
  for (const HostIo& io : ios) {
    for (uint64_t b = io.offset_bytes / 4096; b < (io.offset_bytes + io.length_bytes) / 4096; ++b) {
      ftl.Write(b, future ? future->NextWrite(index) : kNeverWritten, 0);
      ++index;
    }
  }
  return ftl.stats();
}

json::Value ResultOf(const Simulator& sim, bool events = false) {
  RunInfo info;
  info.workload = "test";
  info.include_events = events;
  return json::Parse(RunResultJson(sim, info, false), "result");
}

std::vector<uint64_t> BlocksOf(const std::vector<HostIo>& ios) {
  std::vector<uint64_t> blocks;
  for (const HostIo& io : ios) {
    for (uint64_t b = io.offset_bytes / 4096; b < (io.offset_bytes + io.length_bytes) / 4096; ++b) {
      blocks.push_back(b);
    }
  }
  return blocks;
}

// The device's per-block validity agrees with the host FTL's map, zone by
// zone (what snapshots draw).
void ExpectMediaMatchesHostFtl(const Simulator& sim) {
  const ZnsDevice& device = *sim.drive().zoned();
  const ZonedLayout& zoned = device.zoned_layout();
  for (uint32_t z = 0; z < zoned.zone_count; ++z) {
    uint64_t valid = 0;
    for (uint32_t j = 0; j < zoned.blocks_per_zone; ++j) {
      valid += sim.ftl().valid_units(zoned.BlockOf(z, j));
    }
    ASSERT_EQ(valid, device.zone_valid_blocks(z)) << "zone " << z;
  }
}

// Timing changes nothing the host FTL decides: the timed device, with
// queued writes, GC reads and programs competing for dies, reports the WAF,
// GC count and the GP of every reclaimed zone the untimed host FTL reports
// for the same block stream.
TEST(ZnsDevice, TimedRunGivesTheUntimedHostFtlFigures) {
  for (const char* placement : {"normal", "sepbit", "bhbdp"}) {
    DeviceConfig config = ZonedDevice();
    config.zns.placement = placement;
    const DeviceLayout layout = DeviceLayout::From(config);
    ASSERT_EQ(layout.logical_units, 11702u);
    const std::vector<HostIo> ios = RandomWrites(layout.logical_units, 20000, 7);
    Simulator sim(config, ClosedLoop(ios, 8));
    sim.Precondition();
    sim.RunToCompletion();
    const HostFtlStats expected = Untimed(config, ios);
    const HostFtlStats& got = sim.drive().zoned()->host_ftl()->stats();
    EXPECT_EQ(got.user_blocks, expected.user_blocks) << placement;
    EXPECT_GT(expected.gc_count, 50u) << placement;  // GC ran a lot
    EXPECT_EQ(got.gc_blocks, expected.gc_blocks) << placement;
    EXPECT_EQ(got.gc_count, expected.gc_count) << placement;
    EXPECT_EQ(got.reclaimed_gp, expected.reclaimed_gp) << placement;
    EXPECT_GT(got.waf(), 1.0);
    ExpectMediaMatchesHostFtl(sim);

    // The result's zns object carries them.
    const json::Value result = ResultOf(sim);
    const json::Value& zns = *result.Find("zns");
    ASSERT_TRUE(zns.is_object());
    EXPECT_TRUE(zns.Find("host_ftl")->as_bool());
    EXPECT_EQ(zns.Find("placement")->as_string(), placement);
    EXPECT_EQ(zns.Find("zone_count")->as_number(), 64);
    EXPECT_NEAR(zns.Find("waf")->as_number(), expected.waf(), 1e-6);
    EXPECT_EQ(zns.Find("user_write_bytes")->as_number(), expected.user_blocks * 4096.0);
    EXPECT_EQ(zns.Find("gc_write_bytes")->as_number(), expected.gc_blocks * 4096.0);
    EXPECT_EQ(zns.Find("gc_count")->as_number(), expected.gc_count);
    EXPECT_EQ(zns.Find("logical_bytes")->as_number(), 11702.0 * 4096);
    const std::vector<json::Value>& gps = zns.Find("reclaimed_gp")->items();
    ASSERT_EQ(gps.size(), expected.reclaimed_gp.size());
    EXPECT_NEAR(gps[0].as_number(), expected.reclaimed_gp[0], 5e-5);
    ASSERT_EQ(zns.Find("class_stats")->items().size(), 7u);
    double class_user = 0;
    for (const json::Value& c : zns.Find("class_stats")->items()) {
      class_user += c.Find("user_write_bytes")->as_number();
    }
    EXPECT_EQ(class_user, expected.user_blocks * 4096.0);
    EXPECT_TRUE(zns.Find("zone_errors")->members().empty());
    // The run-level figures see the host FTL's GC.
    EXPECT_EQ(result.Find("gc")->Find("runs")->as_number(), expected.gc_count);
    EXPECT_EQ(result.Find("gc")->Find("units_moved")->as_number(), expected.gc_blocks);
    // GC cost flash reads and erases; user data programs.
    const NandCounters& nand = sim.counters();
    EXPECT_GT(nand.page_reads[static_cast<uint32_t>(Cause::kGc)], 0u);
    EXPECT_GT(nand.block_erases[static_cast<uint32_t>(Cause::kGc)], 0u);
    EXPECT_LE(nand.units_programmed[static_cast<uint32_t>(Cause::kHost)], expected.user_blocks);
    EXPECT_GT(nand.units_programmed[static_cast<uint32_t>(Cause::kHost)],
              expected.user_blocks - 256 * 2);
  }
}

// The series and the snapshot meta follow the host FTL: zns_waf ends at
// the run's WAF and the per-class WAFs sum to it; resets are events.
TEST(ZnsDevice, SeriesMetaAndEventsDescribeTheZones) {
  DeviceConfig config = ZonedDevice();
  config.zns.placement = "sepbit";
  const DeviceLayout layout = DeviceLayout::From(config);
  SimOptions options;
  options.series_interval_ns = 5'000'000;
  Simulator sim(config, ClosedLoop(RandomWrites(layout.logical_units, 12000, 3), 8), options);
  sim.RunToCompletion();
  const double waf = sim.drive().zoned()->waf();
  const json::Value result = ResultOf(sim, true);
  const json::Value& series = *result.Find("series");
  const size_t points = series.Find("t_ms")->items().size();
  ASSERT_GT(points, 3u);
  for (const char* column : {"zns_waf", "zns_gp", "zones_open", "zones_active", "zns_class_waf"}) {
    ASSERT_NE(series.Find(column), nullptr) << column;
    EXPECT_EQ(series.Find(column)->items().size(), points) << column;
  }
  EXPECT_NEAR(series.Find("zns_waf")->items().back().as_number(), waf, 1e-6);
  const std::vector<json::Value>& classes = series.Find("zns_class_waf")->items().back().items();
  ASSERT_EQ(classes.size(), 7u);
  double sum = 0;
  for (const json::Value& c : classes) sum += c.as_number();
  EXPECT_NEAR(sum, waf, 1e-5);
  for (const json::Value& open : series.Find("zones_open")->items()) {
    EXPECT_LE(open.as_number(), 14);
  }
  // Per-job series stay as they were.
  EXPECT_EQ(result.Find("jobs")->items()[0].Find("series")->Find("zns_waf"), nullptr);

  uint32_t resets = 0, gc_starts = 0;
  for (const json::Value& e : result.Find("events")->items()) {
    const std::string kind = e.Find("kind")->as_string();
    if (kind == "zone_reset") {
      ++resets;
      EXPECT_NE(e.Find("zone"), nullptr);
      EXPECT_NE(e.Find("class"), nullptr);
      EXPECT_GE(e.Find("gp")->as_number(), 0);
    } else if (kind == "gc_start") {
      ++gc_starts;
      EXPECT_NE(e.Find("zone"), nullptr);
      EXPECT_EQ(e.Find("block"), nullptr);
    }
  }
  // The result lists the newest kRetainedEvents events; the log counts all.
  EXPECT_GT(resets, 0u);
  EXPECT_GT(gc_starts, 0u);
  EXPECT_EQ(result.Find("events_total")->as_number(), sim.event_log().total());
  EXPECT_EQ(sim.event_log().count(SimEventKind::kZoneReset), sim.drive().zoned()->resets());
  EXPECT_EQ(sim.event_log().count(SimEventKind::kGcStart), sim.drive().zoned()->gc_runs());

  SnapshotMetaWriter writer;
  const json::Value meta = json::Parse(writer.Write(sim, 1), "meta");
  const json::Value& zns = *meta.Find("zns");
  ASSERT_TRUE(zns.is_object());
  const char* keys[] = {"zone_count",
                        "zone_capacity_blocks",
                        "max_open",
                        "max_active",
                        "classes",
                        "placement",
                        "gc_victim",
                        "open",
                        "active",
                        "resets",
                        "gc_count",
                        "waf",
                        "user_write_bytes",
                        "gc_write_bytes",
                        "state",
                        "wp",
                        "valid",
                        "class",
                        "gp_histogram",
                        "mean_reclaimed_gp",
                        "gc_zone",
                        "gc_targets",
                        "gc_sources"};
  ASSERT_EQ(zns.members().size(), std::size(keys));
  for (size_t i = 0; i < std::size(keys); ++i) EXPECT_EQ(zns.members()[i].first, keys[i]);
  EXPECT_EQ(zns.Find("state")->items().size(), 64u);
  EXPECT_EQ(zns.Find("gp_histogram")->items().size(), 20u);
  double reclaimed = 0;
  for (const json::Value& bin : zns.Find("gp_histogram")->items()) reclaimed += bin.as_number();
  EXPECT_EQ(reclaimed, sim.drive().zoned()->gc_runs());
  EXPECT_GE(zns.Find("gc_zone")->as_number(), 0);
  double valid = 0;
  for (const json::Value& v : zns.Find("valid")->items()) valid += v.as_number();
  EXPECT_LE(valid, layout.logical_units);
  EXPECT_NE(meta.Find("series")->Find("zns_class_waf"), nullptr);

  // The snapshot draws the zones' blocks: their valid units are the host
  // FTL's valid blocks.
  SnapshotBuilder snapshot;
  snapshot.Build(sim.ftl(), 1);
  ExpectMediaMatchesHostFtl(sim);
  uint64_t snapshot_valid = 0;
  for (uint32_t b = 0; b < layout.blocks; ++b) snapshot_valid += sim.ftl().valid_units(b);
  EXPECT_EQ(snapshot_valid, static_cast<uint64_t>(valid));
}

// Where GC's copies went, frame by frame: between two snapshot metas the
// zones in gc_targets received exactly the blocks GC relocated meanwhile,
// each target is a zone of a class GC writes to (Normal: only the last
// class; SepBIT: never the user classes 1 and 2), and gc_sources are the
// zones GC reclaimed meanwhile, the latest one the meta's gc_zone.
// The garbage-proportion chart's "mean GP" (docs/figures.md): the meta
// carries the exact mean GP of the zones GC reclaimed, the result's
// reclaimed_gp averaged, and null before GC reclaimed one. Taking each of
// the histogram's bins at its middle instead is off by more than the
// chart's two decimals can hide.
TEST(ZnsDevice, SnapshotMetaGivesTheExactMeanReclaimedGp) {
  DeviceConfig config = ZonedDevice();
  const DeviceLayout layout = DeviceLayout::From(config);
  Simulator sim(config, ClosedLoop(RandomWrites(layout.logical_units, 12000, 5), 8));
  SnapshotMetaWriter writer;
  json::Value meta = json::Parse(writer.Write(sim, 0), "meta");
  EXPECT_TRUE(meta.Find("zns")->Find("mean_reclaimed_gp")->is_null());
  sim.RunToCompletion();
  meta = json::Parse(writer.Write(sim, 1), "meta");
  const json::Value& zns = *meta.Find("zns");

  const json::Value result = ResultOf(sim);  // held: gps refers into it
  const std::vector<json::Value>& gps = result.Find("zns")->Find("reclaimed_gp")->items();
  ASSERT_GT(gps.size(), 100u);
  double sum = 0;
  for (const json::Value& gp : gps) sum += gp.as_number();
  const double exact = sum / static_cast<double>(gps.size());
  const double mean = zns.Find("mean_reclaimed_gp")->as_number();
  EXPECT_NEAR(mean, exact, 5e-5);  // the result's GPs have 4 decimals

  const std::vector<json::Value>& bins = zns.Find("gp_histogram")->items();
  double zones = 0, midpoints = 0;
  for (size_t i = 0; i < bins.size(); ++i) {
    zones += bins[i].as_number();
    midpoints += bins[i].as_number() * (i + 0.5) / static_cast<double>(bins.size());
  }
  EXPECT_EQ(zones, static_cast<double>(gps.size()));
  std::printf("mean reclaimed GP %.4f over %zu zones; bin midpoints %.4f\n", mean, gps.size(),
              midpoints / zones);
}

TEST(ZnsDevice, SnapshotMetaSaysWhereGcCopiedTo) {
  for (const char* placement : {"normal", "sepbit"}) {
    DeviceConfig config = ZonedDevice();
    config.zns.placement = placement;
    const DeviceLayout layout = DeviceLayout::From(config);
    Simulator sim(config, ClosedLoop(RandomWrites(layout.logical_units, 12000, 5), 8));
    const ZnsDevice& device = *sim.drive().zoned();
    const HostFtlStats& stats = device.host_ftl()->stats();
    SnapshotMetaWriter writer;
    json::Value meta = json::Parse(writer.Write(sim, 0), "meta");
    EXPECT_TRUE(meta.Find("zns")->Find("gc_targets")->items().empty());
    EXPECT_TRUE(meta.Find("zns")->Find("gc_sources")->items().empty());

    uint32_t frames_with_gc = 0, frames_without_gc = 0;
    uint64_t blocks_in_targets = 0;
    for (uint32_t frame = 1; !sim.finished(); ++frame) {
      const uint64_t gc_blocks_before = device.gc_blocks();
      const uint64_t gc_runs_before = device.gc_runs();
      std::vector<uint64_t> class_gc_before;
      for (const ZoneClassStats& c : stats.classes) class_gc_before.push_back(c.gc_blocks);
      sim.Advance(UINT64_MAX, 3000);
      meta = json::Parse(writer.Write(sim, frame), "meta");
      const json::Value& zns = *meta.Find("zns");
      const uint64_t moved = device.gc_blocks() - gc_blocks_before;
      const uint64_t reclaimed = device.gc_runs() - gc_runs_before;

      const std::vector<json::Value>& targets = zns.Find("gc_targets")->items();
      ASSERT_LE(targets.size(), kGcFlowZones);
      uint64_t sum = 0;
      for (size_t i = 0; i < targets.size(); ++i) {
        const uint32_t zone = static_cast<uint32_t>(targets[i].items()[0].as_number());
        const uint64_t blocks = static_cast<uint64_t>(targets[i].items()[1].as_number());
        EXPECT_GT(blocks, 0u);
        if (i > 0) {
          EXPECT_LE(blocks, targets[i - 1].items()[1].as_number()) << "most first";
        }
        sum += blocks;
        // The zone's class now is one GC wrote to in this stretch.
        const uint32_t cls = device.zone_class(zone);
        ASSERT_GE(cls, 1u) << placement << " zone " << zone;
        EXPECT_GT(stats.classes[cls - 1].gc_blocks, class_gc_before[cls - 1])
            << placement << " zone " << zone << " class " << cls;
        if (std::string(placement) == "normal") {
          EXPECT_EQ(cls, config.zns.classes);
        } else {
          EXPECT_GE(cls, 3u);  // sepbit
        }
      }
      EXPECT_EQ(sum, moved) << placement << " frame " << frame;
      blocks_in_targets += sum;

      const std::vector<json::Value>& sources = zns.Find("gc_sources")->items();
      EXPECT_EQ(sources.size(), std::min<uint64_t>(reclaimed, kGcFlowZones));
      if (!sources.empty()) {
        EXPECT_EQ(sources.back().as_number(), zns.Find("gc_zone")->as_number());
      }
      if (reclaimed > 0) {
        ++frames_with_gc;
      } else {
        ++frames_without_gc;
        EXPECT_TRUE(targets.empty());
      }
    }
    // GC ran in most stretches (not before the zones first filled), and
    // every relocated block was reported exactly once.
    EXPECT_GT(frames_with_gc, 10u) << placement;
    EXPECT_GT(frames_without_gc, 0u) << placement;
    EXPECT_EQ(blocks_in_targets, stats.gc_blocks) << placement;
    EXPECT_GT(stats.gc_blocks, 0u) << placement;
  }
}

// A read of written data is a flash read (tR and the transfer); of data
// never written, an immediate answer counted as unwritten.
TEST(ZnsDevice, ReadsOfWrittenDataCostAFlashRead) {
  DeviceConfig config = ZonedDevice();
  std::vector<HostIo> ios;
  for (uint32_t b = 0; b < 512; b += 4) ios.push_back(Io(IoOp::kWrite, b, 4));
  // Far from the writes in time: the data has left the buffer.
  for (uint32_t b = 0; b < 64; ++b) ios.push_back(Io(IoOp::kRead, b, 1, 100'000'000));
  ios.push_back(Io(IoOp::kRead, 10000, 2, 200'000'000));  // never written
  std::vector<JobSpec> jobs(1);
  jobs[0].name = "rw";
  jobs[0].iodepth = 0;
  jobs[0].source = std::make_unique<ListSource>(ios);
  Simulator sim(config, std::move(jobs));
  sim.RunToCompletion();
  const NandCounters& nand = sim.counters();
  EXPECT_EQ(nand.page_reads[static_cast<uint32_t>(Cause::kHost)], 64u);  // 4 KiB pages
  EXPECT_EQ(sim.front_end().unwritten_read_units(), 2u);
  const LatencyHistogram& reads = sim.host().metrics(0).latency[0];
  ASSERT_EQ(reads.count(), 65u);
  EXPECT_GE(reads.Percentile(50), config.TimingFor(CellMode::kMlc).read_ns);
  EXPECT_EQ(ResultOf(sim).Find("unwritten_read_bytes")->as_number(), 2 * 4096);
}

// Data still in the write buffer is read from DRAM, not flash.
TEST(ZnsDevice, ReadsOfBufferedDataComeFromDram) {
  DeviceConfig config = ZonedDevice();
  // One block: its wordline (2 blocks) never fills, so it stays staged.
  std::vector<HostIo> ios = {Io(IoOp::kWrite, 42, 1, 0), Io(IoOp::kRead, 42, 1, 1'000'000)};
  std::vector<JobSpec> jobs(1);
  jobs[0].name = "rw";
  jobs[0].iodepth = 0;
  jobs[0].source = std::make_unique<ListSource>(ios);
  Simulator sim(config, std::move(jobs));
  sim.RunToCompletion();
  EXPECT_EQ(sim.counters().TotalReads(), 0u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 0u);
  EXPECT_EQ(sim.front_end().unwritten_read_units(), 0u);
  EXPECT_EQ(sim.drive().zoned()->buffer_used_units(), 1u);
  // The end of the run leaves it there (a zone's partial wordline waits for
  // its zone's next writes) and says so (issue 14).
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 4096u);
  EXPECT_EQ(sim.end_of_run().held_bytes, 4096u);
  EXPECT_EQ(sim.end_of_run().end_ns, sim.end_of_run().host_end_ns);
}

// Trimmed blocks stop being valid in the host FTL and on the media.
TEST(ZnsDevice, TrimInvalidates) {
  DeviceConfig config = ZonedDevice();
  std::vector<HostIo> ios;
  for (uint32_t b = 0; b < 64; b += 8) ios.push_back(Io(IoOp::kWrite, b, 8));
  ios.push_back(Io(IoOp::kTrim, 0, 16));
  Simulator sim(config, ClosedLoop(ios, 1));
  sim.RunToCompletion();
  EXPECT_EQ(sim.drive().zoned()->host_ftl()->stats().trimmed_blocks, 16u);
  EXPECT_EQ(sim.drive().zoned()->host_ftl()->Lookup(3).zone, kNoZone);
  ExpectMediaMatchesHostFtl(sim);
}

std::vector<JobSpec> FioJobs(const std::string& text, const DeviceConfig& config) {
  const FioJobFile file = ParseFioJobs(text, "zbd.fio");
  return JobsFromFio(file, config, DeviceLayout::From(config));
}

// fio zonemode=zbd, sequential: the namespace written twice; each pass
// lands at the write pointers, and the second resets every full zone
// first. No command is refused and no data is relocated (WAF 1).
TEST(ZnsDevice, ZbdSequentialWritesFillZonesAndResetThem) {
  DeviceConfig config = ZonedDevice();
  const std::vector<JobSpec> probe = FioJobs("[seq]\nrw=write\nbs=64k\nzonemode=zbd\n", config);
  ASSERT_TRUE(probe[0].zbd);
  Simulator sim(config, FioJobs("[seq]\nrw=write\nbs=64k\nzonemode=zbd\nloops=2\n", config));
  sim.RunToCompletion();
  const ZnsDevice& device = *sim.drive().zoned();
  EXPECT_EQ(device.host_ftl(), nullptr);
  const uint64_t namespace_blocks = 64 * 256;
  EXPECT_EQ(device.user_blocks(), 2 * namespace_blocks);
  EXPECT_EQ(device.resets(), 64u);
  EXPECT_EQ(device.waf(), 1.0);
  for (ZnsStatus status : kRefusalStatuses) EXPECT_EQ(device.zone_errors(status), 0u);
  for (const Zone& zone : device.zones().zones()) EXPECT_EQ(zone.state, ZoneState::kFull);
  // Every block of every zone is programmed, and every zone block erased
  // once: 64 zones x 4 blocks.
  EXPECT_EQ(sim.counters().block_erases[static_cast<uint32_t>(Cause::kHost)], 256u);
  EXPECT_EQ(sim.counters().units_programmed[static_cast<uint32_t>(Cause::kHost)],
            2 * namespace_blocks);
  for (uint32_t b = 0; b < sim.layout().blocks; ++b) {
    EXPECT_EQ(sim.ftl().state(b), BlockState::kFull);
    EXPECT_EQ(sim.ftl().valid_units(b), 64u);
  }
  const json::Value zns = *ResultOf(sim).Find("zns");
  EXPECT_FALSE(zns.Find("host_ftl")->as_bool());
  EXPECT_EQ(zns.Find("resets")->as_number(), 64);
  EXPECT_TRUE(zns.Find("zone_errors")->members().empty());
  EXPECT_TRUE(zns.Find("class_stats")->items().empty());
}

// fio zonemode=zbd, random: every write goes to a write pointer of at most
// max_open_zones open zones, so the device never refuses one.
TEST(ZnsDevice, ZbdRandomWritesStayWithinMaxOpenZones) {
  DeviceConfig config = ZonedDevice();
  SimOptions options;
  options.series_interval_ns = 50'000;
  Simulator sim(config,
                FioJobs("[rand]\nrw=randwrite\nbs=4k\nzonemode=zbd\nmax_open_zones=4\n"
                        "iodepth=4\nio_size=120m\n",
                        config),
                options);
  uint32_t most_open = 0;
  while (sim.Advance(UINT64_MAX, 500) != StopReason::kFinished) {
    most_open = std::max(most_open, sim.drive().zoned()->zones().open_zones());
  }
  const ZnsDevice& device = *sim.drive().zoned();
  EXPECT_LE(most_open, 4u);
  EXPECT_GE(most_open, 2u);
  for (const double open : sim.series().zones_open) EXPECT_LE(open, 4);
  for (ZnsStatus status : kRefusalStatuses) EXPECT_EQ(device.zone_errors(status), 0u);
  EXPECT_EQ(device.user_blocks(), 30720u);
  // 30720 blocks are more than the 64 zones' 16384: full zones were reset
  // to take more.
  EXPECT_GT(device.resets(), 0u);
  // Each written block is valid on the media exactly where its zone's
  // write pointer put it.
  uint64_t written = 0;
  for (const Zone& zone : device.zones().zones()) written += zone.written_lbas();
  uint64_t valid = 0;
  for (uint32_t b = 0; b < sim.layout().blocks; ++b) valid += sim.ftl().valid_units(b);
  EXPECT_EQ(valid, written);
}

TEST(ZnsDevice, ZbdAndOrdinaryJobsDoNotMix) {
  DeviceConfig config = ZonedDevice();
  std::vector<JobSpec> jobs = FioJobs(
      "[zbd]\nrw=write\nbs=64k\nzonemode=zbd\n[plain]\nrw=randwrite\nbs=4k\nnumber_ios=10\n",
      config);
  try {
    Simulator sim(config, std::move(jobs));
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not both"), std::string::npos) << e.what();
  }
}

// Alibaba and Tencent block traces replay on a zoned drive through its
// host FTL.
TEST(ZnsDevice, TracesReplayOnAZonedDrive) {
  for (const char* name : {"alibaba-io_traces.txt", "tencent-cbs.txt"}) {
    DeviceConfig config = ZonedDevice();
    const DeviceLayout layout = DeviceLayout::From(config);
    const std::string path =
        std::string(FLASHSCOPE_REPO_ROOT) + "/packages/sim-core/testdata/traces/" + name;
    TraceJob trace = JobFromTrace(OpenFileInput(path), TraceOptions{}, layout);
    std::vector<JobSpec> jobs;
    jobs.push_back(std::move(trace.job));
    Simulator sim(config, std::move(jobs));
    sim.RunToCompletion();
    ASSERT_TRUE(sim.finished()) << name;
    EXPECT_GT(trace.source->requests(IoOp::kWrite), 0u) << name;
    EXPECT_GT(sim.drive().zoned()->user_blocks(), 0u) << name;
    EXPECT_EQ(sim.host().metrics(0).requests[1], trace.source->requests(IoOp::kWrite)) << name;
    ExpectMediaMatchesHostFtl(sim);
    const json::Value result = ResultOf(sim);
    EXPECT_TRUE(result.Find("zns")->is_object()) << name;
  }
}

// fk / zbopt read the job's stream ahead: the timed run equals the untimed
// host FTL given the same future.
TEST(ZnsDevice, FutureKnowledgePlacementsReadTheStreamAhead) {
  DeviceConfig config = ZonedDevice();
  config.zns.placement = "fk";
  const DeviceLayout layout = DeviceLayout::From(config);
  const std::vector<HostIo> ios = RandomWrites(layout.logical_units, 12000, 11);
  SimOptions options;
  options.jobs_again = [&ios] { return ClosedLoop(ios, 8); };
  Simulator sim(config, ClosedLoop(ios, 8), options);
  sim.RunToCompletion();
  const FutureKnowledge future = FutureKnowledge::FromBlocks(BlocksOf(ios), layout.logical_units);
  const HostFtlStats expected = Untimed(config, ios, &future);
  EXPECT_EQ(sim.drive().zoned()->host_ftl()->stats().gc_blocks, expected.gc_blocks);
  EXPECT_EQ(sim.drive().zoned()->host_ftl()->stats().reclaimed_gp, expected.reclaimed_gp);

  // Two concurrent jobs: no one future.
  std::vector<JobSpec> two = ClosedLoop(ios, 8);
  std::vector<JobSpec> second = ClosedLoop(ios, 8);
  second[0].name = "second";
  two.push_back(std::move(second[0]));
  try {
    Simulator bad(config, std::move(two), options);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("placement fk needs its jobs to run one after another: "
                                         "job 'second' runs alongside an earlier one"),
              std::string::npos)
        << e.what();
  }
  // No way to read the stream twice.
  EXPECT_THROW(Simulator(config, ClosedLoop(ios, 8)), InputError);
}

// A fill job, then the measured job after it: the usual experiment.
std::vector<HostIo> SequentialFill(uint64_t logical_blocks) {
  std::vector<HostIo> ios;
  for (uint64_t b = 0; b < logical_blocks; b += 8) {
    ios.push_back(
        Io(IoOp::kWrite, b, static_cast<uint32_t>(std::min<uint64_t>(8, logical_blocks - b))));
  }
  return ios;
}

std::vector<JobSpec> FillThenMeasure(const std::vector<HostIo>& fill,
                                     const std::vector<HostIo>& measure, bool stonewall) {
  std::vector<JobSpec> jobs = ClosedLoop(fill, 8);
  jobs[0].name = "fill";
  std::vector<JobSpec> second = ClosedLoop(measure, 8);
  second[0].name = "measure";
  second[0].stonewall = stonewall;
  jobs.push_back(std::move(second[0]));
  return jobs;
}

struct ZnsRun {
  uint64_t user_blocks = 0;
  uint64_t gc_blocks = 0;
  double waf = 0;
};

SimOptions WithJobsAgain(const std::function<std::vector<JobSpec>()>& jobs) {
  SimOptions options;
  options.jobs_again = jobs;
  return options;
}

ZnsRun RunJobs(const DeviceConfig& config, const std::function<std::vector<JobSpec>()>& jobs,
               bool precondition = true) {
  const SimOptions options = WithJobsAgain(jobs);
  Simulator sim(config, jobs(), options);
  if (precondition) sim.Precondition();
  sim.RunToCompletion();
  EXPECT_TRUE(sim.finished());
  ExpectMediaMatchesHostFtl(sim);
  const HostFtlStats& stats = sim.drive().zoned()->host_ftl()->stats();
  return ZnsRun{stats.user_blocks, stats.gc_blocks, sim.drive().zoned()->waf()};
}

// Stonewalled jobs run one after another: fk and zbopt know the future
// across the whole sequence, so a fill + measure pair runs as the single
// job of the two streams end to end does, and no worse than normal.
TEST(ZnsDevice, FutureKnowledgeSpansStonewalledJobs) {
  for (const char* placement : {"fk", "zbopt"}) {
    DeviceConfig config = ZonedDevice();
    const DeviceLayout layout = DeviceLayout::From(config);
    const std::vector<HostIo> fill = SequentialFill(layout.logical_units);
    const std::vector<HostIo> measure = RandomWrites(layout.logical_units, 12000, 11);
    std::vector<HostIo> both = fill;
    both.insert(both.end(), measure.begin(), measure.end());
    const auto pair = [&] { return FillThenMeasure(fill, measure, true); };

    const ZnsRun normal = RunJobs(config, pair);
    config.zns.placement = placement;
    const ZnsRun two = RunJobs(config, pair);
    const ZnsRun one = RunJobs(config, [&] { return ClosedLoop(both, 8); });
    EXPECT_EQ(two.user_blocks, layout.logical_units + BlocksOf(measure).size()) << placement;
    EXPECT_GT(normal.gc_blocks, 0u) << placement;
    EXPECT_LE(two.waf, normal.waf) << placement;
    EXPECT_LT(two.gc_blocks, normal.gc_blocks) << placement;
    EXPECT_EQ(two.gc_blocks, one.gc_blocks) << placement;
    EXPECT_EQ(two.waf, one.waf) << placement;
    // The same with the untimed host FTL given the concatenated future.
    const FutureKnowledge future =
        FutureKnowledge::FromBlocks(BlocksOf(both), layout.logical_units);
    EXPECT_EQ(two.gc_blocks, Untimed(config, both, &future).gc_blocks) << placement;

    // wait_for the job before is sequential too.
    const ZnsRun chained = RunJobs(config, [&] {
      std::vector<JobSpec> jobs = FillThenMeasure(fill, measure, false);
      jobs[1].wait_for_job = 0;
      return jobs;
    });
    EXPECT_EQ(chained.gc_blocks, two.gc_blocks) << placement;

    // Without stonewall the two run at once: refused.
    try {
      Simulator bad(config, FillThenMeasure(fill, measure, false), WithJobsAgain(pair));
      FAIL() << "expected an InputError";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("job 'measure' runs alongside an earlier one"),
                std::string::npos)
          << e.what();
    }
    // A runtime limit on any job: which writes happen depends on timing.
    std::vector<JobSpec> timed = pair();
    timed[1].runtime_ns = 1'000'000'000;
    EXPECT_THROW(Simulator(config, std::move(timed), WithJobsAgain(pair)), InputError) << placement;
  }
}

// The CLI runs leading fill_device jobs as preconditioning: its writes head
// the known stream, so precondition.fill = 1 + the job runs as the single
// job of the fill and the job's streams; random preconditioning writes are
// replayed from the generator Precondition draws them from.
TEST(ZnsDevice, FutureKnowledgeFollowsPreconditioning) {
  for (const char* placement : {"fk", "zbopt"}) {
    DeviceConfig config = ZonedDevice();
    config.zns.placement = placement;
    const DeviceLayout layout = DeviceLayout::From(config);
    const std::vector<HostIo> fill = SequentialFill(layout.logical_units);
    const std::vector<HostIo> measure = RandomWrites(layout.logical_units, 12000, 11);
    std::vector<HostIo> both = fill;
    both.insert(both.end(), measure.begin(), measure.end());
    const ZnsRun one = RunJobs(config, [&] { return ClosedLoop(both, 8); });
    config.precondition.fill = 1;
    const ZnsRun preconditioned = RunJobs(config, [&] { return ClosedLoop(measure, 8); });
    EXPECT_EQ(preconditioned.user_blocks, one.user_blocks) << placement;
    EXPECT_EQ(preconditioned.gc_blocks, one.gc_blocks) << placement;
    // A run that never preconditions (a session without fs_precondition)
    // starts its future past the preconditioning writes.
    const ZnsRun skipped = RunJobs(
        config, [&] { return ClosedLoop(measure, 8); }, false);
    config.precondition.fill = 0;
    const ZnsRun plain = RunJobs(config, [&] { return ClosedLoop(measure, 8); });
    config.precondition.fill = 1;
    EXPECT_EQ(skipped.user_blocks, plain.user_blocks) << placement;
    EXPECT_EQ(skipped.gc_blocks, plain.gc_blocks) << placement;

    // Random preconditioning writes are known ahead too: fewer GC copies
    // than normal.
    config.precondition.random_writes = 0.5;
    const ZnsRun random = RunJobs(config, [&] { return ClosedLoop(measure, 8); });
    // The exact stream: the fill, the random writes as the Simulator seeds
    // Precondition (its generator's second fork), then the job.
    Rng seeds(config.seed);
    seeds.Fork(1);
    Rng draws = seeds.Fork(2);
    std::vector<HostIo> stream = fill;
    for (uint64_t i = 0; i < layout.logical_units / 2; ++i) {
      stream.push_back(Io(IoOp::kWrite, draws.Below(layout.logical_units), 1));
    }
    stream.insert(stream.end(), measure.begin(), measure.end());
    const FutureKnowledge future =
        FutureKnowledge::FromBlocks(BlocksOf(stream), layout.logical_units);
    EXPECT_EQ(random.gc_blocks, Untimed(config, stream, &future).gc_blocks) << placement;
    config.zns.placement = "normal";
    const ZnsRun normal = RunJobs(config, [&] { return ClosedLoop(measure, 8); });
    EXPECT_EQ(random.user_blocks, normal.user_blocks) << placement;
    EXPECT_LT(random.gc_blocks, normal.gc_blocks) << placement;
  }
}

// Preconditioning fills the host FTL's space untimed: no flash time, the
// NAND work counted apart, the zones holding the data.
TEST(ZnsDevice, PreconditionFillsThroughTheHostFtl) {
  DeviceConfig config = ZonedDevice();
  config.precondition.fill = 1;
  config.precondition.random_writes = 0.5;
  const DeviceLayout layout = DeviceLayout::From(config);
  Simulator sim(config, ClosedLoop({Io(IoOp::kRead, 5)}, 1));
  sim.Precondition();
  const PreconditionStats& pre = sim.precondition_stats();
  EXPECT_EQ(pre.fill_units, layout.logical_units);
  EXPECT_EQ(pre.random_units, layout.logical_units / 2);
  EXPECT_GT(pre.waf, 1.0);
  EXPECT_GT(pre.gc_runs, 0u);
  EXPECT_GT(pre.nand.TotalPrograms(), 0u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 0u);
  EXPECT_EQ(sim.drive().zoned()->user_blocks(), pre.fill_units + pre.random_units);
  ExpectMediaMatchesHostFtl(sim);
  sim.RunToCompletion();
  EXPECT_EQ(sim.counters().page_reads[static_cast<uint32_t>(Cause::kHost)], 1u);
  EXPECT_EQ(sim.front_end().unwritten_read_units(), 0u);
}

// For zonemode=zbd jobs, preconditioning fills zones in order; random
// preconditioning writes have no zone to go to.
TEST(ZnsDevice, ZbdPreconditionFillsZonesInOrder) {
  DeviceConfig config = ZonedDevice();
  config.precondition.fill = 0.5;
  Simulator sim(config, FioJobs("[r]\nrw=randread\nbs=4k\nzonemode=zbd\nnumber_ios=100\n", config));
  sim.Precondition();
  const ZoneStateMachine& zones = sim.drive().zoned()->zones();
  EXPECT_EQ(zones.zones_in_state(ZoneState::kFull), 32u);
  EXPECT_EQ(zones.zones_in_state(ZoneState::kEmpty), 32u);
  EXPECT_EQ(sim.precondition_stats().fill_units, 32u * 256);
  sim.RunToCompletion();
  // The reads find the data (the adapter keeps them below write pointers).
  EXPECT_EQ(sim.counters().page_reads[static_cast<uint32_t>(Cause::kHost)], 100u);
  EXPECT_EQ(sim.front_end().unwritten_read_units(), 0u);

  config.precondition.random_writes = 1;
  Simulator random(config, FioJobs("[w]\nrw=write\nbs=64k\nzonemode=zbd\n", config));
  EXPECT_THROW(random.Precondition(), InputError);
}

// A conventional drive's result says so.
TEST(ZnsDevice, AConventionalDriveHasNoZns) {
  Simulator sim(flashscope::testing::TinySlcDevice(), ClosedLoop({Io(IoOp::kWrite, 1)}, 1));
  sim.RunToCompletion();
  const json::Value result = ResultOf(sim);
  ASSERT_NE(result.Find("zns"), nullptr);
  EXPECT_TRUE(result.Find("zns")->is_null());
  EXPECT_EQ(result.Find("series")->Find("zns_waf"), nullptr);
  EXPECT_EQ(sim.drive().zoned(), nullptr);
  SnapshotMetaWriter writer;
  EXPECT_TRUE(json::Parse(writer.Write(sim, 0), "meta").Find("zns")->is_null());
}

}  // namespace
}  // namespace flashscope::zns
