// Each GC victim policy, on hand-built block states, picks the block it
// should; and the registry builds every name the UI and CLI offer.
#include <gtest/gtest.h>

#include <map>

#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"

namespace flashscope {
namespace {

// One plane of 8 blocks, 16 units each (SLC, 4 KiB pages); 64 logical units.
DeviceLayout PlaneOf8() {
  DeviceConfig c;
  c.cell = CellMode::kSlc;
  c.geometry = Geometry{1, 1, 1, 8, 16, 4096};
  c.overprovision = 1.0;
  return DeviceLayout::From(c);
}

// Fills a block with logical units [first_lpn, first_lpn + 16), then trims
// the first `garbage` of them; the clock advances `age` after closing.
uint32_t FillBlock(FtlState& ftl, uint64_t first_lpn, uint32_t garbage) {
  uint32_t block = kNoBlock;
  for (uint32_t i = 0; i < 16; ++i) {
    const uint32_t slot = ftl.AllocateWordline(0, Stream::kHost, 0);
    block = ftl.layout().BlockOfSlot(slot);
    ftl.Map(first_lpn + i, slot);
    ftl.AdvanceClock(1);
  }
  for (uint32_t i = 0; i < garbage; ++i) ftl.Unmap(first_lpn + i);
  return block;
}

struct Fixture {
  // Blocks in closing order: 0 (old, 6 garbage), 1 (8 garbage),
  // 2 (fully valid), 3 (young, 10 garbage); the rest free.
  Fixture() : ftl(PlaneOf8(), true) {
    b_old = FillBlock(ftl, 0, 6);
    ftl.AdvanceClock(1000);
    b_mid = FillBlock(ftl, 16, 8);
    b_full = FillBlock(ftl, 32, 0);
    b_young = FillBlock(ftl, 48, 10);
  }
  uint32_t Pick(const char* name, uint32_t d = 10, uint64_t seed = 1) {
    ParamBag params;
    params.Set("d_choices", uint64_t{d});
    auto policy = MakeVictimPolicy(name, params);
    Rng rng(seed);
    return policy->PickVictim(ftl, 0, rng);
  }
  FtlState ftl;
  uint32_t b_old, b_mid, b_full, b_young;
};

TEST(VictimPolicy, GreedyTakesTheFewestValidUnits) {
  Fixture f;
  EXPECT_EQ(f.Pick("greedy"), f.b_young);  // 6 valid
}

TEST(VictimPolicy, FifoTakesTheOldestClosedBlock) {
  Fixture f;
  EXPECT_EQ(f.Pick("fifo"), f.b_old);
}

TEST(VictimPolicy, CostBenefitWeighsAgeAgainstValidData) {
  Fixture f;
  // At clock 1064, score = (age + 1) * (1 - u) / 2u with age = clock - last
  // change: old 1049 * 0.375 / 1.25 = 315, mid 33 * 0.5 / 1 = 16.5,
  // young 1 * 0.625 / 0.75 = 0.8 — old, mostly-valid data is worth moving.
  EXPECT_EQ(f.Pick("cost_benefit"), f.b_old);
  // A million ticks later the ages are nearly equal, and the emptiest block
  // wins: young 0.83e6 > mid 0.5e6 > old 0.3e6.
  f.ftl.AdvanceClock(1'000'000);
  EXPECT_EQ(f.Pick("cost_benefit"), f.b_young);
}

TEST(VictimPolicy, NeverPicksAFullyValidBlockOrAnOpenOne) {
  Fixture f;
  // Not random: it draws over every full block (RandomIsUniformOverFullBlocks).
  for (const char* name : {"greedy", "fifo", "cost_benefit", "d_choices"}) {
    for (uint64_t seed = 1; seed < 50; ++seed) {
      const uint32_t victim = f.Pick(name, 3, seed);
      EXPECT_NE(victim, f.b_full) << name;
      EXPECT_EQ(f.ftl.state(victim), BlockState::kFull) << name;
    }
  }
}

TEST(VictimPolicy, RandomIsUniformOverFullBlocks) {
  // Van Houdt's d = 1: every full block, the fully valid one included (a
  // fresh policy per pick, so the bound on wasted picks never applies).
  Fixture f;
  std::map<uint32_t, int> picks;
  for (uint64_t seed = 1; seed <= 4000; ++seed) ++picks[f.Pick("random", 1, seed)];
  ASSERT_EQ(picks.size(), 4u);
  for (const auto& [block, count] : picks) {
    EXPECT_NEAR(count, 1000, 90) << block;
    EXPECT_EQ(f.ftl.state(block), BlockState::kFull) << block;
  }
  EXPECT_EQ(picks.count(f.b_full), 1u);
}

TEST(VictimPolicy, RandomBoundsFullyValidPicksInARow) {
  // One plane where 3 of the 4 full blocks are fully valid: after 8 fully
  // valid picks in a row the next one must hold garbage, so a GC loop that
  // picks again always reaches garbage within 9 picks.
  FtlState ftl(PlaneOf8(), true);
  FillBlock(ftl, 0, 0);
  FillBlock(ftl, 16, 0);
  FillBlock(ftl, 32, 0);
  const uint32_t garbage = FillBlock(ftl, 48, 4);
  auto policy = MakeVictimPolicy("random", {});
  Rng rng(7);
  uint32_t in_a_row = 0;
  uint32_t wasted = 0;
  for (int pick = 0; pick < 2000; ++pick) {
    const uint32_t victim = policy->PickVictim(ftl, 0, rng);
    ASSERT_EQ(ftl.state(victim), BlockState::kFull);
    in_a_row = victim == garbage ? 0 : in_a_row + 1;
    wasted += victim != garbage;
    ASSERT_LE(in_a_row, 8u);
  }
  // Still mostly the uniform draw: 3/4 wasted picks, less the forced ones.
  EXPECT_GT(wasted, 2000 * 0.6);
}

TEST(VictimPolicy, DChoicesApproachesGreedyAsDGrows) {
  Fixture f;
  int greedy_like = 0;
  for (uint64_t seed = 1; seed <= 1000; ++seed)
    greedy_like += f.Pick("d_choices", 2, seed) == f.b_young;
  // With 3 candidates and d = 2 draws with replacement, the emptiest is in
  // the sample with probability 1 - (2/3)^2 = 5/9.
  EXPECT_NEAR(greedy_like / 1000.0, 5.0 / 9.0, 0.05);
  for (uint64_t seed = 1; seed <= 100; ++seed) EXPECT_EQ(f.Pick("d_choices", 64, seed), f.b_young);
}

TEST(VictimPolicy, NoVictimWhenNothingHoldsGarbage) {
  FtlState ftl(PlaneOf8(), true);
  FillBlock(ftl, 0, 0);
  for (std::string_view name : VictimPolicyNames()) {
    auto policy = MakeVictimPolicy(name, {});
    Rng rng(1);
    EXPECT_EQ(policy->PickVictim(ftl, 0, rng), kNoBlock) << name;
  }
}

TEST(VictimPolicy, RegistryBuildsEveryOfferedName) {
  for (std::string_view name : VictimPolicyNames()) {
    EXPECT_NE(MakeVictimPolicy(name, {}), nullptr) << name;
  }
  EXPECT_EQ(MakeVictimPolicy("lru", {}), nullptr);
}

}  // namespace
}  // namespace flashscope
