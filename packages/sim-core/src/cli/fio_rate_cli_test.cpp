// fio's per-direction rate limits on a mixed job (issue 29), held against
// real fio (Debian's fio 3.33, ioengine=null: the rates alone limit it).
// fio limits each direction on its own: an I/O drawn for a direction that
// is ahead of its rate goes the other way when that one is due (io_u.c
// rate_ddir). FlashScope throttled the whole job to its slowest direction:
// `rate=5m,1m` read 0.98 MiB/s where fio reads 5 MiB/s.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::HaveCommand;
using testing::kSmallDevice;
using testing::Shell;
using testing::ShellOutput;

// One direction of a job's fio JSON: KiB/s and IOPS, as fio reports them.
struct DirectionRate {
  double kib_s = 0;
  double iops = 0;
};

struct MixRates {
  DirectionRate read, write;
};

MixRates RatesOf(const json::Value& root) {
  const json::Value& job = root.Find("jobs")->items().at(0);
  const auto rate = [&](const char* dir) {
    const json::Value& d = *job.Find(dir);
    return DirectionRate{d.Find("bw")->as_number(), d.Find("iops")->as_number()};
  };
  return {rate("read"), rate("write")};
}

// A 4 KiB random mix, half reads, for 2 s with `rate` (the line as a job
// file has it).
std::string MixJob(const std::string& rate) {
  return "[mix]\nioengine=null\nrw=randrw\nbs=4k\niodepth=1\nsize=64m\ntime_based\nruntime=2\n" +
         rate + "\n";
}

class FioRateCli : public testing::CliTest {
 protected:
  MixRates Fio(const std::string& job_path) {
    const ShellOutput fio = Shell("fio --output-format=json " + job_path);
    EXPECT_EQ(fio.status, 0) << fio.out;
    // fio may print notes before its JSON.
    return RatesOf(json::Parse(fio.out.substr(fio.out.find('{')), "fio"));
  }
  MixRates Ours(const std::string& job_path) {
    return RatesOf(Json(Run("run --device " + Write("d.json", kSmallDevice) + " --fio " + job_path +
                            " --output-format=json")));
  }
};

TEST_F(FioRateCli, EachDirectionHoldsItsOwnLimitAsFioDoes) {
  ASSERT_TRUE(HaveCommand("fio")) << "fio is missing (Debian package fio)";
  // Both limited: each direction at its own rate.
  {
    const std::string job = Write("both.fio", MixJob("rate=5m,1m"));
    const MixRates fio = Fio(job), ours = Ours(job);
    EXPECT_NEAR(fio.read.kib_s, 5120, 5120 * 0.03);
    EXPECT_NEAR(fio.write.kib_s, 1024, 1024 * 0.03);
    EXPECT_NEAR(ours.read.kib_s, fio.read.kib_s, fio.read.kib_s * 0.03);
    EXPECT_NEAR(ours.write.kib_s, fio.write.kib_s, fio.write.kib_s * 0.03);
  }
  {
    const std::string job = Write("iops.fio", MixJob("rate_iops=1000,200"));
    const MixRates fio = Fio(job), ours = Ours(job);
    EXPECT_NEAR(fio.read.iops, 1000, 30);
    EXPECT_NEAR(fio.write.iops, 200, 6);
    EXPECT_NEAR(ours.read.iops, fio.read.iops, fio.read.iops * 0.03);
    EXPECT_NEAR(ours.write.iops, fio.write.iops, fio.write.iops * 0.03);
  }
  // Writes limited, reads not: writes hold 1 MiB/s and reads run as fast
  // as the device takes them (fio's null engine: far faster than a drive).
  {
    const std::string job = Write("writes.fio", MixJob("rate=,1m"));
    const MixRates fio = Fio(job), ours = Ours(job);
    EXPECT_NEAR(fio.write.kib_s, 1024, 1024 * 0.03);
    EXPECT_NEAR(ours.write.kib_s, fio.write.kib_s, fio.write.kib_s * 0.03);
    EXPECT_GT(fio.read.kib_s, 100 * fio.write.kib_s);
    // Unmapped 4 KiB reads on the small drive: tens of MiB/s, not 1.
    EXPECT_GT(ours.read.kib_s, 20 * ours.write.kib_s);
  }
}

}  // namespace
}  // namespace flashscope
