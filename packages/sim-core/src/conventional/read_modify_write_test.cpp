// Read-modify-write (issue 17, item 8): a host write that covers part of a
// 4 KiB mapping unit first reads the unit's old data when that data is on
// flash, counted as cause "rmw", and the write waits for it. A unit never
// written, or still in the write buffer, needs no read; read_modify_write
// false writes the partial unit whole without one (the behaviour before).
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "nand/layout.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

constexpr uint32_t kRmw = static_cast<uint32_t>(Cause::kReadModifyWrite);
constexpr uint32_t kHostCause = static_cast<uint32_t>(Cause::kHost);
constexpr uint32_t kWrite = 1;  // JobMetrics' op index
constexpr uint64_t kUnit = 4096;

// A small TLC drive with a datasheet's figures: 2 channels x 2 dies, 64
// blocks of 192 pages of 16 KiB (four 4 KiB mapping units a page), tR 60
// us, tPROG 1.8 ms per 3-page wordline (12 units), tBERS 5 ms, ONFI 1200
// MT/s channels, a 4 MiB DRAM buffer. Half of it is written before the run
// (precondition.fill = 0.5: units 0 .. ~91,000 are on flash).
DeviceConfig HalfFilledTlc(bool read_modify_write) {
  DeviceConfig c;
  c.file = "rmw-test";
  c.cell = CellMode::kTlc;
  c.geometry = Geometry{2, 2, 1, 64, 192, 16384};
  c.timing[3] = ModeTiming{60'000, 1'800'000, 5'000'000};
  c.channel_mbps = 1200;
  c.write_buffer_bytes = 4u << 20;
  c.gc.background = false;
  c.precondition.fill = 0.5;
  c.read_modify_write = read_modify_write;
  return c;
}

HostIo Write(uint64_t offset_bytes, uint32_t length_bytes) {
  return HostIo{IoOp::kWrite, offset_bytes, length_bytes, 0};
}

struct RunFigures {
  NandCounters nand;  // the timed run's, after preconditioning
  uint64_t partial_writes = 0;
  uint64_t partial_units = 0;
  uint64_t host_bytes = 0;
  uint64_t unit_bytes = 0;
  double write_mean_us = 0;
};

RunFigures RunQd1(const DeviceConfig& device, std::vector<HostIo> writes) {
  Simulator sim(device, testing::ClosedLoop(std::move(writes), 1));
  sim.Precondition();
  const NandCounters before = sim.counters();
  sim.RunToCompletion();
  EXPECT_TRUE(sim.finished());
  RunFigures run;
  run.nand = sim.counters() - before;
  run.partial_writes = sim.host().partial_writes();
  run.partial_units = sim.host().partial_write_units();
  run.host_bytes = sim.host().host_write_bytes();
  run.unit_bytes = sim.host().host_write_unit_bytes();
  run.write_mean_us = sim.host().metrics(0).latency[kWrite].mean_ns() / 1000.0;
  return run;
}

// 512 B and 2 KiB writes, some to units on flash, some to fresh ones, some
// to units still buffered, and unaligned 8 KiB writes spanning 3 units.
std::vector<HostIo> MixedPartialWrites(uint64_t logical_units) {
  std::vector<HostIo> writes;
  const uint64_t fresh = logical_units - 100;  // beyond the fill: never written
  for (uint64_t lpn = 0; lpn < 10; ++lpn) writes.push_back(Write(lpn * kUnit, 512));
  for (uint64_t lpn = 100; lpn < 110; ++lpn) writes.push_back(Write(lpn * kUnit + 1024, 2048));
  for (uint64_t lpn = fresh; lpn < fresh + 10; ++lpn) writes.push_back(Write(lpn * kUnit, 512));
  // Two 512 B writes to one unit in a row: the second finds it buffered.
  for (uint64_t lpn = 200; lpn < 205; ++lpn) {
    writes.push_back(Write(lpn * kUnit, 512));
    writes.push_back(Write(lpn * kUnit + 512, 512));
  }
  // 8 KiB from the middle of a unit: its first and third units in part.
  for (uint64_t lpn = 300; lpn < 340; lpn += 10) writes.push_back(Write(lpn * kUnit + 2048, 8192));
  // Whole units, aligned: no read.
  writes.push_back(Write(400 * kUnit, 4096));
  writes.push_back(Write(404 * kUnit, 16384));
  return writes;
}

TEST(ReadModifyWrite, ReadsTheOldUnitOnlyWhereItsDataIsOnFlash) {
  const DeviceConfig on = HalfFilledTlc(true);
  const DeviceConfig off = HalfFilledTlc(false);
  ASSERT_TRUE(DeviceConfig{}.read_modify_write);  // on by default
  const uint64_t logical_units = DeviceLayout::From(on).logical_units;
  ASSERT_GT(logical_units, 180'000u);
  const RunFigures with = RunQd1(on, MixedPartialWrites(logical_units));
  const RunFigures without = RunQd1(off, MixedPartialWrites(logical_units));

  // One read per partial unit on flash: 10 (512 B) + 10 (2 KiB) + 5 (the
  // first write of each buffered pair) + 4 x 2 (the 8 KiB writes' ends);
  // none for the 10 fresh units, the 5 buffered ones or the aligned writes.
  EXPECT_EQ(with.nand.page_reads[kRmw], 33u);
  EXPECT_EQ(with.nand.TotalReads(), 33u);  // nothing else read
  EXPECT_EQ(without.nand.page_reads[kRmw], 0u);
  EXPECT_EQ(without.nand.TotalReads(), 0u);
  // The reads add no programs: the same units reach flash either way.
  EXPECT_EQ(with.nand.units_programmed[kHostCause], without.nand.units_programmed[kHostCause]);
  EXPECT_EQ(with.nand.TotalPrograms(), without.nand.TotalPrograms());

  // The host's side, the same with the setting on or off: 44 writes cover
  // 48 units in part; in whole units (57 of them, 233,472 B) they are 2.62
  // times the 89,088 B written.
  for (const RunFigures& run : {with, without}) {
    EXPECT_EQ(run.partial_writes, 44u);
    EXPECT_EQ(run.partial_units, 48u);
    EXPECT_EQ(run.host_bytes, 10u * 512 + 10 * 2048 + 10 * 512 + 10 * 512 + 4 * 8192 + 20480);
    EXPECT_EQ(run.unit_bytes, (40u + 4 * 3 + 5) * kUnit);
    EXPECT_NEAR(static_cast<double>(run.unit_bytes) / run.host_bytes, 2.62, 0.005);
  }
}

// Eleven 512 B writes at queue depth 1 to units on flash, less than one
// wordline (12 units), so no program runs and the dies are idle: each write
// waits for its old unit's array read (tR 60 us) and its transfer over the
// channel (4096 B at 1200 MB/s = 3.41 us) before it enters the buffer.
TEST(ReadModifyWrite, PartialWriteLatencyRisesByTheReadOfTheOldUnit) {
  std::vector<HostIo> writes;
  for (uint64_t lpn = 0; lpn < 11 * 37; lpn += 37) writes.push_back(Write(lpn * kUnit + 512, 512));
  const RunFigures with = RunQd1(HalfFilledTlc(true), writes);
  const RunFigures without = RunQd1(HalfFilledTlc(false), writes);
  EXPECT_EQ(with.nand.page_reads[kRmw], 11u);
  EXPECT_EQ(with.nand.TotalPrograms(), 0u + without.nand.TotalPrograms());
  const double read_us = 60 + 4096 / 1200e6 * 1e6;
  std::printf("  512 B write at QD1: %.2f us with read-modify-write, %.2f us without\n",
              with.write_mean_us, without.write_mean_us);
  EXPECT_NEAR(with.write_mean_us - without.write_mean_us, read_us, 0.5)
      << "with " << with.write_mean_us << " us, without " << without.write_mean_us << " us";
  // Without the read a 512 B write is in DRAM once it crossed the link.
  EXPECT_LT(without.write_mean_us, 5.0);
}

}  // namespace
}  // namespace flashscope
