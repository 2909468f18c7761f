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

#include "trace/volume_table.h"
#include "util/input_error.h"
#include "util/json.h"
#include "util/proc_status_for_test.h"

namespace flashscope {
namespace {

namespace fs = std::filesystem;

// MQSim lines "arrival_ns device start_sector sectors type", made as they
// are read: `volumes` devices in turn, 4 KiB requests.
class GeneratedVolumesInput final : public IByteInput {
 public:
  GeneratedVolumesInput(uint64_t total_bytes, uint32_t volumes)
      : total_bytes_(total_bytes), volumes_(volumes) {}

  size_t Read(uint8_t* destination, size_t max) override {
    size_t n = 0;
    while (n < max) {
      if (line_used_ == line_.size()) {
        if (produced_bytes_ >= total_bytes_) break;
        MakeLine();
      }
      const size_t take = std::min(max - n, line_.size() - line_used_);
      std::memcpy(destination + n, line_.data() + line_used_, take);
      n += take;
      line_used_ += take;
      produced_bytes_ += take;
    }
    return n;
  }
  uint64_t size_bytes() const override { return UINT64_MAX; }
  const std::string& name() const override { return name_; }
  void Rewind() override {
    produced_bytes_ = lines_ = volume0_lines_ = 0;
    line_.clear();
    line_used_ = 0;
  }

  uint64_t lines() const { return lines_; }
  uint64_t volume0_lines() const { return volume0_lines_; }

 private:
  void MakeLine() {
    const uint64_t volume = lines_ % volumes_;
    char text[96];
    const int size = std::snprintf(text, sizeof text, "%llu %llu %llu 8 %d\n",
                                   static_cast<unsigned long long>(1000 + lines_ * 2000),
                                   static_cast<unsigned long long>(volume),
                                   static_cast<unsigned long long>(lines_ * 8 % 1'000'000),
                                   static_cast<int>(lines_ % 3 == 0));
    line_.assign(text, static_cast<size_t>(size));
    line_used_ = 0;
    ++lines_;
    volume0_lines_ += volume == 0;
  }

  std::string name_ = "generated-volumes.trace";
  uint64_t total_bytes_;
  uint32_t volumes_;
  uint64_t produced_bytes_ = 0;
  std::string line_;
  size_t line_used_ = 0;
  uint64_t lines_ = 0;
  uint64_t volume0_lines_ = 0;
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
  auto input = std::make_unique<GeneratedVolumesInput>(lines * 40, kMaxTraceVolumes + 10);
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
  auto generated = std::make_unique<GeneratedVolumesInput>(kTraceBytes, kVolumes);
  const GeneratedVolumesInput& trace = *generated;
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

  EXPECT_EQ(summary.requests, trace.lines());
  EXPECT_EQ(summary.volumes, kVolumes);
  EXPECT_GT(summary.flushes, 5u);
  // Pool (16 MiB) + reorder window (3 MiB) + line reader chunk (4 MiB) +
  // per-volume counters: far below the 160 MiB read.
  EXPECT_LT(growth_mb, 48);

  std::ifstream json_file(dir_ / "volumes.json");
  const json::Value volumes =
      json::Parse(std::string(std::istreambuf_iterator<char>(json_file), {}), "volumes.json");
  EXPECT_EQ(volumes.Find("requests")->as_number(), static_cast<double>(trace.lines()));
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
  EXPECT_EQ(count, trace.volume0_lines());
}

}  // namespace
}  // namespace flashscope
