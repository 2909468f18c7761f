// The host link is full duplex, as PCIe is (issue 17 item 4): read data
// (device to host) and write data (host to device) each have host_mbps, so
// a mixed workload on a drive whose flash outruns the link moves about
// twice the link's rate in all, while reads alone or writes alone stay at
// one link's rate.
#include <gtest/gtest.h>

#include <string>

#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

constexpr uint32_t kRead = 0, kWrite = 1;

// 4 channels x 4 dies of SLC with 4 KiB pages: tR 10 us and tPROG 20 us
// give 6.5 GB/s of reads and 3.3 GB/s of programs over 16 dies, the
// channels 16 GB/s; the host link (500 MB/s each way) is the bottleneck.
DeviceConfig FastFlashSlowLink() {
  DeviceConfig c = testing::TinySlcDevice();
  c.geometry = Geometry{4, 4, 1, 64, 64, 4096};
  c.timing[1] = ModeTiming{10'000, 20'000, 1'500'000};
  c.channel_mbps = 4000;
  c.host_mbps = 500;
  c.precondition.fill = 0.5;  // reads find data on flash
  return c;
}

struct Rates {
  double read_mbps = 0;
  double write_mbps = 0;
};

// A sequential fio job of 128 KiB requests at iodepth 32 over 32 MiB.
Rates RunSequential(const std::string& rw) {
  const DeviceConfig device = FastFlashSlowLink();
  const DeviceLayout layout = DeviceLayout::From(device);
  const FioJobFile file = ParseFioJobs(
      "[seq]\nrw=" + rw + "\nrwmixread=50\nbs=128k\nsize=32M\niodepth=32\n", "job.fio");
  Simulator sim(device, JobsFromFio(file, device, layout));
  sim.Precondition();
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  const double ns = static_cast<double>(m.end_ns - m.measure_start_ns);
  // Bytes per ns x 1000 = MB/s (10^6 bytes/s, as host_mbps counts).
  return Rates{m.bytes[kRead] * 1e3 / ns, m.bytes[kWrite] * 1e3 / ns};
}

TEST(HostDuplexLink, MixedReadsAndWritesEachGetTheLinksRate) {
  const Rates mixed = RunSequential("rw");
  // Half the bytes each way (fio's rwmixread=50 draws each I/O's direction).
  EXPECT_NEAR(mixed.read_mbps, 500, 60);
  EXPECT_NEAR(mixed.write_mbps, 500, 60);
  // Half duplex capped the sum at 500 MB/s; each direction now has its own.
  EXPECT_GT(mixed.read_mbps + mixed.write_mbps, 900);
  EXPECT_LE(mixed.read_mbps + mixed.write_mbps, 1000.5);
}

TEST(HostDuplexLink, ReadsAloneAndWritesAloneStayAtOneLinksRate) {
  const Rates reads = RunSequential("read");
  EXPECT_EQ(reads.write_mbps, 0);
  EXPECT_NEAR(reads.read_mbps, 500, 10);
  EXPECT_LE(reads.read_mbps, 500.5);
  const Rates writes = RunSequential("write");
  EXPECT_EQ(writes.read_mbps, 0);
  EXPECT_NEAR(writes.write_mbps, 500, 10);
  EXPECT_LE(writes.write_mbps, 500.5);
}

// Separate jobs, one reading and one writing, run together (no
// stonewall): each gets the link's rate in its own direction.
TEST(HostDuplexLink, AReadJobAndAWriteJobRunSideBySide) {
  const DeviceConfig device = FastFlashSlowLink();
  const DeviceLayout layout = DeviceLayout::From(device);
  const FioJobFile file = ParseFioJobs(
      "[global]\nbs=128k\nsize=16M\niodepth=32\n"
      "[reader]\nrw=read\n[writer]\nrw=write\noffset=32M\n",
      "job.fio");
  Simulator sim(device, JobsFromFio(file, device, layout));
  sim.Precondition();
  sim.RunToCompletion();
  for (uint32_t job = 0; job < 2; ++job) {
    const JobMetrics& m = sim.host().metrics(job);
    const double mbps = (m.bytes[kRead] + m.bytes[kWrite]) * 1e3 / (m.end_ns - m.measure_start_ns);
    // The writer's figure is a little lower: its last requests wait for
    // their programs, which share the dies with the reader's reads.
    EXPECT_NEAR(mbps, 500, 15) << m.name;
    EXPECT_LE(mbps, 500.5) << m.name;
  }
  // Both finish together: 16 MiB at 500 MB/s is 33.6 ms each way. Half
  // duplex took 67 ms for the pair.
  EXPECT_LT(sim.host().finished_at_ns(), 35'000'000u);
}

}  // namespace
}  // namespace flashscope
