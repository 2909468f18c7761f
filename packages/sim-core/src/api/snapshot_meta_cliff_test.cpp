// The live meta's slc.first_cliff and slc.bursts carry the core's cliff and
// per-burst figures (report/burst_json.h), the very figures the result
// JSON's slc.cliff and slc.bursts report, so the UI shows what the core
// computed.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "api/flashscope_api.h"
#include "util/json.h"

namespace flashscope {
namespace {

std::string ReadRepoFile(const std::string& relative) {
  const std::string path = std::string(FLASHSCOPE_REPO_ROOT) + "/" + relative;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string Dump(const json::Value& value) {
  json::Writer out;
  out.Raw(value);
  return out.str();
}

const json::Value* FirstCliff(const json::Value& meta) {
  const json::Value* slc = meta.Find("slc");
  if (slc == nullptr || !slc->is_object()) return nullptr;
  const json::Value* cliff = slc->Find("first_cliff");
  return cliff != nullptr && cliff->is_object() ? cliff : nullptr;
}

// Three 26 GB bursts on a 970 EVO-like drive, the first hitting the cliff
// (public/scenarios/slc-burst-idle-recovery.json), run through the C API as
// the worker runs it.
TEST(SnapshotMetaCliff, MatchesTheResultJsonOnBurstIdleRecovery) {
  const json::Value scenario =
      json::Parse(ReadRepoFile("public/scenarios/slc-burst-idle-recovery.json"), "scenario");
  ASSERT_EQ(scenario.Find("device")->as_string(), "preset:tlc-500g-970evo-like");
  const std::string device = ReadRepoFile("public/presets/devices/tlc-500g-970evo-like.json");
  const std::string fio = scenario.Find("fio_job")->as_string();
  const uint32_t session = fs_create(device.c_str(), fio.c_str(), R"({"series_interval_ms": 100})");
  ASSERT_GT(session, 0u) << fs_last_error();
  ASSERT_EQ(fs_precondition(session), 0) << fs_last_error();

  // Slices of 500 ms simulated: past the cliff the meta has the "before"
  // figure and a provisional "after" (the burst goes on); "after" settles
  // once the burst has ended, before the run does, and never unsettles.
  bool saw_open_after = false, saw_settled_after_mid_run = false;
  double until_ns = 0;
  int32_t reason = 0;
  while ((reason = fs_advance(session, until_ns += 5e8, 1e12)) != 2) {
    ASSERT_GE(reason, 0) << fs_last_error();
    fs_snapshot(session);
    const json::Value meta = json::Parse(fs_snapshot_meta(session), "meta");
    const json::Value* cliff = FirstCliff(meta);
    if (cliff == nullptr) continue;
    ASSERT_NE(cliff->Find("before_mbps"), nullptr);
    ASSERT_NE(cliff->Find("after_mbps"), nullptr);
    ASSERT_NE(cliff->Find("after_settled"), nullptr);
    if (!cliff->Find("after_settled")->as_bool()) {
      saw_open_after = true;
      EXPECT_FALSE(saw_settled_after_mid_run) << "after_mbps went back to unsettled";
    } else {
      saw_settled_after_mid_run = true;
      EXPECT_FALSE(cliff->Find("before_mbps")->is_null());
      EXPECT_FALSE(cliff->Find("after_mbps")->is_null());
    }
  }
  EXPECT_TRUE(saw_open_after);
  EXPECT_TRUE(saw_settled_after_mid_run);

  fs_snapshot(session);
  const json::Value meta = json::Parse(fs_snapshot_meta(session), "meta");
  const json::Value result = json::Parse(fs_result_json(session), "result");
  fs_destroy(session);
  const json::Value* live = FirstCliff(meta);
  ASSERT_NE(live, nullptr);
  const json::Value* reported = result.Find("slc")->Find("cliff");
  ASSERT_TRUE(reported != nullptr && reported->is_object());
  EXPECT_EQ(live->Find("t_ms")->as_number(), reported->Find("t_ms")->as_number());
  EXPECT_EQ(live->Find("host_written_bytes")->as_number(),
            reported->Find("host_written_bytes")->as_number());
  // Exactly equal: one function computes both from the same tracker.
  EXPECT_EQ(live->Find("before_mbps")->as_number(),
            reported->Find("write_mbps_before")->as_number());
  EXPECT_EQ(live->Find("after_mbps")->as_number(), reported->Find("write_mbps_after")->as_number());
  EXPECT_EQ(live->Find("depth")->as_number(), reported->Find("depth")->as_number());
  // Every burst's figures, key for key.
  const json::Value* live_bursts = meta.Find("slc")->Find("bursts");
  const json::Value* reported_bursts = result.Find("slc")->Find("bursts");
  ASSERT_TRUE(live_bursts != nullptr && reported_bursts != nullptr);
  ASSERT_EQ(live_bursts->items().size(), 3u);
  EXPECT_EQ(Dump(*live_bursts), Dump(*reported_bursts));
  EXPECT_EQ(meta.Find("slc")->Find("bursts_total")->as_number(),
            result.Find("slc")->Find("bursts_total")->as_number());
  // What the cache shrank from: the result's capacities when the host started.
  for (const char* key : {"capacity_bytes_at_start", "dynamic_capacity_bytes_at_start"}) {
    ASSERT_NE(meta.Find("slc")->Find(key), nullptr) << key;
    EXPECT_EQ(meta.Find("slc")->Find(key)->as_number(), result.Find("slc")->Find(key)->as_number())
        << key;
  }
  // The scenario's story: ~2.3 GB/s before the cliff, ~600 MB/s after.
  EXPECT_GT(live->Find("before_mbps")->as_number(), 1500);
  EXPECT_LT(live->Find("after_mbps")->as_number(), 1000);
  EXPECT_GT(live->Find("after_mbps")->as_number(), 300);
}

// The SLC-cliff lesson (public/lessons/slc-cliff.json) pauses its first
// step as the cache runs out. At that moment the only write past the cliff
// is the one under way at it, 1 MiB in 0.8 ms: "1.34 GB/s" after, "-392 %"
// deep, above the 272 MB/s before (issue 28). The meta gives no after
// figure and no depth until the host has written ten of its writes past
// the cliff, and from then on never one above the rate before.
TEST(SnapshotMetaCliff, NoAfterFigureAtTheSlcCliffLessonsPause) {
  const json::Value lesson = json::Parse(ReadRepoFile("public/lessons/slc-cliff.json"), "lesson");
  const json::Value& scenario = *lesson.Find("scenario");
  const std::string preset = scenario.Find("device")->as_string();
  ASSERT_EQ(preset.rfind("preset:", 0), 0u) << preset;
  const std::string device = ReadRepoFile("public/presets/devices/" + preset.substr(7) + ".json");
  std::string options = R"({"set": [)";
  for (const auto& [key, value] : scenario.Find("set")->members()) {
    if (options.back() != '[') options += ", ";
    options += "\"" + key + "=" + Dump(value) + "\"";
  }
  options += "]}";
  const uint32_t session =
      fs_create(device.c_str(), scenario.Find("fio_job")->as_string().c_str(), options.c_str());
  ASSERT_GT(session, 0u) << fs_last_error();
  ASSERT_EQ(fs_precondition(session), 0) << fs_last_error();

  // Slices of 1 ms from the cliff on (a paused frame lands anywhere there),
  // 5 ms before it and 50 ms once the after figure has come.
  double until_ns = 0, first_after_ms = -1, first_after_mbps = 0;
  bool saw_cliff_without_after = false;
  double slice_ns = 5e6;
  while (fs_advance(session, until_ns += slice_ns, 1e12) != 2) {
    fs_snapshot(session);
    const json::Value meta = json::Parse(fs_snapshot_meta(session), "meta");
    const json::Value* cliff = FirstCliff(meta);
    if (cliff == nullptr) continue;
    slice_ns = first_after_ms < 0 ? 1e6 : 50e6;
    const json::Value* after = cliff->Find("after_mbps");
    if (after->is_null()) {
      EXPECT_LT(first_after_ms, 0) << "the after figure went back to null";
      EXPECT_TRUE(cliff->Find("depth")->is_null());
      saw_cliff_without_after = true;
      continue;
    }
    EXPECT_LT(after->as_number(), cliff->Find("before_mbps")->as_number()) << until_ns / 1e6;
    EXPECT_GT(cliff->Find("depth")->as_number(), 0) << until_ns / 1e6;
    if (first_after_ms < 0) {
      first_after_ms = until_ns / 1e6;
      first_after_mbps = after->as_number();
    }
    if (cliff->Find("after_settled")->as_bool()) break;
  }
  const json::Value meta = json::Parse(fs_snapshot_meta(session), "meta");
  fs_destroy(session);
  EXPECT_TRUE(saw_cliff_without_after);
  ASSERT_GT(first_after_ms, 0);
  const json::Value* cliff = FirstCliff(meta);
  ASSERT_NE(cliff, nullptr);
  // 10 MiB past the cliff at QLC speed: ~0.18 s after it, at most 10 / 9
  // of the rate the burst settles at (53 MB/s).
  const double cliff_ms = cliff->Find("t_ms")->as_number();
  EXPECT_GT(first_after_ms - cliff_ms, 150);
  EXPECT_LT(first_after_ms - cliff_ms, 250);
  const double settled_mbps = cliff->Find("after_mbps")->as_number();
  EXPECT_NEAR(settled_mbps, 53, 3);
  EXPECT_GE(first_after_mbps, settled_mbps);
  EXPECT_LE(first_after_mbps, settled_mbps * 10 / 9);
}

}  // namespace
}  // namespace flashscope
