// The comparisons public/lessons/caching.json makes between its runs are
// what the simulator gives: its steps load public/scenarios/clash-full-drive.json
// as C-lash, page mapping, DFTL and FAST, then C-lash on a half-sequential
// stream, and its runs table lists each one's mean response time. Measured:
// 298 µs (C-lash), 1,824 (page), 3,010 (DFTL), 3,406 (FAST), about 20 ms
// (C-lash, half sequential).
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "scenario/clash_run_for_test.h"
#include "scenario/lesson_run_for_test.h"

namespace flashscope {
namespace {

class LessonCaching : public testing::ClashScenarioTest {};

TEST_F(LessonCaching, TheRunsCompareAsTheStepsSay) {
  std::map<std::string, double> mean_us;
  for (const char* scheme : testing::kClashSchemes) {
    mean_us[scheme] = RunClash({}, scheme, "clash-full-drive.json").mean_response_us;
  }
  const double half_sequential =
      RunClash({.preset = "clash_seq_50"}, "clash", "clash-full-drive.json").mean_response_us;
  std::printf(
      "caching: mean response C-lash %.0f, page %.0f, DFTL %.0f, FAST %.0f, "
      "C-lash half sequential %.0f us\n",
      mean_us["clash"], mean_us["page"], mean_us["dftl"], mean_us["fast"], half_sequential);
  const json::Value lesson = testing::ReadLesson("caching");
  // Step 2: page mapping's mean response time is several times C-lash's.
  EXPECT_GT(mean_us["page"], 3 * mean_us["clash"]);
  EXPECT_NE(testing::LessonStepText(lesson, 1).find("several times C-lash's"), std::string::npos);
  // Step 5: about 20 ms (the quoted figure, to the ten), behind all three FTLs.
  EXPECT_NEAR(half_sequential / 1000, 20, 5);
  EXPECT_EQ(testing::LessonStepFigures(lesson, 4), std::vector<std::string>{"20 ms"});
  // Step 6: C-lash far ahead of the FTLs on the mostly sequential stream,
  // FAST the slowest of them, C-lash behind all three on the half-sequential one.
  for (const char* ftl : {"page", "dftl", "fast"}) {
    EXPECT_LT(mean_us["clash"], 0.5 * mean_us[ftl]) << ftl;
    EXPECT_GT(half_sequential, mean_us[ftl]) << ftl;
  }
  EXPECT_GT(mean_us["fast"], mean_us["dftl"]);
  EXPECT_GT(mean_us["fast"], mean_us["page"]);
  const std::string summary = testing::LessonStepText(lesson, 5);
  EXPECT_NE(summary.find("C-lash far ahead of the three FTLs"), std::string::npos);
  EXPECT_NE(summary.find("FAST the slowest of them"), std::string::npos);
  EXPECT_NE(summary.find("C-lash behind all three"), std::string::npos);
}

}  // namespace
}  // namespace flashscope
