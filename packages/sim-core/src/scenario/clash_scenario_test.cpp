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
// of them (a write-back cache's writes complete in SRAM) on this empty
// drive; on a full one it falls behind all three (clash_sweep_test.cpp).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "scenario/clash_run_for_test.h"

namespace flashscope {
namespace {

using Outcome = testing::ClashOutcome;

class ClashScenario : public testing::ClashScenarioTest {
 protected:
  // The scenario with workload preset `preset`, run as `scheme`.
  Outcome Run(const std::string& preset, const std::string& scheme) {
    return RunClash({.preset = preset, .workload_keys = "", .device_sets = ""}, scheme);
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
