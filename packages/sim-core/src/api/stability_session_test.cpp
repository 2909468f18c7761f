// The stability flow through the C API (fs_stability_*): the same JSON as
// `flashscope stability --json` however the slices are spread, progress as
// rounds end, and errors as fs_last_error() JSON.
#include "api/stability_session.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/flashscope_api.h"
#include "scenario/cli_json_for_test.h"
#include "schema/device_schema.h"
#include "stability/stability_comparison.h"
#include "stability/stability_flow.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::kSmallDevice;

std::string RunToEnd(uint32_t handle, double slices_per_call) {
  int32_t code = 0;
  while ((code = fs_stability_advance(handle, slices_per_call)) == 0) {
  }
  EXPECT_EQ(code, 1) << fs_last_error();
  const char* result = fs_stability_result(handle);
  return result ? result : "";
}

TEST(StabilityApi, ResultIsTheClisJsonWhateverTheSlicing) {
  const DeviceConfig device = ParseDeviceText(kSmallDevice, "device.json", {});
  const std::string expected = stability::StabilityJson(
      stability::RunStability(device, stability::DefaultMeasureJobs(), {}), false);

  const uint32_t one_by_one = fs_stability_create(kSmallDevice, "", "");
  ASSERT_NE(one_by_one, 0u) << fs_last_error();
  EXPECT_EQ(RunToEnd(one_by_one, 1), expected);
  fs_destroy(one_by_one);

  const uint32_t at_once = fs_stability_create(kSmallDevice, "", "{}");
  ASSERT_NE(at_once, 0u) << fs_last_error();
  EXPECT_EQ(RunToEnd(at_once, 1e12), expected);
  // Once ended, advancing runs nothing and the result stays.
  EXPECT_EQ(fs_stability_advance(at_once, 5), 1);
  EXPECT_EQ(std::string(fs_stability_result(at_once)), expected);
  fs_destroy(at_once);
}

TEST(StabilityApi, ProgressReportsRoundsAsTheyEnd) {
  const uint32_t handle = fs_stability_create(
      kSmallDevice, "", R"({"rounds_max": 3, "qos_read_us": 5000, "set": ["seed=7"]})");
  ASSERT_NE(handle, 0u) << fs_last_error();
  json::Value progress = json::Parse(fs_stability_progress(handle), "progress");
  EXPECT_EQ(progress.Find("phase")->as_string(), "precondition");
  EXPECT_EQ(progress.Find("rounds")->items().size(), 0u);
  EXPECT_EQ(progress.Find("rounds_max")->as_number(), 3);
  size_t rounds_seen = 0;
  bool saw_rounds_phase = false;
  while (fs_stability_advance(handle, 1) == 0) {
    progress = json::Parse(fs_stability_progress(handle), "progress");
    const size_t rounds = progress.Find("rounds")->items().size();
    EXPECT_GE(rounds, rounds_seen);  // rounds only ever get added
    rounds_seen = rounds;
    saw_rounds_phase |= progress.Find("phase")->as_string() == "rounds";
  }
  EXPECT_TRUE(saw_rounds_phase);
  progress = json::Parse(fs_stability_progress(handle), "progress");
  EXPECT_EQ(progress.Find("phase")->as_string(), "done");
  EXPECT_EQ(progress.Find("rounds")->items().size(), 3u);
  // Both preconditioning steps: 2x the capacity sequential, 2x random.
  EXPECT_EQ(progress.Find("precondition_bytes")->as_number(),
            4 * progress.Find("user_capacity_bytes")->as_number());
  EXPECT_EQ(progress.Find("precondition_total_bytes")->as_number(),
            progress.Find("precondition_bytes")->as_number());
  // Three rounds cannot make the five-round window.
  EXPECT_FALSE(progress.Find("steady_state")->Find("reached")->as_bool());
  const json::Value result = json::Parse(fs_stability_result(handle), "result");
  EXPECT_EQ(result.Find("qos")->Find("read_limit_us")->as_number(), 5000);
  EXPECT_EQ(result.Find("rounds")->items().size(), 3u);
  fs_destroy(handle);
}

TEST(StabilityApi, RandomPreconditioningCountsAsPreconditioning) {
  const uint32_t handle =
      fs_stability_create(kSmallDevice, "", R"({"rounds_max": 1, "random_precondition": 0.5})");
  ASSERT_NE(handle, 0u) << fs_last_error();
  json::Value progress = json::Parse(fs_stability_progress(handle), "progress");
  const double capacity = progress.Find("user_capacity_bytes")->as_number();
  EXPECT_EQ(progress.Find("precondition_total_bytes")->as_number(), 2.5 * capacity);
  // Past the sequential 2x capacity, the random writes are still preconditioning.
  bool random_part_seen = false;
  while (fs_stability_advance(handle, 1) == 0) {
    progress = json::Parse(fs_stability_progress(handle), "progress");
    const double written = progress.Find("precondition_bytes")->as_number();
    if (written > 2 * capacity && written < 2.5 * capacity) {
      random_part_seen = true;
      EXPECT_EQ(progress.Find("phase")->as_string(), "precondition");
    }
  }
  EXPECT_TRUE(random_part_seen);
  const json::Value result = json::Parse(fs_stability_result(handle), "result");
  EXPECT_EQ(result.Find("precondition")->Find("random")->Find("bytes")->as_number(),
            0.5 * capacity);
  fs_destroy(handle);
  EXPECT_EQ(fs_stability_create(kSmallDevice, "", R"({"random_precondition": 11})"), 0u);
  EXPECT_NE(std::string(fs_last_error()).find("random_precondition"), std::string::npos);
}

TEST(StabilityApi, BadInputIsAnInputErrorNamingTheFile) {
  EXPECT_EQ(fs_stability_create(kSmallDevice, "", R"({"rounds_max": 0})"), 0u);
  json::Value error = json::Parse(fs_last_error(), "error");
  EXPECT_EQ(error.Find("kind")->as_string(), "input");
  EXPECT_EQ(error.Find("file")->as_string(), "options");

  EXPECT_EQ(fs_stability_create(kSmallDevice, "[job]\nrw=sideways\n",
                                R"({"workload_name": "measure.fio"})"),
            0u);
  error = json::Parse(fs_last_error(), "error");
  EXPECT_EQ(error.Find("file")->as_string(), "measure.fio");
  EXPECT_EQ(error.Find("line")->as_number(), 2);

  // The flow preconditions itself: a device that asks for it is refused.
  EXPECT_EQ(fs_stability_create(kSmallDevice, "", R"({"set": ["precondition.fill=1"]})"), 0u);
  error = json::Parse(fs_last_error(), "error");
  EXPECT_NE(error.Find("problem")->as_string().find("preconditions it itself"), std::string::npos);

  // A result before the end is an internal error, not a crash.
  const uint32_t handle = fs_stability_create(kSmallDevice, "", "");
  ASSERT_NE(handle, 0u);
  EXPECT_EQ(fs_stability_result(handle), nullptr);
  EXPECT_EQ(json::Parse(fs_last_error(), "error").Find("kind")->as_string(), "internal");
  fs_destroy(handle);
  EXPECT_EQ(fs_stability_advance(handle, 1), -1);  // freed
}

// The UI offers what a run without options does: the defaults the session
// applies, and exactly the variants `flashscope stability --compare` runs.
TEST(StabilityApi, DefaultsAreWhatARunWithoutOptionsUses) {
  const json::Value defaults = json::Parse(fs_stability_defaults(), "defaults");
  const StabilitySessionOptions applied = ParseStabilityOptions("");
  EXPECT_EQ(defaults.Find("rounds_max")->as_number(), applied.flow.rule.max_rounds);
  EXPECT_EQ(defaults.Find("qos_read_us")->as_number(), applied.flow.qos.read_limit_us);
  EXPECT_EQ(defaults.Find("qos_write_us")->as_number(), applied.flow.qos.write_limit_us);
  EXPECT_EQ(defaults.Find("series_interval_ms")->as_number() * 1e6,
            static_cast<double>(applied.flow.series_interval_ns));
  EXPECT_EQ(defaults.Find("random_precondition")->as_number(),
            applied.flow.random_precondition_capacity);
  // The limits are the ones the options reader enforces.
  const double rounds_limit = defaults.Find("rounds_max_limit")->as_number();
  EXPECT_NO_THROW(ParseStabilityOptions(R"({"rounds_max": )" + std::to_string(rounds_limit) + "}"));
  EXPECT_THROW(ParseStabilityOptions(R"({"rounds_max": )" + std::to_string(rounds_limit + 1) + "}"),
               InputError);
  const double precondition_max = defaults.Find("random_precondition_max")->as_number();
  EXPECT_THROW(ParseStabilityOptions(R"({"random_precondition": )" +
                                     std::to_string(precondition_max + 0.5) + "}"),
               InputError);

  const std::vector<json::Value>& variants = defaults.Find("variants")->items();
  const std::vector<stability::ComparisonVariant>& standard = stability::StandardVariants();
  ASSERT_EQ(variants.size(), standard.size());
  for (size_t i = 0; i < standard.size(); ++i) {
    EXPECT_EQ(variants[i].Find("name")->as_string(), standard[i].name);
    EXPECT_EQ(variants[i].Find("label")->as_string(), standard[i].label);
    const std::vector<json::Value>& overrides = variants[i].Find("overrides")->items();
    ASSERT_EQ(overrides.size(), standard[i].overrides.size());
    for (size_t k = 0; k < overrides.size(); ++k) {
      EXPECT_EQ(overrides[k].as_string(), standard[i].overrides[k]);
    }
  }
}

}  // namespace
}  // namespace flashscope
