// The figures public/lessons/hot-cold.json quotes, and the ones the jitter
// lesson's steps 5 and 7 quote, are what the simulator gives: each step is
// run as the app loads it (scenario/lesson_run_for_test.h) and its figure
// checked with a stated tolerance; each test also checks that the text
// still quotes the figure it is tested against.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "scenario/lesson_run_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::LessonStepText;
using testing::NumberAt;
using testing::ReadLesson;

// The simulator is deterministic: a tolerance only lets small model changes
// through. A quoted WAF (two decimals) must hold within 0.03.
constexpr double kWafTolerance = 0.03;

class LessonHotCold : public testing::CliTest {
 protected:
  json::Value RunStep(const json::Value& lesson, size_t index,
                      const json::Value& extra = json::Value::Object()) {
    return testing::RunLessonStep(lesson, index,
                                  Write("step" + std::to_string(index) + ".json", ""), extra);
  }
};

bool Quotes(const std::string& text, const std::string& figure) {
  return text.find(figure) != std::string::npos;
}

// Steps 1-3: greedy, FIFO and cost-benefit GC on small hot writes (90 % of
// the data, to a tenth of the drive) and large cold ones. Measured WAF
// 1.572 / 1.217 / 1.169: greedy, which keeps cleaning young hot blocks, is
// the worst, cost-benefit the best, by at least 0.3. "Try it yourself"
// says d-choices ends between greedy and cost-benefit: 1.297.
TEST_F(LessonHotCold, CostBenefitBeatsGreedyOnHotAndColdData) {
  const json::Value lesson = ReadLesson("hot-cold");
  const double greedy = NumberAt(RunStep(lesson, 0), {"waf"});
  const double fifo = NumberAt(RunStep(lesson, 1), {"waf"});
  const double cost_benefit = NumberAt(RunStep(lesson, 2), {"waf"});
  json::Value d_choices_set = json::Value::Object();
  d_choices_set.Set("gc.victim", json::Value::String("d_choices"));
  const double d_choices = NumberAt(RunStep(lesson, 0, d_choices_set), {"waf"});
  std::printf("hot-cold GC: WAF greedy %.3f  fifo %.3f  cost_benefit %.3f  d_choices %.3f\n",
              greedy, fifo, cost_benefit, d_choices);
  EXPECT_NEAR(greedy, 1.57, kWafTolerance);
  EXPECT_NEAR(fifo, 1.22, kWafTolerance);
  EXPECT_NEAR(cost_benefit, 1.17, kWafTolerance);
  EXPECT_NEAR(d_choices, 1.30, kWafTolerance);
  EXPECT_LT(cost_benefit, fifo);
  EXPECT_LT(fifo, greedy);
  EXPECT_LT(cost_benefit, d_choices);
  EXPECT_LT(d_choices, greedy);
  EXPECT_GT(greedy - cost_benefit, 0.3);
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 0), "ends at 1.57"));
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 1), "WAF ends at 1.22, well below greedy's 1.57"));
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 2), "WAF ends at 1.17"));
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 7), "ends between greedy and cost-benefit"));
}

// Steps 4-5: the drive as MLC with a 4 MiB pSLC cache that folds when full.
// Every write through the cache: WAF 2.012; requests of 128 KiB and more
// straight to MLC: 1.440. The cache is in use in both (pSLC programs,
// folding), and the split at least 0.4 lower.
TEST_F(LessonHotCold, SizeSplitKeepsColdWritesOutOfTheSlcCache) {
  const json::Value lesson = ReadLesson("hot-cold");
  const json::Value slc_first = RunStep(lesson, 3);
  const json::Value size_split = RunStep(lesson, 4);
  for (const json::Value* result : {&slc_first, &size_split}) {
    EXPECT_EQ(result->Find("device")->Find("cell")->as_string(), "mlc");
    EXPECT_EQ(NumberAt(*result, {"device", "slc_cache", "static_bytes"}), 4194304);
    EXPECT_GT(NumberAt(*result, {"nand", "programs_by_cause", "migration"}), 0);
  }
  const double first_waf = NumberAt(slc_first, {"waf"});
  const double split_waf = NumberAt(size_split, {"waf"});
  std::printf(
      "hot-cold SLC: WAF slc_first %.3f  size_split %.3f (migration programs %.0f / %.0f)\n",
      first_waf, split_waf, NumberAt(slc_first, {"nand", "programs_by_cause", "migration"}),
      NumberAt(size_split, {"nand", "programs_by_cause", "migration"}));
  EXPECT_NEAR(first_waf, 2.01, kWafTolerance);
  EXPECT_NEAR(split_waf, 1.44, kWafTolerance);
  EXPECT_GT(first_waf - split_waf, 0.4);
  // Folding less is where the saving comes from.
  EXPECT_LT(NumberAt(size_split, {"nand", "programs_by_cause", "migration"}),
            NumberAt(slc_first, {"nand", "programs_by_cause", "migration"}));
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 3), "WAF ends at 2.01"));
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 4), "WAF falls from 2.01 to 1.44"));
}

// Steps 6-7: the same writes on the drive run as a zoned drive by a host
// FTL: Normal placement WAF 1.610, SepBIT 1.376 (at least 0.15 lower).
TEST_F(LessonHotCold, SepBitSeparatesHotAndColdZones) {
  const json::Value lesson = ReadLesson("hot-cold");
  const json::Value normal = RunStep(lesson, 5);
  const json::Value sepbit = RunStep(lesson, 6);
  EXPECT_EQ(normal.Find("zns")->Find("placement")->as_string(), "normal");
  EXPECT_EQ(sepbit.Find("zns")->Find("placement")->as_string(), "sepbit");
  const double normal_waf = NumberAt(normal, {"waf"});
  const double sepbit_waf = NumberAt(sepbit, {"waf"});
  std::printf("hot-cold zoned: WAF normal %.3f  sepbit %.3f\n", normal_waf, sepbit_waf);
  EXPECT_NEAR(normal_waf, 1.61, kWafTolerance);
  EXPECT_NEAR(sepbit_waf, 1.38, kWafTolerance);
  EXPECT_GT(normal_waf - sepbit_waf, 0.15);
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 5), "WAF ends at 1.61"));
  EXPECT_TRUE(Quotes(LessonStepText(lesson, 6), "WAF falls from 1.61 to 1.38"));
}

// jitter step 5: on its uniform random 70/30 mix cost-benefit loses to
// greedy. Stability test (10 ms IOPS sampling): CV 58.0 % greedy, 73.2 %
// cost-benefit, each within 3 points; mean IOPS of the sampling intervals
// (what the Stability tab's "Runs side by side" lists) 7,850 vs 7,372, each
// within 3 %. The step points to the hot-cold lesson, where cost-benefit's
// WAF is the lowest of the three policies (tested above).
TEST(LessonJitter, CostBenefitLosesToGreedyOnUniformWrites) {
  const json::Value lesson = ReadLesson("jitter");
  const json::Value greedy = testing::RunLessonStability(lesson, 0);
  const json::Value cost_benefit = testing::RunLessonStability(lesson, 4);
  const double greedy_cv = NumberAt(greedy, {"cv"});
  const double cost_benefit_cv = NumberAt(cost_benefit, {"cv"});
  const double greedy_iops = NumberAt(greedy, {"iops_intervals", "mean"});
  const double cost_benefit_iops = NumberAt(cost_benefit, {"iops_intervals", "mean"});
  std::printf("jitter: CV greedy %.4f  cost_benefit %.4f; IOPS %.0f / %.0f\n", greedy_cv,
              cost_benefit_cv, greedy_iops, cost_benefit_iops);
  EXPECT_NEAR(greedy_cv, 0.580, 0.03);
  EXPECT_NEAR(cost_benefit_cv, 0.732, 0.03);
  EXPECT_GT(cost_benefit_cv, greedy_cv);
  EXPECT_NEAR(greedy_iops / 7850, 1.0, 0.03);
  EXPECT_NEAR(cost_benefit_iops / 7372, 1.0, 0.03);
  EXPECT_LT(cost_benefit_iops, greedy_iops);
  const std::string text = LessonStepText(lesson, 4);
  EXPECT_TRUE(Quotes(text, "from 58.0 % to 73.2 %"));
  EXPECT_TRUE(Quotes(text, "about 7,850 to 7,370"));
  EXPECT_TRUE(Quotes(text, "\"Hot and cold data\""));
  EXPECT_TRUE(Quotes(text, "cost-benefit gives the lowest WAF of the three policies"));
  EXPECT_EQ(ReadLesson("hot-cold").Find("title")->as_string(), "Hot and cold data");
}

// jitter step 7 ("Client vs enterprise"): paced GC cuts the tiny drive's
// CV at 10 ms sampling to less than half: 58.0 % -> 24.1 % (within 3
// points), below half of greedy's.
TEST(LessonJitter, PacedGcHalvesTheCv) {
  const json::Value lesson = ReadLesson("jitter");
  const json::Value greedy = testing::RunLessonStability(lesson, 0);
  const json::Value paced = testing::RunLessonStability(lesson, 6);
  const double greedy_cv = NumberAt(greedy, {"cv"});
  const double paced_cv = NumberAt(paced, {"cv"});
  std::printf("jitter: CV greedy %.4f  paced %.4f\n", greedy_cv, paced_cv);
  EXPECT_NEAR(greedy_cv, 0.580, 0.03);
  EXPECT_NEAR(paced_cv, 0.241, 0.03);
  EXPECT_LT(paced_cv, greedy_cv / 2);
  const std::string text = LessonStepText(lesson, 6);
  EXPECT_TRUE(Quotes(text, "less than half"));
}

}  // namespace
}  // namespace flashscope
