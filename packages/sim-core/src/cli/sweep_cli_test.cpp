// `flashscope sweep` hands over to Python: every argument passed through as
// given, plus --flashscope and this binary's absolute path; the Python is
// $FLASHSCOPE_PYTHON or the venv beside the repository; without one, one
// line naming the install command (exit status 2). The binary is copied
// into a scratch repository layout (packages/sim-core/build/flashscope) so
// a venv installed in the real checkout does not change what is tested.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/sweep_command.h"
#include "scenario/cli_json_for_test.h"

namespace flashscope {
namespace {

namespace fs = std::filesystem;

using SweepCli = testing::CliTest;

// The script stands in for Python: prints its argv one per line, then PYTHONPATH.
constexpr const char* kEchoPython =
    "#!/bin/sh\n"
    "printf '%s\\n' \"$0\" \"$@\"\n"
    "echo \"PYTHONPATH=$PYTHONPATH\"\n";

struct Result {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `ENV BINARY ARGS` through the shell (stderr to a file).
Result RunWith(const std::string& env, const std::string& binary, const std::string& args,
               const fs::path& scratch) {
  const fs::path err_path = scratch / "stderr.txt";
  const std::string command = "env " + env + " " + binary + " " + args + " 2>" + err_path.string();
  Result result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  result.status = WEXITSTATUS(pclose(pipe));
  std::ifstream err(err_path);
  result.err.assign(std::istreambuf_iterator<char>(err), {});
  return result;
}

class SweepHandOver : public SweepCli {
 protected:
  void SetUp() override {
    SweepCli::SetUp();
    repo_ = dir_ / "repo";
    fs::create_directories(repo_ / "packages" / "sim-core" / "build");
    binary_ = (repo_ / "packages" / "sim-core" / "build" / "flashscope").string();
    fs::copy_file(FLASHSCOPE_CLI_PATH, binary_);
  }

  std::string Script(const fs::path& path) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << kEchoPython;
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
  }

  fs::path repo_;
  std::string binary_;
};

TEST_F(SweepHandOver, WithoutTheVenvOneLineNamesTheInstallCommand) {
  const Result r = RunWith("-u FLASHSCOPE_PYTHON", binary_, "sweep spec.json --out out", dir_);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, std::string(kSweepMissingPython) + "\n");
  EXPECT_NE(r.err.find("bash scripts/setup-sweep.sh"), std::string::npos);
}

TEST_F(SweepHandOver, FlashscopePythonGetsEveryArgumentAsGivenAndTheBinarysPath) {
  const std::string python = Script(dir_ / "bin" / "echo-python");
  const Result r = RunWith(
      "FLASHSCOPE_PYTHON=" + python + " PYTHONPATH=/elsewhere", binary_,
      "sweep spec.json --out=my\\ dir --engine ray --address auto --workers 2 --json -h", dir_);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string expected = python +
                               "\n-m\nflashscope_sweep\nsweep\nspec.json\n--out=my dir\n--engine\n"
                               "ray\n--address\nauto\n--workers\n2\n--json\n-h\n--flashscope\n" +
                               binary_ + "\nPYTHONPATH=" + (repo_ / "tools" / "sweep").string() +
                               ":/elsewhere\n";
  EXPECT_EQ(r.out, expected);
}

TEST_F(SweepHandOver, TheVenvBesideTheRepositoryIsFoundFromTheBinary) {
  const std::string python = Script(repo_ / "build" / "sweep-venv" / "bin" / "python");
  const Result r =
      RunWith("-u FLASHSCOPE_PYTHON -u PYTHONPATH", binary_, "sweep s.json --out o", dir_);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, python + "\n-m\nflashscope_sweep\nsweep\ns.json\n--out\no\n--flashscope\n" +
                       binary_ + "\nPYTHONPATH=" + (repo_ / "tools" / "sweep").string() + "\n");
}

}  // namespace
}  // namespace flashscope
