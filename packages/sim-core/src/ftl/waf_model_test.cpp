// Steady-state write amplification of uniform random single-unit writes
// against the published analytic models of page-mapped FTLs
// (metrics/analytic_waf.h):
//   FIFO:   Desnoyers, "Analytic Modeling of SSD Write Performance",
//           SYSTOR 2012, eq. 4 (X = exp(-alpha (1 - X)), WAF = 1 / (1 - X)).
//   greedy: Van Houdt, "A Mean Field Model for a Class of Garbage Collection
//           Algorithms in Flash-based SSDs", SIGMETRICS 2013 (d-choices with
//           d -> infinity), cross-checked with Desnoyers eq. 12.
//   random: the same mean-field model with d = 1, a victim drawn uniformly
//           over all full blocks: its mean valid fraction is the drive's
//           utilisation rho = U / P, so WAF = 1 / (1 - rho) = 1 / S_f, with
//           S_f = (P - U) / P (Van Houdt 2013, section on d = 1; DChoicesWaf).
// The models' spare factor counts the pages that can hold data: the blocks a
// plane keeps erased as GC reserve are left out (see SpareFactorOf).
#include <gtest/gtest.h>

#include <string>

#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "ftl/untimed_writer.h"
#include "metrics/analytic_waf.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"

namespace flashscope {
namespace {

// One plane of SLC blocks with 4 KiB pages: one mapping unit per page, so
// the models' "page" is the simulator's mapping unit.
DeviceConfig ModelDevice(uint32_t pages_per_block, double overprovision, const char* victim) {
  DeviceConfig c;
  c.file = "model-device";
  c.cell = CellMode::kSlc;
  c.geometry = Geometry{1, 1, 1, 2048, pages_per_block, 4096};
  c.overprovision = overprovision;
  c.gc.victim = victim;
  c.gc.free_block_threshold = 0.001;  // the minimum reserve: 3 blocks
  c.gc.background = false;
  c.write_buffer_bytes = 0;
  return c;
}

// Pages available for data: all blocks but the erased reserve the GC keeps
// (the host's frontier is refilled once the pool drops below the reserve, so
// on average half a block of it is in use).
double SpareFactorOf(const DeviceLayout& layout) {
  const double data_blocks = layout.blocks - layout.gc_reserve_blocks + 0.5;
  return SpareFactor(static_cast<uint64_t>(data_blocks * layout.units_per_block),
                     layout.logical_units);
}

// WAF measured over `measure` capacities of random writes after a fill and
// `warmup` capacities of random writes.
double MeasuredWaf(const DeviceConfig& config, double warmup, double measure) {
  const DeviceLayout layout = DeviceLayout::From(config);
  FtlState ftl(layout, true);
  auto victims = MakeVictimPolicy(config.gc.victim, {});
  Rng rng(42);
  NandCounters counters;
  UntimedWriter writer(ftl, *victims, rng, counters);
  writer.WriteSequential(0, layout.logical_units);
  writer.WriteRandom(static_cast<uint64_t>(warmup * layout.logical_units));
  const NandCounters before = counters;
  const uint64_t writes = static_cast<uint64_t>(measure * layout.logical_units);
  writer.WriteRandom(writes);
  const NandCounters delta = counters - before;
  return static_cast<double>(delta.units_programmed[0] + delta.units_programmed[1]) / writes;
}

struct Case {
  const char* victim;
  uint32_t pages_per_block;
  double overprovision;
};

class WafModel : public ::testing::TestWithParam<Case> {};

TEST_P(WafModel, SteadyStateMatchesTheAnalyticModelWithinThreePercent) {
  const Case c = GetParam();
  const DeviceConfig config = ModelDevice(c.pages_per_block, c.overprovision, c.victim);
  const DeviceLayout layout = DeviceLayout::From(config);
  const double spare = SpareFactorOf(layout);
  const std::string victim = c.victim;
  const double model = victim == "fifo"     ? FifoWaf(spare)
                       : victim == "random" ? DChoicesWaf(spare, c.pages_per_block, 1)
                                            : GreedyWaf(spare, c.pages_per_block);
  const double measured = MeasuredWaf(config, 3, 3);
  EXPECT_NEAR(measured / model, 1.0, 0.03)
      << c.victim << " b=" << c.pages_per_block << " op=" << c.overprovision << " spare=" << spare
      << " model=" << model << " measured=" << measured;
}

INSTANTIATE_TEST_SUITE_P(FifoGreedyAndRandom, WafModel,
                         ::testing::Values(Case{"fifo", 64, 0.10}, Case{"fifo", 64, 0.20},
                                           Case{"fifo", 64, 0.28}, Case{"fifo", 64, 0.50},
                                           Case{"greedy", 64, 0.10}, Case{"greedy", 64, 0.20},
                                           Case{"greedy", 64, 0.28}, Case{"greedy", 64, 0.50},
                                           Case{"greedy", 256, 0.15}, Case{"fifo", 256, 0.15},
                                           Case{"random", 64, 0.25}, Case{"random", 64, 0.50}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.victim) + "_b" +
                                  std::to_string(info.param.pages_per_block) + "_op" +
                                  std::to_string(static_cast<int>(info.param.overprovision * 100));
                         });

// The timed engine applies the same policy through real flash commands; its
// steady-state WAF must agree with the untimed path and the model.
TEST(WafModel, TimedEngineAgreesWithTheModel) {
  DeviceConfig config = ModelDevice(64, 0.28, "greedy");
  config.geometry.blocks_per_plane = 512;
  config.precondition.fill = 1;
  config.precondition.random_writes = 3;
  const DeviceLayout layout = DeviceLayout::From(config);
  Rng rng(5);
  std::vector<HostIo> ios;
  const uint64_t writes = 2 * layout.logical_units;
  for (uint64_t i = 0; i < writes; ++i) {
    ios.push_back(testing::Io(IoOp::kWrite, rng.Below(layout.logical_units)));
  }
  Simulator sim(config, testing::ClosedLoop(std::move(ios), 16));
  sim.Precondition();
  sim.RunToCompletion();
  const NandCounters& n = sim.counters();
  const double measured =
      static_cast<double>(n.units_programmed[0] + n.units_programmed[1]) / writes;
  const double model = GreedyWaf(SpareFactorOf(layout), 64);
  EXPECT_NEAR(measured / model, 1.0, 0.03) << "model " << model << " measured " << measured;
  // Programs counted in pages agree: SLC 4 KiB pages carry one unit each.
  EXPECT_EQ(n.TotalPrograms(), n.units_programmed[0] + n.units_programmed[1]);
}

}  // namespace
}  // namespace flashscope
