// The C API as the worker meets it: results byte-identical to the CLI's
// JSON, snapshot arrays that agree with the FTL, meta that delivers each
// series point and event exactly once, errors as documented JSON with the
// line of the bad input, and fs_advance returning control. Traces: a trace
// session and an inspection give exactly what `flashscope run --trace` and
// `flashscope trace inspect` print.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "api/api_test_device.h"
#include "api/flashscope_api.h"
#include "api/session.h"
#include "api/snapshot.h"
#include "api/snapshot_meta.h"
#include "report/result_json.h"
#include "scenario/cli_json_for_test.h"
#include "schema/device_schema.h"
#include "sim/fio_jobs.h"
#include "util/json.h"

namespace flashscope {
namespace {

constexpr const char* kSmallDevice = testing::kAgedSmallDevice;

// Random writes that keep GC busy, with options the CLI lists as ignored.
constexpr const char* kRandomWrites =
    "[global]\nioengine=libaio\ndirect=1\n\n"
    "[rand]\nrw=randwrite\nbs=4k\niodepth=16\nnorandommap=1\nnumber_ios=20000\n";

json::Value ParseJson(const char* text) {
  EXPECT_NE(text, nullptr);
  return json::Parse(text ? text : "null", "api");
}

json::Value LastError() { return ParseJson(fs_last_error()); }

// What `flashscope run --device D --fio W --json` builds (cli/main.cpp Run).
std::string CliResult(const std::string& device_json, const std::string& fio,
                      const std::string& workload) {
  const DeviceConfig device = ParseDeviceText(device_json, "device.json", {});
  const FioJobFile jobs = ParseFioJobs(fio, workload);
  const DeviceLayout layout = DeviceLayout::From(device);
  SimOptions options;
  options.series_interval_ns = 100'000'000;
  Simulator sim(device, JobsFromFio(jobs, device, layout), options);
  sim.Precondition();
  sim.RunToCompletion();
  return RunResultJson(sim, RunInfoFor(jobs, workload, false), false);
}

// The same keys, in the same order, with the same numbers (objects compared
// member by member): a meta object the core writes with the result's writer.
void ExpectSameObject(const json::Value& meta, const json::Value& result,
                      const std::string& where) {
  ASSERT_EQ(meta.members().size(), result.members().size()) << where;
  for (size_t i = 0; i < meta.members().size(); ++i) {
    const auto& [key, value] = meta.members()[i];
    EXPECT_EQ(key, result.members()[i].first) << where;
    if (value.is_object()) {
      ExpectSameObject(value, result.members()[i].second, where + "." + key);
    } else {
      EXPECT_EQ(value.as_number(), result.members()[i].second.as_number()) << where << "." << key;
    }
  }
}

uint32_t U32At(const uint8_t* buffer, uint32_t offset) {
  uint32_t value;
  std::memcpy(&value, buffer + offset, sizeof value);
  return value;
}

TEST(Api, ResultJsonIsWhatTheCliPrints) {
  const std::string expected = CliResult(kSmallDevice, kRandomWrites, "jobs/rand.fio");
  const json::Value parsed = json::Parse(expected, "expected");
  // The run did GC work and listed the ignored options, so the comparison
  // covers them.
  ASSERT_NE(parsed.Find("gc"), nullptr);
  EXPECT_GT(parsed.Find("gc")->Find("runs")->as_number(), 0);
  EXPECT_EQ(parsed.Find("ignored_options")->items().size(), 2u);

  EXPECT_EQ(fs_run_scenario(kSmallDevice, kRandomWrites, "jobs/rand.fio"), expected);

  // A sliced session with the CLI's interval gives the same bytes.
  const uint32_t session =
      fs_create(kSmallDevice, kRandomWrites,
                R"({"series_interval_ms": 100, "workload_name": "jobs/rand.fio"})");
  ASSERT_GT(session, 0u) << fs_last_error();
  ASSERT_EQ(fs_precondition(session), 0);
  double until = 0;
  int32_t reason;
  while ((reason = fs_advance(session, until += 7e6, 5000)) != 2) ASSERT_GE(reason, 0);
  EXPECT_EQ(fs_result_json(session), expected);
  fs_destroy(session);
}

TEST(Api, SetOverridesApplyAsTheCliSetDoes) {
  const uint32_t session =
      fs_create(kSmallDevice, kRandomWrites, R"({"set": ["gc.victim=fifo", "seed=7"]})");
  ASSERT_GT(session, 0u) << fs_last_error();
  const json::Value described = ParseJson(fs_describe(session));
  EXPECT_EQ(described.Find("device")->Find("gc")->Find("victim")->as_string(), "fifo");
  EXPECT_EQ(described.Find("device")->Find("seed")->as_number(), 7);
  fs_destroy(session);
}

TEST(Api, DescribeGivesTheEffectiveDeviceAndLayout) {
  const uint32_t session = fs_create(kSmallDevice, kRandomWrites, "");
  ASSERT_GT(session, 0u) << fs_last_error();
  const json::Value described = ParseJson(fs_describe(session));
  EXPECT_EQ(described.Find("device")->Find("name")->as_string(), "api-small");
  const json::Value& layout = *described.Find("layout");
  const std::pair<const char*, double> expected[] = {
      {"channels", 2},
      {"dies_per_channel", 1},
      {"planes_per_die", 2},
      {"blocks_per_plane", 32},
      {"blocks", 128},
      {"planes", 4},
      {"pages_per_block", 48},
      {"units_per_page", 4},
      {"units_per_block", 192},
      {"slc_units_per_block", 64},  // TLC: a pSLC block holds 192 / 3 units
      {"unit_bytes", 4096},
      {"physical_bytes", 128.0 * 48 * 16384},
  };
  for (const auto& [key, value] : expected) {
    ASSERT_NE(layout.Find(key), nullptr) << key;
    EXPECT_EQ(layout.Find(key)->as_number(), value) << key;
  }
  // floor(24576 units / 1.2) = 20480 logical units of 4 KiB.
  EXPECT_EQ(layout.Find("logical_bytes")->as_number(), 20480.0 * 4096);
  EXPECT_EQ(layout.members().size(), 13u);
  fs_destroy(session);
}

TEST(Api, SnapshotArraysAgreeWithTheFtl) {
  SessionOptions options;
  Session session(kSmallDevice, kRandomWrites, options);
  session.Precondition();
  session.Advance(10'000'000, UINT64_MAX);
  const std::vector<uint8_t>& first = session.Snapshot();
  const uint8_t* first_address = first.data();
  session.Advance(20'000'000, UINT64_MAX);  // mid-GC: blocks in every state
  const std::vector<uint8_t>& buffer = session.Snapshot();
  // The buffer is reused frame after frame.
  EXPECT_EQ(buffer.data(), first_address);

  const FtlState& ftl = session.sim().ftl();
  const DeviceLayout& layout = ftl.layout();
  const uint8_t* b = buffer.data();
  using namespace snapshot;
  EXPECT_EQ(U32At(b, kWordMagic * 4), 0x31535346u);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(b), 4), "FSS1");
  EXPECT_EQ(U32At(b, kWordVersion * 4), 4u);
  EXPECT_EQ(U32At(b, kWordBlocks * 4), 128u);
  EXPECT_EQ(U32At(b, kWordPlanes * 4), 4u);
  EXPECT_EQ(U32At(b, kWordUnitsPerBlock * 4), 192u);
  EXPECT_EQ(U32At(b, kWordPageStateUnits * 4), 24576u);
  EXPECT_EQ(U32At(b, kWordFrame * 4), 2u);
  // Read disturb is off: no refresh threshold, and every read counter 0.
  EXPECT_EQ(U32At(b, kWordRefreshThreshold * 4), 0u);

  const uint32_t state = U32At(b, kWordStateOffset * 4);
  const uint32_t valid = U32At(b, kWordValidUnitsOffset * 4);
  const uint32_t erases = U32At(b, kWordEraseCountOffset * 4);
  const uint32_t written = U32At(b, kWordWrittenUnitsOffset * 4);
  const uint32_t frontiers = U32At(b, kWordFrontiersOffset * 4);
  const uint32_t page_state = U32At(b, kWordPageStateOffset * 4);
  const uint32_t mode = U32At(b, kWordModeOffset * 4);
  const uint32_t reads = U32At(b, kWordReadsOffset * 4);
  for (uint32_t offset : {state, valid, erases, written, frontiers, mode, page_state, reads}) {
    EXPECT_EQ(offset % 8, 0u);
  }
  EXPECT_EQ(state, 64u);
  EXPECT_LE(page_state + 24576, reads);
  EXPECT_EQ(reads + 128 * 4, buffer.size());
  EXPECT_EQ(buffer.size() % 8, 0u);

  uint32_t states_seen[7] = {};
  uint64_t valid_sum = 0, written_sum = 0;
  for (uint32_t block = 0; block < layout.blocks; ++block) {
    EXPECT_EQ(b[state + block], static_cast<uint8_t>(ftl.state(block)));
    ASSERT_LT(b[state + block], 7u);
    ++states_seen[b[state + block]];
    EXPECT_EQ(U32At(b, valid + block * 4), ftl.valid_units(block));
    EXPECT_EQ(U32At(b, erases + block * 4), ftl.erase_count(block));
    EXPECT_EQ(U32At(b, written + block * 4), ftl.written_units(block));
    EXPECT_EQ(b[mode + block], 0u);  // no SLC cache: every block native
    EXPECT_EQ(U32At(b, reads + block * 4), 0u);
    valid_sum += ftl.valid_units(block);
    written_sum += ftl.written_units(block);
  }
  // Free, open, full and GC-victim blocks (5, 7, 113 and 3 at 20 ms).
  for (uint32_t s = 0; s < 4; ++s) EXPECT_GT(states_seen[s], 0u) << s;
  // No refresh, wear levelling or SLC cache on this drive: every victim is GC's.
  for (uint32_t s = 4; s < 7; ++s) EXPECT_EQ(states_seen[s], 0u) << s;
  for (uint32_t plane = 0; plane < layout.planes; ++plane) {
    EXPECT_EQ(U32At(b, frontiers + plane * 16), ftl.OpenBlock(plane, Stream::kHost));
    EXPECT_EQ(U32At(b, frontiers + plane * 16 + 4), ftl.OpenBlock(plane, Stream::kGc));
    EXPECT_EQ(U32At(b, frontiers + plane * 16 + 8), kNoBlock);  // no pSLC frontier
    EXPECT_EQ(U32At(b, frontiers + plane * 16 + 12), kNoBlock);
  }

  // page_state: valid units are exactly the FTL's, written ones are valid
  // or garbage, the rest erased.
  uint64_t counts[3] = {};
  for (uint32_t unit = 0; unit < 24576; ++unit) {
    ASSERT_LT(b[page_state + unit], 3);
    ++counts[b[page_state + unit]];
    if (b[page_state + unit] == kUnitValid) {
      EXPECT_TRUE(ftl.IsValid(unit));
    }
  }
  EXPECT_EQ(counts[kUnitValid], valid_sum);
  EXPECT_EQ(counts[kUnitValid] + counts[kUnitInvalid], written_sum);
  EXPECT_EQ(counts[kUnitErased], 24576 - written_sum);
  // Filled and overwritten once: most of the logical space is mapped.
  EXPECT_EQ(valid_sum, ftl.mapped_units());
  EXPECT_GT(valid_sum, 20000u);
}

TEST(Api, LargeDevicesLeavePageStateOut) {
  // 8 x 2 x 2 x 16 blocks x 768 pages x 4 units: 1.5 million units.
  const uint32_t session =
      fs_create(R"({"geometry": {"blocks_per_plane": 16}, "overprovision": 0.5})",
                "[r]\nrw=randread\nnumber_ios=10\n", "");
  ASSERT_GT(session, 0u) << fs_last_error();
  const uint8_t* b = reinterpret_cast<const uint8_t*>(fs_snapshot(session));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(U32At(b, snapshot::kWordBlocks * 4), 512u);
  EXPECT_EQ(U32At(b, snapshot::kWordPageStateUnits * 4), 0u);
  // Header, 512 states, three uint32 arrays, 32 planes x 4 frontiers, 512
  // modes, 512 read counters.
  EXPECT_EQ(fs_snapshot_size(session), 64u + 512 + 3 * 4 * 512 + 32 * 4 * 4 + 512 + 4 * 512);
  fs_destroy(session);
}

TEST(Api, MetaDeliversEachSeriesPointAndEventOnce) {
  const uint32_t session = fs_create(kSmallDevice, kRandomWrites,
                                     R"({"series_interval_ms": 2, "include_events": true})");
  ASSERT_GT(session, 0u) << fs_last_error();
  ASSERT_EQ(fs_precondition(session), 0);
  std::vector<double> t_ms, free_blocks;
  std::vector<std::string> events;
  uint32_t metas = 0, frames = 0;
  bool finished = false;
  double until = 0;
  while (!finished) {
    const int32_t reason = fs_advance(session, until += 3.3e6, 4000);
    ASSERT_GE(reason, 0) << fs_last_error();
    // The UI skips frames: only every third snapshot is followed by meta.
    ASSERT_NE(fs_snapshot(session), 0u);
    ++frames;
    if (frames % 3 != 0 && reason != 2) continue;
    const json::Value meta = ParseJson(fs_snapshot_meta(session));
    ++metas;
    EXPECT_EQ(meta.Find("frame")->as_number(), frames);
    const json::Value& series = *meta.Find("series");
    const size_t points = series.Find("t_ms")->items().size();
    for (const auto& [key, column] : series.members()) {
      EXPECT_EQ(column.items().size(), points) << key;
    }
    for (size_t i = 0; i < points; ++i) {
      t_ms.push_back(series.Find("t_ms")->items()[i].as_number());
      free_blocks.push_back(series.Find("free_blocks")->items()[i].as_number());
    }
    for (const json::Value& event : meta.Find("events")->items()) {
      json::Writer one;
      one.Raw(event);
      events.push_back(one.Take());
    }
    finished = meta.Find("finished")->as_bool();
    EXPECT_EQ(finished, reason == 2);
  }
  EXPECT_GT(metas, 5u);

  // Concatenated, the frames' points and events are the run's, in order.
  const json::Value result = ParseJson(fs_result_json(session));
  const json::Value& series = *result.Find("series");
  ASSERT_EQ(t_ms.size(), series.Find("t_ms")->items().size());
  for (size_t i = 0; i < t_ms.size(); ++i) {
    EXPECT_EQ(t_ms[i], series.Find("t_ms")->items()[i].as_number());
    EXPECT_EQ(free_blocks[i], series.Find("free_blocks")->items()[i].as_number());
  }
  // The frames carried every event (events_total); the result keeps the
  // newest kRetainedEvents of them, which end the frames' list.
  const std::vector<json::Value>& kept_events = result.Find("events")->items();
  ASSERT_GT(kept_events.size(), 10u);
  ASSERT_EQ(static_cast<double>(events.size()), result.Find("events_total")->as_number());
  ASSERT_LE(kept_events.size(), events.size());
  const size_t first_kept = events.size() - kept_events.size();
  for (size_t i = 0; i < kept_events.size(); ++i) {
    json::Writer one;
    one.Raw(kept_events[i]);
    EXPECT_EQ(events[first_kept + i], one.Take()) << i;
  }
  // Nothing new after the end.
  const json::Value last = ParseJson(fs_snapshot_meta(session));
  EXPECT_TRUE(last.Find("series")->Find("t_ms")->items().empty());
  EXPECT_TRUE(last.Find("events")->items().empty());
  fs_destroy(session);
}

TEST(Api, MetaFiguresMatchTheResult) {
  const uint32_t session = fs_create(kSmallDevice, kRandomWrites, "");
  ASSERT_GT(session, 0u);
  ASSERT_EQ(fs_precondition(session), 0);
  ASSERT_EQ(fs_advance(session, 1e300, 1e300), 2);
  const json::Value meta = ParseJson(fs_snapshot_meta(session));
  const json::Value result = ParseJson(fs_result_json(session));
  EXPECT_EQ(meta.Find("frame")->as_number(), 0);  // no snapshot built yet
  EXPECT_TRUE(meta.Find("finished")->as_bool());
  EXPECT_NEAR(meta.Find("sim_time_ns")->as_number(), result.Find("sim_time_ms")->as_number() * 1e6,
              1e3);
  EXPECT_EQ(meta.Find("waf")->as_number(), result.Find("waf")->as_number());
  EXPECT_GT(meta.Find("waf")->as_number(), 1.5);  // random writes on a full drive
  EXPECT_EQ(meta.Find("series_interval_ms")->as_number(),
            result.Find("series_interval_ms")->as_number());
  EXPECT_EQ(meta.Find("host_write_bytes")->as_number(), 20000.0 * 4096);
  EXPECT_EQ(meta.Find("gc_runs")->as_number(), result.Find("gc")->Find("runs")->as_number());
  EXPECT_EQ(meta.Find("nand_write_bytes")->as_number(),
            result.Find("nand")->Find("write_bytes")->as_number());
  // Programs by cause, the write buffer's counts and, the run being over,
  // its end: the result's, written by the same functions (issue 28).
  ExpectSameObject(*meta.Find("programs_by_cause"), *result.Find("nand")->Find("programs_by_cause"),
                   "programs_by_cause");
  ExpectSameObject(*meta.Find("write_buffer"), *result.Find("write_buffer"), "write_buffer");
  ExpectSameObject(*meta.Find("end_of_run"), *result.Find("end_of_run"), "end_of_run");
  const json::Value& write = *meta.Find("latency_us")->Find("write");
  const json::Value& expected_write = *result.Find("latency_us")->Find("write");
  for (const char* key : {"count", "mean", "p50", "p90", "p99", "p999", "max"}) {
    EXPECT_EQ(write.Find(key)->as_number(), expected_write.Find(key)->as_number()) << key;
  }
  EXPECT_EQ(meta.Find("latency_us")->Find("read")->Find("count")->as_number(), 0);
  // The CDF rises to 1 through at most ~200 points.
  const std::vector<json::Value>& cdf = meta.Find("latency_cdf")->items();
  ASSERT_GE(cdf.size(), 10u);
  EXPECT_LE(cdf.size(), 200u);
  for (size_t i = 1; i < cdf.size(); ++i) {
    EXPECT_GT(cdf[i].items()[0].as_number(), cdf[i - 1].items()[0].as_number());
    EXPECT_GT(cdf[i].items()[1].as_number(), cdf[i - 1].items()[1].as_number());
  }
  EXPECT_EQ(cdf.back().items()[1].as_number(), 1);
  // The last point is the bucket of the maximum (within fio's 1/128).
  const double max_us = expected_write.Find("max")->as_number();
  EXPECT_NEAR(cdf.back().items()[0].as_number(), max_us, max_us / 128);
  // It agrees with the percentiles: half the I/O is at or below p50.
  const double p50 = expected_write.Find("p50")->as_number();
  for (const json::Value& point : cdf) {
    if (point.items()[1].as_number() < 0.5) {
      EXPECT_LT(point.items()[0].as_number(), p50);
    } else {
      EXPECT_GE(point.items()[0].as_number(), p50);
    }
  }
  // Erase histogram as the result's wear histogram.
  const json::Value& wear = *result.Find("wear");
  EXPECT_EQ(meta.Find("erase_bin_width")->as_number(),
            wear.Find("histogram_bin_width")->as_number());
  const std::vector<json::Value>& bins = meta.Find("erase_histogram")->items();
  ASSERT_EQ(bins.size(), wear.Find("histogram")->items().size());
  double blocks = 0;
  for (size_t i = 0; i < bins.size(); ++i) {
    EXPECT_EQ(bins[i].as_number(), wear.Find("histogram")->items()[i].as_number());
    blocks += bins[i].as_number();
  }
  EXPECT_EQ(blocks, 128);
  // The least- and most-erased block, and the read rate, as the result has them.
  EXPECT_EQ(meta.Find("wear")->Find("min_erases")->as_number(),
            wear.Find("min_erases")->as_number());
  EXPECT_EQ(meta.Find("wear")->Find("max_erases")->as_number(),
            wear.Find("max_erases")->as_number());
  EXPECT_GT(meta.Find("wear")->Find("max_erases")->as_number(), 0);
  EXPECT_EQ(meta.Find("read_iops")->as_number(),
            result.Find("throughput")->Find("read_iops")->as_number());
  // Exactly SnapshotMeta's keys (packages/wasm/src/protocol.ts), in order.
  const char* keys[] = {"frame",
                        "sim_time_ns",
                        "finished",
                        "waf",
                        "waf_model",
                        "free_blocks",
                        "host_write_bytes",
                        "nand_write_bytes",
                        "programs_by_cause",
                        "write_buffer",
                        "end_of_run",
                        "gc_runs",
                        "gc_runs_kind",
                        "stalls",
                        "iops",
                        "read_iops",
                        "read_mbps",
                        "write_mbps",
                        "latency_us",
                        "mean_response_us",
                        "latency_cdf",
                        "latency_cdf_by_op",
                        "erase_histogram",
                        "erase_bin_width",
                        "wear",
                        "read_disturb",
                        "static_wear_leveling",
                        "slc",
                        "series",
                        "events",
                        "events_dropped",
                        "trace",
                        "zns",
                        "classic",
                        "series_reset",
                        "series_interval_ms"};
  ASSERT_EQ(meta.members().size(), std::size(keys));
  EXPECT_TRUE(meta.Find("slc")->is_null());                   // this device has no SLC cache
  EXPECT_TRUE(meta.Find("zns")->is_null());                   // nor zones
  EXPECT_TRUE(meta.Find("classic")->is_null());               // nor a classic FTL or write cache
  EXPECT_TRUE(meta.Find("read_disturb")->is_null());          // nor read-disturb refresh
  EXPECT_TRUE(meta.Find("static_wear_leveling")->is_null());  // nor static wear levelling
  EXPECT_EQ(meta.Find("gc_runs_kind")->as_string(), "gc");    // so gc_runs are GC runs
  for (size_t i = 0; i < std::size(keys); ++i) EXPECT_EQ(meta.members()[i].first, keys[i]);
  fs_destroy(session);
}

TEST(Api, LatencyCdfStaysSmallAndKeepsTheTail) {
  LatencyHistogram h;
  // A million Pareto (alpha 1) latencies from 100 us: p99.9 is 100 ms and
  // the last thousand samples spread over seven octaves.
  uint64_t x = 1;
  for (uint32_t i = 0; i < 1'000'000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const double u = static_cast<double>(x >> 11) / 9007199254740992.0;
    h.Record(static_cast<uint64_t>(100'000 / (1 - u)));
  }
  const auto cdf = LatencyCdf(h);
  EXPECT_LE(cdf.size(), 200u);
  EXPECT_GE(cdf.size(), 100u);
  EXPECT_EQ(cdf.back().second, 1.0);
  // The tail keeps its shape: points between p99.9 and the maximum.
  uint32_t tail_points = 0;
  for (const auto& point : cdf) tail_points += point.second > 0.999;
  EXPECT_GE(tail_points, 15u);
}

// A mark drawn at the summary's p99 sits where the curve crosses 99 %
// (issue 28: the UI read its marks off the curve, and a curve that skipped
// the p99 bucket crossed 99 % further right). 986 samples at 100 us and one
// each at 14 longer latencies: p99 (the 990th or 991st, as fio rounds) is
// the fourth or fifth of those, buckets that neither the 1 % step nor the
// 1.25x tail rule keeps (they keep the 989th and the 992nd).
TEST(Api, LatencyCdfPassesThroughTheSummarysPercentiles) {
  LatencyHistogram h;
  for (uint32_t i = 0; i < 986; ++i) h.Record(100'000);
  for (uint32_t i = 1; i <= 14; ++i) h.Record(100'000 + i * 40'000);
  const LatencySummary summary = h.Summary();
  EXPECT_EQ(summary.p99_ns, h.Percentile(99));
  const auto cdf = LatencyCdf(h);
  for (const auto& [percent, value_ns] :
       {std::pair{50.0, summary.p50_ns}, std::pair{90.0, summary.p90_ns},
        std::pair{99.0, summary.p99_ns}, std::pair{99.9, summary.p99_9_ns}}) {
    const double us = static_cast<double>(value_ns) / 1000;
    const auto at =
        std::find_if(cdf.begin(), cdf.end(), [us](const auto& point) { return point.first == us; });
    ASSERT_NE(at, cdf.end()) << "p" << percent << " " << us << " us";
    // The step curve reaches the percentile at that point, not before it.
    EXPECT_GE(at->second, percent / 100) << "p" << percent;
    if (at != cdf.begin()) EXPECT_LT(std::prev(at)->second, percent / 100) << "p" << percent;
  }
  // Its last point is the maximum, as latency_us's max, not its bucket's middle.
  EXPECT_EQ(cdf.back().first, static_cast<double>(h.max_ns()) / 1000);
}

TEST(Api, BadDeviceJsonNamesTheFileAndLine) {
  const char* device = "{\n  \"cell\": \"tlc\",\n  \"colour\": \"red\"\n}";
  EXPECT_EQ(fs_create(device, kRandomWrites, R"({"device_name": "my-drive.json"})"), 0u);
  const json::Value error = LastError();
  EXPECT_EQ(error.Find("kind")->as_string(), "input");
  EXPECT_EQ(error.Find("file")->as_string(), "my-drive.json");
  EXPECT_EQ(error.Find("line")->as_number(), 3);
  EXPECT_EQ(error.Find("problem")->as_string(), "unknown key \"colour\"");
  EXPECT_EQ(error.Find("message")->as_string(), "my-drive.json:3: unknown key \"colour\"");

  // Malformed JSON itself.
  EXPECT_EQ(fs_create("{\n\"cell\": \"tlc\"\n\"seed\": 2}", kRandomWrites, ""), 0u);
  EXPECT_EQ(LastError().Find("line")->as_number(), 3);
  EXPECT_EQ(LastError().Find("file")->as_string(), "device.json");

  // An impossible geometry as a whole: line 0.
  EXPECT_EQ(fs_create(R"({"geometry": {"blocks_per_plane": 16}})", kRandomWrites, ""), 0u);
  EXPECT_EQ(LastError().Find("kind")->as_string(), "input");
  EXPECT_EQ(LastError().Find("line")->as_number(), 0);
}

TEST(Api, BadFioJobNamesTheFileAndLine) {
  EXPECT_EQ(
      fs_create(kSmallDevice, "[a]\nrw=randwrite\nbs=4q\n", R"({"workload_name": "jobs/bad.fio"})"),
      0u);
  const json::Value error = LastError();
  EXPECT_EQ(error.Find("kind")->as_string(), "input");
  EXPECT_EQ(error.Find("file")->as_string(), "jobs/bad.fio");
  EXPECT_EQ(error.Find("line")->as_number(), 3);
  EXPECT_EQ(error.Find("message")->as_string(), "jobs/bad.fio:3: bs: invalid size '4q'");

  // The one-shot call wraps the same error.
  const json::Value wrapped =
      ParseJson(fs_run_scenario(kSmallDevice, "[a]\nrw=randwrite\nbs=4q\n", "x.fio"));
  EXPECT_EQ(wrapped.Find("error")->Find("message")->as_string(), "x.fio:3: bs: invalid size '4q'");
  EXPECT_EQ(LastError().Find("line")->as_number(), 3);
}

TEST(Api, BadOptionsAndOverridesAreInputErrors) {
  EXPECT_EQ(fs_create(kSmallDevice, kRandomWrites, "{\n\"series_interval\": 5}"), 0u);
  EXPECT_EQ(LastError().Find("file")->as_string(), "options");
  EXPECT_EQ(LastError().Find("line")->as_number(), 2);
  EXPECT_EQ(fs_create(kSmallDevice, kRandomWrites, R"({"set": ["gc.victim"]})"), 0u);
  EXPECT_EQ(LastError().Find("file")->as_string(), "--set");
  EXPECT_EQ(fs_create(kSmallDevice, kRandomWrites, R"({"set": ["gc.victim=oldest"]})"), 0u);
  EXPECT_EQ(LastError().Find("kind")->as_string(), "input");
}

TEST(Api, MisuseIsAnInternalErrorNotACrash) {
  EXPECT_EQ(fs_advance(987654, 1e6, 10), -1);
  json::Value error = LastError();
  EXPECT_EQ(error.Find("kind")->as_string(), "internal");
  EXPECT_EQ(error.Find("message")->as_string(), "no session with handle 987654");
  EXPECT_EQ(error.Find("line"), nullptr);
  EXPECT_EQ(fs_describe(987654), nullptr);
  EXPECT_EQ(fs_snapshot(987654), 0u);
  EXPECT_EQ(fs_snapshot_size(987654), 0u);

  const uint32_t session = fs_create(kSmallDevice, kRandomWrites, "");
  ASSERT_EQ(fs_precondition(session), 0);
  EXPECT_EQ(std::string(fs_last_error()), "null");
  EXPECT_EQ(fs_precondition(session), -1);  // a second time
  EXPECT_EQ(LastError().Find("kind")->as_string(), "internal");
  fs_destroy(session);
  fs_destroy(session);  // harmless
  EXPECT_EQ(fs_now_ns(session), -1);
}

TEST(Api, AdvanceReturnsControl) {
  const uint32_t session = fs_create(kSmallDevice, kRandomWrites, "");
  ASSERT_EQ(fs_precondition(session), 0);
  // 0: the time was reached, and the clock stands exactly there.
  EXPECT_EQ(fs_advance(session, 2.5e6, 1e12), 0);
  EXPECT_EQ(fs_now_ns(session), 2.5e6);
  // An earlier time does not move the clock back.
  EXPECT_EQ(fs_advance(session, 1e6, 1e12), 0);
  EXPECT_EQ(fs_now_ns(session), 2.5e6);
  // 1: the event budget ran out before the time.
  EXPECT_EQ(fs_advance(session, 1e300, 50), 1);
  const double after_budget = fs_now_ns(session);
  EXPECT_GT(after_budget, 2.5e6);
  EXPECT_EQ(fs_advance(session, 1e300, 0), 1);
  EXPECT_EQ(fs_now_ns(session), after_budget);
  // 2: finished, and stays so.
  EXPECT_EQ(fs_advance(session, 1.0 / 0.0, 1.0 / 0.0), 2);
  const double end = fs_now_ns(session);
  EXPECT_EQ(fs_advance(session, 1.0 / 0.0, 1.0 / 0.0), 2);
  EXPECT_EQ(fs_now_ns(session), end);
  EXPECT_EQ(ParseJson(fs_result_json(session)).Find("host")->Find("write_requests")->as_number(),
            20000);
  fs_destroy(session);
}

TEST(Api, VersionMatchesTheProtocol) { EXPECT_EQ(fs_api_version(), 3u); }

// --- traces ----------------------------------------------------------------

// A member of an object, or "" / NaN when absent (a failed call leaves
// "null" in fs_last_error, which the expectations then report).
std::string Text(const json::Value& object, const char* key) {
  const json::Value* value = object.is_object() ? object.Find(key) : nullptr;
  return value && value->is_string() ? value->as_string() : "";
}
double Number(const json::Value& object, const char* key) {
  const json::Value* value = object.is_object() ? object.Find(key) : nullptr;
  return value && value->is_number() ? value->as_number() : std::nan("");
}

// A real TPC-C trace in MQSim's format (../shared/traces/README.md).
const std::string kTpccTrace = FLASHSCOPE_REPO_ROOT "/../shared/traces/mqsim_tpcc-small.trace";

// The CLI built beside the tests, run with `args`: its stdout, byte for byte.
std::string RunCli(const std::string& args) { return testing::RunCliStdout(args, args); }

// A file in the temp directory holding `text`, removed with the object.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text)
      : path_(std::filesystem::temp_directory_path() /
              ("flashscope-api-" + std::to_string(::getpid()) + "-" + name)) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// The MQSim trace's figures, counted here from its definition (MQSim's
// README: arrival ns, device, start sector, sectors, 0 = write / 1 = read).
struct MqsimCounts {
  uint64_t requests = 0, reads = 0, writes = 0, read_bytes = 0, write_bytes = 0;
};
MqsimCounts CountMqsim(const std::string& path) {
  MqsimCounts counts;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    uint64_t time_ns, device, sector, sectors, type;
    if (!(fields >> time_ns >> device >> sector >> sectors >> type)) continue;
    ++counts.requests;
    (type == 1 ? counts.reads : counts.writes) += 1;
    (type == 1 ? counts.read_bytes : counts.write_bytes) += sectors * 512;
  }
  return counts;
}

std::string TraceOptionsJson(const std::string& path, const std::string& more = "") {
  json::Writer out;
  out.BeginObject().FieldString("path", path).EndObject();
  std::string text = out.Take();
  if (!more.empty()) text.insert(text.size() - 1, "," + more);
  return text;
}

struct TraceRun {
  std::string result;
  double bytes_read = 0;  // meta.trace's at the end
};

// Runs a trace session in slices, as the worker does, checking the meta's
// trace progress on the way.
TraceRun RunTraceSession(const std::string& trace_json) {
  const std::string options = R"({"series_interval_ms": 100, "trace": )" + trace_json + "}";
  const uint32_t session = fs_create(kSmallDevice, "", options.c_str());
  EXPECT_GT(session, 0u) << fs_last_error();
  if (session == 0) return {};
  EXPECT_EQ(fs_precondition(session), 0) << fs_last_error();
  double until = 0, bytes_read = 0, requests = 0;
  uint32_t metas = 0;
  int32_t reason;
  while ((reason = fs_advance(session, until += 20e6, 3000)) != 2) {
    EXPECT_GE(reason, 0) << fs_last_error();
    if (reason < 0) break;
    const json::Value meta = ParseJson(fs_snapshot_meta(session));
    const json::Value& trace = *meta.Find("trace");
    EXPECT_TRUE(trace.is_object());
    if (!trace.is_object()) break;
    // Progress only grows, and the size is the file's.
    EXPECT_GE(trace.Find("bytes_read")->as_number(), bytes_read);
    EXPECT_GE(trace.Find("requests")->as_number(), requests);
    bytes_read = trace.Find("bytes_read")->as_number();
    requests = trace.Find("requests")->as_number();
    EXPECT_EQ(trace.Find("size_bytes")->as_number(),
              static_cast<double>(std::filesystem::file_size(kTpccTrace)));
    ++metas;
  }
  EXPECT_GT(metas, 3u);
  const json::Value last = ParseJson(fs_snapshot_meta(session));
  TraceRun run;
  run.result = fs_result_json(session);
  run.bytes_read = last.Find("trace")->Find("bytes_read")->as_number();
  EXPECT_GE(run.bytes_read, bytes_read);
  EXPECT_EQ(last.Find("trace")->Find("requests")->as_number(),
            ParseJson(run.result.c_str()).Find("trace")->Find("requests")->as_number());
  fs_destroy(session);
  return run;
}

TEST(ApiTrace, SessionResultIsWhatTheCliPrints) {
  const TempFile device("small.json", kSmallDevice);
  const std::string expected =
      RunCli("run --device " + device.path() + " --trace " + kTpccTrace + " --json");
  const TraceRun run = RunTraceSession(TraceOptionsJson(kTpccTrace));
  const std::string& result = run.result;
  EXPECT_EQ(result, expected);
  EXPECT_EQ(run.bytes_read, static_cast<double>(std::filesystem::file_size(kTpccTrace)));

  // Every request of the trace replayed, with the byte totals counted here.
  const MqsimCounts counts = CountMqsim(kTpccTrace);
  ASSERT_EQ(counts.requests, 6999u);
  const json::Value parsed = ParseJson(result.c_str());
  const json::Value& host = *parsed.Find("host");
  EXPECT_EQ(host.Find("read_requests")->as_number(), counts.reads);
  EXPECT_EQ(host.Find("write_requests")->as_number(), counts.writes);
  EXPECT_EQ(host.Find("write_bytes")->as_number(), counts.write_bytes);
  EXPECT_EQ(parsed.Find("trace")->Find("format")->as_string(), "mqsim");
  EXPECT_EQ(parsed.Find("trace")->Find("requests")->as_number(), counts.requests);
}

TEST(ApiTrace, TraceOptionsReachTheReplayAsTheCliFlagsDo) {
  const TempFile device("small.json", kSmallDevice);
  const std::string expected =
      RunCli("run --device " + device.path() + " --trace " + kTpccTrace +
             " --format mqsim --qd 8 --max-requests 3000 --map compact --clock as_is --json");
  // clock as_is: no reorder window reading ahead, so reading stops early.
  const TraceRun run = RunTraceSession(
      TraceOptionsJson(kTpccTrace, R"("format": "mqsim", "queue_depth": 8, "max_requests": 3000, )"
                                   R"("address_map": "compact", "clock": "as_is")"));
  const std::string& result = run.result;
  EXPECT_EQ(result, expected);
  // It stopped reading after the 3000th request.
  EXPECT_LT(run.bytes_read, static_cast<double>(std::filesystem::file_size(kTpccTrace)));
  const json::Value parsed = ParseJson(result.c_str());
  EXPECT_EQ(parsed.Find("trace")->Find("requests")->as_number(), 3000);
  EXPECT_EQ(parsed.Find("host")->Find("read_requests")->as_number() +
                parsed.Find("host")->Find("write_requests")->as_number(),
            3000);
}

TEST(ApiTrace, InspectionIsWhatTraceInspectPrints) {
  const std::string expected = RunCli("trace inspect " + kTpccTrace + " --json");
  const uint32_t inspection = fs_trace_open(TraceOptionsJson(kTpccTrace).c_str());
  ASSERT_GT(inspection, 0u) << fs_last_error();
  // Before any scan: the detected format and the preview, nothing counted.
  const json::Value before = ParseJson(fs_trace_summary(inspection));
  EXPECT_EQ(before.Find("format")->as_string(), "mqsim");
  EXPECT_GE(before.Find("confidence")->as_number(), 0.9);
  EXPECT_FALSE(before.Find("done")->as_bool());
  EXPECT_EQ(before.Find("preview")->items().size(), 20u);
  int32_t state;
  uint32_t scans = 0;
  while ((state = fs_trace_scan(inspection, 64 * 1024)) == 0) ++scans;
  ASSERT_EQ(state, 1) << fs_last_error();
  EXPECT_EQ(fs_trace_scan(inspection, 64 * 1024), 1);  // done stays done
  const std::string summary = fs_trace_summary(inspection);
  // The CLI's stdout ends with a line break.
  EXPECT_EQ(summary + "\n", expected);

  const MqsimCounts counts = CountMqsim(kTpccTrace);
  const json::Value parsed = ParseJson(summary.c_str());
  EXPECT_TRUE(parsed.Find("done")->as_bool());
  EXPECT_EQ(parsed.Find("requests")->as_number(), counts.requests);
  EXPECT_EQ(parsed.Find("reads")->as_number(), counts.reads);
  EXPECT_EQ(parsed.Find("writes")->as_number(), counts.writes);
  EXPECT_EQ(parsed.Find("read_bytes")->as_number(), counts.read_bytes);
  EXPECT_EQ(parsed.Find("write_bytes")->as_number(), counts.write_bytes);
  EXPECT_EQ(parsed.Find("bad_lines")->as_number(), 0);
  EXPECT_EQ(parsed.Find("bytes_read")->as_number(),
            static_cast<double>(std::filesystem::file_size(kTpccTrace)));
  fs_trace_close(inspection);
  fs_trace_close(inspection);  // harmless
  EXPECT_EQ(fs_trace_summary(inspection), nullptr);
  EXPECT_EQ(LastError().Find("kind")->as_string(), "internal");
}

TEST(ApiTrace, BadTracesAreInputErrorsNamingTheFile) {
  // Binary data: the file and the byte.
  const TempFile binary("binary.trace", std::string("12 0 8 8 1\n\0\x01\x02garbage\n", 22));
  EXPECT_EQ(fs_trace_open(TraceOptionsJson(binary.path()).c_str()), 0u);
  json::Value error = LastError();
  EXPECT_EQ(Text(error, "kind"), "input");
  EXPECT_EQ(Text(error, "file"), binary.path());
  EXPECT_NE(Text(error, "problem").find("binary"), std::string::npos);
  const std::string session_options = R"({"trace": )" + TraceOptionsJson(binary.path()) + "}";
  EXPECT_EQ(fs_create(kSmallDevice, "", session_options.c_str()), 0u);
  EXPECT_EQ(Text(LastError(), "file"), binary.path());

  // A missing file.
  EXPECT_EQ(fs_trace_open(R"({"path": "/nonexistent/x.trace"})"), 0u);
  EXPECT_EQ(Text(LastError(), "file"), "/nonexistent/x.trace");

  // A bad line stops the replay by default with its line number, or is
  // skipped and counted.
  const TempFile bad("bad.trace", "1000 0 8 8 1\n2000 0 16 eight 0\n3000 0 24 8 0\n");
  const std::string stop =
      R"({"trace": )" + TraceOptionsJson(bad.path(), R"("format": "mqsim")") + "}";
  uint32_t session = fs_create(kSmallDevice, "", stop.c_str());
  error = LastError();
  if (session != 0) {  // the error may come at creation or while running
    ASSERT_EQ(fs_precondition(session), 0) << fs_last_error();
    EXPECT_EQ(fs_advance(session, 1.0 / 0.0, 1.0 / 0.0), -1);
    error = LastError();  // before fs_destroy, which succeeds and resets it
    fs_destroy(session);
  }
  EXPECT_EQ(Text(error, "kind"), "input");
  EXPECT_EQ(Text(error, "file"), bad.path());
  EXPECT_EQ(Number(error, "line"), 2);
  const std::string skip =
      R"({"trace": )" + TraceOptionsJson(bad.path(), R"("format": "mqsim", "bad_lines": "skip")") +
      "}";
  session = fs_create(kSmallDevice, "", skip.c_str());
  ASSERT_GT(session, 0u) << fs_last_error();
  ASSERT_EQ(fs_precondition(session), 0);
  ASSERT_EQ(fs_advance(session, 1.0 / 0.0, 1.0 / 0.0), 2) << fs_last_error();
  const json::Value result = ParseJson(fs_result_json(session));
  EXPECT_EQ(Number(*result.Find("trace"), "requests"), 2);
  EXPECT_EQ(Number(*result.Find("trace"), "bad_lines"), 1);
  fs_destroy(session);
}

TEST(ApiTrace, TraceObjectMistakesAreInputErrors) {
  const auto create = [](const std::string& options, const char* fio = "") {
    return fs_create(kSmallDevice, fio, options.c_str());
  };
  // Natively there is no JavaScript to read an input from.
  EXPECT_EQ(create(R"({"trace": {"input": 1, "name": "x.trace", "size_bytes": 10}})"), 0u);
  EXPECT_EQ(Text(LastError(), "file"), "options");
  EXPECT_NE(Text(LastError(), "problem").find("WebAssembly"), std::string::npos);
  EXPECT_EQ(fs_trace_open(R"({"input": 1, "name": "x.trace", "size_bytes": 10})"), 0u);
  EXPECT_EQ(Text(LastError(), "kind"), "input");
  // Neither, or both, of input and path; input without its size.
  EXPECT_EQ(create(R"({"trace": {"format": "msr"}})"), 0u);
  EXPECT_NE(Text(LastError(), "problem").find("either input"), std::string::npos);
  EXPECT_EQ(create(R"({"trace": {"path": "a", "input": 1}})"), 0u);
  EXPECT_EQ(create(R"({"trace": {"input": 1, "name": "x"}})"), 0u);
  EXPECT_NE(Text(LastError(), "problem").find("size_bytes"), std::string::npos);
  // A trace option with a wrong value, on its line.
  EXPECT_EQ(create("{\"trace\": {\"path\": \"a\",\n \"address_map\": \"fold\"}}"), 0u);
  EXPECT_EQ(Text(LastError(), "kind"), "input");
  EXPECT_EQ(Number(LastError(), "line"), 2);
  // One workload: fio text beside a trace.
  EXPECT_EQ(create(R"({"trace": )" + TraceOptionsJson(kTpccTrace) + "}", kRandomWrites), 0u);
  EXPECT_NE(Text(LastError(), "problem").find("fio text must be empty"), std::string::npos);
  // Scanning what is not an inspection.
  EXPECT_EQ(fs_trace_scan(424242, 1e6), -1);
  EXPECT_EQ(Text(LastError(), "kind"), "internal");
}

TEST(ApiTrace, FioSessionsHaveNoTraceProgress) {
  const uint32_t session = fs_create(kSmallDevice, kRandomWrites, "");
  ASSERT_GT(session, 0u);
  EXPECT_TRUE(ParseJson(fs_snapshot_meta(session)).Find("trace")->is_null());
  fs_destroy(session);
}

}  // namespace
}  // namespace flashscope
