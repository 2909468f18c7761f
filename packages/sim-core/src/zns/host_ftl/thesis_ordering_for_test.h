// Test helper: seed 004's Table 4.3 in shape — the seven placements' WAF
// ranked Normal > WARCIP ~ SepBIT > BHB-DP_pre > BHB-DP > FK > ZB-OPT, with
// margins, and ZB-OPT within 5 % of 1 (thesis: 2.008, 1.639, 1.615, 1.493,
// 1.309, 1.206, 1.017). Shared by the untimed and the CLI scenario tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace flashscope::zns {

inline void ExpectThesisOrdering(const std::map<std::string, double>& waf_by_placement) {
  auto waf = [&](const char* name) { return waf_by_placement.at(name); };
  EXPECT_GT(waf("normal"), 1.1 * waf("warcip"));
  EXPECT_GT(waf("normal"), 1.1 * waf("sepbit"));
  // WARCIP ~ SepBIT: within 5 % of each other.
  EXPECT_LT(std::fabs(waf("warcip") - waf("sepbit")), 0.05 * waf("sepbit"));
  EXPECT_GT(std::min(waf("warcip"), waf("sepbit")), 1.03 * waf("bhbdp_pre"));
  EXPECT_GT(waf("bhbdp_pre"), 1.02 * waf("bhbdp"));
  EXPECT_GT(waf("bhbdp"), 1.1 * waf("fk"));
  EXPECT_GT(waf("fk"), 1.1 * waf("zbopt"));
  EXPECT_LE(waf("zbopt"), 1.05);
}

}  // namespace flashscope::zns
