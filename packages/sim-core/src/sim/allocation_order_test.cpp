// Allocation order (striping, issue 17): consecutive pages of written data
// go to the planes in the device's allocation_order (MQSim's CWDP by
// default), both in the untimed preconditioning and in the timed write
// buffer, so a sequential read spreads over the channels and dies the way a
// real drive's does.
#include "nand/allocation_order.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nand/transfer_time.h"
#include "schema/device_schema.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

using testing::ClosedLoop;
using testing::Io;

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

// The drive FlashScope was compared with MQSim on (issue 17): 8 channels x
// 2 dies x 512 blocks x 64 pages of 4 KiB SLC, tR 30, tPROG 200, tBERS
// 3500 us, an ONFI 333 MT/s channel, 7 % spare, greedy GC keeping 10 free
// blocks per plane; one 4 KiB mapping unit per page.
DeviceConfig ComparisonDrive() {
  DeviceConfig c;
  c.file = "comparison.json";
  c.cell = CellMode::kSlc;
  c.geometry = Geometry{8, 2, 1, 512, 64, 4096};
  c.timing[1] = ModeTiming{30'000, 200'000, 3'500'000};
  c.channel_mbps = 333;
  c.host_mbps = 3940;  // PCIe 3 x4
  c.overprovision = 0.07;
  c.gc.free_block_threshold = 10.0 / 512;
  c.gc.background = false;
  return c;
}

// `count` sequential reads of `units` 4 KiB units each from logical unit 0.
std::vector<HostIo> SequentialReads(uint32_t count, uint32_t units) {
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < count; ++i) ios.push_back(Io(IoOp::kRead, uint64_t{i} * units, units));
  return ios;
}

double MeanReadUs(const Simulator& sim) {
  return sim.host().metrics(0).latency[static_cast<uint32_t>(IoOp::kRead)].mean_ns() / 1000.0;
}

uint32_t ChannelOf(const DeviceLayout& layout, uint32_t plane) {
  return layout.ChannelOfDie(layout.DieOfPlane(plane));
}

TEST(AllocationOrder, PlanesFollowTheNamedOrder) {
  DeviceConfig config = ComparisonDrive();
  config.geometry.planes_per_die = 2;
  const DeviceLayout layout = DeviceLayout::From(config);
  // cwdp: channel fastest, then the die on the channel, then the plane.
  const std::vector<uint32_t> cwdp = PlanesInAllocationOrder(layout, "cwdp");
  ASSERT_EQ(cwdp.size(), 32u);
  EXPECT_EQ(cwdp[0], 0u);   // channel 0, die 0, plane 0
  EXPECT_EQ(cwdp[1], 4u);   // channel 1 (die 2), plane 0
  EXPECT_EQ(cwdp[7], 28u);  // channel 7
  EXPECT_EQ(cwdp[8], 2u);   // channel 0, die 1
  EXPECT_EQ(cwdp[16], 1u);  // channel 0, die 0, plane 1
  // pdwc: plane fastest, then die, then channel (today's index order).
  const std::vector<uint32_t> pdwc = PlanesInAllocationOrder(layout, "pdwc");
  for (uint32_t i = 0; i < 32; ++i) EXPECT_EQ(pdwc[i], i);
  // D is a level of size 1: cdwp is cwdp.
  EXPECT_EQ(PlanesInAllocationOrder(layout, "cdwp"), cwdp);
}

// Consecutive pages, written by the untimed preconditioning and by timed
// host writes, land where the order says.
TEST(AllocationOrder, ConsecutivePagesLandOnTheChannelsDiesAndPlanesTheOrderNames) {
  for (const bool timed : {false, true}) {
    for (const std::string order : {"cwdp", "pwdc", "wcpd"}) {
      SCOPED_TRACE(std::string(timed ? "timed " : "untimed ") + order);
      DeviceConfig config = ComparisonDrive();
      config.geometry.planes_per_die = 2;
      config.geometry.blocks_per_plane = 64;
      config.allocation_order = order;
      std::vector<HostIo> writes;
      if (timed) writes.push_back(Io(IoOp::kWrite, 0, 64));
      if (!timed) {
        config.precondition.fill =
            64.5 / static_cast<double>(DeviceLayout::From(config).logical_units);
      }
      Simulator sim(config, ClosedLoop(std::move(writes), 1));
      sim.Precondition();
      sim.RunToCompletion();
      const DeviceLayout& layout = sim.layout();
      const std::vector<uint32_t> expected = PlanesInAllocationOrder(layout, order);
      for (uint32_t lpn = 0; lpn < 64; ++lpn) {
        const uint32_t slot = sim.ftl().SlotOf(lpn);
        ASSERT_NE(slot, kUnmapped) << lpn;
        EXPECT_EQ(layout.PlaneOfBlock(layout.BlockOfSlot(slot)), expected[lpn % 32]) << lpn;
      }
      const uint32_t plane1 = layout.PlaneOfBlock(layout.BlockOfSlot(sim.ftl().SlotOf(1)));
      // The second page: the next channel (cwdp), the same die's next plane
      // (pwdc), the same channel's next die (wcpd).
      if (order == "cwdp") {
        EXPECT_EQ(ChannelOf(layout, plane1), 1u);
      } else {
        EXPECT_EQ(plane1, order == "pwdc" ? 1u : 2u);
      }
    }
  }
}

// A TLC wordline holds pages k, k + N, k + 2N of the stream (N planes), in
// the timed buffer as in the untimed writer.
TEST(AllocationOrder, ATlcWordlineHoldsEveryNthPage) {
  DeviceConfig config = ComparisonDrive();
  config.cell = CellMode::kTlc;
  config.geometry = Geometry{2, 1, 2, 64, 96, 4096};  // N = 4 planes
  config.timing[3] = ModeTiming{60'000, 1'800'000, 5'000'000};
  Simulator sim(config, ClosedLoop({Io(IoOp::kWrite, 0, 12)}, 1));
  sim.RunToCompletion();
  const DeviceLayout& layout = sim.layout();
  const uint32_t first = sim.ftl().SlotOf(0);
  EXPECT_EQ(sim.ftl().SlotOf(4), first + 1);  // the wordline's 2nd page
  EXPECT_EQ(sim.ftl().SlotOf(8), first + 2);  // ... and its 3rd
  EXPECT_NE(layout.PlaneOfBlock(layout.BlockOfSlot(sim.ftl().SlotOf(1))),
            layout.PlaneOfBlock(layout.BlockOfSlot(first)));
  // One wordline programmed on each of the 4 planes: 12 pages.
  EXPECT_EQ(sim.counters().TotalPrograms(), 12u);
}

// Without a DRAM buffer the drive holds one wordline per plane: consecutive
// pages fill a wordline, the next wordline goes to the next plane in order
// (striping pages would leave each wordline a page when a program frees
// room, and pad the rest: WAF 3 on TLC).
TEST(AllocationOrder, WithoutDramAWordlineHoldsConsecutivePages) {
  DeviceConfig config = ComparisonDrive();
  config.cell = CellMode::kTlc;
  config.geometry = Geometry{2, 1, 2, 64, 96, 4096};  // N = 4 planes
  config.timing[3] = ModeTiming{60'000, 1'800'000, 5'000'000};
  config.write_buffer_bytes = 0;
  Simulator sim(config, ClosedLoop({Io(IoOp::kWrite, 0, 12)}, 1));
  sim.RunToCompletion();
  const DeviceLayout& layout = sim.layout();
  const std::vector<uint32_t> order = PlanesInAllocationOrder(layout, "cwdp");
  for (uint32_t lpn = 0; lpn < 12; ++lpn) {
    const uint32_t slot = sim.ftl().SlotOf(lpn);
    EXPECT_EQ(slot, sim.ftl().SlotOf(lpn / 3 * 3) + lpn % 3) << lpn;
    EXPECT_EQ(layout.PlaneOfBlock(layout.BlockOfSlot(slot)), order[lpn / 3]) << lpn;
  }
  EXPECT_EQ(sim.counters().TotalPrograms(), 12u);  // no padding
}

// 8 KiB sequential reads at QD1 on the comparison drive: the two pages are
// on two channels, read in parallel: tR + one page transfer + the host
// link's 8 KiB. (Wordline order put both on one channel: 56.6 us.)
TEST(AllocationOrder, EightKibSequentialReadTakesTheParallelBound) {
  DeviceConfig config = ComparisonDrive();
  config.precondition.fill = 0.5;
  Simulator sim(config, ClosedLoop(SequentialReads(500, 2), 1));
  sim.Precondition();
  sim.RunToCompletion();
  const double bound_us =
      (config.timing[1].read_ns + TransferTimeNs(4096, BytesPerSecond(config.channel_mbps)) +
       TransferTimeNs(8192, BytesPerSecond(config.host_mbps))) /
      1000.0;
  EXPECT_NEAR(bound_us, 44.4, 0.1);  // 30 + 12.30 + 2.08
  EXPECT_NEAR(MeanReadUs(sim), bound_us, 0.03 * bound_us);
}

// 128 KiB sequential reads at QD1 on tlc-8g: 8 pages of 16 KiB over 4
// channels x 2 dies, so each die reads one page and each channel carries
// two: tR + 2 page transfers + the host link's 128 KiB. (Wordline order put
// six pages on one die: 435 us.)
TEST(AllocationOrder, OneTwentyEightKibReadOnTlc8gSpreadsOverTheDies) {
  DeviceConfig config = LoadDevice("preset:tlc-8g", kPresets, {});
  config.precondition.fill = 0.5;
  Simulator sim(config, ClosedLoop(SequentialReads(300, 32), 1));
  sim.Precondition();
  sim.RunToCompletion();
  const DeviceLayout& layout = sim.layout();
  const uint64_t page_ns = TransferTimeNs(layout.page_bytes, BytesPerSecond(config.channel_mbps));
  const uint32_t pages = (128 * 1024) / layout.page_bytes;
  const double bound_us = (config.timing[3].read_ns + (pages / layout.channels) * page_ns +
                           TransferTimeNs(128 * 1024, BytesPerSecond(config.host_mbps))) /
                          1000.0;
  EXPECT_LT(bound_us, 150.0);
  EXPECT_GE(MeanReadUs(sim), bound_us * 0.99);
  EXPECT_LE(MeanReadUs(sim), bound_us * 1.10);
}

}  // namespace
}  // namespace flashscope
