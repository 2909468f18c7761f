// The flashscope command as a user meets it: the JSON it prints, that the
// same inputs and seed give byte-identical output, and that bad input exits
// non-zero with one message naming the file, the line and the problem.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

using Output = testing::CliOutput;
using testing::kSmallDevice;

class Cli : public testing::CliTest {
 protected:
  std::string Presets() {
    return std::string("--presets ") + FLASHSCOPE_REPO_ROOT + "/public/presets/devices";
  }
};

constexpr const char* kRandomJob =
    "[global]\nioengine=libaio\ndirect=1\nbs=4k\niodepth=8\n\n"
    "[fill]\nrw=write\nbs=128k\n\n"
    "[mix]\nstonewall\nrw=randrw\nrwmixread=70\nnumber_ios=20000\n";

TEST_F(Cli, RunPrintsTheDocumentedJson) {
  const Output r = Run("run --device " + Write("d.json", kSmallDevice) + " --fio " +
                       Write("j.fio", kRandomJob) + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json::Value root = json::Parse(r.out, "stdout");
  for (const char* key : {"host", "nand", "waf", "latency_us", "throughput", "series", "stability",
                          "wear", "jobs", "seed"}) {
    EXPECT_NE(root.Find(key), nullptr) << key;
  }
  const json::Value& jobs = *root.Find("jobs");
  ASSERT_EQ(jobs.items().size(), 2u);
  const json::Value& mix = jobs.items()[1];
  EXPECT_EQ(mix.Find("name")->as_string(), "mix");
  const json::Value& host = *mix.Find("host");
  const double reads = host.Find("read_requests")->as_number();
  const double writes = host.Find("write_requests")->as_number();
  EXPECT_EQ(reads + writes, 20000);
  EXPECT_NEAR(reads / 20000, 0.70, 0.015);
  // The fill wrote the whole logical capacity sequentially: 1 wordline per
  // 12 units, no GC, so WAF is 1 (there is no padding on full wordlines).
  const json::Value& fill = jobs.items()[0];
  EXPECT_NEAR(fill.Find("waf")->as_number(), 1.0, 0.01);
  const json::Value& latency = *mix.Find("latency_us")->Find("read");
  for (const char* p : {"mean", "p50", "p90", "p99", "p999", "p9999", "max"}) {
    EXPECT_GT(latency.Find(p)->as_number(), 0) << p;
  }
  EXPECT_LE(latency.Find("p50")->as_number(), latency.Find("p99")->as_number());
  const json::Value& series = *mix.Find("series");
  const size_t points = series.Find("t_ms")->items().size();
  EXPECT_GT(points, 0u);
  for (const char* column : {"iops", "read_mbps", "write_mbps", "lat_mean_us", "lat_p99_us",
                             "free_blocks", "host_write_bytes", "nand_write_bytes", "waf"}) {
    EXPECT_EQ(series.Find(column)->items().size(), points) << column;
  }
  EXPECT_EQ(root.Find("ignored_options")->items().size(), 2u);  // ioengine, direct
}

TEST_F(Cli, SameInputsAndSeedGiveIdenticalJson) {
  const std::string args = "run --device " + Write("d.json", kSmallDevice) + " --fio " +
                           Write("j.fio", kRandomJob) +
                           " --json --precondition fill=100%,random=1x";
  const Output a = Run(args);
  const Output b = Run(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const Output other_seed = Run(args + " --seed 2");
  EXPECT_NE(a.out, other_seed.out);
}

TEST_F(Cli, UnknownDeviceKeyNamesFileAndLine) {
  const std::string device =
      Write("bad.json", "{\n  \"cell\": \"tlc\",\n  \"gc\": { \"victm\": \"fifo\" }\n}\n");
  const Output r = Run("run --device " + device + " --fio " + Write("j.fio", kRandomJob));
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find(device + ":3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("victm"), std::string::npos) << r.err;
}

TEST_F(Cli, ImpossibleGeometryAndOverprovisionAreErrors) {
  const std::string job = Write("j.fio", kRandomJob);
  const std::string device = Write("d.json", kSmallDevice);
  Output r = Run("run --device " + device + " --fio " + job + " --set overprovision=0");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("overprovision"), std::string::npos) << r.err;
  r = Run("run --device " + device + " --fio " + job + " --set geometry.page_bytes=3000");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("page_bytes"), std::string::npos) << r.err;
  r = Run("run --device " + device + " --fio " + job + " --set gc.victim=lru");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("greedy"), std::string::npos) << r.err;  // lists the allowed names
}

TEST_F(Cli, MalformedJobFileNamesFileAndLine) {
  const std::string job = Write("bad.fio", "[global]\nbs=4k\n\n[job]\nrw=randwrite\niodepht=4\n");
  const Output r = Run("run --device " + Write("d.json", kSmallDevice) + " --fio " + job);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find(job + ":6:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("iodepht"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(Cli, SetOverridesAnyDeviceKey) {
  const std::string base = "run --device " + Write("d.json", kSmallDevice) + " --fio " +
                           Write("j.fio", "[w]\nrw=randwrite\nbs=4k\nnumber_ios=30000\n") +
                           " --json --precondition fill=1";
  const json::Value greedy = json::Parse(Run(base).out, "greedy");
  const json::Value fifo = json::Parse(Run(base + " --set gc.victim=fifo").out, "fifo");
  EXPECT_EQ(fifo.Find("device")->Find("gc")->Find("victim")->as_string(), "fifo");
  // FIFO cleaning moves more valid data than greedy on uniform writes.
  EXPECT_GT(fifo.Find("waf")->as_number(), greedy.Find("waf")->as_number());
}

TEST_F(Cli, PresetsAreListedAndUsable) {
  const Output list = Run("presets " + Presets());
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find("tlc-64g"), std::string::npos);
  const Output run = Run("run --device preset:teaching-slc-tiny " + Presets() + " --fio " +
                         Write("j.fio", "[w]\nrw=randwrite\nbs=4k\nnumber_ios=1000\n") + " --json");
  ASSERT_EQ(run.status, 0) << run.err;
  const Output missing =
      Run("run --device preset:nope " + Presets() + " --fio " + Write("k.fio", "[w]\nrw=read\n"));
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.err.find("tlc-64g"), std::string::npos) << missing.err;  // lists them
}

TEST_F(Cli, DefaultScenarioRuns) {
  const Output r = Run(std::string("run --scenario ") + FLASHSCOPE_REPO_ROOT +
                       "/public/scenarios/default.json " + Presets() + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json::Value root = json::Parse(r.out, "stdout");
  // Preconditioned to steady state: GC runs during the timed job.
  EXPECT_GT(root.Find("gc")->Find("runs")->as_number(), 0);
  EXPECT_GT(root.Find("waf")->as_number(), 1.5);
}

}  // namespace
}  // namespace flashscope
