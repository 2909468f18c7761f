// Test helpers: run the flashscope CLI built beside the tests
// (FLASHSCOPE_CLI_PATH comes from CMake) and capture its exit status,
// stdout and stderr; a fixture with a scratch directory for the files a
// test hands the CLI.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>

#include "util/json.h"

namespace flashscope::testing {

// A small TLC drive (2 channels, 2 planes, 32 blocks of 48 pages of 16 KiB
// per plane) that runs a CLI test in well under a second.
inline constexpr const char* kSmallDevice = R"({
  "cell": "tlc",
  "geometry": { "channels": 2, "dies_per_channel": 1, "planes_per_die": 2,
                "blocks_per_plane": 32, "pages_per_block": 48, "page_bytes": 16384 },
  "overprovision": 0.2,
  "write_buffer_bytes": 1048576
})";

struct CliOutput {
  int status = -1;  // the exit status; -1 when the CLI could not be started
  std::string out;
  std::string err;
};

// Runs `flashscope ARGS`; never fails the test itself.
inline CliOutput RunCli(const std::string& args) {
  static int call = 0;
  const std::filesystem::path err_path =
      std::filesystem::temp_directory_path() /
      ("flashscope-cli-" + std::to_string(::getpid()) + "-" + std::to_string(++call) + ".err");
  const std::string command =
      std::string(FLASHSCOPE_CLI_PATH) + " " + args + " 2>" + err_path.string();
  CliOutput result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    result.err = "could not start " + command;
    return result;
  }
  char buffer[65536];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  result.status = WEXITSTATUS(pclose(pipe));
  std::ifstream err(err_path);
  result.err.assign(std::istreambuf_iterator<char>(err), {});
  std::filesystem::remove(err_path);
  return result;
}

// Another program's exit status and output (stdout and stderr together),
// for tests that hold FlashScope to a real tool (fio, fio-plot).
struct ShellOutput {
  int status = -1;
  std::string out;
};

inline ShellOutput Shell(const std::string& command) {
  ShellOutput result;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  result.status = WEXITSTATUS(pclose(pipe));
  return result;
}

inline bool HaveCommand(const std::string& name) { return Shell("command -v " + name).status == 0; }

// The stdout of a run that must succeed (exit 0), byte for byte; otherwise
// the test fails with `label` and the CLI's stderr (which carries
// wall-clock times, so it is shown only on failure).
inline std::string RunCliStdout(const std::string& args, const std::string& label) {
  const CliOutput result = RunCli(args);
  EXPECT_EQ(result.status, 0) << label << ": " << result.err;
  return result.out;
}

// The JSON result (`ARGS --json`) of a run that must succeed.
inline json::Value RunCliJson(const std::string& args, const std::string& label) {
  return json::Parse(RunCliStdout(args + " --json", label), label);
}

// The value at `path` in a result (e.g. {"trace", "repair_warnings"}); a
// missing key is a test failure and reads as null (no items, false, "").
inline const json::Value& ValueAt(const json::Value& root,
                                  std::initializer_list<const char*> path) {
  static const json::Value kMissing;
  const json::Value* value = &root;
  for (const char* key : path) {
    value = value->Find(key);
    if (value == nullptr) {
      ADD_FAILURE() << "no " << key << " in the result";
      return kMissing;
    }
  }
  return *value;
}

// The number at `path` in a result (e.g. {"nand", "erases_by_cause",
// "wear_leveling"}); a missing key is a test failure and reads as 0.
inline double NumberAt(const json::Value& root, std::initializer_list<const char*> path) {
  return ValueAt(root, path).as_number();
}

// A test with its own scratch directory (removed afterwards) for the trace,
// device and job files it hands the CLI.
class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("flashscope-cli-" + std::to_string(::getpid()) + "-" + test->test_suite_name() + "-" +
            test->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes `text` to `name` in the scratch directory; returns its path.
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  CliOutput Run(const std::string& args) { return RunCli(args); }

  // The JSON on stdout of a run that must have succeeded.
  json::Value Json(const CliOutput& output) {
    EXPECT_EQ(output.status, 0) << output.err;
    return json::Parse(output.out, "stdout");
  }

  std::filesystem::path dir_;
};

}  // namespace flashscope::testing
