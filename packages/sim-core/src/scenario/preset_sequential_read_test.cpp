// The conventional presets' sequential-read figures against the vendor specs
// their `source` cites (issue 17): 128 KiB sequential reads at QD32 (the
// specs' CrystalDiskMark-style figure) over data the preconditioning wrote
// sequentially onto a full drive, so the pages are striped channel first
// (allocation_order cwdp) as the drive striped them.
//
// The model reads one page per die at a time (the die is busy tR and then
// until its page register has crossed the channel; no multi-plane or cache
// reads), so a drive's read rate is dies x page / (tR + page transfer), at
// most the channels' and the host link's. Where that misses the vendor's
// figure by more than 15 % the test says so and checks the model's own
// bound instead: the gap is the engine's, not the preset's.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "nand/transfer_time.h"
#include "schema/device_schema.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

struct ReadRun {
  double mbps = 0;        // simulated
  double bound_mbps = 0;  // dies x page / (tR + transfer), capped by channels and host
};

// 128 KiB sequential reads at QD32 over the first `gib` GiB of a full drive.
ReadRun SequentialRead(const std::string& preset, uint32_t gib = 2) {
  DeviceConfig config = LoadDevice("preset:" + preset, kPresets, {});
  config.precondition.fill = 1.0;
  config.precondition.random_writes = 0;
  std::vector<HostIo> ios;
  const uint32_t count = gib * 8192;
  for (uint32_t i = 0; i < count; ++i) {
    ios.push_back(HostIo{IoOp::kRead, uint64_t{i} * 131072, 131072, 0});
  }
  Simulator sim(config, testing::ClosedLoop(std::move(ios), 32));
  sim.Precondition();
  sim.RunToCompletion();
  const JobMetrics& m = sim.host().metrics(0);
  ReadRun run;
  run.mbps = static_cast<double>(m.bytes[static_cast<uint32_t>(IoOp::kRead)]) * 1e3 /
             static_cast<double>(m.end_ns - m.measure_start_ns);
  const DeviceLayout& layout = sim.layout();
  const double page_ns =
      static_cast<double>(TransferTimeNs(layout.page_bytes, BytesPerSecond(config.channel_mbps)));
  const double read_ns = static_cast<double>(config.timing[layout.bits].read_ns);
  const double dies_mbps = layout.dies * layout.page_bytes * 1e3 / (read_ns + page_ns);
  run.bound_mbps = std::min({dies_mbps, layout.channels * config.channel_mbps, config.host_mbps});
  return run;
}

void ExpectNearSpec(const ReadRun& run, double spec_mbps, const std::string& preset) {
  EXPECT_GE(run.mbps, spec_mbps * 0.85) << preset << ": " << run.mbps << " MB/s";
  EXPECT_LE(run.mbps, spec_mbps * 1.15) << preset << ": " << run.mbps << " MB/s";
}

// The model's figure where the spec is out of its reach: within 5 % of the
// die-serial bound, and that bound more than 15 % off the spec.
void ExpectTheModelsBound(const ReadRun& run, double spec_mbps, const std::string& preset) {
  EXPECT_NEAR(run.mbps, run.bound_mbps, 0.05 * run.bound_mbps) << preset;
  EXPECT_LT(run.bound_mbps, spec_mbps * 0.85) << preset << ": now within reach of the spec";
}

TEST(PresetSequentialRead, Tlc500g970EvoReachesSamsungsSpec) {
  // Samsung spec 3400 MB/s; 16 dies x 16 KiB / (60 + 20.5 us) = 3257 MB/s.
  ExpectNearSpec(SequentialRead("tlc-500g-970evo-like"), 3400, "970 EVO");
}

TEST(PresetSequentialRead, Tlc512g760pIsDieBoundBelowIntelsSpec) {
  // Intel spec 3230 MB/s; 16 dies x 16 KiB / (85 + 24.6 us) = 2392 MB/s
  // (-26 %): the 760p reads two planes at once, which the engine does not.
  const ReadRun run = SequentialRead("tlc-512g-760p-like");
  ExpectTheModelsBound(run, 3230, "760p");
}

TEST(PresetSequentialRead, Qlc1tb660pIsDieBoundBelowIntelsSpec) {
  // Intel spec 1800 MB/s; 8 dies x 16 KiB / (120 + 24.6 us) = 907 MB/s.
  ExpectTheModelsBound(SequentialRead("qlc-1tb-665p-like"), 1800, "660p");
}

TEST(PresetSequentialRead, Qlc1tbP1IsDieBoundBelowCrucialsSpec) {
  // Crucial spec 2000 MB/s; the same dies as the 660p-like preset: 907 MB/s.
  ExpectTheModelsBound(SequentialRead("qlc-1tb-p1-like"), 2000, "P1");
}

}  // namespace
}  // namespace flashscope
