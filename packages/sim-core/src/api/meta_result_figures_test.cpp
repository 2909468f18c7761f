// Issue 28, "nothing on screen disagrees with the exported result": the
// frame meta carries the core's own figures, the very numbers the result
// JSON reports, where the UI used to count or compute them itself
// (docs/figures.md):
//   - the run-average IOPS divides by the result's span (the first job's
//     start to the last completion), not by the time since 0 s;
//   - a run stopped midway reports its rate so far, in the meta and the
//     result alike (the result said 0);
//   - the stall and migration counts are the core's counters, every one,
//     however many events the frames dropped;
//   - the mean response time of reads and writes together;
//   - GC's moved bytes are the core's figure;
//   - the WAF series is null where the result's waf is (nothing programmed).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>

#include "api/api_test_device.h"
#include "api/flashscope_api.h"
#include "util/json.h"

namespace flashscope {
namespace {

constexpr const char* kSmallDevice = testing::kAgedSmallDevice;

json::Value Parse(const char* text) {
  EXPECT_NE(text, nullptr) << fs_last_error();
  return json::Parse(text ? text : "null", "meta-figures");
}

double At(const json::Value& object, std::initializer_list<const char*> path) {
  const json::Value* value = &object;
  for (const char* key : path) {
    value = value->Find(key);
    if (value == nullptr) {
      ADD_FAILURE() << "no key " << key;
      return NAN;
    }
  }
  return value->as_number();
}

std::string ReadRepoFile(const std::string& relative) {
  const std::string path = std::string(FLASHSCOPE_REPO_ROOT) + "/" + relative;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

uint32_t Open(const char* device, const std::string& fio, const char* options = "") {
  const uint32_t session = fs_create(device, fio.c_str(), options);
  EXPECT_GT(session, 0u) << fs_last_error();
  EXPECT_EQ(fs_precondition(session), 0) << fs_last_error();
  return session;
}

// A job that starts 400 ms into the run (fio startdelay): the result's
// throughput spans its start to its last completion, and so must the
// meta's run average. Before, the meta divided by the time since 0 s: a
// third lower here.
TEST(MetaResultFigures, RunAverageIopsSpansTheJobsAsTheResultDoes) {
  const std::string fio =
      "[late-mix]\nstartdelay=400ms\nrw=randrw\nrwmixread=50\nbs=4k\niodepth=8\n"
      "number_ios=8000\n";
  const uint32_t session = Open(kSmallDevice, fio);
  ASSERT_EQ(fs_advance(session, 1e300, 1e300), 2);
  const json::Value meta = Parse(fs_snapshot_meta(session));
  const json::Value result = Parse(fs_result_json(session));
  const json::Value& job = result.Find("jobs")->items()[0];
  const double span_s = (At(job, {"end_ms"}) - At(job, {"start_ms"})) / 1e3;
  ASSERT_NEAR(At(job, {"start_ms"}), 400, 1e-6);
  ASSERT_GT(span_s, 0.1);
  // 8,000 requests over the job's own span, half of them reads.
  EXPECT_NEAR(At(result, {"throughput", "iops"}), 8000 / span_s, 8000 / span_s * 1e-6);
  EXPECT_EQ(At(meta, {"iops"}), At(result, {"throughput", "iops"}));
  EXPECT_EQ(At(meta, {"read_iops"}), At(result, {"throughput", "read_iops"}));
  EXPECT_EQ(At(meta, {"read_mbps"}), At(result, {"throughput", "read_mbps"}));
  EXPECT_EQ(At(meta, {"write_mbps"}), At(result, {"throughput", "write_mbps"}));
  // The time since 0 s gives a figure off by the 400 ms the job waited.
  const double since_zero = 8000 / (At(job, {"end_ms"}) / 1e3);
  EXPECT_GT(At(meta, {"iops"}), since_zero * 1.05);
  fs_destroy(session);
}

// A run paused midway (Compare's "Stop", a saved live run): the result says
// what the host did per second so far, and the meta of that moment says
// the same. Before, the result's throughput was 0 (no job had ended).
TEST(MetaResultFigures, AStoppedRunHasItsRateSoFar) {
  const std::string fio = "[mix]\nrw=randrw\nrwmixread=30\nbs=4k\niodepth=16\nnumber_ios=40000\n";
  const uint32_t session = Open(kSmallDevice, fio);
  ASSERT_EQ(fs_advance(session, 150e6, 1e300), 0);  // 150 ms: the job runs on
  const json::Value meta = Parse(fs_snapshot_meta(session));
  const json::Value result = Parse(fs_result_json(session));
  ASSERT_FALSE(meta.Find("finished")->as_bool());
  const double requests = At(result, {"host", "read_requests"}) +
                          At(result, {"host", "write_requests"}) +
                          At(result, {"host", "trim_requests"});
  ASSERT_GT(requests, 1000);
  ASSERT_LT(requests, 40000);
  // From the job's start at 0 s to the moment it stopped.
  const double iops = At(result, {"throughput", "iops"});
  EXPECT_NEAR(iops, requests / (At(result, {"sim_time_ms"}) / 1e3), iops * 1e-6);
  EXPECT_EQ(At(meta, {"iops"}), iops);
  EXPECT_EQ(At(meta, {"read_iops"}), At(result, {"throughput", "read_iops"}));
  // The job's own throughput too: it has not ended, its rate is so far.
  const json::Value& job = result.Find("jobs")->items()[0];
  EXPECT_NEAR(At(job, {"throughput", "iops"}), iops, iops * 1e-6);
  fs_destroy(session);
}

// The SLC-cliff lesson's teaching QLC drive with "fold, then write": once
// the cache is full, every host write waits for a foreground fold. Sampled
// at 200 ms frames, as a busy UI sees the run, the frames drop events
// (256 a frame at most), so counting the stall and migration events they
// carry falls short; the meta's counts are the result's, every one.
TEST(MetaResultFigures, StallAndMigrationCountsAreTheCoresEveryOne) {
  const std::string device = ReadRepoFile("public/presets/devices/teaching-qlc-slc.json");
  const std::string fio = "[burst]\nrw=write\nbs=4k\niodepth=32\nsize=120m\n";
  const uint32_t session =
      Open(device.c_str(), fio, R"({"set": ["slc_cache.when_full=fold-then-write"]})");
  double counted_stalls = 0, counted_migrations = 0, dropped = 0, until_ns = 0;
  int32_t reason = 0;
  json::Value meta;
  while (reason != 2) {
    reason = fs_advance(session, until_ns += 200e6, 1e300);
    ASSERT_GE(reason, 0) << fs_last_error();
    fs_snapshot(session);
    meta = Parse(fs_snapshot_meta(session));
    for (const json::Value& event : meta.Find("events")->items()) {
      const std::string& kind = event.Find("kind")->as_string();
      counted_stalls += kind == "stall";
      counted_migrations += kind == "migration_start";
    }
    dropped += At(meta, {"events_dropped"});
    ASSERT_NE(meta.Find("stalls"), nullptr) << "the meta has no stall totals";
    ASSERT_NE(meta.Find("slc")->Find("migrations"), nullptr) << "the meta's slc has no migrations";
  }
  const json::Value result = Parse(fs_result_json(session));
  const json::Value& stalls = *meta.Find("stalls");
  for (const char* key : {"count", "wait_ms", "gc_wait_ms", "migration_wait_ms"}) {
    EXPECT_EQ(At(stalls, {key}), At(result, {"stalls", key})) << key;
  }
  EXPECT_EQ(At(meta, {"slc", "migrations"}), At(result, {"slc", "migrations"}));
  // What counting the events received gave: fewer, on this run far fewer.
  std::printf("stalls %.0f (events received %.0f), migrations %.0f (%.0f), events dropped %.0f\n",
              At(stalls, {"count"}), counted_stalls, At(meta, {"slc", "migrations"}),
              counted_migrations, dropped);
  EXPECT_GT(dropped, 1000);
  EXPECT_GT(At(stalls, {"count"}), 1000);
  EXPECT_LT(counted_stalls, At(stalls, {"count"}) * 0.9);
  EXPECT_GT(At(meta, {"slc", "migrations"}), 10);
  fs_destroy(session);
}

// Seed 002's mean response time, reads and writes together: null before
// either completed, then the result's (the run's, and its one job's).
TEST(MetaResultFigures, MeanResponseIsTheResultsFigure) {
  const std::string fio = "[mix]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=4\nnumber_ios=6000\n";
  const uint32_t session = Open(kSmallDevice, fio);
  const json::Value before = Parse(fs_snapshot_meta(session));
  ASSERT_NE(before.Find("mean_response_us"), nullptr);
  EXPECT_TRUE(before.Find("mean_response_us")->is_null());
  ASSERT_EQ(fs_advance(session, 1e300, 1e300), 2);
  const json::Value meta = Parse(fs_snapshot_meta(session));
  const json::Value result = Parse(fs_result_json(session));
  const double mean = At(meta, {"mean_response_us"});
  EXPECT_EQ(mean, At(result, {"mean_response_us"}));
  EXPECT_EQ(mean, At(result.Find("jobs")->items()[0], {"mean_response_us"}));
  // Between the read and the write means, weighted by their counts.
  const double reads = At(result, {"latency_us", "read", "count"});
  const double writes = At(result, {"latency_us", "write", "count"});
  const double weighted = (At(result, {"latency_us", "read", "mean"}) * reads +
                           At(result, {"latency_us", "write", "mean"}) * writes) /
                          (reads + writes);
  EXPECT_NEAR(mean, weighted, weighted * 1e-5);
  EXPECT_GT(mean, 0);
  fs_destroy(session);
}

// GC's moved units in bytes, sized by the core: 4 KiB units on the small
// drive; 2 KiB pages on seed 002's SLC chip under DFTL (a classic FTL maps
// whole pages), where the UI's fallback of 4,096 bytes a unit would double it.
TEST(MetaResultFigures, GcBytesMovedAreUnitsTimesTheUnit) {
  const std::string fio = "[rand]\nrw=randwrite\nbs=4k\niodepth=16\nnumber_ios=20000\n";
  const uint32_t session = Open(kSmallDevice, fio);
  ASSERT_EQ(fs_advance(session, 1e300, 1e300), 2);
  const json::Value result = Parse(fs_result_json(session));
  ASSERT_GT(At(result, {"gc", "units_moved"}), 1000);
  EXPECT_EQ(At(result, {"gc", "bytes_moved"}), At(result, {"gc", "units_moved"}) * 4096);
  fs_destroy(session);

  json::Writer chip;
  chip.Raw(*json::Parse(ReadRepoFile("public/scenarios/clash-full-drive.json"), "scenario")
                .Find("device"));
  const uint32_t dftl =
      Open(chip.Take().c_str(), "[rand]\nrw=randwrite\nbs=2k\niodepth=4\nnumber_ios=30000\n",
           R"({"set": ["ftl.mapping=dftl", "cache.policy=none", "precondition.fill=1"]})");
  ASSERT_EQ(fs_advance(dftl, 1e300, 1e300), 2) << fs_last_error();
  const json::Value classic = Parse(fs_result_json(dftl));
  EXPECT_EQ(At(classic, {"device", "mapping_unit_bytes"}), 2048);
  ASSERT_GT(At(classic, {"gc", "units_moved"}), 1000);
  EXPECT_EQ(At(classic, {"gc", "bytes_moved"}), At(classic, {"gc", "units_moved"}) * 2048);
  fs_destroy(dftl);
}

// Reads first, then writes (stonewall): no WAF while nothing is written, so
// the series says null there, as the result's waf would, and the figures
// row's "—"; once written and programmed, NAND over host bytes.
// `min_nulls`: the points before the first write and program there must be
// (the write job's own series starts at its first write: it may have none).
void ExpectWafNullWhereTheResultsWouldBe(const json::Value& series, const std::string& where,
                                         size_t min_nulls = 4) {
  const std::vector<json::Value>& waf = series.Find("waf")->items();
  const std::vector<json::Value>& host = series.Find("host_write_bytes")->items();
  const std::vector<json::Value>& nand = series.Find("nand_write_bytes")->items();
  ASSERT_EQ(waf.size(), host.size()) << where;
  size_t nulls = 0, numbers = 0;
  for (size_t i = 0; i < waf.size(); ++i) {
    if (host[i].as_number() == 0 || nand[i].as_number() == 0) {
      EXPECT_TRUE(waf[i].is_null()) << where << " point " << i << " has waf " << waf[i].as_number();
      ++nulls;
    } else {
      ASSERT_FALSE(waf[i].is_null()) << where << " point " << i;
      EXPECT_NEAR(waf[i].as_number(), nand[i].as_number() / host[i].as_number(), 1e-5)
          << where << " point " << i;
      ++numbers;
    }
  }
  EXPECT_GE(nulls, min_nulls) << where;
  EXPECT_GT(numbers, 3u) << where;
}

TEST(MetaResultFigures, WafSeriesIsNullWhereTheResultsWafIs) {
  const std::string fio =
      "[read]\nrw=randread\nbs=4k\niodepth=8\nnumber_ios=4000\n\n"
      "[write]\nstonewall\nrw=randwrite\nbs=4k\niodepth=8\nnumber_ios=4000\n";
  const uint32_t session = Open(kSmallDevice, fio, R"({"series_interval_ms": 5})");
  std::vector<json::Value> waf, host, nand;
  int32_t reason = 0;
  double until_ns = 0;
  while (reason != 2) {
    reason = fs_advance(session, until_ns += 20e6, 1e300);
    ASSERT_GE(reason, 0) << fs_last_error();
    const json::Value meta = Parse(fs_snapshot_meta(session));
    const json::Value& series = *meta.Find("series");
    for (size_t i = 0; i < series.Find("waf")->items().size(); ++i) {
      waf.push_back(series.Find("waf")->items()[i]);
      host.push_back(series.Find("host_write_bytes")->items()[i]);
      nand.push_back(series.Find("nand_write_bytes")->items()[i]);
    }
  }
  const json::Value result = Parse(fs_result_json(session));
  ExpectWafNullWhereTheResultsWouldBe(*result.Find("series"), "result series");
  ExpectWafNullWhereTheResultsWouldBe(*result.Find("jobs")->items()[1].Find("series"),
                                      "the write job's series", 0);
  // The frames' points, concatenated, are the result's, nulls included.
  json::Writer frames;
  frames.BeginObject();
  for (const auto& [name, column] : {std::pair{"waf", &waf}, std::pair{"host_write_bytes", &host},
                                     std::pair{"nand_write_bytes", &nand}}) {
    frames.Key(name).BeginArray();
    for (const json::Value& value : *column) frames.Raw(value);
    frames.EndArray();
  }
  frames.EndObject();
  ExpectWafNullWhereTheResultsWouldBe(json::Parse(frames.Take(), "frames"), "frames' series");
  fs_destroy(session);
}

}  // namespace
}  // namespace flashscope
