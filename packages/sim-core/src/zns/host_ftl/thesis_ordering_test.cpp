// Seed 004's Table 4.3 on the cloud-block generator, untimed: the
// configuration of public/scenarios/zns-placement.json (read from the file,
// so the scenario and this test cannot drift apart) through each placement
// of the host FTL. scenario/zns_scenario_test.cpp runs the same scenario
// timed through the CLI and must find the same figures.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "scenario/scenario.h"
#include "sim/untimed_zns_run.h"
#include "zns/host_ftl/placement/i_placement.h"
#include "zns/host_ftl/thesis_ordering_for_test.h"

namespace flashscope::zns {
namespace {

TEST(ThesisOrdering, PlacementsRankAsInTable43) {
  const std::string root = FLASHSCOPE_REPO_ROOT;
  const Scenario scenario = LoadScenario(root + "/public/scenarios/zns-placement.json",
                                         root + "/public/presets/devices", {});
  ASSERT_TRUE(scenario.workload.has_value());
  std::map<std::string, double> waf;
  std::map<std::string, HostFtlStats> runs;
  for (std::string_view name : PlacementNames()) {
    UntimedZnsSetup setup = UntimedZnsSetupFor(scenario.device, *scenario.workload);
    setup.ftl.placement = std::string(name);
    const HostFtlStats stats = RunUntimedZns(setup);
    std::printf("  %-10s WAF %.3f  GC blocks %llu  GC count %llu\n", setup.ftl.placement.c_str(),
                stats.waf(), static_cast<unsigned long long>(stats.gc_blocks),
                static_cast<unsigned long long>(stats.gc_count));
    // 1 GiB of 4 KiB blocks written four times.
    EXPECT_EQ(stats.user_blocks, 4u * 262144) << name;
    waf[setup.ftl.placement] = stats.waf();
    runs[setup.ftl.placement] = stats;
  }
  ExpectThesisOrdering(waf);
  // GC counts follow (Table 4.3's last column, normalised to ZB-OPT).
  EXPECT_GT(runs.at("normal").gc_count, runs.at("bhbdp").gc_count);
  EXPECT_GT(runs.at("fk").gc_count, runs.at("zbopt").gc_count);
}

}  // namespace
}  // namespace flashscope::zns
