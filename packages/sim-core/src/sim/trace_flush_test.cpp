// blkparse's flushes and FUA writes replay as what they ask of the drive
// (issue 28): the real nvme_dmcrypt capture (../shared/traces/real) queues
// 23 flushes with no data (the journal's "FWFS", "FWS", "FWFSM") and 21
// writes with Force Unit Access ("WFS", "WFSM") among its 225 writes. A
// flush completes once the write buffer holds nothing written before it
// and a FUA write once its data is on flash, as fio's fsync and sync=1 do;
// with power_loss_protection the buffer is as good as flash and neither
// waits. Before, the flushes were dropped and the FUA flag ignored, so
// power_loss_protection changed nothing.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "schema/device_schema.h"
#include "sim/simulator.h"
#include "sim/trace_jobs.h"
#include "trace/byte_input.h"
#include "trace/trace_lines_for_test.h"

namespace flashscope {
namespace {

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

struct Replayed {
  std::unique_ptr<Simulator> sim;
  const TraceSource* source = nullptr;
  const JobMetrics& job() const { return sim->host().metrics(0); }
};

Replayed ReplayCapture(bool power_loss_protection) {
  const DeviceConfig device = LoadDevice(
      "preset:tlc-8g", kPresets,
      {std::string("power_loss_protection=") + (power_loss_protection ? "true" : "false")});
  const std::string text =
      trace_test::ReadFile(trace_test::SharedTracePath("real/nvme_dmcrypt.blkparse.txt"));
  TraceJob trace =
      JobFromTrace(MakeMemoryInput("nvme.blkparse.txt", text), {}, DeviceLayout::From(device));
  Replayed replayed;
  replayed.source = trace.source;
  std::vector<JobSpec> jobs;
  jobs.push_back(std::move(trace.job));
  replayed.sim = std::make_unique<Simulator>(device, std::move(jobs));
  replayed.sim->RunToCompletion();
  return replayed;
}

TEST(TraceFlush, FlushesWaitForTheBufferAndFuaWritesForFlashUnlessPowerLossProtected) {
  const Replayed volatile_buffer = ReplayCapture(false);
  const Replayed protected_buffer = ReplayCapture(true);
  for (const Replayed* r : {&volatile_buffer, &protected_buffer}) {
    EXPECT_EQ(r->source->requests(), 225u);
    EXPECT_EQ(r->job().requests[1], 225u);
    EXPECT_EQ(r->source->flushes(), 23u);
    EXPECT_EQ(r->job().flushes, 23u);
    EXPECT_EQ(r->source->fua_writes(), 21u);
  }
  const LatencyHistogram& flushes = volatile_buffer.job().flush_latency;
  const LatencyHistogram& writes = volatile_buffer.job().latency[1];
  const LatencyHistogram& protected_writes = protected_buffer.job().latency[1];
  std::printf(
      "[ trace flush ] flush mean %.1f us (protected %.1f us); write mean %.1f us, max %.1f us "
      "(protected: mean %.1f us, max %.1f us)\n",
      flushes.mean_ns() / 1e3, protected_buffer.job().flush_latency.mean_ns() / 1e3,
      writes.mean_ns() / 1e3, writes.max_ns() / 1e3, protected_writes.mean_ns() / 1e3,
      protected_writes.max_ns() / 1e3);
  // A flush of a volatile buffer waits for flash programs (hundreds of
  // microseconds for TLC); a protected one completes at once.
  EXPECT_GT(flushes.mean_ns(), 100'000u);
  EXPECT_LT(protected_buffer.job().flush_latency.max_ns(), 10'000u);
  // The 21 FUA writes wait for flash: the slowest write is a program, not
  // a buffer copy, and the mean rises with them.
  EXPECT_GT(writes.max_ns(), 5 * protected_writes.max_ns());
  EXPECT_GT(writes.mean_ns(), protected_writes.mean_ns());
}

}  // namespace
}  // namespace flashscope
