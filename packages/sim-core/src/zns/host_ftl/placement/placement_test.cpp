// Each placement policy on hand-built writes: the classes its paper defines
// (seed 004 §3.2, §4.2.1, §2.2.2, §2.3.2). Classes are 0-based here; the
// thesis's class k is k - 1.
#include <gtest/gtest.h>

#include "zns/host_ftl/placement/i_placement.h"
#include "zns/host_ftl/zns_host_ftl.h"

namespace flashscope::zns {
namespace {

PlacementSetup SetupFor(uint64_t zone_blocks = 10) {
  PlacementSetup setup;
  setup.logical_blocks = 1000;
  setup.classes = 7;
  setup.zone_blocks = zone_blocks;
  return setup;
}

PlacementInput User(uint64_t block, uint64_t now, uint64_t last = kNeverWritten,
                    uint64_t next = kNeverWritten) {
  PlacementInput in;
  in.block = block;
  in.now = now;
  in.now_ns = now * 1000;
  in.last_user_write = last;
  in.next_write = next;
  return in;
}

PlacementInput Gc(uint64_t block, uint64_t now, uint32_t from, uint64_t last,
                  uint64_t next = kNeverWritten) {
  PlacementInput in = User(block, now, last, next);
  in.gc = true;
  in.from_class = from;
  return in;
}

TEST(Placement, EveryNameIsRegistered) {
  for (std::string_view name : PlacementNames()) {
    EXPECT_NE(MakePlacement(name, SetupFor()), nullptr) << name;
  }
  EXPECT_EQ(MakePlacement("lru", SetupFor()), nullptr);
}

TEST(Placement, NormalFillsUserClassesInTurnAndSendsGcToTheLast) {
  auto p = MakePlacement("normal", SetupFor());
  for (uint32_t i = 0; i < 12; ++i) EXPECT_EQ(p->ClassFor(User(i, i)), i % 6);
  EXPECT_EQ(p->ClassFor(Gc(3, 20, 0, 3)), 6u);
  EXPECT_EQ(p->ClassFor(Gc(4, 20, 6, 4)), 6u);
}

TEST(Placement, SepBitSplitsUserWritesByLastLifespanAndGcWritesByAge) {
  auto p = MakePlacement("sepbit", SetupFor());
  // Before any class-1 zone is reclaimed l is infinite: rewrites are hot,
  // first writes (infinite lifespan) cold.
  EXPECT_EQ(p->ClassFor(User(1, 10)), 1u);
  EXPECT_EQ(p->ClassFor(User(1, 5000, 10)), 0u);
  // Two class-1 zones lived 100 and 300: l = 200.
  p->OnZoneReclaimed(0, 0, 50, 100);
  p->OnZoneReclaimed(0, 700, 800, 1000);
  // A class-2 reclaim does not count.
  p->OnZoneReclaimed(1, 0, 10, 100000);
  EXPECT_EQ(p->ClassFor(User(2, 1000, 801)), 0u);  // v = 199 < 200
  EXPECT_EQ(p->ClassFor(User(2, 1000, 800)), 1u);  // v = 200
  // GC: from class 1 -> 3; else by age [0,4l) [4l,8l) [8l,16l) [16l,inf).
  EXPECT_EQ(p->ClassFor(Gc(3, 10000, 0, 0)), 2u);
  EXPECT_EQ(p->ClassFor(Gc(3, 10000, 1, 10000 - 799)), 3u);
  EXPECT_EQ(p->ClassFor(Gc(3, 10000, 1, 10000 - 800)), 4u);
  EXPECT_EQ(p->ClassFor(Gc(3, 10000, 4, 10000 - 1600)), 5u);
  EXPECT_EQ(p->ClassFor(Gc(3, 10000, 5, 10000 - 3200)), 6u);
}

TEST(Placement, BhbDpPreHeatsWithUserWritesAndCoolsWithGcWrites) {
  auto p = MakePlacement("bhbdp_pre", SetupFor());
  // bh = freq_gw - freq_uw + C (C = 5), clamped to [1, 7]; class = bh - 1.
  EXPECT_EQ(p->ClassFor(User(7, 0)), 4u);     // new: bh = C
  EXPECT_EQ(p->ClassFor(User(7, 1, 0)), 3u);  // uw 1
  EXPECT_EQ(p->ClassFor(User(7, 2, 1)), 2u);  // uw 2
  EXPECT_EQ(p->ClassFor(User(7, 3, 2)), 1u);  // uw 3
  EXPECT_EQ(p->ClassFor(User(7, 4, 3)), 0u);  // uw 4
  EXPECT_EQ(p->ClassFor(User(7, 5, 4)), 0u);  // clamped at 1
  // Lifetimes play no part: a GC write long after adds 1 to freq_gw only.
  EXPECT_EQ(p->ClassFor(Gc(7, 1'000'000, 0, 5)), 0u);       // gw 1 - uw 5 + 5 = 1
  EXPECT_EQ(p->ClassFor(Gc(8, 10, 4, kNeverWritten)), 5u);  // fresh block: gw 1 -> 6
  EXPECT_EQ(p->ClassFor(Gc(8, 20, 5, kNeverWritten)), 6u);  // gw 2 -> 7
  EXPECT_EQ(p->ClassFor(Gc(8, 30, 6, kNeverWritten)), 6u);  // clamped at N
}

TEST(Placement, BhbDpMovesABlockColderWhenItOutlivesItsClassZones) {
  auto p = MakePlacement("bhbdp", SetupFor(10));  // S = 10: R1 = 640, R2 = 2560
  EXPECT_EQ(p->ClassFor(User(1, 0)), 4u);
  EXPECT_EQ(p->ClassFor(User(1, 10, 0)), 3u);  // bh 4, no zone of class 4 reclaimed yet
  // Class-4 zones (index 3) lived 100 from fill to reclaim.
  p->OnZoneReclaimed(3, 0, 100, 200);
  EXPECT_EQ(p->ClassFor(User(2, 0)), 4u);
  EXPECT_EQ(p->ClassFor(User(2, 80, 0)), 3u);  // BILT 80 <= 100: stays 4
  EXPECT_EQ(p->ClassFor(User(3, 0)), 4u);
  EXPECT_EQ(p->ClassFor(User(3, 150, 0)), 4u);  // BILT 150 > 100: bh 4 -> 5
  // GC refresh: untouched more than R1 forgets its user writes (gw = 1):
  // bh = 1 - 0 + 5 = 6; more than R2 goes to the coldest class.
  EXPECT_EQ(p->ClassFor(User(4, 0)), 4u);
  for (uint64_t t = 1; t <= 4; ++t) EXPECT_EQ(p->ClassFor(User(4, t, t - 1)), 4u - t);
  EXPECT_EQ(p->ClassFor(Gc(4, 4 + 641, 0, 4)), 5u);
  EXPECT_EQ(p->ClassFor(User(5, 0)), 4u);
  EXPECT_EQ(p->ClassFor(Gc(5, 2561, 4, 0)), 6u);
  // Below R1 a GC write only adds to freq_gw.
  EXPECT_EQ(p->ClassFor(User(6, 0)), 4u);
  EXPECT_EQ(p->ClassFor(User(6, 1, 0)), 3u);
  EXPECT_EQ(p->ClassFor(Gc(6, 50, 3, 1)), 4u);
}

TEST(Placement, FkUsesEqualWidthLifetimeClasses) {
  auto p = MakePlacement("fk", SetupFor(10));
  EXPECT_TRUE(p->NeedsFutureKnowledge());
  EXPECT_EQ(p->ClassFor(User(1, 100, kNeverWritten, 105)), 0u);    // t_b 5
  EXPECT_EQ(p->ClassFor(User(1, 100, kNeverWritten, 125)), 2u);    // 25 / 10
  EXPECT_EQ(p->ClassFor(User(1, 100, kNeverWritten, 159)), 5u);    // 59 -> 5
  EXPECT_EQ(p->ClassFor(User(1, 100, kNeverWritten, 10100)), 5u);  // folded into N-1
  EXPECT_EQ(p->ClassFor(User(1, 100)), 6u);                        // never overwritten
  // A relocation is placed by the lifetime it has left.
  EXPECT_EQ(p->ClassFor(Gc(1, 120, 5, 0, 125)), 0u);
}

TEST(Placement, ZbOptWidensLifetimeClassesFourfold) {
  auto p = MakePlacement("zbopt", SetupFor(10));
  const struct {
    uint64_t lifetime;
    uint32_t cls;
  } cases[] = {{1, 0},   {10, 0},  {11, 1},  {40, 1},   {41, 2},   {160, 2},
               {161, 3}, {640, 3}, {641, 4}, {2560, 4}, {2561, 5}, {1000000, 5}};
  for (const auto& c : cases) {
    EXPECT_EQ(p->ClassFor(User(1, 1000, kNeverWritten, 1000 + c.lifetime)), c.cls) << c.lifetime;
  }
  EXPECT_EQ(p->ClassFor(User(1, 1000)), 6u);
}

TEST(Placement, WarcipClustersBlocksByRewriteInterval) {
  auto p = MakePlacement("warcip", SetupFor());
  // First writes have no interval: the coldest cluster.
  const uint32_t first = p->ClassFor(User(500, 0));
  // Blocks 0-9 are rewritten every ~10 µs, blocks 100-109 every ~100 ms.
  uint64_t now_ns = 1;
  uint32_t hot_class = 0, cold_class = 0;
  std::array<uint64_t, 1000> last{};
  for (uint32_t round = 0; round < 3000; ++round) {
    for (uint32_t b = 0; b < 10; ++b) {
      now_ns += 1000;
      PlacementInput in = User(b, round, round);
      in.now_ns = now_ns;
      hot_class = p->ClassFor(in);
      last[b] = now_ns;
    }
    if (round % 1000 == 0) {
      for (uint32_t b = 100; b < 110; ++b) {
        now_ns += 1000;
        PlacementInput in = User(b, round, round);
        in.now_ns = now_ns;
        cold_class = p->ClassFor(in);
      }
    }
  }
  EXPECT_NE(hot_class, cold_class);
  EXPECT_NE(hot_class, first);
  EXPECT_EQ(p->ClassFor(Gc(1, 10, 0, 5)), 6u);
}

}  // namespace
}  // namespace flashscope::zns
