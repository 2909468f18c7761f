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
  // The scenario's story: ~2.3 GB/s before the cliff, ~600 MB/s after.
  EXPECT_GT(live->Find("before_mbps")->as_number(), 1500);
  EXPECT_LT(live->Find("after_mbps")->as_number(), 1000);
  EXPECT_GT(live->Find("after_mbps")->as_number(), 300);
}

}  // namespace
}  // namespace flashscope
