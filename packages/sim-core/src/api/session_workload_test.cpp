// fs_create's "workload" option: the generator job a scenario's "workload"
// key gives, run by a session exactly as `flashscope run --scenario` runs
// it, and the mistakes it refuses.
#include <gtest/gtest.h>

#include <string>

#include "api/session.h"
#include "scenario/cli_json_for_test.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

constexpr const char* kWorkload =
    R"({"generator": "cloud_block", "num_writes": 30000, "iodepth": 8, "seed": 5})";

std::string ErrorOf(const std::string& options_json, const std::string& fio_text = "") {
  try {
    const SessionOptions options = ParseSessionOptions(options_json);
    Session session(testing::kSmallDevice, fio_text, options);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

class SessionWorkload : public testing::CliTest {};

TEST_F(SessionWorkload, ResultIsWhatTheCliPrintsForTheScenario) {
  const std::string device = Write("d.json", testing::kSmallDevice);
  const std::string scenario =
      Write("s.json", std::string(R"({"device": "d.json", "workload": )") + kWorkload + "}");
  const std::string expected =
      testing::RunCliStdout("run --scenario " + scenario + " --json", "cli");

  SessionOptions options =
      ParseSessionOptions(std::string(R"({"series_interval_ms": 100, "workload_name": ")") +
                          scenario + R"(", "workload": )" + kWorkload + "}");
  ASSERT_TRUE(options.workload.has_value());
  Session session(testing::kSmallDevice, "", options);
  session.Precondition();
  uint64_t until = 0;
  while (session.Advance(until += 5'000'000, 4000) != StopReason::kFinished) {
  }
  const std::string& result = session.ResultJson();
  EXPECT_EQ(result, expected);
  // One job, "cloud_block", of 30000 4 KiB writes.
  const json::Value root = json::Parse(result, "result");
  const json::Value& jobs = *root.Find("jobs");
  ASSERT_EQ(jobs.items().size(), 1u);
  EXPECT_EQ(jobs.items()[0].Find("name")->as_string(), "cloud_block");
  EXPECT_EQ(root.Find("host")->Find("write_requests")->as_number(), 30000);
  EXPECT_EQ(root.Find("host")->Find("write_bytes")->as_number(), 30000.0 * 4096);
}

TEST_F(SessionWorkload, MistakesAreInputErrors) {
  EXPECT_EQ(ErrorOf(R"({"workload": {"generator": "cloud_block"}})", "[w]\nrw=write\n"),
            "options:1: workload: the workload is the generator, so the fio text must be empty");
  EXPECT_EQ(ErrorOf("{\"trace\": {\"path\": \"t.csv\"},\n"
                    "\"workload\": {\"generator\": \"cloud_block\"}}"),
            "options:2: workload: give one workload, a trace or a generator, not both");
  EXPECT_EQ(ErrorOf("{\"workload\": {\"generator\": \"cloud_block\",\n\"hot_shifts\": -1}}"),
            "options:2: workload.hot_shifts must be in [0, 4294967295]; got -1");
  EXPECT_EQ(ErrorOf(R"({"workload": {"generator": "cloud_block", "num_blocks": 99999999}})"),
            "options:1: workload.num_blocks (99999999) is more than the device's 20480 logical "
            "blocks of 4096 bytes");
}

}  // namespace
}  // namespace flashscope
