// Issue 28's WAF figures as a CLI user meets them, on the real traces of
// ../shared/traces/real: the series ends on the run's WAF (the end-of-run
// drain is its last point); end_of_run says by cause what the drain
// programmed; nand.programs_by_cause names padding; power_loss_protection
// stops idle padding; and write_buffer counts the host writes the buffer
// kept from flash, which explain a finished run's WAF below 1.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::NumberAt;
using testing::RunCliJson;
using WafFiguresCli = testing::CliTest;

const std::string kReal = FLASHSCOPE_REPO_ROOT "/../shared/traces/real/";
const std::string kPresets = " --presets " FLASHSCOPE_REPO_ROOT "/public/presets/devices";

double Last(const json::Value& result, const char* column) {
  const json::Value* series = result.Find("series");
  EXPECT_NE(series, nullptr);
  if (series == nullptr) return -1;
  const json::Value* values = series->Find(column);
  EXPECT_TRUE(values != nullptr && !values->items().empty()) << column;
  return values != nullptr && !values->items().empty() ? values->items().back().as_number() : -1;
}

double SumOf(const json::Value& object) {
  double sum = 0;
  for (const auto& [key, value] : object.members()) sum += value.as_number();
  return sum;
}

// tlc-8g filled, then the Tencent CBS sample: the buffer holds 33.3 MB when
// the host's last request completes, and its drain on the full drive needs
// GC. Before issue 28 the series ended at 2.26 while the run's WAF was
// 2.66, and nothing said where the drain's 345 MB came from.
TEST_F(WafFiguresCli, TheSeriesEndsWithTheDrainAndTheDrainIsSplitByCause) {
  const json::Value r =
      RunCliJson("run --device preset:tlc-8g" + kPresets + " --precondition fill=100% --trace " +
                     kReal + "tencent_cbs_sample.csv.bz2",
                 "tencent");
  const double waf = NumberAt(r, {"waf"});
  EXPECT_NEAR(waf, 2.66, 0.005);
  EXPECT_DOUBLE_EQ(Last(r, "waf"), waf);
  EXPECT_DOUBLE_EQ(Last(r, "nand_write_bytes"), NumberAt(r, {"nand", "write_bytes"}));
  // The last point is the drain's end: after the host's, at the run's end.
  const json::Value& end = *r.Find("end_of_run");
  EXPECT_NEAR(Last(r, "t_ms"), NumberAt(r, {"sim_time_ms"}), 1e-6);
  EXPECT_GT(Last(r, "t_ms"), NumberAt(end, {"host_end_ms"}));
  EXPECT_EQ(Last(r, "iops"), 0);
  // The IOPS stability is the host's: neither the drain's point nor the
  // host's partial last one is an interval of it (68 of 70 points, mean
  // 7,352 IOPS, as before the drain had a point).
  const double points = static_cast<double>(r.Find("series")->Find("t_ms")->items().size());
  EXPECT_EQ(NumberAt(r, {"stability", "intervals"}), points - 2);
  EXPECT_NEAR(NumberAt(r, {"stability", "iops_mean"}), 7351.9, 0.1);

  // The drain programmed about ten times what the buffer held.
  const double drained = NumberAt(end, {"buffer_drained_bytes"});
  const double programmed = NumberAt(end, {"drain_nand_write_bytes"});
  EXPECT_NEAR(drained, 33.3e6, 0.1e6);
  EXPECT_NEAR(programmed, 345.5e6, 0.1e6);
  const json::Value* by_cause = end.Find("drain_programs_by_cause");
  ASSERT_NE(by_cause, nullptr);
  EXPECT_EQ(SumOf(*by_cause), NumberAt(end, {"drain_page_programs"}));
  // Its host pages carry the buffered data (16 KiB pages, rounded up per
  // wordline); GC's copies are most of it; a few pages are padding.
  const double page_bytes = programmed / NumberAt(end, {"drain_page_programs"});
  EXPECT_DOUBLE_EQ(page_bytes, 16384);
  EXPECT_NEAR(NumberAt(*by_cause, {"host"}) * page_bytes, drained, page_bytes);
  EXPECT_GT(NumberAt(*by_cause, {"gc"}) * page_bytes, 0.85 * programmed);
  EXPECT_GT(NumberAt(*by_cause, {"padding"}), 0);
  // The same names as the run's programs_by_cause, which gains padding.
  const json::Value& run_by_cause = *r.Find("nand")->Find("programs_by_cause");
  EXPECT_EQ(run_by_cause.members().size(), by_cause->members().size());
  EXPECT_EQ(SumOf(run_by_cause), NumberAt(r, {"nand", "page_programs"}));
}

// MSR hm_0 on the app's default drive (teaching-slc-tiny: 4 KiB pages, so no
// padding): WAF 0.83 on a finished run with an empty buffer. The buffer's
// counters name why: rewrites met in the buffer, never programmed, at least
// the whole shortfall (partial writes rounded up to units add back).
TEST_F(WafFiguresCli, AWafBelowOneIsExplainedByTheWriteBuffersCounts) {
  const json::Value r = RunCliJson("run --device preset:teaching-slc-tiny" + kPresets +
                                       " --trace " + kReal + "msr_hm0_sample.csv",
                                   "hm_0");
  EXPECT_NEAR(NumberAt(r, {"waf"}), 0.829, 0.001);
  EXPECT_EQ(NumberAt(r, {"end_of_run", "buffer_held_bytes"}), 0);
  const json::Value& buffer = *r.Find("write_buffer");
  EXPECT_EQ(NumberAt(buffer, {"buffered_bytes"}), 0);
  const double shortfall =
      NumberAt(r, {"host", "write_bytes"}) - NumberAt(r, {"nand", "write_bytes"});
  EXPECT_GT(shortfall, 0);
  EXPECT_GE(NumberAt(buffer, {"overwritten_bytes"}) + NumberAt(buffer, {"trimmed_bytes"}),
            shortfall);
  EXPECT_EQ(NumberAt(r, {"nand", "programs_by_cause", "padding"}), 0);
}

// A week-long sparse MSR-format volume, as the bench replays it (3,000
// requests of 4 KiB, a write every ~5 minutes), on the teaching QLC drive
// with its 16 KiB pSLC pages: every lone write leaves on an idle flush
// padded to a page, WAF ~5 and most programs padding, which the text output
// now says. With power_loss_protection the buffer is safe and holds them:
// no idle padding, WAF below 2.
TEST_F(WafFiguresCli, PaddingOfASparseVolumeIsNamedAndPowerLossProtectionStopsIt) {
  std::string trace;
  // bench_main.cpp SparseWeekMsrTrace, in step with it: distinct 4 KiB
  // offsets, two writes in three requests, spread evenly over 7 days.
  uint32_t a = 7;
  const auto next = [&a]() {
    a += 0x6D2B79F5u;
    uint32_t t = (a ^ (a >> 15)) * (1u | a);
    t = (t + (t ^ (t >> 7)) * (61u | t)) ^ t;
    return t ^ (t >> 14);
  };
  const uint64_t start = 128166372003061629ull, week = 7ull * 86400 * 10'000'000;
  for (uint32_t i = 0; i < 3000; ++i) {
    const uint64_t t = start + i * (week / 3000) + next() % 100000;
    const uint64_t offset = uint64_t{next() % 500000} * 4096;
    trace += std::to_string(t) + ",wdev,1," + (i % 3 == 0 ? "Read" : "Write") + "," +
             std::to_string(offset) + ",4096,500\n";
  }
  const std::string path = Write("week.csv", trace);
  const std::string run = "run --device preset:teaching-qlc-slc" + kPresets + " --trace " + path;
  const json::Value idle = RunCliJson(run, "idle flush");
  const double padding_share = NumberAt(idle, {"nand", "programs_by_cause", "padding"}) /
                               NumberAt(idle, {"nand", "page_programs"});
  EXPECT_NEAR(NumberAt(idle, {"waf"}), 4.99, 0.01);
  EXPECT_GT(padding_share, 0.55);
  const std::string text = testing::RunCliStdout(run, "text");
  EXPECT_NE(text.find("(60.1 %) were dummy data closing partial wordlines"), std::string::npos)
      << text;

  const json::Value safe = RunCliJson(run + " --set power_loss_protection=true", "plp");
  EXPECT_LT(NumberAt(safe, {"waf"}), 1.9);
  EXPECT_LT(NumberAt(safe, {"nand", "programs_by_cause", "padding"}),
            0.01 * NumberAt(safe, {"nand", "page_programs"}));
}

}  // namespace
}  // namespace flashscope
