// JobsFromFio for issue 15's workload options: numjobs clones (each its own
// stream), fill_device (the untimed preconditioning), read_iolog (trace
// replay) and fio's steady-state stop (ss / ss_dur), with numbers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using testing::TinySlcDevice;

// What the parser makes of `numjobs=n`: n entries with the same name,
// clone_index 0..n-1 (built here directly: the parser is not this test's).
FioJobFile WithClones(const FioJobFile& file, uint32_t numjobs) {
  FioJobFile out = file;
  out.jobs.clear();
  for (const FioJob& job : file.jobs) {
    for (uint32_t k = 0; k < numjobs; ++k) {
      FioJob clone = job;
      clone.numjobs = numjobs;
      clone.clone_index = k;
      out.jobs.push_back(clone);
    }
  }
  return out;
}

std::vector<HostIo> Drain(IRequestSource& source, size_t limit = SIZE_MAX) {
  std::vector<HostIo> ios;
  HostIo io;
  while (ios.size() < limit && source.Next(io)) ios.push_back(io);
  return ios;
}

struct Drive {
  DeviceConfig config = TinySlcDevice(64, 64);  // 16 MiB raw, 3276 logical 4 KiB units
  DeviceLayout layout = DeviceLayout::From(config);
};

TEST(FioJobsClones, EachCloneHasItsOwnStreamAndCloneZeroKeepsTheJobs) {
  const Drive drive;
  const FioJobFile single = ParseFioJobs("[w]\nrw=randwrite\nnumber_ios=200\n", "job.fio");
  const FioJobFile twice = WithClones(single, 2);
  std::vector<JobSpec> alone = JobsFromFio(single, drive.config, drive.layout);
  std::vector<JobSpec> clones = JobsFromFio(twice, drive.config, drive.layout);
  ASSERT_EQ(clones.size(), 2u);
  EXPECT_EQ(clones[1].name, "w");
  const std::vector<HostIo> a = Drain(*alone[0].source);
  const std::vector<HostIo> c0 = Drain(*clones[0].source);
  const std::vector<HostIo> c1 = Drain(*clones[1].source);
  ASSERT_EQ(a.size(), 200u);
  ASSERT_EQ(c1.size(), 200u);
  // Clone 0 is the job as it ran before numjobs: the same offsets.
  size_t same_as_alone = 0;
  size_t same_offsets = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    same_as_alone += a[i].offset_bytes == c0[i].offset_bytes;
    same_offsets += c0[i].offset_bytes == c1[i].offset_bytes;
  }
  EXPECT_EQ(same_as_alone, 200u);
  // Clone 1 writes elsewhere: of 3276 possible 4 KiB offsets, two
  // independent streams agree at a position by chance ~200/3276 times.
  EXPECT_LE(same_offsets, 3u);
  // A job after the clones keeps the stream it had without them.
  const FioJobFile two_jobs =
      ParseFioJobs("[w]\nrw=randwrite\nnumber_ios=200\n[r]\nrw=randread\nnumber_ios=50\n", "j");
  FioJobFile cloned = two_jobs;
  cloned.jobs = WithClones(FioJobFile{"j", {two_jobs.jobs[0]}, {}}, 3).jobs;
  cloned.jobs.push_back(two_jobs.jobs[1]);
  std::vector<JobSpec> before = JobsFromFio(two_jobs, drive.config, drive.layout);
  std::vector<JobSpec> after = JobsFromFio(cloned, drive.config, drive.layout);
  ASSERT_EQ(after.size(), 4u);
  const std::vector<HostIo> r_before = Drain(*before[1].source);
  const std::vector<HostIo> r_after = Drain(*after[3].source);
  ASSERT_EQ(r_before.size(), r_after.size());
  for (size_t i = 0; i < r_before.size(); ++i) {
    EXPECT_EQ(r_before[i].offset_bytes, r_after[i].offset_bytes) << i;
  }
}

TEST(FioJobsClones, ClonesOfARandseedJobDifferAndRepeat) {
  const Drive drive;
  const FioJobFile file =
      WithClones(ParseFioJobs("[w]\nrw=randwrite\nnumber_ios=100\nrandseed=42\n", "j"), 2);
  std::vector<JobSpec> first = JobsFromFio(file, drive.config, drive.layout);
  std::vector<JobSpec> again = JobsFromFio(file, drive.config, drive.layout);
  const std::vector<HostIo> c0 = Drain(*first[0].source);
  const std::vector<HostIo> c1 = Drain(*first[1].source);
  const std::vector<HostIo> c1_again = Drain(*again[1].source);
  size_t same = 0;
  for (size_t i = 0; i < c0.size(); ++i) {
    same += c0[i].offset_bytes == c1[i].offset_bytes;
    EXPECT_EQ(c1[i].offset_bytes, c1_again[i].offset_bytes);
  }
  EXPECT_LE(same, 3u);
}

TEST(FioJobsClones, FourClonesKeepRwmixread) {
  const Drive drive;
  const FioJobFile file =
      WithClones(ParseFioJobs("[m]\nrw=randrw\nrwmixread=70\nnumber_ios=5000\n", "j"), 4);
  std::vector<JobSpec> jobs = JobsFromFio(file, drive.config, drive.layout);
  ASSERT_EQ(jobs.size(), 4u);
  uint64_t reads = 0;
  uint64_t total = 0;
  std::set<uint64_t> first_offsets;
  for (JobSpec& job : jobs) {
    const std::vector<HostIo> ios = Drain(*job.source);
    first_offsets.insert(ios[0].offset_bytes);
    for (const HostIo& io : ios) reads += io.op == IoOp::kRead;
    total += ios.size();
  }
  // Each clone stops after one pass over the drive (3276 blocks of 4 KiB),
  // before its number_ios.
  EXPECT_EQ(total, 4u * 3276);
  const double read_share = static_cast<double>(reads) / total;
  EXPECT_NEAR(read_share, 0.70, 0.02) << reads;
  EXPECT_EQ(first_offsets.size(), 4u);  // four streams, not one copied
}

TEST(FioJobsFill, LeadingFillDeviceJobsAreThePreconditioning) {
  Drive drive;
  FioJobFile file = ParseFioJobs("[fill]\nrw=write\nbs=4k\n[r]\nrw=randread\nnumber_ios=10\n", "j");
  file.jobs[0].fill_device = true;
  // Not applied: the fill job runs timed, one pass over the whole drive.
  std::vector<JobSpec> timed = JobsFromFio(file, drive.config, drive.layout);
  ASSERT_EQ(timed.size(), 2u);
  uint64_t bytes = 0;
  for (const HostIo& io : Drain(*timed[0].source)) bytes += io.length_bytes;
  EXPECT_EQ(bytes, drive.layout.logical_bytes);
  EXPECT_EQ(drive.layout.logical_bytes, 13418496u);  // 3276 units of 4 KiB
  // Applied: precondition.fill = 1 and only the read job is timed.
  EXPECT_EQ(PreconditionFromFio(file, drive.config), 1u);
  EXPECT_EQ(drive.config.precondition.fill, 1.0);
  EXPECT_EQ(FirstTimedFioJob(file, drive.config), 1u);
  std::vector<JobSpec> jobs = JobsFromFio(file, drive.config, drive.layout);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].name, "r");
  Simulator sim(drive.config, std::move(jobs));
  sim.Precondition();
  EXPECT_EQ(sim.precondition_stats().fill_units, 3276u);
  sim.RunToCompletion();
  EXPECT_EQ(sim.host().metrics(0).requests[0], 10u);
}

TEST(FioJobsFill, ALaterFillDeviceJobWritesFromItsOffsetToTheEnd) {
  Drive drive;
  FioJobFile file = ParseFioJobs(
      "[r]\nrw=randread\nnumber_ios=10\n[fill]\nrw=write\noffset=4m\nsize=1m\nloops=3\n", "j");
  file.jobs[1].fill_device = true;
  EXPECT_EQ(PreconditionFromFio(file, drive.config), 0u);
  EXPECT_EQ(drive.config.precondition.fill, 0.0);
  std::vector<JobSpec> jobs = JobsFromFio(file, drive.config, drive.layout);
  ASSERT_EQ(jobs.size(), 2u);
  const std::vector<HostIo> ios = Drain(*jobs[1].source);
  uint64_t bytes = 0;
  for (const HostIo& io : ios) bytes += io.length_bytes;
  // size and loops give way to "until the drive is full": 3276 - 1024
  // blocks of 4 KiB.
  EXPECT_EQ(ios.front().offset_bytes, 4u << 20);
  EXPECT_EQ(bytes, (3276u - 1024) * 4096);
}

class FioJobsIolog : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() / ("flashscope-iolog-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(FioJobsIolog, ReadIologReplaysTheTraceBesideTheJobFile) {
  {
    std::ofstream log(dir_ / "replay.log");
    log << "fio version 2 iolog\n"
           "/dev/x add\n/dev/x open\n"
           "/dev/x write 0 8192\n"
           "/dev/x read 4096 4096\n"
           "/dev/x wait 1000\n"
           "/dev/x write 1048576 65536\n"
           "/dev/x trim 8192 4096\n"
           "/dev/x close\n";
  }
  const std::string job_path = (dir_ / "job.fio").string();
  FioJobFile file = ParseFioJobs("[replay]\nrw=read\niodepth=4\n", job_path);
  file.jobs[0].read_iolog = "replay.log";
  Drive drive;
  std::vector<JobSpec> jobs = JobsFromFio(file, drive.config, drive.layout);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].name, "replay");
  EXPECT_EQ(jobs[0].iodepth, 0u);          // open loop at the log's times ...
  EXPECT_EQ(jobs[0].max_outstanding, 4u);  // ... at most iodepth outstanding
  const std::vector<HostIo> ios = Drain(*jobs[0].source);
  ASSERT_EQ(ios.size(), 4u);
  EXPECT_EQ(ios[0].op, IoOp::kWrite);
  EXPECT_EQ(ios[0].length_bytes, 8192u);
  EXPECT_EQ(ios[1].op, IoOp::kRead);
  EXPECT_EQ(ios[1].offset_bytes, 4096u);
  EXPECT_EQ(ios[2].offset_bytes, 1048576u);
  EXPECT_EQ(ios[2].length_bytes, 65536u);
  EXPECT_EQ(ios[2].arrival_ns, 1'000'000u);  // after the 1000 us wait
  EXPECT_EQ(ios[3].op, IoOp::kTrim);
  // The whole replay runs: 2 writes, 1 read, 1 trim.
  Simulator sim(drive.config, JobsFromFio(file, drive.config, drive.layout));
  sim.RunToCompletion();
  EXPECT_EQ(sim.host().metrics(0).requests[0], 1u);
  EXPECT_EQ(sim.host().metrics(0).requests[1], 2u);
  EXPECT_EQ(sim.host().metrics(0).bytes[1], 8192u + 65536u);

  file.jobs[0].read_iolog = "missing.log";
  try {
    JobsFromFio(file, drive.config, drive.layout);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              job_path + ":1: job 'replay': read_iolog=missing.log: cannot open '" +
                  (dir_ / "missing.log").string() + "'");
  }
}

TEST(FioJobsSteadyState, ASteadyRandreadJobStopsOnceIopsStayWithinTenPercent) {
  Drive drive;
  drive.config.precondition.fill = 1;  // reads of written data take a flash read
  FioJobFile file = ParseFioJobs("[r]\nrw=randread\niodepth=1\ntime_based=1\nruntime=30s\n", "j");
  file.jobs[0].ss_metric = SteadyStateMetric::kIops;
  file.jobs[0].ss_limit = 10;
  file.jobs[0].ss_limit_percent = true;
  file.jobs[0].ss_dur_ns = 5'000'000'000;
  std::vector<JobSpec> jobs = JobsFromFio(file, drive.config, drive.layout);
  EXPECT_EQ(jobs[0].steady_state.metric, SteadyStateMetric::kIops);
  Simulator sim(drive.config, std::move(jobs));
  sim.Precondition();
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  const SteadyStateResult& ss = m.steady_state;
  ASSERT_TRUE(ss.enabled);
  EXPECT_TRUE(ss.attained);
  // Steady from the first second: the window of 5 one-second samples is
  // full after 5 s, and the job stops then, not at its 30 s runtime.
  EXPECT_EQ(ss.attained_ns, 5'000'000'000u);
  EXPECT_LT(m.end_ns - m.start_ns, 5'100'000'000u);
  ASSERT_EQ(ss.iops.size(), 5u);
  EXPECT_LT(ss.criterion, 10.0);
  // QD1 random 4 KiB reads: tR 25 us + 10.24 us channel + 1 us link.
  EXPECT_NEAR(static_cast<double>(ss.iops_mean), 1e9 / 36'240, 1e9 / 36'240 * 0.05);
  // Means are whole numbers (fio's integer division): within one block.
  EXPECT_NEAR(static_cast<double>(ss.bw_mean), ss.iops_mean * 4096.0, 4096);
  const uint64_t counted = m.requests[0];
  EXPECT_NEAR(static_cast<double>(counted), 5.0 * ss.iops_mean, 0.01 * counted);
}

}  // namespace
}  // namespace flashscope
