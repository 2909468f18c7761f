// An honest end of run (issue 14): the DRAM write buffer drains when the
// host goes quiet, as real drives do within milliseconds, and a finished
// run's NAND figures include what it still held, so data written once is
// programmed once at least (WAF >= 1). Throughput and latency stay the
// host's: the drain after the last request is not in them. A run's end
// starts no idle SLC migration, and a classic write-back cache is flushed.
#include <gtest/gtest.h>

#include "conventional/controller_for_test.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

using testing::Io;
using testing::OpenLoop;

constexpr uint32_t kHost = static_cast<uint32_t>(Cause::kHost);

// One plane of TLC: 16 KiB pages (4 mapping units), a wordline of 3 pages
// = 12 units = 48 KiB, programmed in 1.8 ms; the channel moves it in
// 122.88 us (400 MB/s). A 1 MiB DRAM buffer (256 units).
DeviceConfig TlcWithBuffer() {
  DeviceConfig c = testing::TinySlcDevice();
  c.cell = CellMode::kTlc;
  c.geometry = Geometry{1, 1, 1, 64, 48, 16384};
  c.timing[3] = ModeTiming{60'000, 1'800'000, 5'000'000};
  c.write_buffer_bytes = 1 << 20;
  return c;
}

double WafOf(const Simulator& sim) {
  return static_cast<double>(sim.counters().TotalPrograms()) * sim.layout().page_bytes /
         static_cast<double>(sim.host().host_write_bytes());
}

// Five 4 KiB writes, less than a wordline: before issue 14 they stayed in
// DRAM for good and the run reported 0 page programs (WAF 0). Now the host
// is quiet after them, the buffer flushes 2 ms later (the documented
// default) as one padded TLC wordline, and the run ends once it is on flash.
TEST(EndOfRun, WritesSmallerThanTheBufferAreProgrammedWhenTheHostGoesQuiet) {
  const DeviceConfig device = TlcWithBuffer();
  ASSERT_EQ(device.write_buffer_idle_flush_ns, 2'000'000u);
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 5; ++i) writes.push_back(Io(IoOp::kWrite, i));
  Simulator sim(device, OpenLoop(writes));
  sim.RunToCompletion();
  ASSERT_TRUE(sim.finished());
  EXPECT_EQ(sim.host().host_write_bytes(), 5u * 4096);
  // Every written unit is on flash: one wordline of 3 pages carries them.
  EXPECT_EQ(sim.counters().units_programmed[kHost], 5u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 3u);
  EXPECT_DOUBLE_EQ(WafOf(sim), 3.0 * 16384 / (5 * 4096));  // 2.4: the padding
  const EndOfRunStats& end = sim.end_of_run();
  EXPECT_EQ(end.buffered_bytes, 5u * 4096);
  EXPECT_EQ(end.held_bytes, 0u);
  EXPECT_EQ(end.nand.TotalPrograms(), 3u);
  // Idle 2 ms after the last write, then transfer and program the wordline.
  const double drain_ms = (end.end_ns - end.host_end_ns) / 1e6;
  EXPECT_NEAR(drain_ms, 2.0 + 0.12288 + 1.8, 0.01);
  EXPECT_EQ(sim.now_ns(), end.end_ns);
  // The writes themselves completed in DRAM within microseconds.
  EXPECT_LT(end.host_end_ns, 10'000u);
  EXPECT_EQ(sim.host().metrics(0).end_ns, end.host_end_ns);
  // The job's NAND figures include the drain.
  const JobMetrics& job = sim.host().metrics(0);
  EXPECT_EQ((job.nand_at_end - job.nand_at_start).TotalPrograms(), 3u);
}

// Distinct blocks written a day apart: each waits 2 ms in DRAM, then is
// programmed while the drive idles (not only at the end), so the run ends
// with every byte on flash and the end of run drains only the last one.
TEST(EndOfRun, DistinctBlocksDaysApartAreAllProgrammed) {
  constexpr uint64_t kDayNs = 86'400'000'000'000;
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 4; ++i) writes.push_back(Io(IoOp::kWrite, 100 + i, 1, i * kDayNs));
  SimOptions options;
  options.series_interval_ns = 3'600'000'000'000;  // hourly: days of 100 ms samples are slow
  Simulator sim(TlcWithBuffer(), OpenLoop(writes), options);
  sim.RunToCompletion();
  EXPECT_EQ(sim.counters().units_programmed[kHost], 4u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 4u * 3);  // a padded wordline each
  EXPECT_GE(WafOf(sim), 1.0);
  EXPECT_DOUBLE_EQ(WafOf(sim), 12.0);
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 4096u);
  EXPECT_EQ(sim.end_of_run().nand.TotalPrograms(), 3u);
}

// New host I/O keeps the buffer's partial wordline: writes 1 ms apart (less
// than the 2 ms idle time) gather into one wordline, with no padded flush
// between them. The run ends when that wordline, sent when the 12th write
// filled it at 11 ms, is programmed: nothing was left waiting in the buffer,
// but the run still counts the program on its way.
TEST(EndOfRun, WritesCloserThanTheIdleTimeShareAWordline) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 12; ++i) writes.push_back(Io(IoOp::kWrite, i, 1, i * 1'000'000));
  Simulator sim(TlcWithBuffer(), OpenLoop(writes));
  sim.RunToCompletion();
  EXPECT_EQ(sim.counters().units_programmed[kHost], 12u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 3u);  // one full wordline: WAF 1
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 0u);
  EXPECT_EQ(sim.end_of_run().host_end_ns, 11'001'000u);  // + 1 us on the host link
  EXPECT_EQ(sim.end_of_run().end_ns, 11'000'000u + 122'880 + 1'800'000);
}

// A buffer the host keeps busy: write_buffer_idle_flush_us set to 0 flushes
// the moment the host is quiet, so each lone write is its own wordline.
TEST(EndOfRun, ZeroIdleTimeFlushesAtOnce) {
  DeviceConfig device = TlcWithBuffer();
  device.write_buffer_idle_flush_ns = 0;
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 3; ++i) writes.push_back(Io(IoOp::kWrite, i, 1, i * 1'000'000));
  Simulator sim(device, OpenLoop(writes));
  sim.RunToCompletion();
  EXPECT_EQ(sim.counters().units_programmed[kHost], 3u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 9u);
}

// With an SLC cache the end of a run drains the buffer into pSLC and stops:
// it does not run the idle migration (idle_flush_ms) the drive would begin
// later, so nothing is folded.
TEST(EndOfRun, DrainsIntoSlcWithoutStartingIdleMigration) {
  DeviceConfig device = TlcWithBuffer();
  device.slc_cache.enabled = true;
  device.slc_cache.static_bytes = 4 * 16 * 16384;  // 4 pSLC blocks of 16 pages
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 3; ++i) writes.push_back(Io(IoOp::kWrite, i));
  Simulator sim(device, OpenLoop(writes));
  sim.RunToCompletion();
  const SlcStats& slc = flashscope::testing::ControllerOf(sim).slc_stats();
  EXPECT_EQ(slc.host_units_to_slc, 3u);
  EXPECT_EQ(slc.migrated_units, 0u);
  EXPECT_EQ(slc.migrations, 0u);
  // One pSLC page (4 units) carries the three.
  EXPECT_EQ(sim.counters().TotalPrograms(), 1u);
  EXPECT_LT(sim.end_of_run().end_ns, device.slc_cache.idle_flush_ns);
}

// A classic write-back cache (LRU) keeps its dirty pages during the run
// and writes them back at its end (FlushAll), so they count.
TEST(EndOfRun, AClassicWriteBackCacheIsFlushed) {
  DeviceConfig device = testing::TinySlcDevice(64, 64);
  device.cache.policy = "lru";
  device.cache.params.Set("bytes", uint64_t{64 * 4096});
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 10; ++i) writes.push_back(Io(IoOp::kWrite, 7 * i));
  Simulator sim(device, OpenLoop(writes));
  sim.RunToCompletion();
  ASSERT_NE(sim.drive().classic(), nullptr);
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 10u * 4096);
  EXPECT_EQ(sim.counters().page_programs[kHost], 10u);
  EXPECT_DOUBLE_EQ(WafOf(sim), 1.0);
  EXPECT_GT(sim.end_of_run().end_ns, sim.end_of_run().host_end_ns);
}

// A run that only reads programs nothing and drains nothing.
TEST(EndOfRun, AReadOnlyRunEndsAtItsLastRead) {
  std::vector<HostIo> reads;
  for (uint32_t i = 0; i < 4; ++i) reads.push_back(Io(IoOp::kRead, i));
  Simulator sim(TlcWithBuffer(), OpenLoop(reads));
  sim.RunToCompletion();
  EXPECT_EQ(sim.counters().TotalPrograms(), 0u);
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 0u);
  EXPECT_EQ(sim.end_of_run().end_ns, sim.end_of_run().host_end_ns);
}

}  // namespace
}  // namespace flashscope
