// fio's output formats for a simulated run: the JSON's figures against the
// host's counts, group_reporting and unified_rw_reporting as fio sums them,
// percentile_list, the json+ bins, percentiles never above the max, fio's
// num2str, and byte-identical output per seed.
#include "report/fio_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "report/fio_group.h"
#include "report/fio_report_for_test.h"
#include "report/fio_text.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::FioTestJob;
using testing::RunFioJobs;

json::Value FioJson(const Simulator& sim, const FioJobFile& file, bool plus = false) {
  return json::Parse(FioJsonOutput(sim, &file, RunInfoFor(file, "test.fio", false), plus),
                     "fio json");
}

double Number(const json::Value& object, const char* key) {
  const json::Value* value = object.Find(key);
  EXPECT_NE(value, nullptr) << key;
  return value != nullptr && value->is_number() ? value->as_number() : -1;
}

TEST(FioNum2Str, WritesWhatFioWrites) {
  // From fio 3.33's normal output of a 12 ms randrw run: 8160 reads of 4 KiB,
  // "read: IOPS=680k, BW=2656MiB/s (2785MB/s)(31.9MiB/12msec)".
  const uint64_t bytes = 8160 * 4096;
  const uint64_t bw = 1000 * bytes / 12;
  EXPECT_EQ(FioNum2Str(1000 * 8160 / 12, 4, false, ""), "680k");
  EXPECT_EQ(FioNum2Str(bw, 4, true, "B/s"), "2656MiB/s");
  EXPECT_EQ(FioNum2Str(bw, 4, false, "B/s"), "2785MB/s");
  EXPECT_EQ(FioNum2Str(bytes, 4, true, "B"), "31.9MiB");
  EXPECT_EQ(FioNum2Str(bytes, 4, false, "B"), "33.4MB");
  EXPECT_EQ(FioNum2Str(999, 4, false, ""), "999");
  EXPECT_EQ(FioNum2Str(18164, 6, false, ""), "18164");
}

TEST(FioOutputFormats, AsFioSpellsThem) {
  const FioOutputFormats both = ParseFioOutputFormats("json,normal");
  EXPECT_TRUE(both.json && both.normal && !both.json_plus);
  const FioOutputFormats plus = ParseFioOutputFormats("json+");
  EXPECT_TRUE(plus.json && plus.json_plus && !plus.normal);
  EXPECT_TRUE(ParseFioOutputFormats("normal").normal);
  EXPECT_THROW(ParseFioOutputFormats("terse"), InputError);
  EXPECT_THROW(ParseFioOutputFormats("xml"), InputError);
  EXPECT_THROW(ParseFioOutputFormats("json,"), InputError);
}

TEST(FioJson, LayoutAndFiguresOfARandomMix) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("mix", RwPattern::kRandRw, 2000, 4));
  file.jobs[0].rwmixread = 70;
  file.jobs[0].options = {{"rw", "randrw"}, {"rwmixread", "70"}};
  file.global_options = {{"bs", "4k"}};
  const auto sim = RunFioJobs(file);
  const JobMetrics& m = sim->host().metrics(0);
  const json::Value root = FioJson(*sim, file);

  // fio's own form, and a start tools can parse (issue 29): the fixed
  // 2024-01-01 UTC, as fio's ctime writes it; FlashScope's version apart.
  EXPECT_EQ(root.Find("fio version")->as_string(), "fio-3.33");
  EXPECT_EQ(Number(root, "timestamp"), 1704067200);
  EXPECT_EQ(Number(root, "timestamp_ms"), 1704067200000.0);
  EXPECT_EQ(root.Find("time")->as_string(), "Mon Jan  1 00:00:00 2024");
  EXPECT_EQ(root.Find("flashscope")->Find("version")->as_string(), kFlashScopeVersion);
  EXPECT_EQ(root.Find("global options")->Find("bs")->as_string(), "4k");
  ASSERT_NE(root.Find("flashscope"), nullptr);
  EXPECT_NE(root.Find("flashscope")->Find("waf"), nullptr);
  const json::Value& job = root.Find("jobs")->items().at(0);
  EXPECT_EQ(job.Find("jobname")->as_string(), "mix");
  EXPECT_EQ(job.Find("job options")->Find("rwmixread")->as_string(), "70");
  EXPECT_EQ(Number(job, "usr_cpu"), 0);
  EXPECT_EQ(Number(*job.Find("iodepth_level"), "4"), 100);  // iodepth=4

  const json::Value& read = *job.Find("read");
  const json::Value& write = *job.Find("write");
  EXPECT_EQ(Number(read, "total_ios"), m.requests[0]);
  EXPECT_EQ(Number(write, "total_ios"), m.requests[1]);
  EXPECT_EQ(Number(read, "total_ios") + Number(write, "total_ios"), 2000);
  EXPECT_NEAR(Number(read, "total_ios") / 2000, 0.70, 0.03);
  EXPECT_EQ(Number(read, "io_bytes"), m.requests[0] * 4096.0);
  EXPECT_EQ(Number(read, "io_kbytes"), m.requests[0] * 4.0);
  // fio's arithmetic: over the runtime it reports, in whole ms.
  const double runtime_ms = std::round((m.end_ns - m.start_ns) / 1e6);
  EXPECT_EQ(Number(read, "runtime"), runtime_ms);
  EXPECT_NEAR(Number(read, "iops"), m.requests[0] * 1000 / runtime_ms, 1e-3);
  EXPECT_EQ(Number(read, "bw_bytes"), std::floor(m.bytes[0] * 1000 / runtime_ms));
  EXPECT_EQ(Number(read, "bw"), std::floor(std::floor(m.bytes[0] * 1000 / runtime_ms) / 1024));

  const json::Value& clat = *read.Find("clat_ns");
  EXPECT_EQ(Number(clat, "N"), m.requests[0]);
  EXPECT_EQ(Number(clat, "min"), m.latency[0].min_ns());
  EXPECT_EQ(Number(clat, "max"), m.latency[0].max_ns());
  EXPECT_NEAR(Number(clat, "mean"), m.latency[0].mean_ns(), 1e-3);
  const json::Value& percentiles = *clat.Find("percentile");
  EXPECT_EQ(percentiles.members().size(), 17u);  // fio's default list
  EXPECT_EQ(Number(percentiles, "99.000000"), m.latency[0].Percentile(99));
  EXPECT_EQ(Number(percentiles, "50.000000"), m.latency[0].Percentile(50));
  EXPECT_EQ(clat.Find("bins"), nullptr);  // json+ only
  // fio's defaults: no lat percentiles, no slat samples.
  EXPECT_EQ(read.Find("lat_ns")->Find("percentile"), nullptr);
  EXPECT_EQ(Number(*read.Find("lat_ns"), "N"), m.requests[0]);
  EXPECT_EQ(Number(*read.Find("slat_ns"), "N"), 0);
  // A trim direction with no I/O: zeros and no percentile map, as fio.
  EXPECT_EQ(Number(*job.Find("trim"), "total_ios"), 0);
  EXPECT_EQ(job.Find("trim")->Find("clat_ns")->Find("percentile"), nullptr);

  // Latency shares add up to 100 % of the I/O (each non-empty range is at
  // least 0.01 %, so a little more).
  double shares = 0;
  for (const char* key : {"latency_ns", "latency_us", "latency_ms"}) {
    for (const auto& [edge, share] : job.Find(key)->members()) shares += share.as_number();
  }
  EXPECT_NEAR(shares, 100, 0.1);
}

// A run shorter than fio's 1 ms runtime unit (issue 29): 30 writes in well
// under a millisecond reported 146,520 IOPS over "1 ms". fio divides by the
// runtime it reports, so iops x runtime gives total_ios (x 1000) in every
// record, as here.
TEST(FioJson, IopsTimesRuntimeIsTotalIosEvenUnderOneMs) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("tiny", RwPattern::kRandWrite, 30, 1));
  const auto sim = RunFioJobs(file);
  const JobMetrics& m = sim->host().metrics(0);
  ASSERT_LT(m.end_ns - m.start_ns, 100'000'000u);
  const json::Value root = FioJson(*sim, file);
  const json::Value& write = *root.Find("jobs")->items().at(0).Find("write");
  EXPECT_EQ(Number(write, "total_ios"), 30);
  const double runtime = Number(write, "runtime");
  EXPECT_GE(runtime, 1);
  EXPECT_NEAR(Number(write, "iops") * runtime, 30 * 1000, 1e-6);
  EXPECT_EQ(Number(write, "bw_bytes"), std::floor(30 * 4096 * 1000 / runtime));
}

TEST(FioJson, PercentilesNeverExceedTheMax) {
  // Three writes: fio reports a bucket's midpoint, which for so few samples
  // lies above every one of them when the max sits in the lower half of its
  // bucket; FlashScope's percentiles stop at the exact max.
  FioJobFile file;
  file.jobs.push_back(FioTestJob("tiny", RwPattern::kRandWrite, 3));
  file.jobs.push_back(FioTestJob("few-reads", RwPattern::kRandRead, 5));
  file.jobs[1].stonewall = true;
  const auto sim = RunFioJobs(file);
  const json::Value root = FioJson(*sim, file);
  size_t directions_checked = 0, above_bucket_midpoint = 0;
  for (const json::Value& job : root.Find("jobs")->items()) {
    for (const char* dir : {"read", "write"}) {
      const json::Value& clat = *job.Find(dir)->Find("clat_ns");
      if (Number(clat, "N") == 0) continue;
      ++directions_checked;
      const double max = Number(clat, "max");
      const uint64_t fio_value = LatencyHistogram::BucketValueNs(
          LatencyHistogram::BucketIndex(static_cast<uint64_t>(max)));
      above_bucket_midpoint += fio_value > max;
      double previous = 0;
      for (const auto& [key, value] : clat.Find("percentile")->members()) {
        EXPECT_LE(value.as_number(), max) << dir << " p" << key;
        EXPECT_GE(value.as_number(), previous) << dir << " p" << key;
        previous = value.as_number();
      }
      EXPECT_EQ(Number(*clat.Find("percentile"), "99.990000"), max);
    }
  }
  EXPECT_EQ(directions_checked, 2u);
  // At least one of them is a case fio would have reported above the max.
  EXPECT_GE(above_bucket_midpoint, 1u);
}

TEST(FioJson, GroupReportingSumsTheClonesOfAJob) {
  FioJobFile file;
  for (uint32_t clone = 0; clone < 2; ++clone) {
    FioJob job = FioTestJob("clones", RwPattern::kRandRw, 1000, 2);
    job.rwmixread = 70;
    job.numjobs = 2;
    job.clone_index = clone;
    job.group_reporting = true;
    file.jobs.push_back(job);
  }
  const auto sim = RunFioJobs(file);
  const JobMetrics& a = sim->host().metrics(0);
  const JobMetrics& b = sim->host().metrics(1);
  const json::Value root = FioJson(*sim, file);
  ASSERT_EQ(root.Find("jobs")->items().size(), 1u);
  const json::Value& job = root.Find("jobs")->items()[0];
  EXPECT_EQ(job.Find("jobname")->as_string(), "clones");
  EXPECT_EQ(Number(*job.Find("flashscope"), "members"), 2);
  const double reads = Number(*job.Find("read"), "total_ios");
  const double writes = Number(*job.Find("write"), "total_ios");
  EXPECT_EQ(reads, a.requests[0] + b.requests[0]);
  EXPECT_EQ(writes, a.requests[1] + b.requests[1]);
  EXPECT_EQ(reads + writes, 2000);
  EXPECT_NEAR(reads / 2000, 0.70, 0.03);  // the read/write ratio is kept
  // fio's group runtime is the longest member's.
  const uint64_t longest = std::max(a.end_ns - a.start_ns, b.end_ns - b.start_ns);
  EXPECT_EQ(Number(*job.Find("read"), "runtime"), std::round(longest / 1e6));
  EXPECT_EQ(Number(*job.Find("read")->Find("clat_ns"), "N"), reads);

  // Without group_reporting each clone is its own entry.
  for (FioJob& clone : file.jobs) clone.group_reporting = false;
  const auto apart = RunFioJobs(file);
  const json::Value separate = FioJson(*apart, file);
  ASSERT_EQ(separate.Find("jobs")->items().size(), 2u);
  EXPECT_EQ(Number(*separate.Find("jobs")->items()[1].Find("read"), "total_ios"),
            apart->host().metrics(1).requests[0]);
}

TEST(FioJson, UnifiedRwReportingWritesOneMixedDirection) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("mixed", RwPattern::kRandRw, 600, 2));
  file.jobs[0].unified_rw_reporting = true;
  const auto sim = RunFioJobs(file);
  const json::Value root = FioJson(*sim, file);
  const json::Value& job = root.Find("jobs")->items().at(0);
  EXPECT_EQ(job.Find("read"), nullptr);
  EXPECT_EQ(job.Find("write"), nullptr);
  EXPECT_EQ(job.Find("sync"), nullptr);
  const json::Value& mixed = *job.Find("mixed");
  EXPECT_EQ(Number(mixed, "total_ios"), 600);
  EXPECT_EQ(Number(mixed, "io_bytes"), 600 * 4096.0);
  EXPECT_EQ(Number(*mixed.Find("clat_ns"), "N"), 600);
  const std::string text = FioTextOutput(*sim, &file);
  EXPECT_NE(text.find("  mixed: IOPS="), std::string::npos) << text;
  EXPECT_NE(text.find("  MIXED: bw="), std::string::npos) << text;
}

TEST(FioJson, PercentileListIsHonoured) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("p", RwPattern::kRandRead, 200));
  file.jobs[0].percentile_list = {50, 99.9, 99.999};
  const auto sim = RunFioJobs(file);
  const json::Value root = FioJson(*sim, file);
  const json::Value& percentiles =
      *root.Find("jobs")->items()[0].Find("read")->Find("clat_ns")->Find("percentile");
  ASSERT_EQ(percentiles.members().size(), 3u);
  EXPECT_EQ(percentiles.members()[0].first, "50.000000");
  EXPECT_EQ(percentiles.members()[1].first, "99.900000");
  EXPECT_EQ(percentiles.members()[2].first, "99.999000");
  EXPECT_EQ(percentiles.members()[1].second.as_number(),
            sim->host().metrics(0).latency[0].Percentile(99.9));
}

TEST(FioJson, JsonPlusBinsAreFioBucketsAndSumToTheSamples) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("bins", RwPattern::kRandRw, 1500, 8));
  const auto sim = RunFioJobs(file);
  const json::Value root = FioJson(*sim, file, true);
  const json::Value& job = root.Find("jobs")->items()[0];
  for (const char* dir : {"read", "write"}) {
    const json::Value& clat = *job.Find(dir)->Find("clat_ns");
    const json::Value* bins = clat.Find("bins");
    ASSERT_NE(bins, nullptr) << dir;
    double total = 0;
    for (const auto& [key, count] : bins->members()) {
      const uint64_t value = std::stoull(key);
      // Every key is the value fio gives its bucket (plat_idx_to_val).
      EXPECT_EQ(LatencyHistogram::BucketValueNs(LatencyHistogram::BucketIndex(value)), value);
      total += count.as_number();
    }
    EXPECT_EQ(total, Number(clat, "N")) << dir;
    EXPECT_GT(total, 0) << dir;
  }
}

TEST(FioJson, FsyncsAreReportedAsSync) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("fsync", RwPattern::kWrite, 400));
  file.jobs[0].fsync_blocks = 8;
  const auto sim = RunFioJobs(file);
  const JobMetrics& m = sim->host().metrics(0);
  const json::Value root = FioJson(*sim, file);
  const json::Value& job = root.Find("jobs")->items()[0];
  EXPECT_EQ(Number(*job.Find("write"), "total_ios"), m.requests[1]);
  EXPECT_EQ(Number(*job.Find("trim"), "total_ios"), 0);
  const json::Value& sync = *job.Find("sync");
  EXPECT_EQ(Number(sync, "total_ios"), m.flushes);
  // One flush per 8 writes (the generator's number_ios cap can leave out
  // the last one).
  EXPECT_NEAR(Number(sync, "total_ios"), m.requests[1] / 8.0, 1);
  EXPECT_GT(Number(sync, "total_ios"), 0);
  EXPECT_EQ(Number(*sync.Find("lat_ns"), "N"), m.flushes);
  EXPECT_EQ(m.requests[2], 0u);  // flushes are not trims
}

// fio latency_target: the JSON gives the depth the search settled on, the
// target in ns and the window in us (fio stat.c). Random 4 KiB reads of a
// filled one-die drive take ~35 us per outstanding read, so 120 us for
// every I/O holds at depth 3, not 4; without a target fio prints the
// iodepth and zeros.
TEST(FioJson, LatencyTargetReportsTheDepthItSettledOn) {
  DeviceConfig device = testing::FioTestDevice();
  device.precondition.fill = 1;  // reads of written data take a flash read
  FioJobFile file;
  file.jobs.push_back(FioTestJob("lt", RwPattern::kRandRead, 0, 32));
  file.jobs[0].time_based = true;
  file.jobs[0].runtime_ns = 1'000'000'000;
  file.jobs[0].latency_target_ns = 120'000;
  file.jobs[0].latency_window_ns = 1'000'000;
  const auto sim = RunFioJobs(file, device);
  const JobMetrics& m = sim->host().metrics(0);
  EXPECT_EQ(m.latency_depth, 3u);
  EXPECT_LT(m.end_ns - m.start_ns, 10'000'000u);  // a few 1 ms windows, not 1 s
  const json::Value root = FioJson(*sim, file);
  const json::Value& job = root.Find("jobs")->items()[0];
  EXPECT_EQ(Number(job, "latency_depth"), 3);
  EXPECT_EQ(Number(job, "latency_target"), 120'000);
  EXPECT_EQ(Number(job, "latency_percentile"), 100);
  EXPECT_EQ(Number(job, "latency_window"), 1000);
  // The reported reads are the final window's, at depth 3: ~3 x 35 us.
  EXPECT_NEAR(Number(*job.Find("read")->Find("lat_ns"), "mean"), 105'000, 6'000);
  // fio's text line, with its scaled units.
  EXPECT_NE(FioTextOutput(*sim, &file)
                .find("latency   : target=120.00us, window=1000.00us, percentile=100.00%, "
                      "depth=3\n"),
            std::string::npos)
      << FioTextOutput(*sim, &file);

  // 30 us cannot be met even at depth 1 (~36 us): fio's ETIMEDOUT.
  file.jobs[0].latency_target_ns = 30'000;
  const auto failed = RunFioJobs(file, device);
  EXPECT_TRUE(failed->host().metrics(0).latency_target_failed);
  const json::Value failed_root = FioJson(*failed, file);
  EXPECT_EQ(Number(failed_root.Find("jobs")->items()[0], "error"), 110);
  EXPECT_NE(FioTextOutput(*failed, &file).find("lt: (groupid=0, jobs=1): err=110: pid=0"),
            std::string::npos);

  file.jobs[0].latency_target_ns = 0;
  file.jobs[0].runtime_ns = 10'000'000;
  const auto plain = RunFioJobs(file, device);
  const json::Value plain_root = FioJson(*plain, file);
  const json::Value& plain_job = plain_root.Find("jobs")->items()[0];
  EXPECT_EQ(Number(plain_job, "latency_depth"), 32);
  EXPECT_EQ(Number(plain_job, "latency_target"), 0);
  EXPECT_EQ(Number(plain_job, "latency_window"), 0);
  EXPECT_EQ(Number(plain_job, "error"), 0);
}

// fio's "steadystate" object (stat.c), here for ss=lat:5% over 2 s: depth-4
// random reads of a filled one-die drive wait ~4 x 35 us every second, so
// the window is steady once full and the job stops at 2 s of its 10 s.
TEST(FioJson, SteadyStateOnLatencyAsFioWritesIt) {
  DeviceConfig device = testing::FioTestDevice();
  device.precondition.fill = 1;
  FioJobFile file;
  file.jobs.push_back(FioTestJob("ss", RwPattern::kRandRead, 0, 4));
  file.jobs[0].time_based = true;
  file.jobs[0].runtime_ns = 10'000'000'000;
  file.jobs[0].ss_metric = SteadyStateMetric::kLat;
  file.jobs[0].ss_limit = 5;
  file.jobs[0].ss_limit_percent = true;
  file.jobs[0].ss_dur_ns = 2'000'000'000;
  const auto sim = RunFioJobs(file, device);
  const json::Value root = FioJson(*sim, file);
  const json::Value& job = root.Find("jobs")->items()[0];
  const json::Value* ss = job.Find("steadystate");
  ASSERT_NE(ss, nullptr);
  EXPECT_EQ(ss->Find("ss")->as_string(), "lat:5.000000%");
  EXPECT_EQ(Number(*ss, "duration"), 2);
  EXPECT_EQ(Number(*ss, "attained"), 1);
  const json::Value& data = *ss->Find("data");
  EXPECT_NEAR(Number(data, "lat_mean"), 4 * 35'240.0, 4'000);
  ASSERT_EQ(data.Find("lat_ns")->items().size(), 2u);
  ASSERT_EQ(data.Find("iops")->items().size(), 2u);
  // ~4 reads per 141 us: ~28k IOPS each second.
  EXPECT_NEAR(Number(data, "iops_mean"), 1e9 / 35'240.0, 1'500);
  EXPECT_NEAR(Number(job, "job_runtime"), 2000, 2);
  // No ss, no object.
  file.jobs[0].ss_metric = SteadyStateMetric::kNone;
  file.jobs[0].ss_dur_ns = 0;
  file.jobs[0].runtime_ns = 10'000'000;
  const auto plain = RunFioJobs(file, device);
  EXPECT_EQ(FioJson(*plain, file).Find("jobs")->items()[0].Find("steadystate"), nullptr);
}

TEST(FioJson, SameRunGivesTheSameBytes) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("a", RwPattern::kRandRw, 500, 4));
  const auto first = RunFioJobs(file);
  const auto second = RunFioJobs(file);
  const RunInfo info = RunInfoFor(file, "a.fio", false);
  EXPECT_EQ(FioJsonOutput(*first, &file, info, true), FioJsonOutput(*second, &file, info, true));
  EXPECT_EQ(FioTextOutput(*first, &file), FioTextOutput(*second, &file));
}

TEST(FioText, FioBlocksAndRunStatusGroups) {
  FioJobFile file;
  file.jobs.push_back(FioTestJob("seqwrite", RwPattern::kWrite, 300));
  file.jobs.push_back(FioTestJob("randread", RwPattern::kRandRead, 300));
  file.jobs[1].stonewall = true;
  file.jobs[1].report_group = 1;
  const auto sim = RunFioJobs(file);
  const std::string text = FioTextOutput(*sim, &file);
  for (const char* line :
       {"seqwrite: (groupid=0, jobs=1): err= 0: pid=0:", "randread: (groupid=1, jobs=1): err= 0:",
        "  write: IOPS=", "  read: IOPS=", "    clat percentiles (", " 99.99th=[",
        "  IO depths    : 1=100.0%", "     issued rwts: total=0,300,0,0",
        "     issued rwts: total=300,0,0,0", "\nRun status group 0 (all jobs):\n  WRITE: bw=",
        "\nRun status group 1 (all jobs):\n   READ: bw=", "io=1200KiB (1229kB)"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  }
}

TEST(FioGroup, HistogramStddevIsWithinABucketOfTheExactOne) {
  // Samples 1000, 2000, 3000 ns: exact sample stddev 1000 ns. Their buckets'
  // values are 1004, 2008 and 2992 ns, around the exact mean 2000.
  LatencyHistogram h;
  for (uint64_t ns : {1000, 2000, 3000}) h.Record(ns);
  EXPECT_NEAR(HistogramStddevNs(h), 994.02, 0.01);
  EXPECT_NEAR(HistogramStddevNs(h), 1000, 1000.0 / 128);
  LatencyHistogram one;
  one.Record(5000);
  EXPECT_EQ(HistogramStddevNs(one), 0);
}

TEST(FioGroup, SampleStatsAreFiosCalcLat) {
  const FioSampleStats s = SampleStats({100, 200, 300, 400});
  EXPECT_EQ(s.samples, 4u);
  EXPECT_EQ(s.min, 100);
  EXPECT_EQ(s.max, 400);
  EXPECT_EQ(s.mean, 250);
  EXPECT_NEAR(s.stddev, 129.0994, 1e-4);  // sqrt(50000 / 3)
}

}  // namespace
}  // namespace flashscope
