// A scenario's "workload" key (a generator instead of fio jobs or a trace):
// its defaults, each error with its line, and that it excludes the other
// workload keys.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "scenario/scenario.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

class ScenarioWorkload : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("flashscope-scenario-workload-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes a scenario whose body follows a device object on line 1.
  std::string Write(const std::string& body) {
    path_ = (dir_ / "s.json").string();
    std::ofstream(path_) << "{\"device\": {\"cell\": \"tlc\"},\n" << body << "}";
    return path_;
  }
  Scenario Load(const std::string& body) { return LoadScenario(Write(body), "", {}); }
  std::string ErrorOf(const std::string& body) {
    try {
      Load(body);
    } catch (const InputError& error) {
      return error.what();
    }
    return "(no error)";
  }
  // The message with the scenario's path replaced by "s.json".
  std::string Short(const std::string& message) {
    return message.rfind(path_, 0) == 0 ? "s.json" + message.substr(path_.size()) : message;
  }

  std::filesystem::path dir_;
  std::string path_;
};

// "sources" and "cli" are notes for people (issue 18): a scenario with them
// loads as without them; a wrong type is an error at its line.
TEST_F(ScenarioWorkload, SourcesAndCliAreNotesTheLoaderChecksAndIgnores) {
  const Scenario s = Load(
      "\"workload\": {\"generator\": \"cloud_block\"},\n"
      "\"sources\": [\"A paper, Table 1\"], \"cli\": \"flashscope run --scenario s.json\"");
  ASSERT_TRUE(s.workload.has_value());
  EXPECT_EQ(s.workload->generator, "cloud_block");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\"},\n\"sources\": [1]")),
            "s.json:3: sources must be a list of strings");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\"},\n\"cli\": []")),
            "s.json:3: cli must be a string");
}

TEST_F(ScenarioWorkload, DefaultsAreTheGeneratorsWithSizesFromTheDevice) {
  const Scenario s = Load("\"workload\": {\"generator\": \"cloud_block\"}");
  ASSERT_TRUE(s.workload.has_value());
  EXPECT_FALSE(s.trace.has_value());
  EXPECT_TRUE(s.jobs.jobs.empty());
  const GeneratorWorkload& w = *s.workload;
  EXPECT_EQ(w.generator, "cloud_block");
  EXPECT_EQ(w.line, 2u);
  EXPECT_FALSE(w.num_blocks_set);  // the device's logical blocks, at job building
  EXPECT_FALSE(w.num_writes_set);  // 4 per block
  EXPECT_EQ(w.iodepth, 0u);        // open loop at write_iops
  EXPECT_FALSE(w.seed_set);
  const CloudBlockWorkloadParams defaults;
  EXPECT_EQ(w.params.zipf_exponent, defaults.zipf_exponent);
  EXPECT_EQ(w.params.write_once_share, defaults.write_once_share);
  EXPECT_EQ(w.params.hot_set_share, defaults.hot_set_share);
  EXPECT_EQ(w.params.hot_shifts, defaults.hot_shifts);
  EXPECT_EQ(w.params.hot_shift_fraction, defaults.hot_shift_fraction);
  EXPECT_EQ(w.params.write_iops, defaults.write_iops);
}

TEST_F(ScenarioWorkload, ReadsEveryKey) {
  const Scenario s = Load(
      "\"workload\": {\"generator\": \"cloud_block\", \"num_blocks\": 5000,\n"
      "\"num_writes\": 30000, \"zipf_exponent\": 1.2, \"write_once_share\": 0.3,\n"
      "\"hot_set_share\": 0.02, \"hot_shifts\": 6, \"hot_shift_fraction\": 0.5,\n"
      "\"write_iops\": 2000, \"iodepth\": 16, \"seed\": 42}");
  const GeneratorWorkload& w = *s.workload;
  EXPECT_TRUE(w.num_blocks_set);
  EXPECT_EQ(w.num_blocks_line, 2u);
  EXPECT_EQ(w.params.num_blocks, 5000u);
  EXPECT_TRUE(w.num_writes_set);
  EXPECT_EQ(w.params.num_writes, 30000u);
  EXPECT_EQ(w.params.zipf_exponent, 1.2);
  EXPECT_EQ(w.params.write_once_share, 0.3);
  EXPECT_EQ(w.params.hot_set_share, 0.02);
  EXPECT_EQ(w.params.hot_shifts, 6u);
  EXPECT_EQ(w.params.hot_shift_fraction, 0.5);
  EXPECT_EQ(w.params.write_iops, 2000u);
  EXPECT_EQ(w.iodepth, 16u);
  EXPECT_TRUE(w.seed_set);
  EXPECT_EQ(w.seed, 42u);
}

TEST_F(ScenarioWorkload, ErrorsNameTheKeyAndLine) {
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\",\n\"num_block\": 5}")),
            "s.json:3: unknown key \"workload.num_block\" (generator, num_blocks, num_writes, "
            "zipf_exponent, write_once_share, hot_set_share, hot_shifts, hot_shift_fraction, "
            "write_iops, iodepth, seed)");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"fio\"}")),
            "s.json:2: workload.generator \"fio\" is unknown; allowed: cloud_block, disksim");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"num_writes\": 5}")),
            "s.json:2: workload needs \"generator\": \"cloud_block\"");
  EXPECT_EQ(Short(ErrorOf("\"workload\": \"cloud_block\"")),
            "s.json:2: workload must be an object: {\"generator\": \"cloud_block\", ...}");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\",\n\n"
                          "\"write_once_share\": 1.5}")),
            "s.json:4: workload.write_once_share must be in [0, 1]; got 1.5");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\", \"num_blocks\": 0}")),
            "s.json:2: workload.num_blocks must be in [1, 4294967296]; got 0");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\", \"iodepth\": 2.5}")),
            "s.json:2: workload.iodepth must be a whole number; got 2.5");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\", \"seed\": \"7\"}")),
            "s.json:2: workload.seed must be a number");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\", "
                          "\"zipf_exponent\": -1}")),
            "s.json:2: workload.zipf_exponent must be >= 0; got -1");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\", \"write_iops\": 0}")),
            "s.json:2: workload.write_iops must be in [1, 1000000000000]; got 0");
}

TEST_F(ScenarioWorkload, OneWorkloadPerScenario) {
  EXPECT_EQ(Short(ErrorOf("\"fio_job\": \"[w]\\nrw=write\\n\",\n"
                          "\"workload\": {\"generator\": \"cloud_block\"}")),
            "s.json:3: a scenario has one workload: \"fio\", \"fio_job\", \"trace\" or "
            "\"workload\"");
  EXPECT_EQ(Short(ErrorOf("\"workload\": {\"generator\": \"cloud_block\"},\n"
                          "\"trace\": {\"path\": \"t.csv\"}")),
            "s.json:3: a scenario has one workload: \"fio\", \"fio_job\", \"trace\" or "
            "\"workload\"");
  EXPECT_EQ(Short(ErrorOf("\"name\": \"x\"")),
            "s.json:1: scenario needs \"fio\" (a job file), \"fio_job\" (its text), \"trace\" or "
            "\"workload\" (a generator)");
}

}  // namespace
}  // namespace flashscope
