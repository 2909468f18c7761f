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

// A zoned drive: 4 dies of 64 blocks of 48 x 16 KiB pages; 64 zones of one
// 768 KiB block per die (3 MiB), up to 8 open.
constexpr const char* kZonedDevice = R"({
  "cell": "tlc",
  "geometry": { "channels": 2, "dies_per_channel": 2, "planes_per_die": 1,
                "blocks_per_plane": 64, "pages_per_block": 48, "page_bytes": 16384 },
  "overprovision": 0.25,
  "write_buffer_bytes": 1048576,
  "zns": { "max_open": 8, "max_active": 8, "classes": 4 }
})";

constexpr const char* kCloudBlock =
    R"({"generator": "cloud_block", "num_writes": 100000, "seed": 3})";

TEST_F(Cli, GeneratorScenarioRunsOnAConventionalDrive) {
  const std::string scenario =
      Write("s.json", std::string(R"({"device": )") + kSmallDevice +
                          R"(, "workload": {"generator": "cloud_block", "num_writes": 20000,
                              "iodepth": 8}})");
  const json::Value root = Json(Run("run --scenario " + scenario + " --json"));
  const json::Value& jobs = *root.Find("jobs");
  ASSERT_EQ(jobs.items().size(), 1u);
  EXPECT_EQ(jobs.items()[0].Find("name")->as_string(), "cloud_block");
  EXPECT_EQ(root.Find("host")->Find("write_requests")->as_number(), 20000);
  EXPECT_EQ(root.Find("workload")->as_string(), scenario);
  EXPECT_TRUE(root.Find("zns")->is_null());
}

TEST_F(Cli, PlacementsRunTheWorkloadOncePerPolicy) {
  Write("z.json", kZonedDevice);
  const std::string scenario =
      Write("s.json", std::string(R"({"device": "z.json", "workload": )") + kCloudBlock + "}");
  // --placements overrides a --set of the same key.
  const std::string base =
      "run --scenario " + scenario + " --set zns.placement=fk --placements normal,sepbit,zbopt";
  const json::Value root = Json(Run(base + " --json"));
  const json::Value& runs = *root.Find("placements");
  ASSERT_EQ(runs.items().size(), 3u);
  const char* names[] = {"normal", "sepbit", "zbopt"};
  double waf[3];
  for (size_t i = 0; i < 3; ++i) {
    const json::Value& run = runs.items()[i];
    EXPECT_EQ(run.Find("placement")->as_string(), names[i]);
    const json::Value& zns = *run.Find("zns");
    EXPECT_EQ(zns.Find("placement")->as_string(), names[i]);
    EXPECT_EQ(zns.Find("user_write_bytes")->as_number(), 100000.0 * 4096);
    waf[i] = zns.Find("waf")->as_number();
  }
  // Separating blocks by lifetime pays: ZB-OPT's future knowledge brings
  // the WAF towards 1, below Normal's.
  EXPECT_GT(waf[0], 1.5);
  EXPECT_LT(waf[2], waf[0]);
  EXPECT_LT(waf[2], 1.5);

  // The table: a header, one row per placement, GC counts against zbopt's.
  const Output table = Run(base);
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_EQ(table.out.rfind("placement   WAF     GC write GB  GC count  GC count / zbopt  "
                            "mean reclaimed GP\n",
                            0),
            0u)
      << table.out;
  EXPECT_NE(table.out.find("\nnormal "), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("\nzbopt "), std::string::npos) << table.out;
  const size_t zbopt_row = table.out.find("\nzbopt ");
  EXPECT_NE(table.out.find("1.00", zbopt_row), std::string::npos) << table.out;
}

TEST_F(Cli, PlacementsNeedAZonedDriveAndKnownNames) {
  const std::string conventional =
      Write("s.json", std::string(R"({"device": )") + kSmallDevice +
                          R"(, "workload": {"generator": "cloud_block", "num_writes": 100}})");
  Output r = Run("run --scenario " + conventional + " --placements all");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "flashscope: --placements needs a zoned device (device JSON 'zns'); " +
                       conventional + " is a conventional drive\n");
  r = Run("run --scenario " + conventional + " --placements normal,best");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("flashscope: --placements: unknown placement 'best' (allowed: all, "
                        "normal, warcip, sepbit, bhbdp_pre, bhbdp, fk, zbopt)\n",
                        0),
            0u)
      << r.err;
}

}  // namespace
}  // namespace flashscope
