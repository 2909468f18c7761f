// The zone victim policies on hand-built zone tables (seed 004 §3.4).
#include <gtest/gtest.h>

#include <vector>

#include "zns/host_ftl/victim/i_zone_victim.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {
namespace {

ZoneInfo Full(uint64_t valid, uint64_t full_clock, uint64_t last_invalidate) {
  ZoneInfo z;
  z.written = 100;
  z.valid = valid;
  z.full = true;
  z.full_clock = full_clock;
  z.last_invalidate_clock = last_invalidate;
  z.cls = 0;
  return z;
}

TEST(ZoneVictim, EveryNameIsRegistered) {
  for (std::string_view name : ZoneVictimNames()) EXPECT_NE(MakeZoneVictim(name), nullptr) << name;
  EXPECT_EQ(MakeZoneVictim("fifo"), nullptr);
}

TEST(ZoneVictim, GreedyTakesTheMostGarbageAndIgnoresOpenZones) {
  std::vector<ZoneInfo> zones = {Full(60, 0, 0), Full(30, 0, 0), Full(100, 0, 0)};
  ZoneInfo open;
  open.written = 50;
  open.valid = 0;  // all garbage, but still open: not a candidate
  zones.push_back(open);
  EXPECT_EQ(MakeZoneVictim("greedy")->Pick(zones, 1000, 0.15), 1u);
  std::vector<ZoneInfo> none = {Full(100, 0, 0)};
  EXPECT_EQ(MakeZoneVictim("greedy")->Pick(none, 1000, 0.15), kNoZone);
}

TEST(ZoneVictim, CbeWeighsGarbageByTimeSinceFullAndSkipsZonesBelowTheThreshold) {
  // Zone 0: gp 0.5, full for 1000 -> 0.5 / 1 * 1001 = 500.5
  // Zone 1: gp 0.8, full for 100  -> 0.8 / 0.4 * 101 = 202
  // Zone 2: gp 0.1 (below 0.15), full for 1e6: skipped although its score is highest
  std::vector<ZoneInfo> zones = {Full(50, 1000, 1990), Full(20, 1900, 1000), Full(90, 0, 0)};
  EXPECT_EQ(MakeZoneVictim("cbe")->Pick(zones, 2000, 0.15), 0u);
  // A zone with no valid data wins outright.
  zones.push_back(Full(0, 1999, 1999));
  EXPECT_EQ(MakeZoneVictim("cbe")->Pick(zones, 2000, 0.15), 3u);
  // Nothing above the threshold: no victim.
  std::vector<ZoneInfo> low = {Full(90, 0, 0)};
  EXPECT_EQ(MakeZoneVictim("cbe")->Pick(low, 2000, 0.15), kNoZone);
}

TEST(ZoneVictim, CostBenefitAgesFromTheLatestInvalidation) {
  // Same zones as above: by last invalidation zone 0 is young (10), zone 1
  // old (1000): 0.5 * 11 = 5.5 vs 2 * 1001 = 2002 -> zone 1. Zone 2 (gp
  // 0.1, last invalidated at 0): 0.1 / 1.8 * 2001 = 111 — not skipped.
  std::vector<ZoneInfo> zones = {Full(50, 1000, 1990), Full(20, 1900, 1000), Full(90, 0, 0)};
  EXPECT_EQ(MakeZoneVictim("cost_benefit")->Pick(zones, 2000, 0.15), 1u);
  std::vector<ZoneInfo> only_low = {Full(90, 0, 0)};
  EXPECT_EQ(MakeZoneVictim("cost_benefit")->Pick(only_low, 2000, 0.15), 0u);
}

}  // namespace
}  // namespace flashscope::zns
