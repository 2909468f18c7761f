// SplitTraceByVolume in process: safe, distinct file names; the volume
// limit named, not exceeded; and a long trace of many volumes, generated as
// it is read, split with flat memory (the chunk pool is written out many
// times; the peak RSS does not follow the trace's length).
#include "trace/trace_split.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "trace/generated_lines_input_for_test.h"
#include "trace/volume_table.h"
#include "util/input_error.h"
#include "util/json.h"
#include "util/proc_status_for_test.h"

namespace flashscope {
namespace {

namespace fs = std::filesystem;

// MQSim lines "arrival_ns device start_sector sectors type", made as they
// are read: `volumes` devices in turn, 4 KiB requests.
// What a GeneratedVolumesInput made, kept by the test: the input itself is
// gone once the split that owns it returns.
struct GeneratedLines {
  uint64_t all = 0;
  uint64_t volume0 = 0;
};

class GeneratedVolumesInput final : public testing::GeneratedLinesInput {
 public:
  GeneratedVolumesInput(uint64_t total_bytes, uint32_t volumes, GeneratedLines& lines)
      : GeneratedLinesInput("generated-volumes.trace", total_bytes),
        volumes_(volumes),
        lines_(lines) {}

 private:
  size_t MakeLine(char* line) override {
    const uint64_t n = lines_.all;
    const uint64_t volume = n % volumes_;
    const int size = std::snprintf(
        line, kMaxLineBytes, "%llu %llu %llu 8 %d\n",
        static_cast<unsigned long long>(1000 + n * 2000), static_cast<unsigned long long>(volume),
        static_cast<unsigned long long>(n * 8 % 1'000'000), static_cast<int>(n % 3 == 0));
    ++lines_.all;
    lines_.volume0 += volume == 0;
    return static_cast<size_t>(size);
  }
  void RestartLines() override { lines_ = {}; }

  uint32_t volumes_;
  GeneratedLines& lines_;
};

class TraceSplit : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("flashscope-split-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST(TraceSplitNames, VolumeIdsBecomeSafeDistinctFileNames) {
  EXPECT_EQ(SplitFileName("hm_1", "blkparse"), "vol-hm_1.blkparse");
  EXPECT_EQ(SplitFileName("1063", "blkparse"), "vol-1063.blkparse");
  EXPECT_EQ(SplitFileName("8,0", "blkparse"), "vol-8%2C0.blkparse");
  EXPECT_EQ(SplitFileName("", "iolog"), "vol-.iolog");
  EXPECT_EQ(SplitFileName("..", "iolog"), "vol-%2E%2E.iolog");
  EXPECT_EQ(SplitFileName("a/b", "iolog"), "vol-a%2Fb.iolog");
  // Distinct ids stay distinct: '%' and upper case are escaped too.
  EXPECT_NE(SplitFileName("a.b", "iolog"), SplitFileName("a%2Eb", "iolog"));
  EXPECT_NE(SplitFileName("Disk", "iolog"), SplitFileName("disk", "iolog"));
  // Long ids are shortened with a hash of the whole id.
  const std::string long_a(300, 'x');
  const std::string long_b = long_a + "y";
  const std::string name_a = SplitFileName(long_a, "blkparse");
  EXPECT_LE(name_a.size(), 255u);
  EXPECT_NE(name_a, SplitFileName(long_b, "blkparse"));
  EXPECT_LE(SplitFileName(std::string(300, '.'), "blkparse").size(), 255u);
}

TEST_F(TraceSplit, MoreVolumesThanTheLimitIsAnErrorNamingIt) {
  PrepareSplitDirectory(dir_.string(), "generated");
  TraceOptions options;
  options.format = "mqsim";
  const uint64_t lines = kMaxTraceVolumes + 10;
  GeneratedLines made;
  auto input = std::make_unique<GeneratedVolumesInput>(lines * 40, kMaxTraceVolumes + 10, made);
  try {
    SplitTraceByVolume(std::move(input), "generated", options, dir_.string());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(e.problem().find("more than 65536 volumes"), std::string::npos) << e.what();
  }
}

// 160 MiB of lines over 1,500 volumes: the 16 MiB pool is written out
// about ten times, each volume's file appended to again and again.
TEST_F(TraceSplit, LongTraceOfManyVolumesSplitsInFlatMemory) {
  constexpr uint64_t kTraceBytes = uint64_t{160} << 20;
  constexpr uint32_t kVolumes = 1500;
  GeneratedLines made;
  auto generated = std::make_unique<GeneratedVolumesInput>(kTraceBytes, kVolumes, made);
  PrepareSplitDirectory(dir_.string(), "generated");

  { std::ofstream("/proc/self/clear_refs") << "5"; }  // the peak starts over
  const uint64_t rss_before_kb = testing::StatusKb("VmRSS");
  TraceOptions options;
  options.format = "mqsim";
  const TraceSplitSummary summary =
      SplitTraceByVolume(std::move(generated), "generated", options, dir_.string());
  const double growth_mb = (static_cast<double>(testing::StatusKb("VmHWM")) - rss_before_kb) / 1024;
  std::printf(
      "[ trace split ] %llu records, %llu volumes, pool written %llu times; peak RSS "
      "%.1f MB above the start\n",
      static_cast<unsigned long long>(summary.requests),
      static_cast<unsigned long long>(summary.volumes),
      static_cast<unsigned long long>(summary.flushes), growth_mb);

  EXPECT_EQ(summary.requests, made.all);
  EXPECT_EQ(summary.volumes, kVolumes);
  EXPECT_GT(summary.flushes, 5u);
  // Pool (16 MiB) + reorder window (3 MiB) + line reader chunk (4 MiB) +
  // per-volume counters: far below the 160 MiB read.
  EXPECT_LT(growth_mb, 48);

  std::ifstream json_file(dir_ / "volumes.json");
  const json::Value volumes =
      json::Parse(std::string(std::istreambuf_iterator<char>(json_file), {}), "volumes.json");
  EXPECT_EQ(volumes.Find("requests")->as_number(), static_cast<double>(made.all));
  // Volume "0": every record in its file, once, in time order.
  std::ifstream volume0(dir_ / "vol-0.blkparse");
  std::string line;
  uint64_t count = 0;
  uint64_t last_seq = 0;
  while (std::getline(volume0, line)) {
    ++count;
    uint64_t seq = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "0,0 0 %llu", reinterpret_cast<unsigned long long*>(&seq)),
              1);
    ASSERT_EQ(seq, last_seq + 1);
    last_seq = seq;
  }
  EXPECT_EQ(count, made.volume0);
}

}  // namespace
}  // namespace flashscope
