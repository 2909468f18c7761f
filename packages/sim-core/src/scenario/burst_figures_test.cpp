// The cliff figures and each burst's cache come from exact events, not the
// sampled series (issue 19: one run gave 1661 / 1195 / 972 MB/s after the
// cliff at 10 ms / 100 ms / 50 ms sampling). Real scenarios, run as
// `flashscope run --scenario FILE --json`.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

json::Value RunScenario(const std::string& name, const std::string& extra = "") {
  const std::string root = FLASHSCOPE_REPO_ROOT;
  return testing::RunCliJson("run --scenario " + root + "/public/scenarios/" + name +
                                 ".json --presets " + root + "/public/presets/devices " + extra,
                             name);
}

const json::Value& Slc(const json::Value& result) { return *result.Find("slc"); }

double Number(const json::Value& object, const char* key) {
  const json::Value* value = object.Find(key);
  if (value == nullptr || !value->is_number()) {
    ADD_FAILURE() << key << " is not a number";
    return 0;
  }
  return value->as_number();
}

std::string Dump(const json::Value& value) {
  json::Writer out;
  out.Raw(value);
  return out.str();
}

// The same run sampled every 10 ms and every 100 ms: the cliff's figures
// and the bursts' are the same to the bit, and so is the series'
// sampling-independent total.
TEST(BurstFigures, CliffFiguresDoNotDependOnTheSeriesInterval) {
  const json::Value fine = RunScenario("slc-cliff-fill75", "--series-interval-ms 10");
  const json::Value coarse = RunScenario("slc-cliff-fill75", "--series-interval-ms 100");
  ASSERT_NE(Number(fine, "series_interval_ms"), Number(coarse, "series_interval_ms"));
  const json::Value* a = Slc(fine).Find("cliff");
  const json::Value* b = Slc(coarse).Find("cliff");
  ASSERT_TRUE(a != nullptr && a->is_object() && b != nullptr && b->is_object());
  for (const char* key :
       {"host_written_bytes", "t_ms", "write_mbps_before", "write_mbps_after", "depth"}) {
    EXPECT_EQ(Number(*a, key), Number(*b, key)) << key;
  }
  // A real cliff: pSLC speed before, the QLC drive's fold-then-write after.
  EXPECT_NEAR(Number(*a, "write_mbps_before"), 1800, 90);
  EXPECT_LT(Number(*a, "write_mbps_after"), 200);
  EXPECT_NEAR(Number(*a, "depth"),
              1 - Number(*a, "write_mbps_after") / Number(*a, "write_mbps_before"), 1e-6);
  EXPECT_EQ(Dump(*Slc(fine).Find("bursts")), Dump(*Slc(coarse).Find("bursts")));
}

// Three 26 GiB bursts on the 970 EVO-like drive, 5 s and then 30 s apart:
// the first finds the whole TurboWrite cache; idle migration folds only
// part of it back in 5 s, more in 30 s.
TEST(BurstFigures, BurstIdleRecoveryFindsMoreCacheAfterLongerIdle) {
  const json::Value result = RunScenario("slc-burst-idle-recovery");
  const json::Value& slc = Slc(result);
  const json::Value* bursts = slc.Find("bursts");
  ASSERT_TRUE(bursts != nullptr && bursts->is_array());
  ASSERT_EQ(bursts->items().size(), 3u);
  EXPECT_EQ(Number(slc, "bursts_total"), 3);
  const json::Value& b1 = bursts->items()[0];
  const json::Value& b2 = bursts->items()[1];
  const json::Value& b3 = bursts->items()[2];
  constexpr double kGiB = 1024.0 * 1024 * 1024;
  for (const json::Value* b : {&b1, &b2, &b3}) {
    EXPECT_EQ(Number(*b, "host_written_bytes"), 26 * kGiB);
    EXPECT_TRUE(b->Find("cache_exhausted")->as_bool());
    EXPECT_TRUE(b->Find("ended")->as_bool());
    EXPECT_NEAR(Number(*b, "write_mbps_after"), 600, 30);
  }
  // The first burst finds the drive's cache as it was at the start.
  EXPECT_TRUE(b1.Find("idle_before_ms")->is_null());
  EXPECT_NEAR(Number(b1, "cache_bytes"), Number(slc, "capacity_bytes_at_start"),
              0.03 * Number(slc, "capacity_bytes_at_start"));
  EXPECT_EQ(Number(b1, "recovered_fraction"), 1);
  // The startdelays are the idle gaps.
  EXPECT_NEAR(Number(b2, "idle_before_ms"), 5000, 1);
  EXPECT_NEAR(Number(b3, "idle_before_ms"), 30000, 1);
  // Less cache after 5 s than after 30 s, both less than the first.
  EXPECT_GT(Number(b2, "cache_bytes"), 0);
  EXPECT_LT(Number(b2, "cache_bytes"), Number(b3, "cache_bytes"));
  EXPECT_LT(Number(b3, "cache_bytes"), Number(b1, "cache_bytes"));
  EXPECT_NEAR(Number(b3, "recovered_fraction"),
              Number(b3, "cache_bytes") / Number(b1, "cache_bytes"), 1e-6);
  // slc.cliff is the first burst's.
  const json::Value& cliff = *slc.Find("cliff");
  EXPECT_EQ(Number(cliff, "t_ms"), Number(b1, "cliff_t_ms"));
  EXPECT_EQ(Number(cliff, "write_mbps_after"), Number(b1, "write_mbps_after"));
  EXPECT_EQ(Number(cliff, "host_written_bytes"), Number(b1, "cache_bytes"));

  // Where each cliff is among the run's host bytes written, the x the chart
  // of throughput vs data written draws it at (issue 28: the UI summed the
  // bursts for it): 26 GiB + 2.7 GB and 52 GiB + 16.2 GB, counted as the
  // series' host_write_bytes counts, its x axis: the cliff falls inside the
  // point whose interval holds cliff_t_ms.
  EXPECT_EQ(Number(b1, "cliff_host_written_bytes"), Number(cliff, "host_written_bytes"));
  EXPECT_EQ(Number(b2, "cliff_host_written_bytes"), 26 * kGiB + Number(b2, "cache_bytes"));
  EXPECT_EQ(Number(b3, "cliff_host_written_bytes"), 52 * kGiB + Number(b3, "cache_bytes"));
  const json::Value& series = *result.Find("series");
  const auto& t_ms = series.Find("t_ms")->items();
  const auto& host_write_bytes = series.Find("host_write_bytes")->items();
  for (const json::Value* b : {&b1, &b2, &b3}) {
    size_t point = 0;
    while (t_ms[point].as_number() < Number(*b, "cliff_t_ms")) ++point;
    ASSERT_GT(point, 0u);
    EXPECT_LE(host_write_bytes[point - 1].as_number(), Number(*b, "cliff_host_written_bytes"));
    EXPECT_GE(host_write_bytes[point].as_number(), Number(*b, "cliff_host_written_bytes"));
  }

  // Throughput over the host's active time leaves out the 35 s of idle
  // between the bursts, which the whole run's average includes (issue 28).
  const json::Value& throughput = *result.Find("throughput");
  const double active_ms = Number(throughput, "active_ms");
  double spans_ms = 0;
  for (const json::Value* b : {&b1, &b2, &b3}) {
    spans_ms += Number(*b, "end_ms") - Number(*b, "start_ms");
  }
  EXPECT_NEAR(active_ms, spans_ms, 1e-6);  // writes only: the bursts' own spans
  EXPECT_NEAR(Number(throughput, "idle_ms"), 35000, 2);
  const json::Value& jobs = *result.Find("jobs");
  const double host_span_ms =
      Number(jobs.items().back(), "end_ms") - Number(jobs.items().front(), "start_ms");
  EXPECT_NEAR(active_ms + Number(throughput, "idle_ms"), host_span_ms, 1e-6);
  const double written = Number(*result.Find("host"), "write_bytes");
  EXPECT_NEAR(Number(throughput, "active_write_mbps"), written / active_ms / 1e3, 1e-6);
  EXPECT_NEAR(Number(throughput, "write_mbps"), written / host_span_ms / 1e3, 1e-6);
  // Each burst writes 26 GiB at ~2.3 GB/s, then ~600 MB/s: far above the
  // average that counts the idle.
  EXPECT_GT(Number(throughput, "active_write_mbps"), 1.3 * Number(throughput, "write_mbps"));
}

}  // namespace
}  // namespace flashscope
