// Issue 28, "every figure tells the truth", for the end of a run and the
// WAF: the series ends with the drain, so its last WAF is the run's; the
// drain's programs and the run's are split by cause, padding its own; a
// drive with power loss protection does not pad on idle; and the write
// buffer counts the host writes it kept from flash, the reason a finished
// run's WAF can be below 1 with nothing left in the buffer.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

using testing::Io;
using testing::OpenLoop;

constexpr uint32_t kHost = static_cast<uint32_t>(Cause::kHost);
constexpr uint32_t kPadding = static_cast<uint32_t>(Cause::kPadding);
constexpr uint64_t kDayNs = 86'400'000'000'000;

// One plane of TLC: 16 KiB pages (4 mapping units), a wordline of 3 pages
// = 12 units = 48 KiB, programmed in 1.8 ms; a 1 MiB DRAM buffer, flushed
// after the default 2 ms of host quiet (as end_of_run_test.cpp's).
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

std::vector<HostIo> DistinctWritesDaysApart(uint32_t count) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < count; ++i) writes.push_back(Io(IoOp::kWrite, 100 + i, 1, i * kDayNs));
  return writes;
}

SimOptions Hourly() {
  SimOptions options;
  options.series_interval_ns = 3'600'000'000'000;  // days of 100 ms points are slow
  return options;
}

// Five 4 KiB writes complete in DRAM within microseconds; the wordline that
// carries them is programmed 2 ms later, after the host's last completion.
// Before issue 28 the series stopped at that completion with WAF 0 while
// the run's WAF was 2.4: now its last point is the drain's end, with the
// run's WAF, and no host I/O in it.
TEST(EndOfRunFigures, TheSeriesEndsWithTheDrainAtTheRunsWaf) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 5; ++i) writes.push_back(Io(IoOp::kWrite, i));
  Simulator sim(TlcWithBuffer(), OpenLoop(writes));
  sim.RunToCompletion();
  const TimeSeries& series = sim.series();
  const EndOfRunStats& end = sim.end_of_run();
  ASSERT_GE(series.size(), 2u);
  const size_t last = series.size() - 1;
  EXPECT_DOUBLE_EQ(series.t_ms[last], end.end_ns / 1e6);
  EXPECT_DOUBLE_EQ(series.waf[last], WafOf(sim));
  EXPECT_DOUBLE_EQ(series.waf[last], 2.4);
  EXPECT_DOUBLE_EQ(series.nand_write_bytes[last], 3.0 * 16384);
  // The host's own last point, at its last completion, before any program.
  EXPECT_DOUBLE_EQ(series.t_ms[last - 1], end.host_end_ns / 1e6);
  // Nothing programmed yet: no WAF (null in the JSON), as the result's rule.
  EXPECT_TRUE(std::isnan(series.waf[last - 1]));
  // The drain point has no host I/O.
  EXPECT_EQ(series.iops[last], 0.0);
  EXPECT_EQ(series.write_mbps[last], 0.0);
  EXPECT_EQ(series.lat_p99_us[last], 0.0);
  // The job's series keeps its own points: it ends with its I/O.
  const TimeSeries& job = sim.host().metrics(0).series;
  EXPECT_DOUBLE_EQ(job.t_ms.back(), end.host_end_ns / 1e6);
}

// A run whose end drains nothing gets no extra point: its last point is
// the host's, already at the run's WAF (12 writes, one full wordline).
TEST(EndOfRunFigures, NoDrainNoDrainPoint) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 12; ++i) writes.push_back(Io(IoOp::kWrite, i));
  Simulator sim(TlcWithBuffer(), OpenLoop(writes));
  sim.RunToCompletion();
  const EndOfRunStats& end = sim.end_of_run();
  // The full wordline left before the host's last completion: the end of
  // the run only waited for its program (counted before host_end).
  EXPECT_EQ(end.nand.TotalPrograms(), 0u);
  EXPECT_DOUBLE_EQ(sim.series().t_ms.back(), end.host_end_ns / 1e6);
  EXPECT_DOUBLE_EQ(sim.series().waf.back(), 1.0);
}

// The drain's wordline holds 5 units of data and 7 of padding: in pages,
// 2 of host data (5 units' worth, rounded up) and 1 of padding.
TEST(EndOfRunFigures, TheDrainsProgramsAreSplitByCausePaddingItsOwn) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 5; ++i) writes.push_back(Io(IoOp::kWrite, i));
  Simulator sim(TlcWithBuffer(), OpenLoop(writes));
  sim.RunToCompletion();
  const NandCounters& drain = sim.end_of_run().nand;
  EXPECT_EQ(drain.TotalPrograms(), 3u);
  EXPECT_EQ(drain.page_programs[kHost], 2u);
  EXPECT_EQ(drain.page_programs[kPadding], 1u);
  EXPECT_EQ(drain.padding_units, 7u);
  EXPECT_EQ(sim.counters().page_programs[kPadding], 1u);
}

// Distinct 4 KiB writes a day apart (a sparse volume): each is flushed
// alone 2 ms after it, one unit in a 12-unit wordline, so 11 of every 12
// units programmed are padding: WAF 12, and the padding pages are 11 of
// the 12 (44 padded units = 11 pages; the 4 units of data, 1 page).
TEST(EndOfRunFigures, IdleFlushesOfASparseVolumeAreMostlyPadding) {
  Simulator sim(TlcWithBuffer(), OpenLoop(DistinctWritesDaysApart(4)), Hourly());
  sim.RunToCompletion();
  EXPECT_DOUBLE_EQ(WafOf(sim), 12.0);
  EXPECT_EQ(sim.counters().TotalPrograms(), 12u);
  EXPECT_EQ(sim.counters().padding_units, 44u);
  EXPECT_EQ(sim.counters().page_programs[kPadding], 11u);
  EXPECT_EQ(sim.counters().page_programs[kHost], 1u);
}

// power_loss_protection: the buffer is safe, so the drive does not pad on
// idle; the four writes wait in DRAM and the end of the run (a shutdown)
// programs them in one wordline: WAF 3 instead of 12.
TEST(EndOfRunFigures, PowerLossProtectionMeansNoIdlePadding) {
  DeviceConfig device = TlcWithBuffer();
  device.power_loss_protection = true;
  Simulator sim(device, OpenLoop(DistinctWritesDaysApart(4)), Hourly());
  sim.RunToCompletion();
  EXPECT_EQ(sim.counters().TotalPrograms(), 3u);
  EXPECT_DOUBLE_EQ(WafOf(sim), 3.0);
  EXPECT_EQ(sim.counters().padding_units, 8u);
  EXPECT_EQ(sim.counters().page_programs[kPadding], 2u);
  // All of it at the end: the data was held until then.
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 4u * 4096);
  EXPECT_EQ(sim.end_of_run().nand.TotalPrograms(), 3u);
  EXPECT_EQ(sim.end_of_run().held_bytes, 0u);
}

// The same unit rewritten 24 times while it waits in the buffer: 96 KiB
// from the host, one padded wordline (48 KiB) on flash, WAF 0.5 with
// nothing left in the buffer. The buffer counts the 23 overwritten copies,
// which account for the whole shortfall.
TEST(EndOfRunFigures, RewritesMetInTheBufferAreCounted) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 24; ++i) writes.push_back(Io(IoOp::kWrite, 7, 1, i * 10'000));
  Simulator sim(TlcWithBuffer(), OpenLoop(writes));
  sim.RunToCompletion();
  EXPECT_DOUBLE_EQ(WafOf(sim), 0.5);
  EXPECT_EQ(sim.front_end().overwritten_in_buffer_units(), 23u);
  EXPECT_EQ(sim.front_end().trimmed_in_buffer_units(), 0u);
  EXPECT_EQ(sim.front_end().buffered_units(), 0u);
}

// A trim of data still in the buffer: it never reaches flash, and is counted.
TEST(EndOfRunFigures, TrimsOfBufferedDataAreCounted) {
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 6; ++i) ios.push_back(Io(IoOp::kWrite, i, 1, i * 10'000));
  ios.push_back(Io(IoOp::kTrim, 0, 4, 100'000));
  Simulator sim(TlcWithBuffer(), OpenLoop(ios));
  sim.RunToCompletion();
  EXPECT_EQ(sim.front_end().trimmed_in_buffer_units(), 4u);
  EXPECT_EQ(sim.counters().units_programmed[kHost], 2u);
}

}  // namespace
}  // namespace flashscope
