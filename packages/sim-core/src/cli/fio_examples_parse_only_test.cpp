// `flashscope run --parse-only` over every job file of fio's examples/
// (../shared/fio-jobs/examples/), as a fio user checks a file before a
// run: against drives big enough for what the examples were written for (a
// multi-TiB conventional drive; for zonemode=zbd a host-managed drive with
// 256 MiB zones and 128 open zones, like the SMR disks fio's zbd examples
// target). Checking against the drive must refuse nothing the parser
// accepts (workload/fio_examples_test.cpp names the files the parser
// refuses, one by one, with why), and at least 90 % of the files pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "scenario/cli_json_for_test.h"
#include "util/input_error.h"
#include "workload/fio_job_file.h"

namespace flashscope {
namespace {

const std::string kExamples = FLASHSCOPE_REPO_ROOT "/../shared/fio-jobs/examples/";

// 9.2 TB logical: cross-stripe-verify.fio's 30 clones at offset_increment
// 124g reach 3.5 TiB, enospc-pressure.fio asks for 999G.
constexpr const char* kLargeDrive = R"({
  "name": "large-tlc", "cell": "tlc",
  "geometry": { "channels": 16, "dies_per_channel": 8, "planes_per_die": 2,
                "blocks_per_plane": 2048, "pages_per_block": 1152, "page_bytes": 16384 },
  "overprovision": 0.07
})";

// 1919 zones of 256 MiB (MLC, so a 2048-page block holds whole wordlines):
// the zbd examples start at offset=131g and open up to 32 zones.
constexpr const char* kZonedDrive = R"({
  "name": "zoned-256m", "cell": "mlc",
  "geometry": { "channels": 8, "dies_per_channel": 4, "planes_per_die": 1,
                "blocks_per_plane": 2048, "pages_per_block": 2048, "page_bytes": 4096 },
  "mapping_unit_bytes": 4096,
  "zns": { "zone_bytes": 268435456, "max_open": 128, "max_active": 128 }
})";

class FioExamplesParseOnly : public testing::CliTest {};

TEST_F(FioExamplesParseOnly, TheDriveCheckRefusesNothingTheParserAccepts) {
  // The variables the examples' comments tell their users to set
  // (sprandom.fio, xnvme-*.fio); unset ones in ignored options are empty.
  setenv("FIO_BS", "4096", 1);
  setenv("FIO_RW", "randread", 1);
  setenv("FIO_IODEPTH", "32", 1);
  const std::string large = Write("large.json", kLargeDrive);
  const std::string zoned = Write("zoned.json", kZonedDrive);

  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(kExamples)) {
    if (entry.path().extension() == ".fio") files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  ASSERT_EQ(files.size(), 107u);

  size_t passed = 0;
  const auto started = std::chrono::steady_clock::now();
  for (const std::string& name : files) {
    const std::string path = kExamples + name;
    bool parses = true;
    bool zbd = false;
    try {
      const FioJobFile jobs = ParseFioJobFile(path);
      zbd = std::any_of(jobs.jobs.begin(), jobs.jobs.end(), [](const FioJob& j) { return j.zbd; });
    } catch (const InputError&) {
      parses = false;
    }
    const testing::CliOutput out =
        Run("run --device " + (zbd ? zoned : large) + " --fio " + path + " --parse-only");
    EXPECT_EQ(out.status == 0, parses) << name << ": " << out.err;
    if (out.status != 0) continue;
    ++passed;
    // The resolved jobs are printed: the header names the drive.
    EXPECT_NE(out.out.find(zbd ? "valid on device zoned-256m" : "valid on device large-tlc"),
              std::string::npos)
        << name << ":\n"
        << out.out.substr(0, 300);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf(
      "fio examples --parse-only: %zu of %zu pass (%.0f ms per file, process start "
      "included)\n",
      passed, files.size(), seconds * 1000 / static_cast<double>(files.size()));
  EXPECT_GE(passed * 10, files.size() * 9);  // at least 90 %
}

}  // namespace
}  // namespace flashscope
