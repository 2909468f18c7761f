// The host's side of fio compatibility (issue 15): trims that take time and
// the no-progress guard, ramp_time, flushes through the write buffer
// (sync=1, end_fsync), per-direction rates (linear and poisson) and minimum
// rates, flow weights, exitall and wait_for. Devices are the small ones of
// sim/test_devices.h, so every number here can be derived by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using testing::Io;

// An endless stream of one kind of I/O over `span` units, one unit each,
// like a time_based fio job: the job's runtime ends it.
class EndlessSource final : public IRequestSource {
 public:
  EndlessSource(IoOp op, uint64_t span_units) : op_(op), span_(span_units) {}
  bool Next(HostIo& io) override {
    io = Io(op_, next_);
    next_ = next_ + 1 == span_ ? 0 : next_ + 1;
    return true;
  }

 private:
  IoOp op_;
  uint64_t span_;
  uint64_t next_ = 0;
};

JobSpec EndlessJob(const std::string& name, IoOp op, uint64_t runtime_ns, uint64_t span = 1024) {
  JobSpec job;
  job.name = name;
  job.iodepth = 1;
  job.runtime_ns = runtime_ns;
  job.source = std::make_unique<EndlessSource>(op, span);
  return job;
}

JobSpec ListJob(const std::string& name, std::vector<HostIo> ios) {
  JobSpec job;
  job.name = name;
  job.iodepth = 1;
  job.source = std::make_unique<ListSource>(std::move(ios));
  return job;
}

std::vector<JobSpec> One(JobSpec job) {
  std::vector<JobSpec> jobs;
  jobs.push_back(std::move(job));
  return jobs;
}

constexpr uint32_t kRead = 0, kWrite = 1, kTrim = 2;

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

// ------------------------------------------------------------------ trims

// fio rw=randtrim, time_based, runtime=1: before issue 15 trims took no
// time and the job never ended. Each trim now costs the controller's
// trim_us (10 us by default) plus its 16-byte range on the 4096 MB/s link
// (4 ns): at iodepth 1 one trim every 10.004 us, issued at k * 10004 ns
// while that is before 1 s: k = 0 .. 99960.
TEST(HostTrim, TimeBasedTrimJobEndsAfterItsRuntime) {
  DeviceConfig device = testing::TinySlcDevice();
  ASSERT_EQ(device.trim_ns, 10'000u);
  Simulator sim(device, One(EndlessJob("trimmer", IoOp::kTrim, 1'000'000'000)));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.requests[kTrim], 99'961u);
  EXPECT_EQ(m.end_ns, 99'961u * 10'004);
  EXPECT_NEAR(m.latency[kTrim].mean_ns(), 10'004, 1);
}

// A job whose I/O completes at the instant it is issued (flushes on a drive
// with power-loss protection) would spin for ever at one simulated time:
// the host stops it with an error naming the job.
TEST(HostTrim, IoThatTakesNoTimeIsAnErrorNotAHang) {
  DeviceConfig device = testing::TinySlcDevice();
  device.power_loss_protection = true;
  Simulator sim(device, One(EndlessJob("spinner", IoOp::kFlush, 1'000'000'000)));
  try {
    sim.RunToCompletion();
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("job 'spinner'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no progress"), std::string::npos) << e.what();
  }
}

// --------------------------------------------------------------- ramp_time

// Writes on the tiny SLC drive without a DRAM buffer: each completes when
// its page is programmed (200 us + 10.24 us on the channel + 1 us on the
// link), so every write is one page program (WAF 1). With a 100 ms ramp
// and a 100 ms runtime the job measures the second 100 ms only: its IOPS
// are those of a 100 ms job without ramp (not half of them, the bug), and
// its WAF is taken over the same window (1.0, not 2.0).
TEST(HostRamp, RampIsOutOfTheCountsTheDivisorAndTheWaf) {
  const DeviceConfig device = testing::TinySlcDevice(64, 64);
  JobSpec plain = EndlessJob("plain", IoOp::kWrite, 100'000'000, 512);
  Simulator reference(device, One(std::move(plain)));
  reference.RunToCompletion();
  const JobMetrics& r = reference.host().metrics(0);
  const double reference_iops = r.requests[kWrite] / ((r.end_ns - r.measure_start_ns) / 1e9);
  EXPECT_EQ(r.measure_start_ns, 0u);

  JobSpec ramped = EndlessJob("ramped", IoOp::kWrite, 100'000'000, 512);
  ramped.ramp_ns = 100'000'000;
  Simulator sim(device, One(std::move(ramped)));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.measure_start_ns, 100'000'000u);
  const double seconds = (m.end_ns - m.measure_start_ns) / 1e9;
  EXPECT_NEAR(seconds, 0.1, 0.001);
  const double iops = m.requests[kWrite] / seconds;
  EXPECT_NEAR(iops, reference_iops, reference_iops * 0.02);
  EXPECT_NEAR(iops, 1e9 / 211'240, 100);  // one page program cycle per write
  // Half the writes were issued in the ramp and are not counted.
  const double all_writes = sim.host().host_write_bytes() / 4096.0;
  EXPECT_NEAR(m.requests[kWrite], all_writes / 2, all_writes * 0.01);
  const double job_waf = static_cast<double>((m.nand_at_end - m.nand_at_start).TotalPrograms()) *
                         4096 / m.bytes[kWrite];
  const double run_waf =
      static_cast<double>(sim.counters().TotalPrograms()) * 4096 / sim.host().host_write_bytes();
  EXPECT_NEAR(job_waf, 1.0, 0.01);
  EXPECT_NEAR(job_waf, run_waf, 0.01);
}

// ----------------------------------------------------------------- flushes

// 36 sequential 4 KiB writes fill three TLC wordlines (9 pages). Buffered,
// the job ends when the last write is in DRAM, with programs still to come;
// with end_fsync it ends once all 9 pages are programmed, nothing left in
// the buffer, and NAND programs equal the host's writes in pages.
TEST(HostFlush, EndFsyncEndsWithTheBufferOnNand) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 36; ++i) writes.push_back(Io(IoOp::kWrite, i));

  Simulator buffered(TlcWithBuffer(), One(ListJob("buffered", writes)));
  buffered.RunToCompletion();
  EXPECT_LT(buffered.end_of_run().nand.TotalPrograms(), 9u);  // (it is the drain's)
  EXPECT_GT(buffered.end_of_run().nand.TotalPrograms(), 0u);

  JobSpec job = ListJob("fsynced", writes);
  job.end_fsync = true;
  Simulator sim(TlcWithBuffer(), One(std::move(job)));
  sim.RunToCompletion();
  const EndOfRunStats& end = sim.end_of_run();
  EXPECT_EQ(end.buffered_bytes, 0u);
  EXPECT_EQ(end.nand.TotalPrograms(), 0u);  // nothing left for the drain
  EXPECT_EQ(sim.counters().TotalPrograms(), 36u * 4096 / 16384);
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.flushes, 1u);
  EXPECT_EQ(m.flush_latency.count(), 1u);
  EXPECT_EQ(m.requests[kWrite], 36u);
  EXPECT_EQ(m.requests[kTrim], 0u);  // a flush is not a trim
  // The flush waits for the third wordline: its 1.8 ms program is in the
  // job's time.
  EXPECT_GT(m.end_ns, buffered.host().metrics(0).end_ns + 1'800'000);
}

// A flush that arrives while the 1 MiB buffer is full and writes are held
// back (fsync=N in a burst): it waits for those too, i.e. for all 300
// writes before it (25 wordlines, each 122.88 us on the channel and 1.8 ms
// of program on the one die: 48.072 ms), but not for the 12 after it (a
// 26th wordline, programmed after the flush completes).
TEST(HostFlush, AFlushWaitsForWritesHeldBackBeforeIt) {
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 300; ++i) ios.push_back(Io(IoOp::kWrite, i));
  ios.push_back(Io(IoOp::kFlush, 0, 0));
  for (uint32_t i = 300; i < 312; ++i) ios.push_back(Io(IoOp::kWrite, i));
  Simulator sim(TlcWithBuffer(), testing::OpenLoop(ios));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  ASSERT_EQ(m.flushes, 1u);
  const double flush_ms = m.flush_latency.max_ns() / 1e6;
  EXPECT_NEAR(flush_ms, 25 * 1.92288, 0.001);
  // The later writes completed in DRAM meanwhile; the flush was the job's
  // last request, and their wordline is programmed after it (the drain).
  EXPECT_EQ(m.requests[kWrite], 312u);
  EXPECT_EQ(m.end_ns, m.flush_latency.max_ns());
  const EndOfRunStats& end = sim.end_of_run();
  EXPECT_NEAR((end.end_ns - end.host_end_ns) / 1e6, 1.8, 0.13);
  EXPECT_EQ(sim.counters().TotalPrograms(), 26u * 3);
}

// Five writes, less than a wordline: end_fsync programs them (padded) before
// the job ends instead of leaving them to the idle flush 2 ms later.
TEST(HostFlush, EndFsyncProgramsAPartialWordline) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 5; ++i) writes.push_back(Io(IoOp::kWrite, i));
  JobSpec job = ListJob("fsynced", writes);
  job.end_fsync = true;
  Simulator sim(TlcWithBuffer(), One(std::move(job)));
  sim.RunToCompletion();
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 0u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 3u);  // one padded wordline
  // Five 1 us link transfers, then transfer (122.88 us) and program (1.8 ms).
  EXPECT_NEAR(sim.host().metrics(0).end_ns / 1e6, 0.005 + 0.12288 + 1.8, 0.001);
}

// fio fsync=4 from a job file (the generator's kFlush after every 4th
// write): 12 writes of 4 KiB, the first two groups of 4 flushed each as
// its own padded TLC wordline (122.88 us + 1.8 ms), the last group by the
// drain, so 3 wordlines (9 pages) where buffered writes would share one.
TEST(HostFlush, FsyncFromAJobFileGoesThroughTheBuffer) {
  const DeviceConfig device = TlcWithBuffer();
  const DeviceLayout layout = DeviceLayout::From(device);
  const FioJobFile file = ParseFioJobs("[w]\nrw=write\nbs=4k\nsize=48k\nfsync=4\n", "job.fio");
  Simulator sim(device, JobsFromFio(file, device, layout));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.requests[kWrite], 12u);
  // fio syncs before the next write: after writes 4 and 8, not after 12.
  EXPECT_EQ(m.flushes, 2u);
  EXPECT_EQ(sim.counters().TotalPrograms(), 9u);
  // Two flushed wordlines plus twelve 1 us link transfers; the last four
  // writes stay buffered until the end-of-run drain.
  EXPECT_EQ(m.end_ns, 2 * 1'922'880u + 12 * 1'000u);
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 4u * 4096);
}

// With power-loss protection the buffer counts as durable: end_fsync is
// instant and the run ends as a buffered one does.
TEST(HostFlush, PowerLossProtectionKeepsTheInstantFlush) {
  DeviceConfig device = TlcWithBuffer();
  device.power_loss_protection = true;
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 5; ++i) writes.push_back(Io(IoOp::kWrite, i));
  JobSpec job = ListJob("fsynced", writes);
  job.end_fsync = true;
  Simulator sim(device, One(std::move(job)));
  sim.RunToCompletion();
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 5u * 4096);
  EXPECT_EQ(sim.host().metrics(0).end_ns, 5'000u);
}

// sync=1: each 4 KiB write waits for its flush, i.e. for its wordline to be
// transferred (122.88 us) and programmed (1.8 ms), padded. A buffered write
// takes 1 us (the link). fio reports the sum as the write's latency.
TEST(HostFlush, SyncWritesWaitForTheirProgram) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 10; ++i) writes.push_back(Io(IoOp::kWrite, i));
  Simulator buffered(TlcWithBuffer(), One(ListJob("buffered", writes)));
  buffered.RunToCompletion();
  const double buffered_us = buffered.host().metrics(0).latency[kWrite].mean_ns() / 1e3;
  EXPECT_NEAR(buffered_us, 1.0, 0.01);

  JobSpec job = ListJob("sync", writes);
  job.sync_writes = true;
  Simulator sim(TlcWithBuffer(), One(std::move(job)));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.requests[kWrite], 10u);
  const double sync_us = m.latency[kWrite].mean_ns() / 1e3;
  EXPECT_NEAR(sync_us - buffered_us, 122.88 + 1800, 0.01);
  EXPECT_EQ(sim.counters().TotalPrograms(), 10u * 3);  // a padded wordline each
  EXPECT_EQ(sim.end_of_run().buffered_bytes, 0u);
}

// ------------------------------------------------------------------- rates

// fio rate=4m for writes (4 MiB/s of 4 KiB writes, 1024 a second): the
// n-th write is due at n * 4096 / 4 MiB/s = n * 976.5625 us, so a 1 s job
// issues writes 0 .. 1023 and its write IOPS are 1024.
TEST(HostRate, LinearRatePerDirection) {
  JobSpec job = EndlessJob("paced", IoOp::kWrite, 1'000'000'000);
  job.rate_bytes[kWrite] = 4 << 20;
  job.rate_bytes[kRead] = 1;  // another direction's limit does not slow writes
  Simulator sim(testing::TinySlcDevice(), One(std::move(job)));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.requests[kWrite], 1024u);
}

uint64_t PoissonRun(uint64_t seed) {
  JobSpec job = EndlessJob("poisson", IoOp::kRead, 1'000'000'000);
  job.rate_iops_dir[kRead] = 2000;
  job.rate_poisson = true;
  job.rate_seed = seed;
  job.iodepth = 8;
  Simulator sim(testing::TinySlcDevice(), One(std::move(job)));
  sim.RunToCompletion();
  return sim.host().metrics(0).requests[kRead];
}

// rate_process=poisson: exponential gaps with fio's mean (1/2000 s), from a
// seeded stream. Over 1 s about 2000 reads arrive (a Poisson count: within
// 4 standard deviations, 4 * sqrt(2000) = 179), the same seed gives the
// same run, and another seed another one.
TEST(HostRate, PoissonKeepsTheMeanAndIsDeterministic) {
  const uint64_t a = PoissonRun(11);
  const uint64_t again = PoissonRun(11);
  const uint64_t b = PoissonRun(12);
  EXPECT_NEAR(static_cast<double>(a), 2000, 179);
  EXPECT_NEAR(static_cast<double>(b), 2000, 179);
  EXPECT_EQ(a, again);
  EXPECT_NE(a, b);
}

// fio rate_iops_min: a job paced at 1000 writes/s with a 2000/s minimum is
// checked after fio's 2 s settle: the first check at 2 s takes the
// snapshot, the one a ratecycle (1 s) later finds 1000/s and stops the job.
TEST(HostRate, BelowTheMinimumRateTheJobStopsAndSaysSo) {
  JobSpec job = EndlessJob("slow", IoOp::kWrite, 10'000'000'000);
  job.rate_iops_dir[kWrite] = 1000;
  job.rate_iops_min[kWrite] = 2000;
  Simulator sim(testing::TinySlcDevice(), One(std::move(job)));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_TRUE(m.rate_min_failed);
  EXPECT_NE(m.failure.find("rate_iops_min=2000 not met, got 1000 IOPS"), std::string::npos)
      << m.failure;
  EXPECT_NEAR(m.end_ns / 1e9, 3.0, 0.002);
  EXPECT_NEAR(m.requests[kWrite], 3000, 2);
}

// -------------------------------------------------------- flow, exitall, wait_for

// fio flow.c: two reading jobs of flow_id 1 with flow=8 and flow=1 issue
// in the ratio of their weights, 8:1, although each alone could go faster.
// (Real fio 3.33, ioengine=null, randread, 1 s: 1,592,843 and 199,106 I/Os,
// 8.0:1. Since fio 3.26 flow is a weight; a flow <= 0 takes no part.)
TEST(HostFlow, JobsOfOneFlowIssueInTheRatioOfTheirWeights) {
  std::vector<JobSpec> jobs;
  jobs.push_back(EndlessJob("heavy", IoOp::kRead, 100'000'000));
  jobs.push_back(EndlessJob("light", IoOp::kRead, 100'000'000));
  jobs[0].flow = 8;
  jobs[1].flow = 1;
  jobs[0].flow_id = jobs[1].flow_id = 1;
  Simulator sim(testing::TinySlcDevice(), std::move(jobs));
  sim.RunToCompletion();
  const double heavy = sim.host().metrics(0).requests[kRead];
  const double light = sim.host().metrics(1).requests[kRead];
  EXPECT_GT(light, 1000);
  EXPECT_NEAR(heavy / light, 8.0, 0.05);
}

// fio exitall: the 100-write job finishes first and the 10 s reader of its
// group stops then, not at 10 s (fio's default exit_what=group).
TEST(HostExitall, WhenTheJobFinishesTheOthersStop) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 100; ++i) writes.push_back(Io(IoOp::kWrite, i));
  std::vector<JobSpec> jobs;
  jobs.push_back(ListJob("writer", writes));
  jobs.push_back(EndlessJob("reader", IoOp::kRead, 10'000'000'000));
  jobs.push_back(EndlessJob("after-reader", IoOp::kRead, 10'000'000'000));
  jobs[0].exitall = true;
  jobs[2].wait_for_job = 1;
  Simulator sim(testing::TinySlcDevice(), std::move(jobs));
  sim.RunToCompletion();
  const JobMetrics& writer = sim.host().metrics(0);
  const JobMetrics& reader = sim.host().metrics(1);
  EXPECT_EQ(writer.requests[kWrite], 100u);
  EXPECT_LT(writer.end_ns, 100'000'000u);
  // The reader's read in flight completes (a few us) after the writer ends.
  EXPECT_GE(reader.end_ns, writer.end_ns);
  EXPECT_LT(reader.end_ns, writer.end_ns + 100'000);
  // A job still waiting to start (wait_for the reader) never runs.
  const JobMetrics& after = sim.host().metrics(2);
  EXPECT_EQ(after.start_ns, writer.end_ns);
  EXPECT_EQ(after.end_ns, writer.end_ns);
  EXPECT_EQ(after.requests[kRead], 0u);
}

// fio wait_for: the reader starts when the writer has finished, although
// both are in one group (no stonewall).
TEST(HostWaitFor, AJobStartsWhenTheOneItWaitsForFinishes) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 50; ++i) writes.push_back(Io(IoOp::kWrite, i));
  std::vector<HostIo> reads;
  for (uint32_t i = 0; i < 50; ++i) reads.push_back(Io(IoOp::kRead, i));
  std::vector<JobSpec> jobs;
  jobs.push_back(ListJob("writer", writes));
  jobs.push_back(ListJob("reader", reads));
  jobs.push_back(ListJob("free", reads));
  jobs[1].wait_for_job = 0;
  Simulator sim(testing::TinySlcDevice(), std::move(jobs));
  sim.RunToCompletion();
  const JobMetrics& writer = sim.host().metrics(0);
  const JobMetrics& reader = sim.host().metrics(1);
  // 50 writes of 211.24 us each (program, channel, link): 10.562 ms.
  EXPECT_NEAR(writer.end_ns / 1e6, 50 * 0.21124, 0.01);
  EXPECT_EQ(reader.start_ns, writer.end_ns);
  EXPECT_EQ(sim.host().metrics(2).start_ns, 0u);
  EXPECT_EQ(reader.group, writer.group);
}

// -------------------------------------------------------- latency_target

// 256 units written first (group 1), then random-ish reads over them at up
// to iodepth 32 with a latency target (group 2). On the tiny SLC drive a
// read is tR 25 us + 10.24 us on the channel + 1 us on the link: 36.24 us
// alone, and the single die serves one read per ~35 us, so depth d waits
// about d x 35 us. With a target of 120 us for every I/O, depths 1 and 2
// pass, 4 fails (~141 us), 3 (~106 us) passes: the search settles at 3,
// runs one more 1 ms window there (its figures are the job's) and stops,
// long before the 1 s runtime.
std::vector<JobSpec> WrittenThenRead(LatencyTargetSpec target, uint32_t iodepth) {
  std::vector<HostIo> writes;
  for (uint32_t i = 0; i < 256; ++i) writes.push_back(Io(IoOp::kWrite, i));
  std::vector<JobSpec> jobs;
  jobs.push_back(ListJob("writer", std::move(writes)));
  JobSpec reader = EndlessJob("reader", IoOp::kRead, 1'000'000'000, 256);
  reader.stonewall = true;
  reader.iodepth = iodepth;
  reader.latency_target = target;
  jobs.push_back(std::move(reader));
  return jobs;
}

TEST(HostLatencyTarget, ReadsSettleAtTheDeepestDepthWithinTheTarget) {
  const DeviceConfig device = testing::TinySlcDevice();
  // Without a target, depth 32 waits ~32 x 35 us.
  Simulator deep(device, WrittenThenRead(LatencyTargetSpec{}, 32));
  deep.RunToCompletion();
  const JobMetrics& d = deep.host().metrics(1);
  EXPECT_EQ(d.latency_depth, 0u);
  const double per_read_us = d.latency[kRead].mean_ns() / 1000.0 / 32;
  EXPECT_NEAR(per_read_us, 35.24, 1.0);

  Simulator sim(device, WrittenThenRead(LatencyTargetSpec{120'000, 1'000'000, 100, false}, 32));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(1);
  EXPECT_FALSE(m.latency_target_failed) << m.failure;
  EXPECT_EQ(m.latency_depth, 3u);
  // The search took a handful of 1 ms windows, not the 1 s runtime.
  EXPECT_LT(m.end_ns - m.start_ns, 10'000'000u);
  // The figures are the final window's, all at depth 3: ~3 x 35 us each.
  EXPECT_NEAR(m.latency[kRead].mean_ns() / 1000.0, 3 * per_read_us, 5.0);
  EXPECT_LE(m.latency[kRead].max_ns(), 120'000u);
  EXPECT_NEAR(static_cast<double>(m.requests[kRead]), 1000.0 / per_read_us, 3);
  EXPECT_GT(m.measure_start_ns, m.start_ns);
}

// fio ss=lat:5% (steadystate.c FIO_SS_LAT) through the host: at depth 4
// every read waits ~4 x 35 us, the same each second, so the window of two
// one-second samples is steady as soon as it is full (2 s after the
// reader starts), and the job stops there instead of at its 10 s runtime.
TEST(HostSteadyState, ALatencyCriterionStopsTheJob) {
  std::vector<JobSpec> jobs = WrittenThenRead(LatencyTargetSpec{}, 4);
  jobs[1].runtime_ns = 10'000'000'000;
  jobs[1].steady_state.metric = SteadyStateMetric::kLat;
  jobs[1].steady_state.limit = 5;
  jobs[1].steady_state.limit_percent = true;
  jobs[1].steady_state.dur_ns = 2'000'000'000;
  Simulator sim(testing::TinySlcDevice(), std::move(jobs));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(1);
  const SteadyStateResult& ss = m.steady_state;
  ASSERT_TRUE(ss.enabled);
  EXPECT_TRUE(ss.attained);
  EXPECT_EQ(ss.attained_ns, 2'000'000'000u);
  EXPECT_LT(m.end_ns - m.start_ns, 2'001'000'000u);
  ASSERT_EQ(ss.lat_ns.size(), 2u);
  EXPECT_NEAR(static_cast<double>(ss.lat_mean_ns), 4 * 35'240.0, 4'000);
  EXPECT_LT(ss.criterion, 5.0);
}

// A target below what depth 1 gives (36 us) cannot be met: fio ends the job
// with "latency of N nsec exceeds specified max".
TEST(HostLatencyTarget, ATargetBelowDepthOneEndsTheJobInError) {
  Simulator sim(testing::TinySlcDevice(),
                WrittenThenRead(LatencyTargetSpec{30'000, 1'000'000, 100, false}, 32));
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(1);
  EXPECT_TRUE(m.latency_target_failed);
  EXPECT_EQ(m.latency_depth, 1u);
  EXPECT_EQ(m.requests[kRead], 1u);
  EXPECT_NE(m.failure.find("exceeds specified max (30000 nsec)"), std::string::npos) << m.failure;
}

// JobsFromFio carries the fio fields the host honours into JobSpec, and
// resolves wait_for=NAME to the first earlier job of that name.
TEST(HostFioJobs, FioFieldsReachTheJobSpec) {
  const DeviceConfig device = testing::TinySlcDevice();
  const DeviceLayout layout = DeviceLayout::From(device);
  FioJobFile file = ParseFioJobs("[a]\nrw=write\nsize=64k\n[b]\nrw=read\nsize=64k\n", "job.fio");
  ASSERT_EQ(file.jobs.size(), 2u);
  FioJob& b = file.jobs[1];
  b.wait_for = "a";
  b.rate_bytes[1] = 1 << 20;
  b.rate_iops_min[0] = 50;
  b.rate_cycle_ns = 500'000'000;
  b.rate_process = RateProcess::kPoisson;
  b.sync_writes = true;
  b.end_fsync = true;
  b.flow = 3;
  b.flow_id = 2;
  b.flow_sleep_ns = 1000;
  b.exitall = true;
  b.latency_target_ns = 500'000;
  b.latency_window_ns = 5'000'000;
  b.latency_percentile = 99.9;
  b.latency_run = true;
  b.ss_metric = SteadyStateMetric::kLat;
  b.ss_dur_ns = 300'000'000'000;
  b.ss_interval_ns = 10'000'000'000;
  const std::vector<JobSpec> jobs = JobsFromFio(file, device, layout);
  const JobSpec& spec = jobs[1];
  EXPECT_EQ(jobs[0].wait_for_job, -1);
  EXPECT_EQ(spec.wait_for_job, 0);
  EXPECT_EQ(spec.rate_bytes[1], 1u << 20);
  EXPECT_EQ(spec.rate_iops_min[0], 50u);
  EXPECT_EQ(spec.rate_cycle_ns, 500'000'000u);
  EXPECT_TRUE(spec.rate_poisson);
  EXPECT_NE(spec.rate_seed, jobs[0].rate_seed);
  EXPECT_TRUE(spec.sync_writes);
  EXPECT_TRUE(spec.end_fsync);
  EXPECT_EQ(spec.flow, 3);
  EXPECT_EQ(spec.flow_id, 2u);
  EXPECT_EQ(spec.flow_sleep_ns, 1000u);
  EXPECT_TRUE(spec.exitall);
  EXPECT_EQ(spec.latency_target.target_ns, 500'000u);
  EXPECT_EQ(spec.latency_target.window_ns, 5'000'000u);
  EXPECT_DOUBLE_EQ(spec.latency_target.percentile, 99.9);
  EXPECT_TRUE(spec.latency_target.run);
  EXPECT_EQ(spec.steady_state.metric, SteadyStateMetric::kLat);
  EXPECT_EQ(spec.steady_state.interval_ns, 10'000'000'000u);

  b.wait_for = "nobody";
  try {
    JobsFromFio(file, device, layout);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "job.fio:4: wait_for=nobody: no earlier job of that name");
  }
}

}  // namespace
}  // namespace flashscope
