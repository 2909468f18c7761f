// A trace's clock is the format's, not the kept records' (issue 28): a
// volume whose records all share one whole second of Tencent's clock once
// looked like a zero clock and replayed at once (273 requests in 20.7 ms);
// now the tick comes from the format (Tencent: seconds by definition), from
// every record the format reads (the volume filter's left-outs included),
// or from the "# flashscope clock_tick_ns=N" line `trace split` writes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "trace/byte_input.h"
#include "trace/trace_scanner.h"

namespace flashscope {
namespace {

struct Scanned {
  std::vector<uint64_t> relative_ns;
  uint64_t resolution_ns = 0;
  uint64_t coarse_tick_ns = 0;
};

Scanned ScanText(const std::string& format, const std::string& text, TraceOptions options = {}) {
  options.format = format;
  auto input = MakeMemoryInput("t.trace", text);
  TraceScanner scanner(*input, options, format);
  Scanned scanned;
  ScannedRecord record;
  while (scanner.Next(record)) scanned.relative_ns.push_back(record.relative_ns);
  scanned.resolution_ns = scanner.clock_resolution_ns();
  scanned.coarse_tick_ns = scanner.coarse_tick_ns();
  return scanned;
}

// Volume 7 has four records, all in second 1538323200; volume 8 has
// records in that second and the next.
constexpr const char* kTencent =
    "1538323200,0,8,1,7\n"
    "1538323200,8,8,1,8\n"
    "1538323200,16,8,1,7\n"
    "1538323200,24,8,0,7\n"
    "1538323201,32,8,1,8\n"
    "1538323200,40,8,1,7\n";

TEST(ClockTick, OneVolumeOfOneSecondIsSpreadAcrossItsSecond) {
  TraceOptions only7;
  only7.volume = "7";
  const Scanned scanned = ScanText("tencent", kTencent, only7);
  EXPECT_EQ(scanned.resolution_ns, 1'000'000'000u);
  // Four records of one second, evenly across it, as --volume 7 of the
  // whole trace and the whole trace itself treat them: not all at 0 ns.
  EXPECT_EQ(scanned.relative_ns, (std::vector<uint64_t>{0, 250'000'000, 500'000'000, 750'000'000}));
}

TEST(ClockTick, AOneSecondTencentFileTicksInSecondsByItsFormat) {
  // No two distinct times in the file: the format says its clock ticks in
  // whole seconds.
  const Scanned scanned =
      ScanText("tencent", "1538323200,0,8,1,7\n1538323200,8,8,1,7\n1538323200,16,8,1,7\n");
  EXPECT_EQ(scanned.resolution_ns, 1'000'000'000u);
  EXPECT_EQ(scanned.coarse_tick_ns, 1'000'000'000u);
  EXPECT_EQ(scanned.relative_ns, (std::vector<uint64_t>{0, 333'333'333, 666'666'666}));
}

TEST(ClockTick, AnInferredClockCountsTheRecordsTheVolumeFilterLeavesOut) {
  // MQSim's nanosecond times, all on a 10 ms grid: device 0's three
  // records share one tick, device 1's give the grid.
  const std::string text =
      "0 1 0 8 0\n"
      "10000000 0 8 8 0\n"
      "10000000 0 16 8 0\n"
      "10000000 0 24 8 0\n"
      "20000000 1 32 8 0\n";
  TraceOptions device0;
  device0.volume = "0";
  const Scanned scanned = ScanText("mqsim", text, device0);
  EXPECT_EQ(scanned.resolution_ns, 10'000'000u);
  EXPECT_EQ(scanned.relative_ns, (std::vector<uint64_t>{0, 3'333'333, 6'666'666}));
}

TEST(ClockTick, ASplitFilesClockLineSetsTheTick) {
  const std::string records =
      "0,0 0 1 1538323200.000000000 0 Q W 0 + 8 [flashscope]\n"
      "0,0 0 2 1538323200.000000000 0 Q W 8 + 8 [flashscope]\n";
  // Without the line, a nanosecond format with one distinct time: no tick.
  const Scanned bare = ScanText("blkparse", records);
  EXPECT_EQ(bare.resolution_ns, 0u);
  EXPECT_EQ(bare.relative_ns, (std::vector<uint64_t>{0, 0}));
  const Scanned stated = ScanText(
      "blkparse", std::string(kClockTickDirective) + "1000000000 (the clock of t.csv)\n" + records);
  EXPECT_EQ(stated.resolution_ns, 1'000'000'000u);
  EXPECT_EQ(stated.relative_ns, (std::vector<uint64_t>{0, 500'000'000}));
  // A file whose own times are finer than the stated tick keeps its own.
  const Scanned finer =
      ScanText("blkparse", std::string(kClockTickDirective) +
                               "1000000000\n"
                               "0,0 0 1 1538323200.000000000 0 Q W 0 + 8 [flashscope]\n"
                               "0,0 0 2 1538323200.000001000 0 Q W 8 + 8 [flashscope]\n");
  EXPECT_EQ(finer.resolution_ns, 1000u);
  EXPECT_EQ(finer.relative_ns, (std::vector<uint64_t>{0, 1000}));
}

}  // namespace
}  // namespace flashscope
