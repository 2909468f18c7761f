// Static wear levelling in the untimed path (ftl/untimed_writer.h), which
// preconditioning uses: the rule of ftl/static_wear_leveling.h on a
// teaching-size drive under hot/cold writes.
#include "ftl/static_wear_leveling.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "ftl/untimed_writer.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

// teaching-slc-tiny's flash: 2 planes x 128 blocks x 64 SLC pages of 4 KiB,
// 25 % over-provisioning, GC reserve 5 % of a plane, greedy GC.
DeviceConfig TeachingSizeDrive() {
  DeviceConfig c = testing::TinySlcDevice(128, 64);
  c.geometry.channels = 2;
  return c;
}

struct Wear {
  // max - min erase count: the largest within a plane (static wear levelling
  // works per plane: data never leaves its plane), and over the drive.
  uint32_t plane_spread = 0;
  uint32_t drive_spread = 0;
  uint64_t wl_moves = 0;
  uint64_t wl_units = 0;
  uint64_t wl_erases = 0;
  double waf = 0;  // NAND units programmed per host unit, over the hot/cold phase
};

// The drive filled to 90 %, then `writes` single-unit writes, 90 % of them to
// the first 10 % of the filled space (the rest anywhere in it).
Wear HotCold(uint32_t static_wl_threshold, uint64_t writes) {
  const DeviceConfig config = TeachingSizeDrive();
  const DeviceLayout layout = DeviceLayout::From(config);
  FtlState ftl(layout, config.wear_leveling.dynamic);
  auto victims = MakeVictimPolicy(config.gc.victim, {});
  Rng rng(7);
  NandCounters counters;
  UntimedWriter writer(ftl, *victims, rng, counters, "cwdp", static_wl_threshold);
  const uint64_t filled = layout.logical_units * 9 / 10;
  writer.WriteSequential(0, filled);
  const NandCounters after_fill = counters;
  for (uint64_t i = 0; i < writes; ++i) {
    const bool hot = rng.Below(10) < 9;
    writer.Write(rng.Below(hot ? filled / 10 : filled));
  }
  const NandCounters delta = counters - after_fill;
  // No data lost or duplicated by the moves.
  uint64_t valid = 0;
  for (uint32_t b = 0; b < layout.blocks; ++b) valid += ftl.valid_units(b);
  EXPECT_EQ(valid, filled);
  for (uint64_t lpn = 0; lpn < filled; ++lpn) {
    const uint32_t slot = ftl.SlotOf(lpn);
    EXPECT_TRUE(ftl.IsValid(slot) && ftl.LpnAt(slot) == lpn) << lpn;
  }
  Wear wear;
  uint32_t drive_min = UINT32_MAX, drive_max = 0;
  for (uint32_t plane = 0; plane < layout.planes; ++plane) {
    uint32_t min = UINT32_MAX, max = 0;
    const uint32_t first = plane * layout.blocks_per_plane;
    for (uint32_t b = first; b < first + layout.blocks_per_plane; ++b) {
      min = std::min(min, ftl.erase_count(b));
      max = std::max(max, ftl.erase_count(b));
    }
    wear.plane_spread = std::max(wear.plane_spread, max - min);
    drive_min = std::min(drive_min, min);
    drive_max = std::max(drive_max, max);
  }
  wear.drive_spread = drive_max - drive_min;
  wear.wl_moves = writer.static_wl_moves();
  wear.wl_units = delta.units_programmed[static_cast<uint32_t>(Cause::kWearLeveling)];
  wear.wl_erases = delta.block_erases[static_cast<uint32_t>(Cause::kWearLeveling)];
  uint64_t programmed = 0;
  for (uint64_t units : delta.units_programmed) programmed += units;
  wear.waf = static_cast<double>(programmed) / writes;
  return wear;
}

// The wear-levelling stream opens the most-worn free block (lowest id among
// equals); the other streams keep taking the least-worn (dynamic wear
// levelling) or the oldest freed (FIFO), the pool's order intact.
TEST(WearLevelingStream, OpensTheMostWornFreeBlock) {
  for (const bool wear_aware : {true, false}) {
    const DeviceLayout layout = DeviceLayout::From(testing::TinySlcDevice(8, 4));
    FtlState ftl(layout, wear_aware);
    for (uint32_t i = 0; i < 3 * layout.units_per_block; ++i) {
      ftl.AllocateWordline(0, Stream::kHost, 0);  // blocks 0, 1, 2 filled
    }
    ftl.MarkVictim(1);
    ftl.Erase(1);
    ftl.MarkVictim(0);
    ftl.Erase(0);  // pool: 3..7 erased never, then 1 and 0 erased once
    EXPECT_EQ(ftl.MostWornFreeBlock(0), 0u) << wear_aware;
    const uint32_t slot = ftl.AllocateWordline(0, Stream::kWearLeveling, 0);
    EXPECT_EQ(layout.BlockOfSlot(slot), 0u) << wear_aware;
    EXPECT_EQ(ftl.OpenBlock(0, Stream::kWearLeveling), 0u);
    EXPECT_EQ(ftl.FreeBlocks(0), 5u + 1u);
    EXPECT_EQ(layout.BlockOfSlot(ftl.AllocateWordline(0, Stream::kHost, 0)), 3u) << wear_aware;
    EXPECT_EQ(ftl.MostWornFreeBlock(0), 1u) << wear_aware;
  }
}

TEST(UntimedStaticWearLeveling, KeepsTheEraseSpreadNearTheThresholdUnderHotColdWrites) {
  constexpr uint64_t kWrites = 3'000'000;  // ~240 drive capacities
  constexpr uint32_t kThreshold = 8;
  const Wear off = HotCold(0, kWrites);
  const Wear on = HotCold(kThreshold, kWrites);
  std::printf(
      "untimed hot/cold 90/10, 90 %% full: erase spread per plane %u without static WL, %u with "
      "(threshold %u; over the drive %u and %u); %llu moves, %llu units; WAF %.3f -> %.3f\n",
      off.plane_spread, on.plane_spread, kThreshold, off.drive_spread, on.drive_spread,
      static_cast<unsigned long long>(on.wl_moves), static_cast<unsigned long long>(on.wl_units),
      off.waf, on.waf);
  EXPECT_EQ(off.wl_moves, 0u);
  EXPECT_EQ(off.wl_units, 0u);
  EXPECT_GT(off.plane_spread, 4 * kThreshold);
  EXPECT_LE(on.plane_spread, kThreshold + 2);
  EXPECT_LT(on.drive_spread, off.drive_spread / 2);
  EXPECT_GT(on.wl_moves, 0u);
  EXPECT_EQ(on.wl_erases, on.wl_moves);
  EXPECT_GT(on.wl_units, 0u);
  // Its cost: each move rewrites a cold block's data, yet the total WAF
  // falls, as cold data parked in blocks of its own stops riding along in
  // GC's victims (measured 2.593 -> 2.350).
  EXPECT_LT(on.waf, off.waf);
}

}  // namespace
}  // namespace flashscope
