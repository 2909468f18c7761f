// A trim command with several ranges (fio num_range, NVMe Dataset
// Management): the host issues it as one request that takes one queue
// slot, unmaps every range, sends the 16-byte range list over the link
// once and pays the controller's trim time once.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "nand/transfer_time.h"
#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

constexpr uint32_t kTrim = 2;

std::vector<JobSpec> OneJob(std::vector<HostIo> ios) {
  return testing::ClosedLoop(std::move(ios), 1);
}

// Eight one-unit ranges, two units apart.
const IoRange kRanges[8] = {{0, 4096},     {8192, 4096},  {16384, 4096}, {24576, 4096},
                            {32768, 4096}, {40960, 4096}, {49152, 4096}, {57344, 4096}};

// TinySlcDevice: trim_ns 10 us, a 4096 MB/s link. One command of 8 ranges
// completes after 10 us + the transfer of 8 * 16 = 128 bytes; the same
// ranges as 8 commands at iodepth 1 take 8 * (10 us + 16 bytes) = 80.032 us.
TEST(HostMultiRangeTrim, OneCommandForAllRanges) {
  const DeviceConfig device = testing::TinySlcDevice();
  HostIo command{IoOp::kTrim, 0, 8 * 4096, 0};
  command.ranges = kRanges;
  command.range_count = 8;
  Simulator sim(device, OneJob({command}));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  const uint64_t link_128_bytes = TransferTimeNs(128, BytesPerSecond(device.host_mbps));
  EXPECT_EQ(link_128_bytes, 31u);
  EXPECT_EQ(m.requests[kTrim], 1u);
  EXPECT_EQ(m.bytes[kTrim], 8u * 4096);
  EXPECT_EQ(m.end_ns, 10'000u + 31);
  EXPECT_EQ(m.latency[kTrim].max_ns(), 10'031u);

  std::vector<HostIo> singles;
  for (const IoRange& range : kRanges) {
    singles.push_back(HostIo{IoOp::kTrim, range.offset_bytes, range.length_bytes, 0});
  }
  Simulator one_by_one(device, OneJob(singles));
  one_by_one.RunToCompletion();
  EXPECT_EQ(one_by_one.host().metrics(0).requests[kTrim], 8u);
  EXPECT_EQ(one_by_one.host().metrics(0).end_ns, 8u * 10'004);
}

// uring-cmd-trim-multi-range.fio's first job on a drive: 10 MiB of 4 KiB
// random trims, 8 ranges a command: 320 requests of 32 KiB.
TEST(HostMultiRangeTrim, FioJobIssuesCommandsOfEightRanges) {
  const DeviceConfig device = testing::TinySlcDevice(4096, 64);  // 1 GiB raw
  const DeviceLayout layout = DeviceLayout::From(device);
  const FioJobFile file = ParseFioJobs(
      "[write_bs]\nbs=4096\nrw=randtrim\nsize=10M\niodepth=32\nnum_range=8\n", "job.fio");
  Simulator sim(device, JobsFromFio(file, device, layout));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.requests[kTrim], 320u);
  EXPECT_EQ(m.bytes[kTrim], 10u << 20);
}

}  // namespace
}  // namespace flashscope
