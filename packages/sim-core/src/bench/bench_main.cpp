// flashscope_bench (npm run bench): how fast the simulator runs, natively.
// Prints figures; nothing here is asserted (performance goals live in
// benchmarks, not in timed tests).
//
//   1. 4 KiB random writes in GC steady state on a 64 GiB TLC drive:
//      simulated host writes per wall-clock second (target: >= 1 million).
//   2. 128 KiB sequential writes on the same drive: simulated MB per
//      wall-clock second.
//   3. Preconditioning a 512 GiB drive to GC steady state (untimed path).
//   4. Trace parse throughput: a ~256 MiB MSR-format trace (generated in
//      memory exactly as scripts/gen-msr-trace.mjs writes it, or the file
//      given by --msr-trace PATH) read line by line and parsed into records,
//      in MB/s (target: >= 200 MB/s).
//   5. The ZNS host FTL (untimed) on the zns-placement scenario's stream
//      (1 M cloud-block writes on 384 zones of 4 MiB) under each placement:
//      user block writes per wall-clock second, with the WAF.
//   6. The classic FTLs and write caches (issue 7) on the full SLC drive of
//      public/scenarios/clash-full-drive.json (seed 002), its DiskSim
//      workload raised to kClassicRequests requests: C-lash as the file
//      runs it, then page mapping, DFTL and FAST without a cache, and BPLRU
//      over FAST; simulated host requests per wall-clock second, with the
//      mean response time and block erases.
//   7. Long runs (issue 14): peak memory against run length (1, 2 and 4
//      passes of 4 KiB random writes over a full 2 GiB TLC drive, each run
//      in its own process so each peak is its own), and the replay speed of
//      a week-long sparse MSR-format trace (3,000 requests over 7 days) in
//      simulated days per wall-clock second, with its series points and
//      JSON size.
//   Peak memory (max RSS) after each.
//
//   flashscope_bench [--quick] [--presets DIR] [--msr-trace PATH]
//                    [--trace-only | --classic-only | --long-only]
//   --trace-only, --classic-only and --long-only run section 4, 6 or 7 alone.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "report/classic_json.h"
#include "report/result_json.h"
#include "scenario/scenario.h"
#include "schema/device_schema.h"
#include "sim/fio_jobs.h"
#include "sim/generator_jobs.h"
#include "sim/simulator.h"
#include "sim/trace_jobs.h"
#include "sim/untimed_zns_run.h"
#include "trace/byte_input.h"
#include "trace/trace_scanner.h"
#include "util/input_error.h"
#include "workload/fio_job.h"
#include "zns/host_ftl/placement/i_placement.h"

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

// mulberry32 (as in scripts/gen-msr-trace.mjs): 32-bit state, 32-bit output.
class Mulberry32 {
 public:
  explicit Mulberry32(uint32_t seed) : a_(seed) {}
  uint32_t Next() {
    a_ += 0x6D2B79F5u;
    uint32_t t = (a_ ^ (a_ >> 15)) * (1u | a_);
    t = (t + (t ^ (t >> 7)) * (61u | t)) ^ t;
    return t ^ (t >> 14);
  }

 private:
  uint32_t a_;
};

// The bytes `node scripts/gen-msr-trace.mjs OUT SIZE_MB` writes, SIZE_MB =
// target_bytes / 2^20 (the script documents the trace).
std::string GenerateMsrTrace(uint64_t target_bytes) {
  static constexpr uint32_t kSizes[] = {512, 4096, 8192, 16384, 65536};
  constexpr uint64_t kLowDigits = 100'000'000'000;
  Mulberry32 next(1);
  uint64_t high = 1281663;
  uint64_t low = 72003061629;
  std::string text;
  text.reserve(target_bytes + 128);
  char line[160];
  while (text.size() < target_bytes) {
    low += 1000 + next.Next() % 100000;
    if (low >= kLowDigits) {
      ++high;
      low -= kLowDigits;
    }
    const char* type = next.Next() % 10 < 7 ? "Read" : "Write";
    const uint64_t offset = uint64_t{next.Next() % 26214400} * 4096;
    const uint32_t size = kSizes[next.Next() % 5];
    const uint32_t disk = next.Next() % 2;
    const uint32_t response = 100 + next.Next() % 100000;
    const int n = std::snprintf(line, sizeof line, "%llu%011llu,hm,%u,%s,%llu,%u,%u\n",
                                (unsigned long long)high, (unsigned long long)low, disk, type,
                                (unsigned long long)offset, size, response);
    text.append(line, static_cast<size_t>(n));
  }
  return text;
}

// Reads and parses the whole trace as a replay does (line reader, format,
// selection), counting records; best of three passes.
void BenchTraceParse(const std::string& msr_path) {
  std::unique_ptr<IByteInput> input;
  if (msr_path.empty()) {
    const auto start = Clock::now();
    input = MakeMemoryInput("generated-msr.csv", GenerateMsrTrace(uint64_t{256} << 20));
    std::printf("  (generated a %.0f MB MSR trace in memory in %.1f s)\n",
                input->size_bytes() / 1e6, Seconds(start));
  } else {
    input = OpenFileInput(msr_path);
  }
  TraceOptions options;
  options.format = "msr";
  TraceScanner scanner(*input, options, "msr");
  double best_s = 1e30;
  uint64_t records = 0, bytes = 0;
  for (int pass = 0; pass < 3; ++pass) {
    scanner.Rewind();
    const auto start = Clock::now();
    ScannedRecord scanned;
    records = 0;
    bytes = 0;
    while (scanner.Next(scanned)) {
      ++records;
      bytes += scanned.record.length_bytes;
    }
    best_s = std::min(best_s, Seconds(start));
  }
  const double mb = scanner.bytes_consumed() / 1e6;
  std::printf(
      "trace parse (msr, native): %.0f MB/s (%.0f MB, %llu records, %.1f GB of I/O, "
      "%.2f s, best of 3)\n",
      mb / best_s, mb, (unsigned long long)records, bytes / 1e9, best_s);
  std::printf("  peak memory so far: %.0f MiB\n", PeakRssMiB());
}

// public/scenarios/zns-placement.json's stream and zones through the
// untimed host FTL, once per placement.
void BenchZnsHostFtl(const std::string& scenarios) {
  const Scenario scenario = LoadScenario(scenarios + "/zns-placement.json", "", {});
  zns::UntimedZnsSetup setup = zns::UntimedZnsSetupFor(scenario.device, *scenario.workload);
  std::printf(
      "ZNS host FTL, untimed (zns-placement stream: %llu writes, %u zones of %llu KiB, %s):\n",
      (unsigned long long)setup.workload.num_writes, setup.geometry.zone_count,
      (unsigned long long)(setup.geometry.zone_size_lbas * 4), setup.ftl.gc_victim.c_str());
  for (std::string_view name : zns::PlacementNames()) {
    setup.ftl.placement = std::string(name);
    const auto start = Clock::now();
    const zns::HostFtlStats stats = zns::RunUntimedZns(setup);
    const double s = Seconds(start);
    std::printf("  %-9s %.2f M user writes/s (%.2f s wall incl. the generator%s), WAF %.3f\n",
                setup.ftl.placement.c_str(), stats.user_blocks / s / 1e6, s,
                name == "fk" || name == "zbopt" ? " and the pre-pass" : "", stats.waf());
  }
  std::printf("  peak memory so far: %.0f MiB\n", PeakRssMiB());
}

// Requests of clash-full-drive.json's workload in BenchClassic (the file has
// 20000): enough for >= 0.3 s of wall time per run. bench-wasm.mjs's
// benchClassic raises it to the same number.
constexpr uint64_t kClassicRequests = 400'000;

// public/scenarios/clash-full-drive.json with num_requests raised, once per
// FTL / write cache: the scenario's own C-lash, then the --set comparisons
// its description suggests, and BPLRU over FAST. Preconditioning (the
// scenario's fill) is untimed, as in RunJob.
void BenchClassic(const std::string& scenarios) {
  struct Variant {
    const char* label;
    std::vector<std::string> sets;
  };
  const std::vector<Variant> variants = {
      {"C-lash", {}},
      {"page", {"cache.policy=none", "ftl.mapping=page"}},
      {"DFTL", {"cache.policy=none", "ftl.mapping=dftl"}},
      {"FAST", {"cache.policy=none", "ftl.mapping=fast"}},
      {"BPLRU/FAST", {"ftl.mapping=fast", "cache.policy=bplru", "cache.bytes=524288"}},
  };
  const std::string path = scenarios + "/clash-full-drive.json";
  std::printf(
      "classic FTLs and write caches (clash-full-drive scenario, seed 002 full 128 MiB SLC "
      "drive, DiskSim clash_default raised to %llu requests):\n",
      (unsigned long long)kClassicRequests);
  for (const Variant& variant : variants) {
    Scenario scenario = LoadScenario(path, "", variant.sets);
    scenario.workload->synthetic.num_requests = kClassicRequests;
    const DeviceLayout layout = DeviceLayout::From(scenario.device);
    std::vector<JobSpec> jobs;
    jobs.push_back(JobFromGenerator(*scenario.workload, scenario.device, layout));
    Simulator sim(scenario.device, std::move(jobs));
    sim.Precondition();
    const auto start = Clock::now();
    sim.RunToCompletion();
    const double wall_s = Seconds(start);
    const JobMetrics& m = sim.host().metrics(0);
    uint64_t requests = 0;
    for (uint64_t kind : m.requests) requests += kind;
    std::printf(
        "  %-10s %.0f simulated host requests/s (%.2f s wall), mean response %.1f us, "
        "%llu block erases\n",
        variant.label, requests / wall_s, wall_s, MeanResponseUs(m.latency),
        (unsigned long long)sim.counters().TotalErases());
  }
  std::printf("  peak memory so far: %.0f MiB\n", PeakRssMiB());
}

// Section 7. The drive of the memory runs: tlc-8g cut to 48 blocks per
// plane (2.2 GiB raw, 15 % over-provisioning so GC has its spare blocks),
// filled before the timed run.
const std::vector<std::string> kLongRunSets = {"geometry.blocks_per_plane=48", "overprovision=0.15",
                                               "precondition.fill=1"};

// 3,000 4 KiB requests at random instants over 7 days, in MSR Cambridge's
// CSV (Windows FILETIME in 100 ns ticks), a third of them reads.
std::string SparseWeekMsrTrace() {
  constexpr uint64_t kStart = 128166372003061629ull;
  constexpr uint64_t kWeekTicks = 7ull * 86400 * 10'000'000;
  constexpr uint32_t kRequests = 3000;
  Mulberry32 next(7);
  std::string text;
  char line[160];
  for (uint32_t i = 0; i < kRequests; ++i) {
    const uint64_t t = kStart + i * (kWeekTicks / kRequests) + next.Next() % 100000;
    const uint64_t offset = uint64_t{next.Next() % 500000} * 4096;
    const int n =
        std::snprintf(line, sizeof line, "%llu,wdev,1,%s,%llu,4096,500\n", (unsigned long long)t,
                      i % 3 == 0 ? "Read" : "Write", (unsigned long long)offset);
    text.append(line, static_cast<size_t>(n));
  }
  return text;
}

// One long run in this process (the child side of RunMeasured): prints
// "figure figure ..." on stdout for the parent.
int LongRunChild(const std::string& presets, const std::string& kind, int passes) {
  if (kind == "passes") {
    const DeviceConfig device = LoadDevice("preset:tlc-8g", presets, kLongRunSets);
    const DeviceLayout layout = DeviceLayout::From(device);
    const FioJobFile jobs =
        ParseFioJobs("[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap=1\nloops=" +
                         std::to_string(passes) + "\n",
                     "bench.fio");
    Simulator sim(device, JobsFromFio(jobs, device, layout));
    sim.Precondition();
    const auto start = Clock::now();
    sim.RunToCompletion();
    const std::string json = RunResultJson(sim, RunInfoFor(jobs, "bench.fio", false), false);
    std::printf("%llu %.3f %llu %zu\n", (unsigned long long)sim.host().metrics(0).requests[1],
                Seconds(start), (unsigned long long)sim.event_log().total(), json.size());
    return 0;
  }
  const DeviceConfig fresh = LoadDevice("preset:tlc-8g", presets, {});
  const DeviceLayout fresh_layout = DeviceLayout::From(fresh);
  const auto start = Clock::now();
  TraceJob trace =
      JobFromTrace(MakeMemoryInput("week.csv", SparseWeekMsrTrace()), TraceOptions{}, fresh_layout);
  const TraceSource* source = trace.source;
  std::vector<JobSpec> jobs;
  jobs.push_back(std::move(trace.job));
  Simulator sim(fresh, std::move(jobs));
  sim.RunToCompletion();
  const std::string json = RunResultJson(sim, RunInfoForTrace("week.csv", *source, false), false);
  std::printf("%llu %.3f %.4f %zu %zu\n", (unsigned long long)source->requests(), Seconds(start),
              sim.now_ns() / 86400e9, sim.series().size(), json.size());
  return 0;
}

// Runs this program again as `--long-run-child KIND PASSES` and returns its
// stdout, with the child's own peak RSS (wait4: the exec'd process starts
// with a fresh address space, so nothing of this one's is counted).
std::string RunMeasured(const std::string& presets, const char* kind, int passes,
                        double& peak_mib) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return "";
  const std::string passes_text = std::to_string(passes);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execl("/proc/self/exe", "flashscope_bench", "--presets", presets.c_str(), "--long-run-child",
          kind, passes_text.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(pipe_fds[1]);
  std::string out;
  char buffer[4096];
  ssize_t n;
  while ((n = read(pipe_fds[0], buffer, sizeof buffer)) > 0) out.append(buffer, n);
  close(pipe_fds[0]);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  peak_mib = usage.ru_maxrss / 1024.0;
  // A failed run printed its reason on stderr; no figures then.
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) out.clear();
  return out;
}

void BenchLongRuns(const std::string& presets) {
  std::printf(
      "Long runs: peak memory against run length, full 2.2 GiB TLC drive (tlc-8g, 48 blocks "
      "per plane, 15 %% OP), 4 KiB random writes at QD32, each run in its own process\n");
  double first_peak = 0;
  for (int passes : {1, 2, 4}) {
    double peak = 0;
    const std::string out = RunMeasured(presets, "passes", passes, peak);
    if (out.empty()) {
      std::printf("  %d passes: the run failed\n", passes);
      continue;
    }
    unsigned long long writes = 0, events = 0;
    double wall = 0;
    size_t json_bytes = 0;
    std::sscanf(out.c_str(), "%llu %lf %llu %zu", &writes, &wall, &events, &json_bytes);
    if (passes == 1) first_peak = peak;
    std::printf(
        "  %d pass%s: %llu writes in %.2f s wall, %llu events, JSON %.1f KB; peak memory %.1f "
        "MiB (%+.1f %% vs 1 pass)\n",
        passes, passes == 1 ? "" : "es", writes, wall, events, json_bytes / 1e3, peak,
        first_peak > 0 ? (peak / first_peak - 1) * 100 : 0.0);
  }
  double peak = 0;
  const std::string out = RunMeasured(presets, "sparse", 0, peak);
  if (out.empty()) {
    std::printf("Week-long sparse MSR trace: the run failed\n");
    return;
  }
  unsigned long long requests = 0;
  double wall = 0, days = 0;
  size_t points = 0, json_bytes = 0;
  std::sscanf(out.c_str(), "%llu %lf %lf %zu %zu", &requests, &wall, &days, &points, &json_bytes);
  std::printf(
      "Week-long sparse MSR trace (%llu requests over %.2f simulated days, tlc-8g): %.0f "
      "simulated days per wall second (%.3f s wall); %zu series points, JSON %.1f KB, peak "
      "memory %.1f MiB\n",
      requests, days, wall > 0 ? days / wall : 0.0, wall, points, json_bytes / 1e3, peak);
}

int Main(int argc, char** argv) {
  std::string presets = "public/presets/devices";
  std::string msr_trace;
  bool trace_only = false;
  bool classic_only = false;
  bool long_only = false;
  uint64_t random_ios = 4'000'000;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--presets") && i + 1 < argc)
      presets = argv[++i];
    else if (!std::strcmp(argv[i], "--msr-trace") && i + 1 < argc)
      msr_trace = argv[++i];
    else if (!std::strcmp(argv[i], "--trace-only"))
      trace_only = true;
    else if (!std::strcmp(argv[i], "--classic-only"))
      classic_only = true;
    else if (!std::strcmp(argv[i], "--long-only"))
      long_only = true;
    else if (!std::strcmp(argv[i], "--long-run-child") && i + 2 < argc)
      return LongRunChild(presets, argv[i + 1], std::atoi(argv[i + 2]));
    else if (!std::strcmp(argv[i], "--quick"))
      random_ios = 500'000;
  }
  if (long_only) {
    BenchLongRuns(presets);
    return 0;
  }
  if (trace_only) {
    BenchTraceParse(msr_trace);
    return 0;
  }
  if (classic_only) {
    BenchClassic(presets + "/../../scenarios");
    return 0;
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
  BenchZnsHostFtl(presets + "/../../scenarios");
  BenchClassic(presets + "/../../scenarios");
  BenchTraceParse(msr_trace);
  BenchLongRuns(presets);
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
