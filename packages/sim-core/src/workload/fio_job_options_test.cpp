// Tests for the options of issue 15 that ParseFioJobs now honours: fio's
// value syntax for each, with the numbers fio would use (options.c, HOWTO),
// numjobs clones and reporting groups, ${VAR}, keywords, arithmetic and
// include.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_job.h"
#include "workload/fio_job_file.h"
#include "workload/fio_option_table.h"

namespace flashscope {
namespace {

constexpr uint64_t kKiB = 1024;
constexpr uint64_t kMiB = 1024 * kKiB;
constexpr uint64_t kGiB = 1024 * kMiB;
constexpr uint64_t kSecondNs = 1000000000;

FioJob ParseOne(const std::string& text) {
  const FioJobFile parsed = ParseFioJobs(text, "job.fio");
  EXPECT_EQ(parsed.jobs.size(), 1u);
  return parsed.jobs.at(0);
}

std::string ErrorOf(const std::string& text, const FioParseOptions& options = {}) {
  try {
    ParseFioJobs(text, "job.fio", options);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(FioOptionTable, SortedAndEveryHonouredOptionHasAHandler) {
  for (const FioOptionInfo* it = FioOptionsBegin(); it + 1 < FioOptionsEnd(); ++it) {
    EXPECT_LT(it->name, (it + 1)->name);
  }
  EXPECT_GT(FioOptionsEnd() - FioOptionsBegin(), 400);  // fio's whole table
  EXPECT_TRUE(FioHonouredOptionsWithoutHandler().empty());
  for (const FioOptionInfo* it = FioOptionsBegin(); it != FioOptionsEnd(); ++it) {
    if (it->use == FioOptionUse::kRefused) {
      EXPECT_FALSE(it->why.empty()) << it->name;
    }
  }
}

TEST(FioOptionTable, AliasesReachTheirOption) {
  const std::map<std::string, std::string> aliases = {
      {"blocksize", "bs"},
      {"blocksize_range", "bsrange"},
      {"nr_files", "nrfiles"},
      {"blockalign", "ba"},
      {"ratemin", "rate_min"},
      {"ratecycle", "rate_cycle"},
      {"ss", "steadystate"},
      {"ss_dur", "steadystate_duration"},
      {"ss_ramp", "steadystate_ramp_time"},
      {"disable_bw", "disable_bw_measurement"},
      {"timeout", "runtime"},
      {"readwrite", "rw"},
      {"io_limit", "io_size"},
      {"fill_fs", "fill_device"},
      {"wait_for_previous", "stonewall"},
      {"fileoffset", "offset"},
      {"blocksize_unaligned", "bs_unaligned"},
  };
  for (const auto& [alias, canonical] : aliases) {
    const FioOptionInfo* info = FindFioOption(alias);
    ASSERT_NE(info, nullptr) << alias;
    EXPECT_EQ(info->canonical, canonical) << alias;
  }
}

TEST(FioOptionTable, EngineAndBookkeepingOptionsAreIgnored) {
  const FioJob job = ParseOne(
      "[j]\n"
      "spdk_json_conf=bdev.json\nhipri\nsqthread_poll=1\ncmdprio_percentage=10\n"
      "fdp=1\npool=tank\ncont=c1\nhttp_host=s3\nrbdname=img\nclientname=admin\n"
      "verify=crc32c\ndo_verify=1\nverify_backlog=1024\nwrite_bw_log=bw\nlog_avg_msec=1000\n"
      "disable_bw=1\ncpus_allowed=0-3\nnuma_cpu_nodes=0\nbuffer_pattern=0xdeadbeef\n"
      "threads=1\n");
  EXPECT_EQ(job.ignored.size(), 20u);
  EXPECT_EQ(job.ignored.front(), "spdk_json_conf");
  EXPECT_EQ(job.ignored.back(), "threads");
}

TEST(FioOptionTable, TyposStillGetADidYouMean) {
  EXPECT_EQ(ErrorOf("[j]\nnr_file=4\n"),
            "job.fio:2: unknown option 'nr_file' (did you mean 'nr_files'?)");
  EXPECT_EQ(ErrorOf("[j]\nratemn=1m\n"),
            "job.fio:2: unknown option 'ratemn' (did you mean 'ratemin'?)");
  EXPECT_EQ(ErrorOf("[j]\noutput-format=json\n"),
            "job.fio:2: unknown option 'output-format' (a command-line option of fio, not a job "
            "option; give it on the command line)");
}

// Where fio's reading of a value differs from what it looks like, or fio
// fixes a value up, FlashScope does what fio does or says why not.
TEST(FioJobOptions, ValuesAsFioReadsThem) {
  // fio's defaults are never errors: size=0 is the whole device, loops=0
  // runs once (init.c), "rw=randrw:" has no postfix.
  EXPECT_FALSE(ParseOne("[j]\nsize=0\n").size.set);
  EXPECT_EQ(ParseOne("[j]\nloops=0\n").loops, 1u);
  EXPECT_EQ(ParseOne("[j]\nrw=randrw:\n").rw_seq_nr, 0u);
  // One share for every direction is one share.
  EXPECT_EQ(ParseOne("[j]\npercentage_random=40,40\n").percentage_random, 40u);
  EXPECT_EQ(ErrorOf("[j]\npercentage_random=50,20\n"),
            "job.fio:2: percentage_random: different percentages per direction are not "
            "supported (give one percentage)");
  // fio reads size=1.5m as 1 byte and runtime=1.5 as 1 s.
  EXPECT_EQ(ErrorOf("[j]\nsize=1.5m\n"),
            "job.fio:2: size: '1.5m': fractions are not supported (fio would read only the whole "
            "part); write 1536m for 1.5g");
  EXPECT_EQ(ErrorOf("[j]\nruntime=1.5\n"),
            "job.fio:2: runtime: '1.5': fractions are not supported (fio would read only the "
            "whole part); write 1500ms for 1.5s");
}

TEST(FioJobOptions, RwPostfixes) {
  FioJob job = ParseOne("[j]\nrw=randread:8\n");
  EXPECT_EQ(job.rw, RwPattern::kRandRead);
  EXPECT_EQ(job.rw_seq_nr, 8u);
  EXPECT_EQ(job.rw_seq_add_bytes, 0);
  job = ParseOne("[j]\nrw=write:4k\n");
  EXPECT_EQ(job.rw, RwPattern::kWrite);
  EXPECT_EQ(job.rw_seq_add_bytes, 4096);
  EXPECT_EQ(job.rw_seq_nr, 0u);
  job = ParseOne("[j]\nreadwrite=read:-8k\n");
  EXPECT_EQ(job.rw_seq_add_bytes, -8192);
  EXPECT_EQ(ParseOne("[j]\nrw=trimwrite\n").rw, RwPattern::kTrimWrite);
  EXPECT_EQ(ParseOne("[j]\nrw=randtrimwrite:4\n").rw_seq_nr, 4u);
  // A later rw= without a postfix clears the earlier one.
  EXPECT_EQ(ParseOne("[global]\nrw=randread:8\n[j]\nrw=randread\n").rw_seq_nr, 0u);
}

TEST(FioJobOptions, BlockSizeRangesAndAlignment) {
  FioJob job = ParseOne("[j]\nbsrange=4k-16k,8k-64k\n");
  EXPECT_EQ(job.bs_range[0].min_bytes, 4096u);
  EXPECT_EQ(job.bs_range[0].max_bytes, 16384u);
  EXPECT_EQ(job.bs_range[1].min_bytes, 8192u);
  EXPECT_EQ(job.bs_range[1].max_bytes, 65536u);
  EXPECT_EQ(job.bs_range[2].max_bytes, 65536u);                   // trim follows write
  job = ParseOne("[j]\nblocksize_range=64k:4k\nbs_unaligned\n");  // fio swaps
  EXPECT_EQ(job.bs_range[0].min_bytes, 4096u);
  EXPECT_EQ(job.bs_range[0].max_bytes, 65536u);
  EXPECT_TRUE(job.bs_unaligned);
  job = ParseOne("[j]\nba=8k\n");
  EXPECT_EQ(job.block_align[0], 8192u);
  EXPECT_EQ(job.block_align[2], 8192u);
  job = ParseOne("[j]\nblockalign=4k,16k\n");
  EXPECT_EQ(job.block_align[0], 4096u);
  EXPECT_EQ(job.block_align[1], 16384u);
  // A later bs replaces the range for its directions.
  job = ParseOne("[j]\nbsrange=4k-16k\nbs=,8k\n");
  EXPECT_EQ(job.bs_range[0].max_bytes, 16384u);
  EXPECT_EQ(job.bs_range[1].max_bytes, 0u);
  EXPECT_EQ(job.block_sizes[1][0].bytes, 8192u);
  EXPECT_EQ(ErrorOf("[j]\nbsrange=4k\n"),
            "job.fio:2: bsrange: '4k' is not a range (write min-max, as 4k-64k)");
  EXPECT_EQ(ErrorOf("[j]\nba=1000\n"),
            "job.fio:2: ba: alignment 1000 bytes is not a multiple of 512 up to 1 GiB");
}

TEST(FioJobOptions, FilesOnTheDrive) {
  FioJob job = ParseOne("[j]\nfilesize=1m\nnrfiles=8\nopenfiles=2\nfile_service_type=random:4\n");
  EXPECT_EQ(job.filesize_min.bytes, kMiB);
  EXPECT_EQ(job.filesize_max.bytes, kMiB);
  EXPECT_EQ(job.nrfiles, 8u);
  EXPECT_EQ(job.openfiles, 2u);
  EXPECT_EQ(job.file_service, FileService::kRandom);
  EXPECT_EQ(job.file_service_nr, 4u);
  job = ParseOne("[j]\nfilesize=4m-1m\nnr_files=3\nfile_service_type=sequential\n");
  EXPECT_EQ(job.filesize_min.bytes, kMiB);
  EXPECT_EQ(job.filesize_max.bytes, 4 * kMiB);
  EXPECT_EQ(job.nrfiles, 3u);
  EXPECT_EQ(job.file_service, FileService::kSequential);
  EXPECT_EQ(job.file_service_nr, 1u);
  EXPECT_EQ(ParseOne("[j]\nfile_service_type=roundrobin\n").file_service, FileService::kRoundRobin);
  EXPECT_EQ(ErrorOf("[j]\nfile_service_type=zipf:1.2\n"),
            "job.fio:2: file_service_type: 'zipf' (a skewed choice of file) is not supported; use "
            "random, roundrobin or sequential, or random_distribution for skew within the region");
  EXPECT_EQ(ErrorOf("[j]\nnrfiles=0\n"), "job.fio:2: nrfiles: value 0 is out of range 1..1048576");
}

TEST(FioJobOptions, OffsetIncrementAndZoneUnits) {
  FioJob job = ParseOne("[j]\noffset_increment=10%\n");
  EXPECT_TRUE(job.offset_increment.is_percent);
  EXPECT_DOUBLE_EQ(job.offset_increment.percent, 10);
  EXPECT_EQ(ParseOne("[j]\noffset_increment=1g\n").offset_increment.bytes, kGiB);
  job = ParseOne(
      "[j]\nzonemode=zbd\nzonesize=256m\nsize=8z\noffset=2z\nio_size=4z\n"
      "offset_increment=1z\njob_max_open_zones=12\n");
  EXPECT_TRUE(job.zbd);
  EXPECT_EQ(job.zonesize.bytes, 256 * kMiB);
  EXPECT_TRUE(job.size.in_zones);
  EXPECT_EQ(job.size.zones, 8u);
  EXPECT_EQ(job.offset.zones, 2u);
  EXPECT_EQ(job.io_size.zones, 4u);
  EXPECT_EQ(job.offset_increment.zones, 1u);
  EXPECT_EQ(job.max_open_zones, 12u);
}

TEST(FioJobOptions, RatesPerDirection) {
  FioJob job = ParseOne("[j]\nrate=1m,2m\nratemin=512k\nratecycle=500\nrate_process=poisson\n");
  EXPECT_EQ(job.rate_bytes[0], kMiB);
  EXPECT_EQ(job.rate_bytes[1], 2 * kMiB);
  EXPECT_EQ(job.rate_bytes[2], 2 * kMiB);
  EXPECT_EQ(job.rate_min_bytes[0], 512 * kKiB);
  EXPECT_EQ(job.rate_min_bytes[1], 512 * kKiB);
  EXPECT_EQ(job.rate_cycle_ns, 500000000u);  // ratecycle is in ms
  EXPECT_EQ(job.rate_process, RateProcess::kPoisson);
  // HOWTO: "rate=500k," limits only reads, "rate=,500k" only writes.
  job = ParseOne("[j]\nrate=500k,\n");
  EXPECT_EQ(job.rate_bytes[0], 500 * kKiB);
  EXPECT_EQ(job.rate_bytes[1], 0u);
  job = ParseOne("[j]\nrate=,500k\n");
  EXPECT_EQ(job.rate_bytes[0], 0u);
  EXPECT_EQ(job.rate_bytes[1], 500 * kKiB);
  // One rate_iops for every direction stays in rate_iops; a list fills
  // rate_iops_dir.
  job = ParseOne("[j]\nrate_iops=5000\nrate_iops_min=100\n");
  EXPECT_EQ(job.rate_iops, 5000u);
  EXPECT_EQ(job.rate_iops_dir[0], 0u);
  EXPECT_EQ(job.rate_iops_min[1], 100u);
  job = ParseOne("[j]\nrate_iops=100,200\n");
  EXPECT_EQ(job.rate_iops, 0u);
  EXPECT_EQ(job.rate_iops_dir[0], 100u);
  EXPECT_EQ(job.rate_iops_dir[1], 200u);
  EXPECT_EQ(job.rate_iops_dir[2], 200u);
  // Defaults are never errors.
  job = ParseOne("[j]\nrate=0\nrate_iops=0\nratemin=0\n");
  EXPECT_EQ(job.rate_bytes[0], 0u);
  EXPECT_EQ(ErrorOf("[j]\nrate_process=burst\n"),
            "job.fio:2: rate_process: unknown value 'burst' (allowed: linear, poisson)");
}

TEST(FioJobOptions, SyncFlushesAndFill) {
  FioJob job = ParseOne("[j]\nsync=1\nfsync=8\nend_fsync=1\nfill_device=1\n");
  EXPECT_TRUE(job.sync_writes);
  EXPECT_EQ(job.fsync_blocks, 8u);
  EXPECT_TRUE(job.end_fsync);
  EXPECT_TRUE(job.fill_device);
  EXPECT_TRUE(ParseOne("[j]\nsync=dsync\n").sync_writes);
  EXPECT_FALSE(ParseOne("[j]\nsync=none\n").sync_writes);
  EXPECT_FALSE(ParseOne("[j]\nsync=0\n").sync_writes);
  EXPECT_EQ(ParseOne("[j]\nfdatasync=4\n").fsync_blocks, 4u);
  EXPECT_TRUE(ParseOne("[j]\nend_syncfs=1\n").end_fsync);
  EXPECT_TRUE(ParseOne("[j]\nfill_fs=1\n").fill_device);
  EXPECT_FALSE(ParseOne("[j]\nfill_device=0\n").fill_device);
}

TEST(FioJobOptions, FlowExitallIologAndWaitFor) {
  const FioJobFile file = ParseFioJobs(
      "[a]\nflow=-2\nflow_id=3\nflow_sleep=100\nexitall\nread_iolog=trace.log\n"
      "[b]\nwait_for=a\n",
      "job.fio");
  const FioJob& a = file.jobs[0];
  EXPECT_EQ(a.flow, -2);
  EXPECT_EQ(a.flow_id, 3u);
  EXPECT_EQ(a.flow_sleep_ns, 100000u);  // flow_sleep is in microseconds
  EXPECT_TRUE(a.exitall);
  EXPECT_EQ(a.read_iolog, "trace.log");
  EXPECT_EQ(file.jobs[1].wait_for, "a");
  EXPECT_EQ(ErrorOf("[a]\n[b]\n\nwait_for=c\n"),
            "job.fio:4: wait_for: no job named 'c' before job 'b' (fio waits only for a job "
            "defined earlier in the file)");
}

TEST(FioJobOptions, SteadyState) {
  FioJob job = ParseOne("[j]\nss=iops:10%\nss_dur=300\nss_ramp=1m\n");
  EXPECT_EQ(job.ss_metric, SteadyStateMetric::kIops);
  EXPECT_DOUBLE_EQ(job.ss_limit, 10);
  EXPECT_TRUE(job.ss_limit_percent);
  EXPECT_EQ(job.ss_dur_ns, 300 * kSecondNs);
  EXPECT_EQ(job.ss_ramp_ns, 60 * kSecondNs);
  job = ParseOne("[j]\nsteadystate=iops_slope:0.1%\nsteadystate_duration=1800\n");
  EXPECT_EQ(job.ss_metric, SteadyStateMetric::kIopsSlope);
  EXPECT_DOUBLE_EQ(job.ss_limit, 0.1);
  job = ParseOne("[j]\nss=bw:50m\n");
  EXPECT_EQ(job.ss_metric, SteadyStateMetric::kBw);
  EXPECT_FALSE(job.ss_limit_percent);
  EXPECT_DOUBLE_EQ(job.ss_limit, 50.0 * kMiB);
  job = ParseOne("[j]\nss=iops:2500\n");
  EXPECT_DOUBLE_EQ(job.ss_limit, 2500);
  EXPECT_EQ(ParseOne("[j]\nss=bw_slope:2%\n").ss_metric, SteadyStateMetric::kBwSlope);
  // A duration alone takes fio's default criterion, iops_slope:0.01%.
  job = ParseOne("[j]\nss_dur=60\nss_interval=1\n");
  EXPECT_EQ(job.ss_metric, SteadyStateMetric::kIopsSlope);
  EXPECT_DOUBLE_EQ(job.ss_limit, 0.01);
  EXPECT_TRUE(job.ss_limit_percent);
  EXPECT_EQ(ErrorOf("[j]\nss=iops\n"),
            "job.fio:2: ss: needs a threshold after the criterion, as in iops:10% (fio requires "
            "it)");
}

// fio's latency criteria (steadystate.c FIO_SS_LAT): a percentage of the
// window's mean latency, or a time (microseconds without a unit, fio
// check_str_time); ss_interval sets the sample period (at least 1 s, ss_dur
// a whole number of them, as fio's init.c requires).
TEST(FioJobOptions, SteadyStateOnLatency) {
  FioJob job = ParseOne("[j]\nss=lat:5%\nss_dur=300\nss_interval=10\n");
  EXPECT_EQ(job.ss_metric, SteadyStateMetric::kLat);
  EXPECT_DOUBLE_EQ(job.ss_limit, 5);
  EXPECT_TRUE(job.ss_limit_percent);
  EXPECT_EQ(job.ss_interval_ns, 10 * kSecondNs);
  job = ParseOne("[j]\nsteadystate=lat_slope:0.1%\nsteadystate_check_interval=5s\n");
  EXPECT_EQ(job.ss_metric, SteadyStateMetric::kLatSlope);
  EXPECT_DOUBLE_EQ(job.ss_limit, 0.1);
  EXPECT_EQ(job.ss_interval_ns, 5 * kSecondNs);
  job = ParseOne("[j]\nss=lat:500\n");
  EXPECT_FALSE(job.ss_limit_percent);
  EXPECT_DOUBLE_EQ(job.ss_limit, 500'000);  // 500 us in ns
  EXPECT_DOUBLE_EQ(ParseOne("[j]\nss=lat:2ms\n").ss_limit, 2'000'000);
  EXPECT_EQ(ParseOne("[j]\n").ss_interval_ns, kSecondNs);
  EXPECT_EQ(ErrorOf("[j]\nss=latency:5%\n"),
            "job.fio:2: ss: unknown criterion 'latency' (allowed: iops, iops_slope, bw, "
            "bw_slope, lat, lat_slope)");
  EXPECT_EQ(ErrorOf("[j]\nss_interval=500ms\n"),
            "job.fio:2: ss_interval: must be at least 1s (as in fio)");
  EXPECT_EQ(ErrorOf("[j]\nss=lat:5%\nss_dur=25\nss_interval=10\n"),
            "job.fio:1: job 'j': ss_dur (25000 ms) must be a multiple of ss_interval (10000 ms), "
            "as fio requires");
}

// fio latency_target (us without a unit), latency_window (us),
// latency_percentile (0..100, default 100), latency_run.
TEST(FioJobOptions, LatencyTarget) {
  FioJob job =
      ParseOne("[j]\nlatency_target=500000\nlatency_window=5000000\nlatency_percentile=99.9\n");
  EXPECT_EQ(job.latency_target_ns, 500'000'000u);
  EXPECT_EQ(job.latency_window_ns, 5'000'000'000u);
  EXPECT_DOUBLE_EQ(job.latency_percentile, 99.9);
  EXPECT_FALSE(job.latency_run);
  job = ParseOne("[j]\nlatency_target=2ms\nlatency_run=1\n");
  EXPECT_EQ(job.latency_target_ns, 2'000'000u);
  EXPECT_EQ(job.latency_window_ns, 0u);
  EXPECT_DOUBLE_EQ(job.latency_percentile, 100);
  EXPECT_TRUE(job.latency_run);
  EXPECT_EQ(ParseOne("[j]\n").latency_target_ns, 0u);
  EXPECT_EQ(ErrorOf("[j]\nlatency_percentile=101\n"),
            "job.fio:2: latency_percentile: must be from 0 to 100");
}

TEST(FioJobOptions, ReportingOptionsAndPercentiles) {
  FioJob job = ParseOne(
      "[j]\ngroup_reporting\nunified_rw_reporting=mixed\n"
      "percentile_list=99.9:50:99.5\n");
  EXPECT_TRUE(job.group_reporting);
  EXPECT_TRUE(job.unified_rw_reporting);
  EXPECT_EQ(job.percentile_list, (std::vector<double>{50, 99.5, 99.9}));
  EXPECT_TRUE(ParseOne("[j]\nunified_rw_reporting=both\n").unified_rw_reporting);
  EXPECT_FALSE(ParseOne("[j]\nunified_rw_reporting=0\n").unified_rw_reporting);
  EXPECT_EQ(ErrorOf("[j]\npercentile_list=99:101\n"),
            "job.fio:2: percentile_list: percentile 101 is above 100");
}

TEST(FioJobOptions, NumjobsClonesAndReportGroups) {
  const FioJobFile file = ParseFioJobs(
      "[global]\nrw=randrw\nrwmixread=70\n"
      "[a]\nnumjobs=2\n"
      "[b]\nstonewall\nnumjobs=3\n"
      "[c]\nnew_group\n"
      "[d]\n",
      "job.fio");
  ASSERT_EQ(file.jobs.size(), 7u);
  const std::vector<std::string> names = {"a", "a", "b", "b", "b", "c", "d"};
  const std::vector<uint32_t> clone_index = {0, 1, 0, 1, 2, 0, 0};
  const std::vector<uint32_t> groups = {0, 0, 1, 1, 1, 2, 2};
  const std::vector<bool> stonewall = {false, false, true, false, false, false, false};
  for (size_t i = 0; i < file.jobs.size(); ++i) {
    EXPECT_EQ(file.jobs[i].name, names[i]) << i;
    EXPECT_EQ(file.jobs[i].clone_index, clone_index[i]) << i;
    EXPECT_EQ(file.jobs[i].report_group, groups[i]) << i;
    EXPECT_EQ(file.jobs[i].stonewall, stonewall[i]) << i;
    EXPECT_EQ(file.jobs[i].rwmixread, 70u) << i;
  }
  EXPECT_EQ(file.jobs[3].numjobs, 3u);
  // A first job with stonewall stays in group 0 (no earlier jobs).
  EXPECT_EQ(ParseFioJobs("[a]\nstonewall\n[b]\n", "job.fio").jobs[1].report_group, 0u);
}

TEST(FioJobOptions, JobAndGlobalOptionsAsWritten) {
  const FioJobFile file =
      ParseFioJobs("[global]\nioengine=libaio\nbs=4k\n[j]\nrw=randread\nnorandommap\n", "job.fio");
  using Options = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(file.global_options, (Options{{"ioengine", "libaio"}, {"bs", "4k"}}));
  EXPECT_EQ(file.jobs[0].options, (Options{{"rw", "randread"}, {"norandommap", ""}}));
}

TEST(FioJobExpansion, EnvironmentVariables) {
  FioParseOptions options;
  options.environment = [](const std::string& name) -> std::optional<std::string> {
    if (name == "FIO_BS") return std::string("8k");
    if (name == "DEPTH") return std::string("16");
    return std::nullopt;
  };
  const FioJobFile file = ParseFioJobs(
      "[j]\nbs=${FIO_BS}\niodepth=${DEPTH}\nbsrange=${FIO_BS}-64k\n", "job.fio", options);
  EXPECT_EQ(file.jobs[0].block_sizes[0][0].bytes, 8192u);
  EXPECT_EQ(file.jobs[0].iodepth, 16u);
  EXPECT_EQ(file.jobs[0].bs_range[0].min_bytes, 8192u);
  EXPECT_EQ(file.jobs[0].options[0].second, "8k");  // fio keeps the expanded value
  EXPECT_EQ(ErrorOf("[j]\n\niodepth=${QD}\n", options),
            "job.fio:3: iodepth: environment variable 'QD' is not set (fio would use an empty "
            "value; set it or write the value itself)");
}

TEST(FioJobExpansion, KeywordsAndArithmetic) {
  // The simulated host: 4 KiB pages, 16384 MiB of memory, 8 CPUs.
  FioJob job = ParseOne("[j]\nbs=$pagesize\nsize=64*$pagesize\n");
  EXPECT_EQ(job.block_sizes[0][0].bytes, 4096u);
  EXPECT_EQ(job.size.bytes, 262144u);
  // fio's page_fault.fio: 5/8 of the memory, computed as bc would.
  EXPECT_EQ(ParseOne("[j]\nsize=5*1024*1024*$mb_memory/8\n").size.bytes, 10 * kGiB);
  EXPECT_EQ(ParseFioJobs("[j]\nnumjobs=$ncpus\n", "job.fio").jobs.size(), 8u);
  // Arithmetic in parentheses (fio's exp/ parser) with size suffixes.
  EXPECT_EQ(ParseOne("[j]\nsize=(1m*4)\n").size.bytes, 4 * kMiB);
  EXPECT_EQ(ParseOne("[j]\nsize=(10+6)*1k\n").size.bytes, 16 * kKiB);
  EXPECT_EQ(ParseOne("[j]\niodepth=(2^5)\n").iodepth, 32u);
  EXPECT_EQ(ParseOne("[j]\nruntime=(2*30)\n").runtime_ns, 60 * kSecondNs);
  EXPECT_EQ(ParseOne("[j]\noffset=(100-36)%7\n").offset.bytes, 1u);  // 64 % 7
}

TEST(FioJobExpansion, IncludeReadsTheFileInPlace) {
  FioParseOptions options;
  std::vector<std::string> asked;
  options.read_include = [&](const std::string& path, const std::string& including) {
    asked.push_back(path + " from " + including);
    if (path == "common.fio") return std::string("bs=8k\niodepth=4\ninclude more/deep.fio\n");
    if (path == "more/deep.fio") return std::string("rw=randwrite\n");
    if (path == "section.fio") return std::string("bs=4k\n\n[second]\n");
    if (path == "bad.fio") return std::string("\nbs=0\n");
    return std::string("include loop.fio\n");
  };
  const FioJobFile file =
      ParseFioJobs("[first]\ninclude common.fio\nsize=1m\n[second]\ninclude common.fio\n",
                   "dir/job.fio", options);
  ASSERT_EQ(file.jobs.size(), 2u);
  EXPECT_EQ(file.jobs[0].block_sizes[0][0].bytes, 8192u);
  EXPECT_EQ(file.jobs[0].iodepth, 4u);
  EXPECT_EQ(file.jobs[0].rw, RwPattern::kRandWrite);
  EXPECT_EQ(file.jobs[0].size.bytes, kMiB);  // the line after the include
  EXPECT_EQ(file.jobs[1].iodepth, 4u);
  EXPECT_EQ(asked, (std::vector<std::string>{
                       "common.fio from dir/job.fio", "more/deep.fio from dir/common.fio",
                       "common.fio from dir/job.fio", "more/deep.fio from dir/common.fio"}));
  EXPECT_EQ(ErrorOf("[j]\ninclude section.fio\n", options),
            "section.fio:3: no new sections in included files (fio refuses them too)");
  // Errors name the included file and its line.
  EXPECT_EQ(ErrorOf("[j]\ninclude bad.fio\n", options),
            "bad.fio:2: bs: invalid size '0' (block sizes are 512 bytes to 1 GiB)");
  EXPECT_EQ(ErrorOf("[j]\ninclude loop.fio\n", options),
            "loop.fio:1: include: 'loop.fio' nests more than 16 deep (an include cycle?)");
}

TEST(FioJobExpansion, ParseFioJobFileReadsIncludesBesideTheFile) {
  const std::string dir = ::testing::TempDir() + "fio_job_file_test";
  std::remove((dir + "/job.fio").c_str());
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  std::ofstream(dir + "/job.fio") << "[j]\ninclude common.fio\n";
  std::ofstream(dir + "/common.fio") << "bs=16k\n";
  const FioJobFile file = ParseFioJobFile(dir + "/job.fio");
  EXPECT_EQ(file.file, dir + "/job.fio");
  EXPECT_EQ(file.jobs[0].block_sizes[0][0].bytes, 16384u);
  EXPECT_EQ(ResolveFioInclude("/abs/x.fio", "dir/job.fio"), "/abs/x.fio");
  EXPECT_EQ(ResolveFioInclude("x.fio", "job.fio"), "x.fio");
  try {
    ParseFioJobFile(dir + "/missing.fio");
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              dir + "/missing.fio: cannot read the file (does it exist?)");
  }
}

}  // namespace
}  // namespace flashscope
