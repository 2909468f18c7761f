// public/scenarios/clash-sequentiality.json reproduces seed 002's synthetic
// comparison (Fig. 4): C-lash (2 blocks + 128 pages over its direct block
// translation) against the ideal page-mapping FTL, DFTL and FAST on DiskSim
// streams of 80 %, 65 % and 50 % sequentiality. Each scheme is the same
// scenario with --set ftl.mapping / cache.policy; each sequentiality a copy
// of the scenario with another workload preset. What holds here (numbers in
// the issue-7 report): C-lash answers far faster than every FTL at 80 % and
// 65 %, falls behind the page-mapping FTL at 50 %, with many more erases;
// FAST is the slowest FTL on the sequential default stream. Not reproduced:
// at 50 % the seed has C-lash behind DFTL and FAST too; here it stays ahead
// of them (a write-back cache's writes complete in SRAM).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

struct Outcome {
  double mean_response_us = 0;
  double erases = 0;
};

class ClashScenario : public testing::CliTest {
 protected:
  // The scenario with workload preset `preset`, run as `scheme`.
  Outcome Run(const std::string& preset, const std::string& scheme) {
    const std::string root = FLASHSCOPE_REPO_ROOT;
    std::ifstream in(root + "/public/scenarios/clash-sequentiality.json");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const std::string from = "\"clash_default\"";
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos);
    text.replace(at, from.size(), "\"" + preset + "\"");
    const std::string path = Write(preset + ".json", text);
    const std::map<std::string, std::string> sets = {
        {"clash", "--set ftl.mapping=block --set cache.policy=clash"},
        {"page", "--set ftl.mapping=page --set cache.policy=none"},
        {"dftl", "--set ftl.mapping=dftl --set cache.policy=none"},
        {"fast", "--set ftl.mapping=fast --set cache.policy=none"}};
    const json::Value result =
        testing::RunCliJson("run --scenario " + path + " " + sets.at(scheme), preset + scheme);
    Outcome outcome;
    const json::Value* jobs = result.Find("jobs");
    if (jobs == nullptr || jobs->items().empty()) {
      ADD_FAILURE() << "no jobs";
      return outcome;
    }
    outcome.mean_response_us = jobs->items()[0].Find("mean_response_us")->as_number();
    outcome.erases = result.Find("nand")->Find("block_erases")->as_number();
    EXPECT_EQ(result.Find("ftl")->Find("mapping")->as_string(),
              scheme == "clash" ? "block" : scheme);
    return outcome;
  }
};

TEST_F(ClashScenario, ClashLeadsOnSequentialStreamsAndFallsBackOnRandomerOnes) {
  std::map<std::string, std::map<std::string, Outcome>> r;
  for (const char* preset : {"clash_default", "clash_seq_65", "clash_seq_50"}) {
    for (const char* scheme : {"clash", "page", "dftl", "fast"})
      r[preset][scheme] = Run(preset, scheme);
  }
  // > 60 % sequential: C-lash well ahead of every FTL (seed: up to 48 %
  // better than DFTL and FAST).
  for (const char* preset : {"clash_default", "clash_seq_65"}) {
    auto& p = r[preset];
    for (const char* ftl : {"page", "dftl", "fast"}) {
      EXPECT_LT(p["clash"].mean_response_us, 0.5 * p[ftl].mean_response_us) << preset << " " << ftl;
    }
  }
  // 50 %: C-lash behind the page-mapping FTL, its response time several
  // times its 80 % one, and its erases the most of all.
  auto& low = r["clash_seq_50"];
  EXPECT_GT(low["clash"].mean_response_us, low["page"].mean_response_us);
  EXPECT_GT(low["clash"].mean_response_us, 4 * r["clash_default"]["clash"].mean_response_us);
  for (const char* ftl : {"page", "dftl", "fast"}) {
    EXPECT_GT(low["clash"].erases, low[ftl].erases) << ftl;
  }
  EXPECT_GT(low["clash"].erases, 3 * r["clash_default"]["clash"].erases);
  // FAST is poor on the sequential default stream: slowest of the FTLs.
  auto& seq = r["clash_default"];
  EXPECT_GT(seq["fast"].mean_response_us, 1.3 * seq["dftl"].mean_response_us);
  EXPECT_GT(seq["fast"].mean_response_us, 1.5 * seq["page"].mean_response_us);
}

}  // namespace
}  // namespace flashscope
