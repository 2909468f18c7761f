// Test helper: runs the flashscope CLI built beside the tests with `args`
// and returns its JSON result (stdout), failing the test with the CLI's
// stderr when it exits non-zero. FLASHSCOPE_CLI_PATH comes from CMake.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "util/json.h"

namespace flashscope::testing {

inline json::Value RunCliJson(const std::string& args, const std::string& label) {
  static int call = 0;
  const std::filesystem::path err_path =
      std::filesystem::temp_directory_path() /
      ("flashscope-cli-" + std::to_string(::getpid()) + "-" + std::to_string(++call) + ".err");
  const std::string command =
      std::string(FLASHSCOPE_CLI_PATH) + " " + args + " --json 2>" + err_path.string();
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[65536];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  const int status = WEXITSTATUS(pclose(pipe));
  std::ifstream err(err_path);
  const std::string err_text((std::istreambuf_iterator<char>(err)), {});
  std::filesystem::remove(err_path);
  EXPECT_EQ(status, 0) << label << ": " << err_text;
  return json::Parse(out, label);
}

}  // namespace flashscope::testing
