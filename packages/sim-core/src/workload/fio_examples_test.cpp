// fio's own examples/ job files (../shared/fio-jobs/examples/, 107 files):
// each parses, or is refused for a reason named here, one by one, with why
// it cannot apply to a simulated drive (issue 15: at least 90 % parse).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "scenario/scenario.h"  // ReadTextFile
#include "util/input_error.h"
#include "workload/fio_job.h"
#include "workload/fio_job_file.h"

namespace flashscope {
namespace {

const std::string kExamples = FLASHSCOPE_REPO_ROOT "/../shared/fio-jobs/examples/";

// The variables the examples document in their comments (e.g. sprandom.fio:
// "env FIO_BS=4096 fio ..."), set as their users would set them.
std::optional<std::string> ExampleEnvironment(const std::string& name) {
  static const std::map<std::string, std::string> kEnvironment = {
      {"FIO_BS", "4096"},    {"FIO_RW", "randread"},
      {"FIO_IODEPTH", "32"}, {"FIO_DIR", "/mnt/gpu"},
      {"GPU_DEV_IDS", "0"},  {"uri", "nbd://localhost"},
      {"S3_ID", "id"},       {"S3_KEY", "key"},
      {"SSE_KEY", "sse"},    {"STORAGE_CLASS", "STANDARD"},
      {"SWIFT_id", "token"}, {"POOL", "pool"},
      {"CONT", "container"},
  };
  const auto it = kEnvironment.find(name);
  if (it == kEnvironment.end()) return std::nullopt;
  return it->second;
}

struct Refusal {
  const char* file;
  const char* message_fragment;
};

// Each refused example, with why FlashScope cannot run it.
const Refusal kRefused[] = {
    // bs=64 for UDP multicast packets (net engine): a drive is addressed in
    // 512-byte sectors.
    {"netio_multicast.fio", "bs: block size 64 bytes is not a multiple of 512"},
    // bs=4160: 4096 bytes of data plus 64 of protection information in an
    // extended LBA; the simulated drive's sectors carry no metadata.
    {"uring-cmd-pi-ext.fio", "bs: block size 4160 bytes is not a multiple of 512"},
};

TEST(FioExamples, EveryFileParsesOrIsRefusedForAReason) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(kExamples)) {
    if (entry.path().extension() == ".fio") files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  ASSERT_EQ(files.size(), 107u);

  FioParseOptions options;
  options.environment = ExampleEnvironment;
  options.read_include = [](const std::string& path, const std::string& including) {
    return ReadTextFile(ResolveFioInclude(path, including));
  };
  size_t parsed = 0;
  for (const std::string& name : files) {
    const Refusal* refusal = nullptr;
    for (const Refusal& r : kRefused) {
      if (name == r.file) refusal = &r;
    }
    std::string error;
    try {
      ParseFioJobs(ReadTextFile(kExamples + name), name, options);
    } catch (const InputError& e) {
      error = e.what();
    }
    if (refusal == nullptr) {
      EXPECT_EQ(error, "") << name;
      if (error.empty()) ++parsed;
    } else {
      EXPECT_NE(error.find(refusal->message_fragment), std::string::npos)
          << name << ": " << (error.empty() ? "parsed" : error);
    }
  }
  std::printf("fio examples: %zu of %zu parse\n", parsed, files.size());
  EXPECT_GE(parsed, 105u);
}

FioJobFile ParseExample(const std::string& name) {
  return ParseFioJobs(ReadTextFile(kExamples + name), name);
}

// A few examples read back with fio's numbers.
TEST(FioExamples, SteadyStateClonesAndGroups) {
  const FioJobFile file = ParseExample("steadystate.fio");
  ASSERT_EQ(file.jobs.size(), 8u);  // two jobs, numjobs=4 each
  const FioJob& write = file.jobs[0];
  EXPECT_EQ(write.ss_metric, SteadyStateMetric::kIops);
  EXPECT_DOUBLE_EQ(write.ss_limit, 10);
  EXPECT_TRUE(write.ss_limit_percent);
  EXPECT_EQ(write.ss_dur_ns, 30'000'000'000u);
  EXPECT_EQ(write.ss_ramp_ns, 10'000'000'000u);
  EXPECT_EQ(write.runtime_ns, 300'000'000'000u);
  EXPECT_TRUE(write.group_reporting);
  const FioJob& read = file.jobs[4];
  EXPECT_EQ(read.name, "ss-read");
  EXPECT_EQ(read.ss_metric, SteadyStateMetric::kBwSlope);
  EXPECT_DOUBLE_EQ(read.ss_limit, 1);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(file.jobs[i].report_group, i < 4 ? 0u : 1u) << i;
    EXPECT_EQ(file.jobs[i].clone_index, i % 4) << i;
    EXPECT_EQ(file.jobs[i].stonewall, i == 4) << i;
  }
}

TEST(FioExamples, WaitForChainsGroups) {
  const FioJobFile file = ParseExample("waitfor.fio");
  ASSERT_EQ(file.jobs.size(), 16u);
  EXPECT_EQ(file.jobs[4].wait_for, "writers");
  EXPECT_EQ(file.jobs[8].wait_for, "readers");
  EXPECT_EQ(file.jobs[12].wait_for, "writers2");
  EXPECT_EQ(file.jobs[15].report_group, 3u);
  EXPECT_EQ(file.jobs[0].filesize_min.bytes, 128u << 20);
}

TEST(FioExamples, FlowPoissonAndTiobench) {
  const FioJobFile flow = ParseExample("flow.fio");
  EXPECT_EQ(flow.jobs[0].flow, 1);
  EXPECT_EQ(flow.jobs[1].flow, 8);
  EXPECT_EQ(flow.jobs[1].flow_sleep_ns, 1'000'000u);  // 1000 us
  const FioJob poisson = ParseExample("poisson-rate-submission.fio").jobs[0];
  EXPECT_EQ(poisson.rate_iops, 50u);
  EXPECT_EQ(poisson.rate_process, RateProcess::kPoisson);
  const FioJobFile tiobench = ParseExample("tiobench-example.fio");
  ASSERT_EQ(tiobench.jobs.size(), 16u);  // numjobs=4 in [global], four jobs
  EXPECT_EQ(tiobench.jobs[0].bs_range[0].min_bytes, 4096u);
  EXPECT_EQ(tiobench.jobs[0].bs_range[0].max_bytes, 4096u);
  EXPECT_EQ(tiobench.jobs[0].runtime_ns, 60'000'000'000u);  // timeout=60
  EXPECT_EQ(tiobench.jobs[15].report_group, 3u);
}

}  // namespace
}  // namespace flashscope
