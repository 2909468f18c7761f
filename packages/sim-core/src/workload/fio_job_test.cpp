// Tests for ParseFioJobs: fio's values for every supported option, [global]
// merging, the ignored list, and each kind of error with its exact line.
#include "workload/fio_job.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "util/input_error.h"

namespace flashscope {
namespace {

FioJob ParseOne(const std::string& text) {
  const FioJobFile parsed = ParseFioJobs(text, "job.fio");
  EXPECT_EQ(parsed.jobs.size(), 1u);
  return parsed.jobs.at(0);
}

// The full "FILE:LINE: problem" message of the InputError `text` raises.
std::string ErrorOf(const std::string& text) {
  try {
    ParseFioJobs(text, "job.fio");
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

constexpr uint64_t kKiB = 1024;
constexpr uint64_t kMiB = 1024 * kKiB;
constexpr uint64_t kGiB = 1024 * kMiB;
constexpr uint64_t kSecondNs = 1000000000;

TEST(FioJobParse, EmptyJobHasFioDefaults) {
  const FioJob job = ParseOne("[seqread]\n");
  EXPECT_EQ(job.name, "seqread");
  EXPECT_EQ(job.line, 1u);
  EXPECT_EQ(job.rw, RwPattern::kRead);  // fio: "defaults to read"
  for (int dir = 0; dir < 3; ++dir) {
    ASSERT_EQ(job.block_sizes[dir].size(), 1u);
    EXPECT_EQ(job.block_sizes[dir][0].bytes, 4096u);  // bs default 4096
    EXPECT_EQ(job.block_sizes[dir][0].percent, 100u);
  }
  EXPECT_EQ(job.rwmixread, 50u);
  EXPECT_EQ(job.percentage_random, 100u);
  EXPECT_EQ(job.iodepth, 1u);
  EXPECT_EQ(job.loops, 1u);
  EXPECT_FALSE(job.size.set);
  EXPECT_FALSE(job.offset.set);
  EXPECT_FALSE(job.io_size.set);
  EXPECT_EQ(job.distribution, Distribution::kUniform);
  EXPECT_FALSE(job.norandommap);
  EXPECT_FALSE(job.stonewall);
  EXPECT_FALSE(job.has_randseed);
  EXPECT_TRUE(job.ignored.empty());
}

TEST(FioJobParse, EverySupportedOption) {
  const FioJob job = ParseOne(
      "; a precondition-style job\n"
      "[steady]\n"
      "name=steady-state\n"
      "description=70/30 4K random mix\n"
      "rw=randrw\n"
      "bs=4k\n"
      "size=50%\n"
      "offset=10%\n"
      "io_size=8g\n"
      "number_ios=1m\n"
      "loops=3\n"
      "iodepth=32\n"
      "rwmixread=70\n"
      "percentage_random=80\n"
      "random_distribution=zipf:1.2\n"
      "norandommap\n"
      "runtime=10m\n"
      "time_based=1\n"
      "thinktime=250\n"
      "thinktime_blocks=8\n"
      "startdelay=2s\n"
      "ramp_time=30\n"
      "rate_iops=5000\n"
      "stonewall\n"
      "new_group\n"
      "randseed=1234\n"
      "numjobs=1\n"
      "fsync=32\n");
  EXPECT_EQ(job.name, "steady-state");  // name= overrides the section name
  EXPECT_EQ(job.line, 2u);
  EXPECT_EQ(job.description, "70/30 4K random mix");
  EXPECT_EQ(job.rw, RwPattern::kRandRw);
  EXPECT_EQ(job.block_sizes[0][0].bytes, 4096u);
  EXPECT_TRUE(job.size.set);
  EXPECT_TRUE(job.size.is_percent);
  EXPECT_DOUBLE_EQ(job.size.percent, 50);
  EXPECT_TRUE(job.offset.is_percent);
  EXPECT_DOUBLE_EQ(job.offset.percent, 10);
  EXPECT_EQ(job.io_size.bytes, 8 * kGiB);
  EXPECT_EQ(job.number_ios, 1048576u);  // fio takes size suffixes on ints
  EXPECT_EQ(job.loops, 3u);
  EXPECT_EQ(job.iodepth, 32u);
  EXPECT_EQ(job.rwmixread, 70u);
  EXPECT_EQ(job.percentage_random, 80u);
  EXPECT_EQ(job.distribution, Distribution::kZipf);
  EXPECT_DOUBLE_EQ(job.distribution_param, 1.2);
  EXPECT_TRUE(job.norandommap);
  EXPECT_EQ(job.runtime_ns, 600 * kSecondNs);  // m = minutes
  EXPECT_TRUE(job.time_based);
  EXPECT_EQ(job.thinktime_ns, 250000u);  // thinktime: microseconds
  EXPECT_EQ(job.thinktime_blocks, 8u);
  EXPECT_EQ(job.startdelay_ns, 2 * kSecondNs);
  EXPECT_EQ(job.ramp_time_ns, 30 * kSecondNs);  // ramp_time: seconds
  EXPECT_EQ(job.rate_iops, 5000u);
  EXPECT_TRUE(job.stonewall);
  EXPECT_TRUE(job.new_group);
  EXPECT_TRUE(job.has_randseed);
  EXPECT_EQ(job.randseed, 1234u);
  EXPECT_EQ(job.fsync_blocks, 32u);
  EXPECT_TRUE(job.ignored.empty());
}

TEST(FioJobParse, RwValuesAndAliases) {
  const struct {
    const char* text;
    RwPattern rw;
  } cases[] = {
      {"rw=read", RwPattern::kRead},
      {"rw=write", RwPattern::kWrite},
      {"rw=trim", RwPattern::kTrim},
      {"rw=randread", RwPattern::kRandRead},
      {"rw=randwrite", RwPattern::kRandWrite},
      {"rw=randtrim", RwPattern::kRandTrim},
      {"rw=rw", RwPattern::kReadWrite},
      {"rw=readwrite", RwPattern::kReadWrite},
      {"readwrite=randrw", RwPattern::kRandRw},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(ParseOne(std::string("[j]\n") + c.text + "\n").rw, c.rw) << c.text;
  }
}

TEST(FioJobParse, SizeSuffixesFollowFioKbBase) {
  // fio's default kb_base=1024: k/m/g/t (with or without b) are powers of
  // 1024; the IEC spellings ki/mi/kib/mib are powers of 1000 (HOWTO: "1 MB:
  // 1000000, 1mi, 1000ki" in compatibility mode).
  const struct {
    const char* value;
    uint64_t bytes;
  } cases[] = {
      {"4096", 4096},
      {"4k", 4 * kKiB},
      {"4K", 4 * kKiB},
      {"4kb", 4 * kKiB},
      {"4KB", 4 * kKiB},
      {"1m", kMiB},
      {"1M", kMiB},
      {"3g", 3 * kGiB},
      {"3G", 3 * kGiB},
      {"2t", 2 * 1024 * kGiB},
      {"2T", 2 * 1024 * kGiB},
      {"1mi", 1000000},
      {"1MiB", 1000000},
      {"2GiB", 2000000000},
      {"0x1000", 4096},
      {"512b", 512},
  };
  for (const auto& c : cases) {
    const FioJob job = ParseOne(std::string("[j]\nsize=") + c.value + "\n");
    EXPECT_EQ(job.size.bytes, c.bytes) << c.value;
    EXPECT_FALSE(job.size.is_percent);
  }
  // kb_base=1000 swaps them: k is 1000, KiB is 1024.
  const FioJob si = ParseOne("[j]\nkb_base=1000\nsize=1m\nio_size=1MiB\n");
  EXPECT_EQ(si.size.bytes, 1000000u);
  EXPECT_EQ(si.io_size.bytes, kMiB);
  // kb_base in [global] carries into the jobs after it.
  const FioJob inherited =
      ParseFioJobs("[global]\nkb_base=1000\n[j]\nsize=2k\n", "job.fio").jobs.at(0);
  EXPECT_EQ(inherited.size.bytes, 2000u);
}

TEST(FioJobParse, PercentSizesAndOffsets) {
  const FioJob job = ParseOne("[j]\nsize=12.5%\noffset=0%\nio_size=100%\n");
  EXPECT_TRUE(job.size.is_percent);
  EXPECT_DOUBLE_EQ(job.size.percent, 12.5);
  EXPECT_TRUE(job.offset.set);
  EXPECT_DOUBLE_EQ(job.offset.percent, 0);
  EXPECT_EQ(job.size.Resolve(8 * kGiB), kGiB);
  EXPECT_EQ(job.io_size.Resolve(8 * kGiB), 8 * kGiB);
  SizeSpec bytes;
  bytes.set = true;
  bytes.bytes = 12345;
  EXPECT_EQ(bytes.Resolve(kGiB), 12345u);
}

TEST(FioJobParse, TimeUnits) {
  const struct {
    const char* line;
    uint64_t FioJob::*field;
    uint64_t ns;
  } cases[] = {
      {"runtime=30", &FioJob::runtime_ns, 30 * kSecondNs},
      {"runtime=1500ms", &FioJob::runtime_ns, 1500000000},
      {"runtime=2h", &FioJob::runtime_ns, 7200 * kSecondNs},
      {"runtime=1d", &FioJob::runtime_ns, 86400 * kSecondNs},
      {"runtime=90s", &FioJob::runtime_ns, 90 * kSecondNs},
      {"timeout=5", &FioJob::runtime_ns, 5 * kSecondNs},
      {"thinktime=100", &FioJob::thinktime_ns, 100000},
      {"thinktime=100us", &FioJob::thinktime_ns, 100000},
      {"thinktime=2ms", &FioJob::thinktime_ns, 2000000},
      {"thinktime=1s", &FioJob::thinktime_ns, kSecondNs},
      {"startdelay=3", &FioJob::startdelay_ns, 3 * kSecondNs},
      {"startdelay=10ms", &FioJob::startdelay_ns, 10000000},
      {"ramp_time=2m", &FioJob::ramp_time_ns, 120 * kSecondNs},
  };
  for (const auto& c : cases) {
    const FioJob job = ParseOne(std::string("[j]\n") + c.line + "\n");
    EXPECT_EQ(job.*(c.field), c.ns) << c.line;
  }
}

TEST(FioJobParse, BlockSizesPerDirection) {
  // fio HOWTO `blocksize`: a value not terminated in a comma applies to the
  // following directions; an empty one keeps the default.
  FioJob job = ParseOne("[j]\nbs=8k,32k\n");
  EXPECT_EQ(job.block_sizes[0][0].bytes, 8 * kKiB);
  EXPECT_EQ(job.block_sizes[1][0].bytes, 32 * kKiB);
  EXPECT_EQ(job.block_sizes[2][0].bytes, 32 * kKiB);
  job = ParseOne("[j]\nbs=8k,32k,\n");
  EXPECT_EQ(job.block_sizes[2][0].bytes, 4096u);
  job = ParseOne("[j]\nblocksize=,8k\n");
  EXPECT_EQ(job.block_sizes[0][0].bytes, 4096u);
  EXPECT_EQ(job.block_sizes[1][0].bytes, 8 * kKiB);
  EXPECT_EQ(job.block_sizes[2][0].bytes, 8 * kKiB);
  job = ParseOne("[j]\nbs=256k\n");
  for (int dir = 0; dir < 3; ++dir) {
    EXPECT_EQ(job.block_sizes[dir][0].bytes, 256 * kKiB);
  }
}

TEST(FioJobParse, BsSplit) {
  FioJob job = ParseOne("[j]\nbssplit=4k/10:64k/50:32k/40\n");
  for (int dir = 0; dir < 3; ++dir) {
    ASSERT_EQ(job.block_sizes[dir].size(), 3u);
    EXPECT_EQ(job.block_sizes[dir][0].bytes, 4 * kKiB);
    EXPECT_EQ(job.block_sizes[dir][0].percent, 10u);
    EXPECT_EQ(job.block_sizes[dir][1].bytes, 64 * kKiB);
    EXPECT_EQ(job.block_sizes[dir][1].percent, 50u);
    EXPECT_EQ(job.block_sizes[dir][2].bytes, 32 * kKiB);
    EXPECT_EQ(job.block_sizes[dir][2].percent, 40u);
  }
  // HOWTO: "bssplit=4k/50:1k/:32k/ would have 50% 4k ios, and 25% 1k and
  // 32k ios".
  job = ParseOne("[j]\nbssplit=4k/50:1k/:32k/\n");
  EXPECT_EQ(job.block_sizes[0][1].bytes, 1024u);
  EXPECT_EQ(job.block_sizes[0][1].percent, 25u);
  EXPECT_EQ(job.block_sizes[0][2].percent, 25u);
  // Three blanks share 100 as 33/33/34 so the total stays 100.
  job = ParseOne("[j]\nbssplit=4k:8k:16k\n");
  EXPECT_EQ(
      job.block_sizes[0][0].percent + job.block_sizes[0][1].percent + job.block_sizes[0][2].percent,
      100u);
  EXPECT_EQ(job.block_sizes[0][2].percent, 34u);
  // Per direction: 50% 2k + 50% 4k reads; 90% 4k + 10% 8k writes and trims.
  job = ParseOne("[j]\nbssplit=2k/50:4k/50,4k/90:8k/10\n");
  EXPECT_EQ(job.block_sizes[0][0].bytes, 2 * kKiB);
  EXPECT_EQ(job.block_sizes[0][1].percent, 50u);
  EXPECT_EQ(job.block_sizes[1][0].percent, 90u);
  EXPECT_EQ(job.block_sizes[1][1].bytes, 8 * kKiB);
  EXPECT_EQ(job.block_sizes[2][1].percent, 10u);
}

TEST(FioJobParse, RwmixWriteAndLatterWins) {
  EXPECT_EQ(ParseOne("[j]\nrwmixwrite=30\n").rwmixread, 70u);
  // fio: if both are given, the latter overrides the first.
  EXPECT_EQ(ParseOne("[j]\nrwmixread=90\nrwmixwrite=40\n").rwmixread, 60u);
  EXPECT_EQ(ParseOne("[j]\nrwmixwrite=40\nrwmixread=90\n").rwmixread, 90u);
}

TEST(FioJobParse, RandomDistributions) {
  FioJob job = ParseOne("[j]\nrandom_distribution=zipf\n");
  EXPECT_EQ(job.distribution, Distribution::kZipf);
  EXPECT_DOUBLE_EQ(job.distribution_param, 1.1);  // fio FIO_DEF_ZIPF
  job = ParseOne("[j]\nrandom_distribution=zipf:0.8:0.25\n");
  EXPECT_DOUBLE_EQ(job.distribution_param, 0.8);
  EXPECT_DOUBLE_EQ(job.distribution_center, 0.25);
  job = ParseOne("[j]\nrandom_distribution=pareto\n");
  EXPECT_EQ(job.distribution, Distribution::kPareto);
  EXPECT_DOUBLE_EQ(job.distribution_param, 0.2);  // fio FIO_DEF_PARETO
  job = ParseOne("[j]\nrandom_distribution=pareto:0.3\n");
  EXPECT_DOUBLE_EQ(job.distribution_param, 0.3);
  job = ParseOne("[j]\nrandom_distribution=normal:5\n");
  EXPECT_EQ(job.distribution, Distribution::kNormal);
  EXPECT_DOUBLE_EQ(job.distribution_param, 5);
  EXPECT_DOUBLE_EQ(job.distribution_center, -1);
  job = ParseOne("[j]\nrandom_distribution=random\n");
  EXPECT_EQ(job.distribution, Distribution::kUniform);

  // The HOWTO's example: 60% of accesses to the first 10%, 30% to the next
  // 20%, 8% to the next 30%, 2% to the last 40%.
  job = ParseOne("[j]\nrandom_distribution=zoned:60/10:30/20:8/30:2/40\n");
  EXPECT_EQ(job.distribution, Distribution::kZoned);
  ASSERT_EQ(job.zones.size(), 4u);
  EXPECT_DOUBLE_EQ(job.zones[0].access_percent, 60);
  EXPECT_DOUBLE_EQ(job.zones[0].size_percent, 10);
  EXPECT_DOUBLE_EQ(job.zones[3].access_percent, 2);
  EXPECT_DOUBLE_EQ(job.zones[3].size_percent, 40);
  // Blank sizes share what is left.
  job = ParseOne("[j]\nrandom_distribution=zoned:80/20:10/:10/\n");
  EXPECT_DOUBLE_EQ(job.zones[1].size_percent, 40);
  EXPECT_DOUBLE_EQ(job.zones[2].size_percent, 40);
}

TEST(FioJobParse, GlobalAppliesToTheJobsAfterIt) {
  const FioJobFile parsed = ParseFioJobs(
      "[global]\n"      // 1
      "bs=8k\n"         // 2
      "size=1g\n"       // 3
      "[first]\n"       // 4
      "[global]\n"      // 5
      "rw=randwrite\n"  // 6
      "[second]\n"      // 7
      "bs=16k\n"        // 8
      "[third]\n"       // 9
      "stonewall\n",    // 10
      "job.fio");
  ASSERT_EQ(parsed.jobs.size(), 3u);
  EXPECT_EQ(parsed.file, "job.fio");
  const FioJob& first = parsed.jobs[0];
  const FioJob& second = parsed.jobs[1];
  const FioJob& third = parsed.jobs[2];
  EXPECT_EQ(first.name, "first");
  EXPECT_EQ(first.line, 4u);
  EXPECT_EQ(first.rw, RwPattern::kRead);  // the later [global] is not above it
  EXPECT_EQ(first.block_sizes[0][0].bytes, 8 * kKiB);
  EXPECT_EQ(first.size.bytes, kGiB);
  EXPECT_EQ(second.rw, RwPattern::kRandWrite);
  EXPECT_EQ(second.block_sizes[1][0].bytes, 16 * kKiB);  // job overrides
  EXPECT_EQ(second.size.bytes, kGiB);
  EXPECT_FALSE(second.stonewall);
  EXPECT_EQ(third.line, 9u);
  EXPECT_EQ(third.rw, RwPattern::kRandWrite);
  EXPECT_EQ(third.block_sizes[1][0].bytes, 8 * kKiB);  // back to [global]
  EXPECT_TRUE(third.stonewall);
}

TEST(FioJobParse, IgnoredOptionsAreListedPerJob) {
  const FioJobFile parsed = ParseFioJobs(
      "[global]\n"
      "ioengine=libaio\n"
      "direct=1\n"
      "thread\n"
      "group_reporting\n"
      "randrepeat=0\n"
      "[a]\n"
      "filename=/dev/nvme0n1\n"
      "direct=1\n"
      "buffered=0\n"
      "directory=/mnt\n"
      "invalidate=1\n"
      "write_bw_log=a\n"
      "write_lat_log=a\n"
      "write_iops_log=a\n"
      "log_avg_msec=1000\n"
      "per_job_logs=0\n"
      "fallocate=none\n"
      "create_serialize=0\n"
      "verify=crc32c\n"
      "random_generator=tausworthe64\n"
      "[b]\n"
      "rw=write\n",
      "job.fio");
  const std::vector<std::string> expected_a = {
      "ioengine",       "direct",          "thread",       "randrepeat",   "filename",
      "buffered",       "directory",       "invalidate",   "write_bw_log", "write_lat_log",
      "write_iops_log", "log_avg_msec",    "per_job_logs", "fallocate",    "create_serialize",
      "verify",         "random_generator"};
  EXPECT_EQ(parsed.jobs[0].ignored, expected_a);
  // group_reporting is honoured now (FioJob::group_reporting).
  const std::vector<std::string> expected_b = {"ioengine", "direct", "thread", "randrepeat"};
  EXPECT_EQ(parsed.jobs[1].ignored, expected_b);
}

TEST(FioJobParse, CommentsWhitespaceAndLineEndings) {
  const FioJobFile parsed = ParseFioJobs(
      "# fio job\r\n"
      "; another comment\r\n"
      "\r\n"
      "[ job one ]\r\n"
      "  bs = 16k   ; inline comment\r\n"
      "\trw=randread # also a comment\r\n"
      "iodepth=8;fio strips from the first ';' or '#'\r\n",
      "job.fio");
  const FioJob& job = parsed.jobs.at(0);
  EXPECT_EQ(job.name, "job one");
  EXPECT_EQ(job.line, 4u);
  EXPECT_EQ(job.block_sizes[0][0].bytes, 16 * kKiB);
  EXPECT_EQ(job.rw, RwPattern::kRandRead);
  EXPECT_EQ(job.iodepth, 8u);
}

// --- Errors, each with the file, the line and the problem. -----------------

TEST(FioJobParseErrors, UnknownOptionSuggestsTheClosestName) {
  const std::string text =
      "[global]\n"         // 1
      "ioengine=libaio\n"  // 2
      "\n"                 // 3
      "[randwrite]\n"      // 4
      "rw=randwrite\n"     // 5
      "bs=4k\n"            // 6
      "size=1g\n"          // 7
      "; queue\n"          // 8
      "\n"                 // 9
      "direct=1\n"         // 10
      "norandommap\n"      // 11
      "iodepht=32\n";      // 12
  EXPECT_EQ(ErrorOf(text), "job.fio:12: unknown option 'iodepht' (did you mean 'iodepth'?)");
  EXPECT_EQ(ErrorOf("[j]\nfrobnicate=1\n"), "job.fio:2: unknown option 'frobnicate'");
}

TEST(FioJobParseErrors, InvalidSize) {
  EXPECT_EQ(ErrorOf("[j]\n\n\n\n\nrw=read\nbs=4x\n"), "job.fio:7: bs: invalid size '4x'");
  EXPECT_EQ(ErrorOf("[j]\nsize=1.5g\n"),
            "job.fio:2: size: '1.5g': fractions are not supported (fio would read only the "
            "whole part); write 1536m for 1.5g");
  EXPECT_EQ(ErrorOf("[j]\nsize=150%\n"),
            "job.fio:2: size: invalid percentage '150%' (fio takes 1% to "
            "100%)");
  EXPECT_EQ(ErrorOf("[j]\nruntime=10x\n"),
            "job.fio:2: runtime: invalid time '10x' (units: us, ms, s, m, h, "
            "d)");
  EXPECT_EQ(ErrorOf("[j]\niodepth=0\n"), "job.fio:2: iodepth: value 0 is out of range 1..65536");
  EXPECT_EQ(ErrorOf("[j]\nrwmixread=101\n"),
            "job.fio:2: rwmixread: value 101 is out of range 0..100");
}

TEST(FioJobParseErrors, KiBIsThousandInFioCompatibilityMode) {
  EXPECT_EQ(ErrorOf("[j]\nbs=4KiB\n"),
            "job.fio:2: bs: block size 4000 bytes is not a multiple of 512 "
            "(with fio's default kb_base=1024, 'KiB' means 1000 bytes: write "
            "'4k' for 4096)");
  EXPECT_EQ(ErrorOf("[j]\nkb_base=1000\nbs=4k\n"),
            "job.fio:3: bs: block size 4000 bytes is not a multiple of 512 "
            "(with kb_base=1000, 'k' means 1000 bytes: write '4KiB' for 4096)");
}

// Plain bytes were meant as bytes (issue 29): no kb_base hint for them.
TEST(FioJobParseErrors, PlainBytesGetNoKbBaseHint) {
  EXPECT_EQ(ErrorOf("[j]\nbs=4160\n"),
            "job.fio:2: bs: block size 4160 bytes is not a multiple of 512");
  EXPECT_EQ(ErrorOf("[j]\nbs=64\n"), "job.fio:2: bs: block size 64 bytes is not a multiple of 512");
}

TEST(FioJobParseErrors, RefusedOptionsSayWhyAndAcceptTheirDefault) {
  EXPECT_EQ(ErrorOf("[j]\nrw=randread\nmax_latency=500000\n"),
            "job.fio:3: max_latency: not supported: stopping a job at a latency limit is not "
            "modelled");
  EXPECT_EQ(ErrorOf("[j]\nramp_size=1m\n"),
            "job.fio:2: ramp_size: not supported: a ramp measured in bytes is not modelled (use "
            "ramp_time)");
  // fio reads bs=4k-16k as 4k without a word; FlashScope asks which was meant.
  EXPECT_EQ(ErrorOf("[j]\nbs=4k-16k\n"),
            "job.fio:2: bs: '4k-16k' is a range; fio would silently use its first value. Write "
            "bsrange=4k-16k for a range, or one size");
  // A refused option's default asks for nothing.
  const FioJob job = ParseOne("[j]\nmax_latency=0\nramp_size=0\nbs_is_seq_rand=false\n");
  EXPECT_EQ(job.ignored, (std::vector<std::string>{"max_latency", "ramp_size", "bs_is_seq_rand"}));
}

TEST(FioJobParse, ZonedBlockDeviceOptions) {
  const FioJob plain = ParseOne("[j]\n");
  EXPECT_FALSE(plain.zbd);
  EXPECT_EQ(plain.max_open_zones, 0u);
  EXPECT_EQ(plain.zone_reset_threshold, 0);
  EXPECT_EQ(plain.zone_reset_frequency, 0);
  EXPECT_FALSE(plain.read_beyond_wp);
  const FioJob job = ParseOne(
      "[global]\nzonemode=zbd\n[z]\nrw=randwrite\nmax_open_zones=4\n"
      "zone_reset_threshold=0.75\nzone_reset_frequency=.125\nread_beyond_wp\n");
  EXPECT_TRUE(job.zbd);
  EXPECT_EQ(job.max_open_zones, 4u);
  EXPECT_EQ(job.zone_reset_threshold, 0.75);
  EXPECT_EQ(job.zone_reset_frequency, 0.125);
  EXPECT_TRUE(job.read_beyond_wp);
  EXPECT_TRUE(job.ignored.empty());
  EXPECT_FALSE(ParseOne("[j]\nzonemode=zbd\nzonemode=none\nread_beyond_wp=0\n").zbd);
  EXPECT_TRUE(ParseOne("[j]\nzonemode=ZBD\n").zbd);  // fio matches case-insensitively
}

TEST(FioJobParseErrors, ZoneModesOtherThanZbd) {
  // zonemode=strided is honoured (fio_generator_zones_test.cpp); it needs
  // a zonesize, as in fio.
  EXPECT_EQ(ErrorOf("[j]\nrw=write\nzonemode=strided\n"),
            "job.fio:1: job 'j': zonemode=strided needs zonesize (the bytes of I/O in each zone)");
  EXPECT_EQ(ErrorOf("[j]\n\nzonemode=smr\n"),
            "job.fio:3: zonemode: unknown zone mode 'smr' (allowed: none, strided, zbd)");
  EXPECT_EQ(ErrorOf("[j]\nmax_open_zones=5000\n"),
            "job.fio:2: max_open_zones: value 5000 is out of range 0..4096");
  EXPECT_EQ(ErrorOf("[j]\nzone_reset_threshold=1.5\n"),
            "job.fio:2: zone_reset_threshold: invalid value '1.5' (a number from 0 to 1)");
  EXPECT_EQ(ErrorOf("[j]\nzone_reset_frequency=-1\n"),
            "job.fio:2: zone_reset_frequency: invalid value '-1' (a number from 0 to 1)");
  EXPECT_EQ(ErrorOf("[j]\nread_beyond_wp=maybe\n"),
            "job.fio:2: read_beyond_wp: invalid boolean 'maybe' (use 0 or 1)");
  EXPECT_EQ(ErrorOf("[j]\nzonesize=8z\n"),
            "job.fio:2: zonesize: the zone unit 'z' does not apply to this option");
}

TEST(FioJobParseErrors, OptionOutsideASection) {
  EXPECT_EQ(ErrorOf("; job\n# file\n\n\nbs=4k\n[j]\n"), "job.fio:5: option outside a section");
}

TEST(FioJobParseErrors, BsSplitMustAddUpTo100) {
  EXPECT_EQ(ErrorOf("[global]\n\n\n\n\n\n\n[j]\nbssplit=4k/50:64k/40\n"),
            "job.fio:9: bssplit percentages add up to 90, not 100");
  EXPECT_EQ(ErrorOf("[j]\nbssplit=4k/80:64k/40:8k/\n"),
            "job.fio:2: bssplit percentages add up to 120, not 100");
}

TEST(FioJobParseErrors, UnknownRwListsTheAllowedValues) {
  EXPECT_EQ(ErrorOf("[j]\nrw=randomread\n"),
            "job.fio:2: rw: unknown value 'randomread' (allowed: read, write, trim, randread, "
            "randwrite, randtrim, rw, readwrite, randrw, trimwrite, randtrimwrite)");
  EXPECT_EQ(ErrorOf("[j]\nrw=randwrite:0\n"),
            "job.fio:2: rw: value 0 is out of range 1..4294967295");
  EXPECT_EQ(ErrorOf("[j]\nrw=write:x\n"), "job.fio:2: rw: invalid size 'x'");
}

TEST(FioJobParseErrors, EmptyFileOrNoJob) {
  const std::string no_job =
      "job.fio: no job section (a job file needs at least one [name] section "
      "besides [global])";
  EXPECT_EQ(ErrorOf(""), no_job);
  EXPECT_EQ(ErrorOf("; only a comment\n"), no_job);
  EXPECT_EQ(ErrorOf("[global]\nbs=4k\n"), no_job);
}

TEST(FioJobParseErrors, NumjobsOutOfRange) {
  EXPECT_EQ(ErrorOf("[j]\nnumjobs=0\n"), "job.fio:2: numjobs: value 0 is out of range 1..4096");
  EXPECT_EQ(ErrorOf("[j]\nnumjobs=5000\n"),
            "job.fio:2: numjobs: value 5000 is out of range 1..4096");
}

TEST(FioJobParseErrors, ExpansionsAndIncludes) {
  FioParseOptions options;
  options.environment = [](const std::string& name) -> std::optional<std::string> {
    if (name == "BS") return std::string("8k");
    return std::nullopt;
  };
  auto error_of = [&](const std::string& text) -> std::string {
    try {
      ParseFioJobs(text, "job.fio", options);
    } catch (const InputError& error) {
      return error.what();
    }
    return "(no error)";
  };
  EXPECT_EQ(error_of("[j]\nbs=${BS}\nsize=${SIZE}\n"),
            "job.fio:3: size: environment variable 'SIZE' is not set (fio would use an empty "
            "value; set it or write the value itself)");
  EXPECT_EQ(error_of("[j]\nsize=${SIZE\n"), "job.fio:2: size: unterminated '${' (write ${NAME})");
  EXPECT_EQ(error_of("[j]\nsize=(1024*)\n"),
            "job.fio:2: size: invalid expression '(1024*)': a number is missing");
  EXPECT_EQ(error_of("[j]\nsize=(4/0)\n"),
            "job.fio:2: size: invalid expression '(4/0)': division by zero");
  EXPECT_EQ(error_of("[j]\nsize=(1.5*2)\n"),
            "job.fio:2: size: invalid expression '(1.5*2)': only whole numbers are supported in "
            "arithmetic");
  EXPECT_EQ(ErrorOf("[j]\ninclude common.fio\n"),
            "job.fio:2: include: cannot read 'common.fio' (includes are not available here; "
            "paste its options)");
}

TEST(FioJobParseErrors, DistributionParameters) {
  EXPECT_EQ(ErrorOf("[j]\nrandom_distribution=zipf:1\n"),
            "job.fio:2: random_distribution: zipf theta must be greater than "
            "0 and not 1");
  EXPECT_EQ(ErrorOf("[j]\nrandom_distribution=pareto:1.5\n"),
            "job.fio:2: random_distribution: pareto h must be between 0 and 1 "
            "(exclusive)");
  EXPECT_EQ(ErrorOf("[j]\nrandom_distribution=zoned:60/10:30/20\n"),
            "job.fio:2: random_distribution: zoned access percentages add up "
            "to 90, not 100");
  EXPECT_EQ(ErrorOf("[j]\nrandom_distribution=gamma:2\n"),
            "job.fio:2: random_distribution: unknown distribution 'gamma' "
            "(allowed: random, zipf, pareto, normal, zoned)");
}

TEST(FioJobParse, TimeBasedWithoutARuntimeIsDroppedAsFioDoes) {
  // fio init.c: "time_based requires a runtime/timeout setting" is a
  // warning, and the job runs to its size without time_based.
  const FioJob job = ParseOne("[global]\ntime_based\n[j]\nrw=write\n");
  EXPECT_FALSE(job.time_based);
  EXPECT_EQ(job.ignored, std::vector<std::string>{"time_based"});
  EXPECT_TRUE(ParseOne("[global]\ntime_based\n[j]\nruntime=5\n").time_based);
}

TEST(FioJobParseErrors, MalformedSectionHeader) {
  EXPECT_EQ(ErrorOf("[j\n"), "job.fio:1: section header '[j' has no closing ']'");
}

}  // namespace
}  // namespace flashscope
