// Trace replay as a user sees it in the result: every request of the trace
// reaches the drive with its bytes; open-loop arrival spacing follows the
// timestamps (scaled by speed); closed loop keeps the queue depth; filters
// select records; wrap and compact put addresses where the options say; bad
// lines stop the run or are skipped and counted.
#include "trace/trace_source.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "sim/trace_jobs.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using testing::TinySlcDevice;

std::string SharedTrace(const std::string& name) {
  std::ifstream in(std::string(FLASHSCOPE_REPO_ROOT "/../shared/traces/") + name, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

struct Replay {
  std::unique_ptr<Simulator> sim;
  const TraceSource* source = nullptr;
  const JobMetrics& job() const { return sim->host().metrics(0); }
  double seconds() const { return (job().end_ns - job().start_ns) / 1e9; }
};

Replay ReplayOn(const DeviceConfig& device, const std::string& name, const std::string& text,
                const TraceOptions& options) {
  const DeviceLayout layout = DeviceLayout::From(device);
  TraceJob trace = JobFromTrace(MakeMemoryInput(name, text), options, layout);
  Replay replay;
  replay.source = trace.source;
  std::vector<JobSpec> jobs;
  jobs.push_back(std::move(trace.job));
  replay.sim = std::make_unique<Simulator>(device, std::move(jobs));
  replay.sim->RunToCompletion();
  return replay;
}

// Every HostIo the source yields, without a simulator.
std::vector<HostIo> Drain(const std::string& text, const TraceOptions& options,
                          uint64_t capacity_bytes) {
  TraceSource source(MakeMemoryInput("d.trace", text), options, capacity_bytes);
  std::vector<HostIo> ios;
  HostIo io;
  while (source.Next(io)) ios.push_back(io);
  return ios;
}

TEST(TraceReplay, EveryRequestAndByteOfTheWebSearchTraceReachesTheDrive) {
  const std::string text = SharedTrace("mqsim_wsrch-small.trace");
  ASSERT_EQ(text.size(), 683630u);
  const Replay r = ReplayOn(TinySlcDevice(), "wsrch.trace", text, {});
  // The trace's own figures (trace_summary_test.cpp derives them with awk).
  EXPECT_EQ(r.source->requests(), 24783u);
  EXPECT_EQ(r.job().requests[0], 24779u);
  EXPECT_EQ(r.job().requests[1], 4u);
  EXPECT_EQ(r.job().bytes[0], 382085120u);
  EXPECT_EQ(r.job().bytes[1], 32768u);
  EXPECT_EQ(r.source->bytes(IoOp::kRead), 382085120u);
  EXPECT_EQ(r.source->bytes_read(), 683630u);
  // Open loop at the trace's pace: the first request at 0, the last one
  // 60.055212 s later; the device answers in microseconds.
  EXPECT_NEAR(r.seconds(), 60.055212, 0.01);
}

TEST(TraceReplay, SpeedTwoHalvesTheRunsSimulatedDuration) {
  const std::string text = SharedTrace("mqsim_wsrch-small.trace");
  TraceOptions twice;
  twice.speed = 2;
  const Replay normal = ReplayOn(TinySlcDevice(), "wsrch.trace", text, {});
  const Replay fast = ReplayOn(TinySlcDevice(), "wsrch.trace", text, twice);
  EXPECT_EQ(fast.job().requests[0], 24779u);
  EXPECT_NEAR(fast.seconds(), normal.seconds() / 2, 0.005 * normal.seconds());
  EXPECT_NEAR(fast.seconds(), 30.027606, 0.01);
}

TEST(TraceReplay, OpenLoopArrivalsFollowTheTimestampsDividedBySpeed) {
  // 0, 1, 0.5 (out of order), 4 ms.
  const std::string text = "5000000 0 0 8 1\n6000000 0 8 8 1\n5500000 0 16 8 1\n9000000 0 24 8 1\n";
  TraceOptions options;
  options.speed = 4;
  // By default the reorder window sorts the 0.5 ms record back in place.
  const std::vector<HostIo> sorted = Drain(text, options, 1 << 30);
  ASSERT_EQ(sorted.size(), 4u);
  EXPECT_EQ(sorted[0].arrival_ns, 0u);
  EXPECT_EQ(sorted[1].arrival_ns, 125'000u);
  EXPECT_EQ(sorted[1].offset_bytes, 16u * 512);
  EXPECT_EQ(sorted[2].arrival_ns, 250'000u);
  EXPECT_EQ(sorted[3].arrival_ns, 1'000'000u);
  // clock as_is: file order, the late record takes its predecessor's time.
  options.clock = TraceClock::kAsIs;
  const std::vector<HostIo> ios = Drain(text, options, 1 << 30);
  ASSERT_EQ(ios.size(), 4u);
  EXPECT_EQ(ios[0].arrival_ns, 0u);
  EXPECT_EQ(ios[1].arrival_ns, 250'000u);
  EXPECT_EQ(ios[2].arrival_ns, 250'000u);  // clamped: never earlier than its predecessor
  EXPECT_EQ(ios[3].arrival_ns, 1'000'000u);
}

TEST(TraceReplay, ClosedLoopIgnoresTimestampsAndKeepsTheQueueDepth) {
  // 400 single-page writes, one every 100 ms in the trace (40 s).
  std::string text;
  for (int i = 0; i < 400; ++i) {
    text += std::to_string(i * 100'000'000ull) + " 0 " + std::to_string(i * 8) + " 8 0\n";
  }
  TraceOptions qd1;
  qd1.queue_depth = 1;
  TraceOptions qd8;
  qd8.queue_depth = 8;
  const Replay one = ReplayOn(TinySlcDevice(), "w.trace", text, qd1);
  const Replay eight = ReplayOn(TinySlcDevice(), "w.trace", text, qd8);
  EXPECT_EQ(one.sim->host().metrics(0).name, "w.trace");
  EXPECT_EQ(one.job().requests[1], 400u);
  EXPECT_EQ(eight.job().requests[1], 400u);
  // One die programs a 4 KiB page per 210.24 us (TinySlcDevice): the run is
  // die-bound either way, 400 x 210 us = 84 ms, not the trace's 40 s.
  EXPECT_NEAR(one.seconds(), 0.0841, 0.003);
  EXPECT_NEAR(eight.seconds(), 0.0841, 0.003);
  // At QD 8 each write waits behind the 7 others queued on the die.
  const double qd1_us = one.job().latency[1].mean_ns() / 1e3;
  const double qd8_us = eight.job().latency[1].mean_ns() / 1e3;
  EXPECT_NEAR(qd1_us, 211, 3);
  EXPECT_NEAR(qd8_us / qd1_us, 8, 0.5);
}

TEST(TraceReplay, VolumeWindowAndMaxRequestsSelectWhatReplays) {
  const std::string text = SharedTrace("mqsim_wsrch-small.trace");
  TraceOptions volume;
  volume.volume = "0";
  const Replay v = ReplayOn(TinySlcDevice(), "wsrch.trace", text, volume);
  EXPECT_EQ(v.job().requests[0] + v.job().requests[1], 8340u);  // awk '$2=="0"'
  EXPECT_EQ(v.source->filtered_records(), 24783u - 8340u);

  TraceOptions window;  // awk: 4733 records from 10 s to 20 s after the first
  window.window_start_s = 10;
  window.window_end_s = 20;
  const Replay w = ReplayOn(TinySlcDevice(), "wsrch.trace", text, window);
  EXPECT_EQ(w.job().requests[0], 4733u);
  EXPECT_EQ(w.job().bytes[0], 73449472u);
  // The replay starts at the window: it lasts at most its 10 s.
  EXPECT_LE(w.seconds(), 10.001);
  EXPECT_GT(w.seconds(), 9.9);

  TraceOptions first100;
  first100.max_requests = 100;
  const Replay m = ReplayOn(TinySlcDevice(), "wsrch.trace", text, first100);
  EXPECT_EQ(m.job().requests[0], 100u);
  EXPECT_EQ(m.job().bytes[0], 1589248u);  // awk 'NR<=100{b+=$4*512}'
}

TEST(TraceReplay, WrapTakesOffsetsModuloTheCapacityInsideTheDrive) {
  constexpr uint64_t kCapacity = 64ull << 20;  // 64 MiB
  // Sectors: 0; 100 GiB + 4 KiB; 64 MiB - 2 KiB (a 8 KiB request would run
  // past the end); one sector past 128 MiB, which wraps to 512.
  const std::string text = "0 0 0 8 0\n1 0 209715208 8 0\n2 0 131068 16 0\n3 0 262145 8 1\n";
  const std::vector<HostIo> ios = Drain(text, {}, kCapacity);
  ASSERT_EQ(ios.size(), 4u);
  EXPECT_EQ(ios[0].offset_bytes, 0u);
  EXPECT_EQ(ios[1].offset_bytes, (100ull << 30) % kCapacity + 4096);  // 4096
  EXPECT_EQ(ios[2].offset_bytes, kCapacity - 8192);  // moved back to end at the capacity
  EXPECT_EQ(ios[3].offset_bytes, 512u);
  for (const HostIo& io : ios) {
    EXPECT_EQ(io.offset_bytes % 512, 0u);
    EXPECT_LE(io.offset_bytes + io.length_bytes, kCapacity);
  }
}

TEST(TraceReplay, CompactPacksTheTouchedExtentsInAddressOrder) {
  constexpr uint64_t kCapacity = 64ull << 20;
  // Extents touched (1 MiB each): 300 GiB, 0, 100 GiB (+ 12 KiB, two 1 MiB
  // extents because the request crosses a boundary), 300 GiB again.
  const uint64_t gib_sectors = (1ull << 30) / 512;
  const std::string text = "0 0 " + std::to_string(300 * gib_sectors + 8) + " 8 0\n" +
                           "1 0 0 8 0\n" +                                                 //
                           "2 0 " + std::to_string(100 * gib_sectors + 2046) + " 8 0\n" +  //
                           "3 0 " + std::to_string(300 * gib_sectors) + " 8 1\n";
  TraceOptions compact;
  compact.address_map = AddressMap::kCompact;
  TraceSource source(MakeMemoryInput("c.trace", text), compact, kCapacity);
  EXPECT_EQ(source.compact_extents(), 4u);
  std::vector<HostIo> ios;
  HostIo io;
  while (source.Next(io)) ios.push_back(io);
  ASSERT_EQ(ios.size(), 4u);
  // Packed: extent 0 -> 0, 100 GiB -> 1 MiB (and its neighbour -> 2 MiB),
  // 300 GiB -> 3 MiB; offsets within an extent are kept.
  EXPECT_EQ(ios[0].offset_bytes, (3ull << 20) + 4096);
  EXPECT_EQ(ios[1].offset_bytes, 0u);
  EXPECT_EQ(ios[2].offset_bytes, (1ull << 20) + 2046 * 512);
  EXPECT_EQ(ios[3].offset_bytes, 3ull << 20);
  // The same trace wrapped: 300 GiB and 0 land on the same address.
  const std::vector<HostIo> wrapped = Drain(text, {}, kCapacity);
  EXPECT_EQ(wrapped[0].offset_bytes, 4096u);
  EXPECT_EQ(wrapped[3].offset_bytes, 0u);
}

TEST(TraceReplay, CompactExtentsBeyondTheCapacityWrap) {
  // Five touched extents on a 4 MiB drive: the fifth packs at 4 MiB -> 0.
  std::string text;
  for (int i = 0; i < 5; ++i) text += "0 0 " + std::to_string(i * 4096ull * 1000) + " 8 0\n";
  TraceOptions compact;
  compact.address_map = AddressMap::kCompact;
  const std::vector<HostIo> ios = Drain(text, compact, 4ull << 20);
  ASSERT_EQ(ios.size(), 5u);
  EXPECT_EQ(ios[1].offset_bytes, 1ull << 20);
  EXPECT_EQ(ios[4].offset_bytes, 0u);
}

TEST(TraceReplay, LongRequestsAreClampedToTheCapacity) {
  // 64 MiB request onto a 16 MiB drive.
  TraceSource source(MakeMemoryInput("l.trace", "0 0 100 131072 0\n"), {}, 16ull << 20);
  HostIo io;
  ASSERT_TRUE(source.Next(io));
  EXPECT_EQ(io.length_bytes, 16u << 20);
  EXPECT_EQ(io.offset_bytes, 0u);
  EXPECT_EQ(source.clamped_requests(), 1u);
}

TEST(TraceReplay, ZeroLengthRecordsAreSkippedAndCounted) {
  TraceSource source(MakeMemoryInput("z.trace", "0 0 8 0 1\n1 0 8 8 1\n"), {}, 1 << 30);
  HostIo io;
  ASSERT_TRUE(source.Next(io));
  EXPECT_FALSE(source.Next(io));
  EXPECT_EQ(source.requests(), 1u);
  EXPECT_EQ(source.zero_length_records(), 1u);
  EXPECT_EQ(source.skipped_lines(), 1u);
}

TEST(TraceReplay, TrimsReplayAsTrimsOrAreCountedWhenTheDriveHasNone) {
  const std::string iolog =
      "fio version 2 iolog\n/dev/nvme0n1 add\n/dev/nvme0n1 open\n"
      "/dev/nvme0n1 write 0 8192\n/dev/nvme0n1 trim 0 8192\n/dev/nvme0n1 read 0 4096\n"
      "/dev/nvme0n1 close\n";
  TraceOptions qd1;
  qd1.queue_depth = 1;
  const Replay r = ReplayOn(TinySlcDevice(), "t.iolog", iolog, qd1);
  EXPECT_EQ(r.source->format(), "iolog");
  EXPECT_EQ(r.job().requests[2], 1u);
  EXPECT_EQ(r.job().bytes[2], 8192u);
  EXPECT_EQ(r.source->trims_skipped(), 0u);

  TraceSource no_trim(MakeMemoryInput("t.iolog", iolog), qd1, 1 << 30, /*trims_supported=*/false);
  HostIo io;
  uint64_t yielded = 0;
  while (no_trim.Next(io)) ++yielded;
  EXPECT_EQ(yielded, 2u);
  EXPECT_EQ(no_trim.trims_skipped(), 1u);
}

TEST(TraceReplay, ABadLineStopsTheRunNamingFileLineAndTheWayToSkip) {
  const std::string text = "1000 0 8 8 1\n2000 0 8 eight 1\n3000 0 16 8 0\n";
  try {
    ReplayOn(TinySlcDevice(), "bad.trace", text, {});
    FAIL() << "a bad line must stop the replay";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "bad.trace:2: field 4 (sector count) 'eight' is not a whole number (use bad_lines "
              "skip / --bad-lines skip to skip such lines)");
  }
  TraceOptions skip;
  skip.bad_lines = BadLinePolicy::kSkip;
  const Replay r = ReplayOn(TinySlcDevice(), "bad.trace", text, skip);
  EXPECT_EQ(r.job().requests[0] + r.job().requests[1], 2u);
  EXPECT_EQ(r.source->bad_lines(), 1u);
  ASSERT_EQ(r.source->bad_line_examples().size(), 1u);
  EXPECT_EQ(r.source->bad_line_examples()[0].line, 2u);
}

TEST(TraceReplay, CompactPrePassFindsABadLineBeforeTheRun) {
  TraceOptions compact;
  compact.address_map = AddressMap::kCompact;
  compact.format = "mqsim";
  EXPECT_THROW(TraceSource(MakeMemoryInput("b.trace", "1 0 8 8 1\n2 0 8 8 7\n"), compact, 1 << 30),
               InputError);
}

TEST(TraceReplay, ResultJsonTraceObjectHasTheReplayedFigures) {
  const Replay r = ReplayOn(TinySlcDevice(), "small.trace",
                            "1000 3 8 8 1\n2000 3 16 16 0\n\n3000 3 8 0 0\n", {});
  json::Writer out;
  WriteTraceReplay(out, *r.source);
  const json::Value v = json::Parse(out.str(), "trace");
  EXPECT_EQ(v.Find("name")->as_string(), "small.trace");
  EXPECT_EQ(v.Find("format")->as_string(), "mqsim");
  EXPECT_EQ(v.Find("requests")->as_number(), 2);
  EXPECT_EQ(v.Find("reads")->as_number(), 1);
  EXPECT_EQ(v.Find("writes")->as_number(), 1);
  EXPECT_EQ(v.Find("read_bytes")->as_number(), 4096);
  EXPECT_EQ(v.Find("write_bytes")->as_number(), 8192);
  EXPECT_EQ(v.Find("skipped_lines")->as_number(), 2);  // the blank line, the zero-length record
  EXPECT_EQ(v.Find("zero_length_records")->as_number(), 1);
  EXPECT_EQ(v.Find("bad_lines")->as_number(), 0);
  EXPECT_EQ(v.Find("options")->Find("address_map")->as_string(), "wrap");
}

// Two volumes whose spans fit: each region is exactly its span (1 MiB
// rounded), packed in order of first appearance, so addresses stay
// distinct; with "shared" both volumes' offset 0 land on the same place.
TEST(TraceReplay, VolumesThatFitKeepTheirAddressesInSeparateRegions) {
  // MQSim lines: time device sector sectors type (0 = write).
  const std::string text = "1000 7 0 8 0\n2000 3 0 8 0\n3000 7 2040 8 0\n4000 3 100 8 0\n";
  const std::vector<HostIo> regions = Drain(text, {}, uint64_t{1} << 30);
  ASSERT_EQ(regions.size(), 4u);
  EXPECT_EQ(regions[0].offset_bytes, 0u);                           // volume 7 at 0
  EXPECT_EQ(regions[1].offset_bytes, uint64_t{1} << 20);            // volume 3 after 7's MiB
  EXPECT_EQ(regions[2].offset_bytes, 2040u * 512);                  // within volume 7's MiB
  EXPECT_EQ(regions[3].offset_bytes, (uint64_t{1} << 20) + 51200);  // volume 3, sector 100
  TraceOptions shared;
  shared.volume_placement = VolumePlacement::kShared;
  const std::vector<HostIo> one_space = Drain(text, shared, uint64_t{1} << 30);
  EXPECT_EQ(one_space[0].offset_bytes, one_space[1].offset_bytes);  // they alias
}

// compact with regions: each volume's touched extents pack from its own
// region's start (one 1 MiB extent each here), far-apart offsets included.
TEST(TraceReplay, CompactPacksEachVolumeWithinItsOwnRegion) {
  // Volume 7 at 512 GiB + 4 KiB, volume 3 at 1 TiB + 8 KiB (in sectors).
  const std::string text = "1000 7 1073741832 8 0\n2000 3 2147483664 8 0\n";
  TraceOptions compact;
  compact.address_map = AddressMap::kCompact;
  const std::vector<HostIo> ios = Drain(text, compact, uint64_t{1} << 30);
  ASSERT_EQ(ios.size(), 2u);
  EXPECT_EQ(ios[0].offset_bytes, 4096u);
  EXPECT_EQ(ios[1].offset_bytes, (uint64_t{1} << 20) + 8192);
}

}  // namespace
}  // namespace flashscope
