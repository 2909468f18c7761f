// The figures public/lessons/read-disturb.json quotes are what the simulator
// gives: each step is run as the app loads it (scenario/lesson_run_for_test.h)
// and every figure its text claims is checked with a stated tolerance; each
// test also checks that the text still quotes the figure it is tested
// against, marked as a figure of the run where it is one ({8}: the app
// shows those on screen at that step, e2e/lesson-figures.spec.ts). The scenario: the QLC teaching
// drive 90 % full, 10 s of 4 KiB reads at QD16 (90 % of them to 2 % of the space) and 200 random 4
// KiB writes per second.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "scenario/cli_json_for_test.h"
#include "scenario/lesson_run_for_test.h"
#include "schema/device_schema.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::NumberAt;

// Steps that load a run (the others talk about the run before them).
constexpr size_t kRefreshStep = 0;    // read disturb on, QLC's limit
constexpr size_t kWafStep = 1;        // about step 1's run
constexpr size_t kLatencyStep = 2;    // about step 1's run
constexpr size_t kNoRefreshStep = 3;  // read disturb off
constexpr size_t kTlcLimitStep = 4;   // QLC drive at TLC's limit
constexpr size_t kPromotionStep = 5;  // SLC read promotion

constexpr double kMiB = 1024.0 * 1024.0;

struct Figures {
  double refreshes, refresh_erases, refresh_programs_mib, host_mb, nand_mb, waf, read_iops,
      read_p99_ms, read_p999_ms;
};

class LessonReadDisturb : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    lesson_ = new json::Value(testing::ReadLesson("read-disturb"));
    const std::string scratch = (std::filesystem::temp_directory_path() /
                                 ("flashscope-read-disturb-" + std::to_string(::getpid())))
                                    .string();
    for (size_t step : {kRefreshStep, kNoRefreshStep, kTlcLimitStep, kPromotionStep}) {
      const json::Value r = testing::RunLessonStep(*lesson_, step, scratch + ".json");
      const double page_bytes = NumberAt(r, {"device", "geometry", "page_bytes"});
      figures_[step] = Figures{
          NumberAt(r, {"read_disturb", "refreshes"}),
          NumberAt(r, {"nand", "erases_by_cause", "refresh"}),
          NumberAt(r, {"nand", "programs_by_cause", "refresh"}) * page_bytes / kMiB,
          NumberAt(r, {"host", "write_bytes"}) / 1e6,
          NumberAt(r, {"nand", "write_bytes"}) / 1e6,
          r.Find("waf")->is_null() ? 0 : NumberAt(r, {"waf"}),
          NumberAt(r, {"throughput", "read_iops"}),
          NumberAt(r, {"latency_us", "read", "p99"}) / 1000,
          NumberAt(r, {"latency_us", "read", "p999"}) / 1000,
      };
      const Figures& f = figures_[step];
      std::printf(
          "read-disturb step %zu: %.0f refreshes (%.0f erases, %.2f MiB), host %.3f MB, "
          "NAND %.3f MB, WAF %.3f, %.0f read IOPS, read p99 %.3f ms, p99.9 %.3f ms\n",
          step + 1, f.refreshes, f.refresh_erases, f.refresh_programs_mib, f.host_mb, f.nand_mb,
          f.waf, f.read_iops, f.read_p99_ms, f.read_p999_ms);
    }
    std::filesystem::remove(scratch + ".json");
  }
  static void TearDownTestSuite() {
    delete lesson_;
    lesson_ = nullptr;
  }

  static bool Quotes(size_t step, const std::string& text) {
    return testing::LessonStepText(*lesson_, step).find(text) != std::string::npos;
  }
  // The step marks `figure` as one its run gives, which the app must show.
  static std::vector<std::string> QuotedFigures(size_t step) {
    return testing::LessonStepFigures(*lesson_, step);
  }

  static json::Value* lesson_;
  static Figures figures_[6];
};

json::Value* LessonReadDisturb::lesson_ = nullptr;
Figures LessonReadDisturb::figures_[6] = {};

// The limits the text names are the core's defaults by cell (20,000 reads
// for QLC, 50,000 TLC, 1,000,000 SLC), and the lesson's drive is QLC with
// 4.8 ms programs and 6 ms erases.
TEST_F(LessonReadDisturb, TheLimitsAndTimesTheTextNamesAreTheDrives) {
  const DeviceConfig defaults;
  EXPECT_EQ(defaults.read_disturb.threshold_reads[4], 20'000u);
  EXPECT_EQ(defaults.read_disturb.threshold_reads[3], 50'000u);
  EXPECT_EQ(defaults.read_disturb.threshold_reads[1], 1'000'000u);
  EXPECT_TRUE(Quotes(kRefreshStep, "after 20,000"));
  EXPECT_TRUE(Quotes(kTlcLimitStep, "about 50,000 reads"));
  EXPECT_TRUE(Quotes(kTlcLimitStep, "about 1,000,000"));
  const DeviceConfig drive = LoadDevice("preset:teaching-qlc-slc", testing::kLessonPresets, {});
  EXPECT_EQ(drive.cell, CellMode::kQlc);
  EXPECT_EQ(drive.TimingFor(CellMode::kQlc).program_ns, 4'800'000u);
  EXPECT_EQ(drive.TimingFor(CellMode::kQlc).erase_ns, 6'000'000u);
  EXPECT_TRUE(Quotes(kLatencyStep, "(4.8 ms each)"));
  EXPECT_TRUE(Quotes(kLatencyStep, "(6 ms)"));
}

// Step 1: 8 refreshes in 10 s (within 1), each erasing its block.
TEST_F(LessonReadDisturb, HotReadsRefreshBlocks) {
  const Figures& on = figures_[kRefreshStep];
  EXPECT_NEAR(on.refreshes, 8, 1);
  EXPECT_EQ(on.refresh_erases, on.refreshes);  // each refresh erases its block
  EXPECT_TRUE(Quotes(kRefreshStep, "8 refreshes in 10 seconds"));
  EXPECT_EQ(QuotedFigures(kRefreshStep), std::vector<std::string>{"8"});
}

// Step 2: host 8.2 MB, flash 16.6 MB (each within 0.1 MB), WAF 2.02
// against 1.00 without refresh (within 0.05). Each refresh rewrites its 1 MiB
// block: 0.98 MiB of valid data, and the padding that closes its last
// wordline ("padding" since issue 28; before, it counted as refresh too).
TEST_F(LessonReadDisturb, RefreshesDoubleTheWritesOfAHostThatHardlyWrites) {
  const Figures& on = figures_[kRefreshStep];
  const Figures& off = figures_[kNoRefreshStep];
  EXPECT_NEAR(on.host_mb, 8.2, 0.1);
  EXPECT_NEAR(on.refresh_programs_mib / on.refreshes, 0.98, 0.01);
  EXPECT_NEAR(on.nand_mb, 16.6, 0.1);
  EXPECT_NEAR(on.waf, 2.02, 0.05);
  EXPECT_NEAR(off.waf, 1.00, 0.01);
  EXPECT_TRUE(Quotes(kWafStep, "8.2 MB in the 10 seconds"));
  EXPECT_TRUE(Quotes(kWafStep, "whole 1 MiB block"));
  EXPECT_TRUE(Quotes(kWafStep, "the flash takes 16.6 MB"));
  EXPECT_TRUE(Quotes(kWafStep, "the WAF ends at 2.02"));
  EXPECT_EQ(QuotedFigures(kWafStep), (std::vector<std::string>{"8.2 MB", "16.6 MB", "2.02"}));
}

// Steps 3 and 4: read p99.9 7.6 ms with refresh, 1.9 ms without (within
// 10 %); 26,272 and 28,234 read IOPS (within 1 %).
TEST_F(LessonReadDisturb, ReadsWaitBehindRefreshes) {
  const Figures& on = figures_[kRefreshStep];
  const Figures& off = figures_[kNoRefreshStep];
  EXPECT_NEAR(on.read_p999_ms, 7.6, 0.76);
  EXPECT_NEAR(off.read_p999_ms, 1.9, 0.19);
  EXPECT_GT(on.read_p999_ms, 3 * off.read_p999_ms);
  EXPECT_NEAR(on.read_iops, 26'272, 263);
  EXPECT_NEAR(off.read_iops, 28'234, 282);
  EXPECT_EQ(off.refreshes, 0);
  EXPECT_TRUE(Quotes(kLatencyStep, "takes 7.6 ms"));
  EXPECT_TRUE(Quotes(kLatencyStep, "26,272 reads per second"));
  EXPECT_EQ(QuotedFigures(kLatencyStep), (std::vector<std::string>{"7.6 ms", "26,272"}));
  EXPECT_TRUE(Quotes(kNoRefreshStep, "the WAF stays at 1.00"));
  EXPECT_TRUE(Quotes(kNoRefreshStep, "takes 1.9 ms instead of 7.6 ms"));
  EXPECT_TRUE(Quotes(kNoRefreshStep, "28,234 reads per second instead of 26,272"));
  EXPECT_EQ(QuotedFigures(kNoRefreshStep),
            (std::vector<std::string>{"1.00", "1.9 ms", "7.6 ms", "28,234", "26,272"}));
}

// Step 5: at TLC's limit (2.5 times QLC's) no block is refreshed within the
// 10 s, and the WAF stays 1.00.
TEST_F(LessonReadDisturb, TlcsLimitLeavesTheTenSecondsWithoutRefresh) {
  const Figures& tlc = figures_[kTlcLimitStep];
  EXPECT_EQ(tlc.refreshes, 0);
  EXPECT_NEAR(tlc.waf, 1.00, 0.01);
  EXPECT_TRUE(Quotes(kTlcLimitStep, "none reaches the limit in these 10 seconds"));
  EXPECT_TRUE(Quotes(kTlcLimitStep, "2.5 times"));
}

// Step 6: read promotion: no refresh, 55,418 read IOPS against 26,272
// (within 1 %), WAF 6.60 (within 0.1), read p99 4.8 ms against 1.8 ms
// (within 10 %).
TEST_F(LessonReadDisturb, PromotingHotDataToSlcAvoidsRefreshesAtACost) {
  const Figures& on = figures_[kRefreshStep];
  const Figures& slc = figures_[kPromotionStep];
  EXPECT_EQ(slc.refreshes, 0);
  EXPECT_NEAR(slc.read_iops, 55'418, 554);
  EXPECT_GT(slc.read_iops, 2 * on.read_iops);
  EXPECT_NEAR(slc.waf, 6.60, 0.1);
  EXPECT_NEAR(slc.read_p99_ms, 4.8, 0.48);
  EXPECT_NEAR(on.read_p99_ms, 1.8, 0.18);
  EXPECT_TRUE(Quotes(kPromotionStep, "no refresh in these 10 seconds"));
  EXPECT_TRUE(Quotes(kPromotionStep, "55,418 reads per second instead of 26,272"));
  EXPECT_TRUE(Quotes(kPromotionStep, "the WAF ends at 6.60"));
  EXPECT_TRUE(Quotes(kPromotionStep, "4.8 ms instead of 1.8 ms"));
  EXPECT_EQ(QuotedFigures(kPromotionStep),
            (std::vector<std::string>{"55,418", "26,272", "6.60", "4.8 ms", "1.8 ms"}));
}

// The refreshes are the GC engine's moves, but no GC runs: each one's
// gc_start and gc_end events say "cause": "refresh" (so the app outlines
// them as refreshes and its GC timeline leaves them out), as many as the
// refreshes counted, and no GC run happens in these 10 seconds.
TEST_F(LessonReadDisturb, RefreshMovesAreLoggedAsRefreshesNotGcRuns) {
  const std::string scratch = (std::filesystem::temp_directory_path() /
                               ("flashscope-read-disturb-events-" + std::to_string(::getpid())))
                                  .string();
  const json::Value r = testing::RunLessonStep(*lesson_, kRefreshStep, scratch + ".json",
                                               json::Value::Object(), "--events");
  std::filesystem::remove(scratch + ".json");
  size_t starts = 0, ends = 0, refresh_starts = 0, refresh_ends = 0;
  for (const json::Value& event : r.Find("events")->items()) {
    const std::string kind = event.Find("kind")->as_string();
    const json::Value* cause = event.Find("cause");
    const bool refresh = cause != nullptr && cause->as_string() == "refresh";
    if (kind == "gc_start") {
      ++starts;
      refresh_starts += refresh ? 1 : 0;
    } else if (kind == "gc_end") {
      ++ends;
      refresh_ends += refresh ? 1 : 0;
    }
  }
  EXPECT_EQ(NumberAt(r, {"events_total"}), static_cast<double>(r.Find("events")->items().size()));
  EXPECT_EQ(NumberAt(r, {"gc", "runs"}), 0);
  // A refresh counts once its block is erased (one under way at the end has only started).
  EXPECT_EQ(static_cast<double>(refresh_ends), NumberAt(r, {"read_disturb", "refreshes"}));
  EXPECT_GE(refresh_starts, refresh_ends);
  EXPECT_EQ(starts, refresh_starts);  // every move the engine made was a refresh
  EXPECT_EQ(ends, refresh_ends);
}

}  // namespace
}  // namespace flashscope
