// flashscope_bench (npm run bench): how fast the simulator runs, natively.
// Prints figures; nothing here is asserted (performance goals live in
// benchmarks, not in timed tests).
//
//   1. 4 KiB random writes in GC steady state on a 64 GiB TLC drive:
//      simulated host writes per wall-clock second (target: >= 1 million).
//   2. 128 KiB sequential writes on the same drive: simulated MB per
//      wall-clock second.
//   3. Preconditioning a 512 GiB drive to GC steady state (untimed path).
//   Peak memory (max RSS) after each.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "config/device_config.h"
#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "util/input_error.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point from) {
  return std::chrono::duration<double>(Clock::now() - from).count();
}

double PeakRssMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

struct TimedRun {
  double precondition_s;
  double run_s;
  double sim_ms;
  uint64_t requests;
  uint64_t bytes;
  double waf;
  double device_mbps;
};

TimedRun RunJob(const DeviceConfig& device, const std::string& job_text) {
  const DeviceLayout layout = DeviceLayout::From(device);
  const FioJobFile jobs = ParseFioJobs(job_text, "bench.fio");
  auto start = Clock::now();
  Simulator sim(device, JobsFromFio(jobs, device, layout));
  sim.Precondition();
  TimedRun r{};
  r.precondition_s = Seconds(start);
  start = Clock::now();
  sim.RunToCompletion();
  r.run_s = Seconds(start);
  const JobMetrics& m = sim.host().metrics(0);
  r.sim_ms = (m.end_ns - m.start_ns) / 1e6;
  r.requests = m.requests[1];
  r.bytes = m.bytes[1];
  const NandCounters& n = sim.counters();
  r.waf = static_cast<double>(n.TotalPrograms()) * layout.page_bytes / m.bytes[1];
  r.device_mbps = m.bytes[1] / (r.sim_ms / 1e3) / 1e6;
  return r;
}

int Main(int argc, char** argv) {
  std::string presets = "public/presets/devices";
  uint64_t random_ios = 4'000'000;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--presets") && i + 1 < argc)
      presets = argv[++i];
    else if (!std::strcmp(argv[i], "--quick"))
      random_ios = 500'000;
  }

  const DeviceConfig tlc64 = LoadDevice("preset:tlc-64g", presets,
                                        {"precondition.fill=1", "precondition.random_writes=1"});
  std::printf("FlashScope native benchmark (one core)\n");

  const TimedRun random =
      RunJob(tlc64, "[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap=1\nnumber_ios=" +
                        std::to_string(random_ios) + "\n");
  std::printf(
      "4 KiB random writes, GC steady state, 64 GiB TLC (QD32): %.0f simulated host writes/s "
      "(%llu writes in %.2f s wall; device %.0f IOPS, WAF %.2f; precondition %.1f s)\n",
      random.requests / random.run_s, (unsigned long long)random.requests, random.run_s,
      random.requests / (random.sim_ms / 1e3), random.waf, random.precondition_s);
  std::printf("  peak memory so far: %.0f MiB\n", PeakRssMiB());

  const DeviceConfig fresh64 = LoadDevice("preset:tlc-64g", presets, {});
  const TimedRun sequential =
      RunJob(fresh64, "[seqwrite]\nrw=write\nbs=128k\niodepth=32\nio_size=16g\n");
  std::printf(
      "128 KiB sequential writes, 64 GiB TLC (QD32): %.0f simulated MB/s of host data per wall "
      "second (%.1f GB in %.2f s wall; device %.0f MB/s)\n",
      sequential.bytes / sequential.run_s / 1e6, sequential.bytes / 1e9, sequential.run_s,
      sequential.device_mbps);
  std::printf("  peak memory so far: %.0f MiB\n", PeakRssMiB());

  // Through the SLC cache and past its cliff, with fold-then-write
  // migration (seed 000 Fig. 4 at 50 % fill): pSLC and native blocks,
  // folding jobs and host writes all at once.
  const DeviceConfig qlc =
      LoadDevice("preset:qlc-1tb-665p-like", presets, {"precondition.fill=0.5"});
  const TimedRun cliff =
      RunJob(qlc, "[seqwrite]\nrw=write\nbs=1m\niodepth=64\noffset=50%\nio_size=80g\n");
  std::printf(
      "1 MiB sequential writes through the SLC cache and past the cliff, 1 TB QLC 665p-like at "
      "50 %% fill (QD64): %.0f simulated MB/s of host data per wall second (%.1f GB in %.2f s "
      "wall; device %.0f MB/s, WAF %.2f; precondition %.1f s)\n",
      cliff.bytes / cliff.run_s / 1e6, cliff.bytes / 1e9, cliff.run_s, cliff.device_mbps, cliff.waf,
      cliff.precondition_s);
  std::printf("  peak memory so far: %.0f MiB\n", PeakRssMiB());

  const DeviceConfig tlc512 = LoadDevice("preset:tlc-512g", presets,
                                         {"precondition.fill=1", "precondition.random_writes=1"});
  {
    const auto start = Clock::now();
    Simulator sim(tlc512, {});
    sim.Precondition();
    const PreconditionStats& p = sim.precondition_stats();
    std::printf(
        "precondition 512 GiB TLC to GC steady state (fill + 1x capacity of random writes): "
        "%.1f s wall, random-phase WAF %.2f, %llu GC runs\n",
        Seconds(start), p.waf, (unsigned long long)p.gc_runs);
    std::printf("  simulator state: %.2f bytes per physical mapping unit\n",
                sim.StateBytesPerPhysicalUnit());
  }
  std::printf("  peak memory: %.0f MiB\n", PeakRssMiB());
  return 0;
}

}  // namespace
}  // namespace flashscope

int main(int argc, char** argv) {
  try {
    return flashscope::Main(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "flashscope_bench: %s\n", e.what());
    return 1;
  }
}
