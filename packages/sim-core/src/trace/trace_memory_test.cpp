// A trace far larger than memory replays with flat memory: 2 GiB of MQSim
// lines, generated on the fly by an IByteInput (no file), stream through the
// line reader, the format and the host into a simulated drive. The test
// prints what it read, how long it took and how much the peak RSS grew, and
// asserts the growth stays under 300 MB (the reader holds one 4 MiB chunk).
//
// To keep the run short on a small machine, the trace spreads its records
// over four devices and the replay selects one (--volume 0): every line of
// the 2 GiB is read and parsed, a quarter of them are simulated (closed loop
// at QD 4, 4 KiB requests, 98 % reads, on a tiny SLC drive).
//
// A sparse address space inspects in bounded memory too: a million 4 KiB
// requests at offsets up to 2^62 touch a million 32 MiB pages of the
// footprint's bitmap (1 KiB each: 1.09 GB natively before its budget, and
// std::bad_alloc in the browser); the inspection now stays within the
// footprint's fixed budget and states an estimate within a few percent.
#include <gtest/gtest.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "sim/trace_jobs.h"
#include "trace/generated_lines_input_for_test.h"
#include "trace/trace_summary.h"
#include "util/proc_status_for_test.h"
#include "util/rng.h"

namespace flashscope {
namespace {

// "arrival_ns device start_sector sectors type\n" lines, made as they are read.
class GeneratedMqsimInput final : public testing::GeneratedLinesInput {
 public:
  GeneratedMqsimInput(uint64_t total_bytes, uint64_t capacity_sectors)
      : GeneratedLinesInput("generated-2GiB.trace", total_bytes),
        capacity_sectors_(capacity_sectors) {}

  uint64_t lines() const { return lines_; }
  uint64_t device0_records() const { return device0_records_; }
  uint64_t device0_reads() const { return device0_reads_; }

 private:
  static char* Decimal(char* out, uint64_t value) {
    return std::to_chars(out, out + 24, value).ptr;
  }

  size_t MakeLine(char* line) override {
    time_ns_ += 1000 + rng_.Below(20000);
    const uint32_t device = static_cast<uint32_t>(lines_ % 4);
    const bool read = rng_.Below(50) != 0;
    const uint64_t sector = rng_.Below(capacity_sectors_ / 8) * 8;
    char* p = line;
    p = Decimal(p, time_ns_);
    *p++ = ' ';
    p = Decimal(p, device);
    *p++ = ' ';
    p = Decimal(p, sector);
    *p++ = ' ';
    *p++ = '8';
    *p++ = ' ';
    *p++ = read ? '1' : '0';
    *p++ = '\n';
    ++lines_;
    if (device == 0) {
      ++device0_records_;
      device0_reads_ += read;
    }
    return static_cast<size_t>(p - line);
  }
  void RestartLines() override {
    time_ns_ = 0;
    lines_ = 0;
    device0_records_ = device0_reads_ = 0;
    rng_ = Rng(5);
  }

  uint64_t capacity_sectors_;
  uint64_t time_ns_ = 0;
  uint64_t lines_ = 0;
  uint64_t device0_records_ = 0;
  uint64_t device0_reads_ = 0;
  Rng rng_{5};
};

TEST(TraceMemory, TwoGigabyteTraceReplaysInBoundedMemory) {
  const DeviceConfig device = testing::TinySlcDevice(64, 64);
  const DeviceLayout layout = DeviceLayout::From(device);
  constexpr uint64_t kTraceBytes = uint64_t{2} << 30;
  auto generated = std::make_unique<GeneratedMqsimInput>(kTraceBytes, layout.logical_bytes / 512);
  const GeneratedMqsimInput& trace = *generated;

  // Start the peak over from the current RSS (Linux: "5" resets VmHWM), so
  // earlier tests in this process do not hide this one's growth.
  { std::ofstream("/proc/self/clear_refs") << "5"; }
  const uint64_t rss_before_kb = testing::StatusKb("VmRSS");
  const auto start = std::chrono::steady_clock::now();

  TraceOptions options;
  options.format = "mqsim";
  options.volume = "0";
  options.queue_depth = 4;
  TraceJob job = JobFromTrace(std::move(generated), options, layout);
  const TraceSource& source = *job.source;
  std::vector<JobSpec> jobs;
  jobs.push_back(std::move(job.job));
  Simulator sim(device, std::move(jobs));
  sim.RunToCompletion();

  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const uint64_t peak_kb = testing::StatusKb("VmHWM");
  const double growth_mb = (static_cast<double>(peak_kb) - rss_before_kb) / 1024;
  std::printf(
      "[ trace memory ] parsed %.2f GB (%llu lines) in %.1f s wall (%.0f MB/s), replayed %llu "
      "requests; peak RSS %.0f MB, %.1f MB above the %.0f MB before\n",
      source.bytes_read() / 1e9, (unsigned long long)source.lines(), wall_s,
      source.bytes_read() / 1e6 / wall_s, (unsigned long long)source.requests(), peak_kb / 1024.0,
      growth_mb, rss_before_kb / 1024.0);

  EXPECT_GE(source.bytes_read(), kTraceBytes);
  EXPECT_EQ(source.bytes_read(), trace.produced_bytes());
  EXPECT_EQ(source.lines(), trace.lines());
  const JobMetrics& m = sim.host().metrics(0);
  EXPECT_EQ(m.requests[0] + m.requests[1], trace.device0_records());
  EXPECT_EQ(m.requests[0], trace.device0_reads());
  EXPECT_EQ(m.bytes[0], trace.device0_reads() * 4096);
  EXPECT_EQ(source.filtered_records(), trace.lines() - trace.device0_records());
  EXPECT_LT(growth_mb, 300);
}

// "arrival_ns device start_sector 8 0" lines of fixed width (so the input
// knows its length): 4 KiB writes a microsecond apart, each anywhere in
// 2^62 bytes.
class SparseMqsimInput final : public testing::GeneratedLinesInput {
 public:
  static constexpr uint64_t kLines = 1'000'000;
  static constexpr uint64_t kLineBytes = 34;  // "%010llu 0 %016llu 8 0\n"
  SparseMqsimInput() : GeneratedLinesInput("sparse-2^62.trace", kLines * kLineBytes) {}

 private:
  size_t MakeLine(char* line) override {
    ++lines_;
    // 4 KiB-aligned sectors below 2^62 bytes.
    return static_cast<size_t>(std::snprintf(
        line, kMaxLineBytes, "%010llu 0 %016llu 8 0\n", (unsigned long long)(lines_ * 1000),
        (unsigned long long)(rng_.Below(uint64_t{1} << 50) * 8)));
  }
  void RestartLines() override {
    lines_ = 0;
    rng_ = Rng(62);
  }

  uint64_t lines_ = 0;
  Rng rng_{62};
};

TEST(TraceMemory, ASparseAddressSpaceInspectsWithinTheFootprintsBudget) {
  { std::ofstream("/proc/self/clear_refs") << "5"; }
  const uint64_t rss_before_kb = testing::StatusKb("VmRSS");
  TraceOptions options;
  options.format = "mqsim";
  TraceInspector inspector(std::make_unique<SparseMqsimInput>(), options);
  inspector.Scan(UINT64_MAX);
  const uint64_t peak_kb = testing::StatusKb("VmHWM");
  const double growth_mb = (static_cast<double>(peak_kb) - rss_before_kb) / 1024;
  const double truth = SparseMqsimInput::kLines * 4096.0;
  std::printf(
      "[ trace memory ] sparse: %llu requests over 2^62 bytes, footprint %.4g GB (%s, truth "
      "%.4g GB); peak RSS %.1f MB above the %.0f MB before\n",
      (unsigned long long)inspector.requests(), inspector.footprint_bytes() / 1e9,
      inspector.footprint_estimated() ? "estimated" : "exact", truth / 1e9, growth_mb,
      rss_before_kb / 1024.0);
  EXPECT_EQ(inspector.requests(), SparseMqsimInput::kLines);
  EXPECT_TRUE(inspector.footprint_estimated());
  EXPECT_NEAR(static_cast<double>(inspector.footprint_bytes()) / truth, 1.0, 0.03);
  EXPECT_NE(inspector.SummaryJson().find("\"footprint_estimated\":true"), std::string::npos);
  EXPECT_NE(inspector.SummaryText().find("note: the footprint is an estimate"), std::string::npos);
  // The budget's 32 MiB of bits, the reorder window and the line reader:
  // 47 MB measured after the other trace tests, 72 MB in a fresh process
  // (whose first allocations count too); 1.09 GB before the budget.
  EXPECT_LT(growth_mb, 150);
}

}  // namespace
}  // namespace flashscope
