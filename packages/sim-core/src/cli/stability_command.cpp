#include "cli/stability_command.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/presets.h"
#include "config/device_config.h"
#include "scenario/scenario.h"
#include "schema/device_schema.h"
#include "stability/stability_comparison.h"
#include "stability/stability_flow.h"
#include "util/input_error.h"
#include "workload/fio_job.h"
#include "workload/fio_job_file.h"

namespace flashscope {

const char* const kStabilityUsage =
    "  flashscope stability --device DEVICE.json|preset:NAME [--fio MEASURE.fio]\n"
    "                 [options] [--compare] [--json]\n"
    "\n"
    "stability options (purge, 2x capacity 128 KiB sequential preconditioning, then\n"
    "rounds of MEASURE.fio until SNIA PTS steady state):\n"
    "  --fio MEASURE.fio       one round of the measurement workload (default: 4 KiB\n"
    "                          random 70/30 read/write, QD32, 1/8 of the capacity per\n"
    "                          round; a job with no number_ios/io_size/size/runtime\n"
    "                          gets io_size=12.5%)\n"
    "  --set KEY=VALUE         override a device key (repeatable); --seed N\n"
    "  --rounds-max N          stop after N rounds without steady state (1-100,\n"
    "                          default 25, the PTS maximum)\n"
    "  --qos-read-us X         QoS read latency limit (default 1000, seed 001)\n"
    "  --qos-write-us Y        QoS write latency limit (default 200, seed 001)\n"
    "  --qos-percentile P      check the limits at percentile P (0 < P <= 100)\n"
    "                          instead of the mean latency the seed checks\n"
    "  --series-interval-ms N  IOPS sampling interval for CV and consistency\n"
    "                          (default 10)\n"
    "  --random-precondition X after the sequential preconditioning, write X times\n"
    "                          the capacity in 4 KiB random writes at QD32 (0-10,\n"
    "                          default 2, seed 001's second step; 0 skips it and\n"
    "                          may find a fresh drive's flat IOPS steady)\n"
    "  --compare               run the flow once per variant of the same drive and\n"
    "                          print them side by side: baseline (greedy GC,\n"
    "                          background GC, no suspend), cost-benefit GC, no\n"
    "                          background GC, program/erase suspend; background GC\n"
    "                          needs idle time, so pace MEASURE (e.g. rate_iops)\n"
    "  --json                  print one JSON object instead of the table (with\n"
    "                          --compare: {\"variants\": [{name, label, overrides,\n"
    "                          window_waf, <the keys of one run>}], \"notes\"})\n";

namespace {

[[noreturn]] void StabilityError(const std::string& problem) {
  throw InputError("flashscope", 0, problem + "\nusage:\n" + kStabilityUsage);
}

double NumberFlag(const std::string& flag, const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value)) {
    StabilityError(flag + " needs a number, not '" + text + "'");
  }
  return value;
}

}  // namespace

int StabilityCommand(int argc, char** argv) {
  std::string device_spec;
  std::string fio_path;
  std::vector<std::string> sets;
  bool json = false;
  bool compare = false;
  stability::StabilityOptions options;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) StabilityError(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--device") {
      device_spec = value();
    } else if (arg == "--fio") {
      fio_path = value();
    } else if (arg == "--set") {
      sets.push_back(value());
    } else if (arg == "--seed") {
      sets.push_back("seed=" + value());
    } else if (arg == "--presets") {
      SetPresetsDir(value());
    } else if (arg == "--json") {
      json = true;
    } else if (arg == "--compare") {
      compare = true;
    } else if (arg == "--random-precondition") {
      const double x = NumberFlag(arg, value());
      if (!(x >= 0 && x <= stability::kMaxRandomPreconditionCapacity)) {
        StabilityError("--random-precondition needs 0 to 10 times the capacity, not '" +
                       std::string(argv[i]) + "'");
      }
      options.random_precondition_capacity = x;
    } else if (arg == "--rounds-max") {
      const double n = NumberFlag(arg, value());
      if (n != std::floor(n) || n < 1 || n > 100) {
        StabilityError("--rounds-max needs a whole number of rounds from 1 to 100, not '" +
                       std::string(argv[i]) + "'");
      }
      options.rule.max_rounds = static_cast<uint32_t>(n);
    } else if (arg == "--qos-read-us" || arg == "--qos-write-us") {
      const double us = NumberFlag(arg, value());
      if (!(us > 0)) {
        StabilityError(arg + " needs a positive latency in microseconds, not '" +
                       std::string(argv[i]) + "'");
      }
      (arg == "--qos-read-us" ? options.qos.read_limit_us : options.qos.write_limit_us) = us;
    } else if (arg == "--qos-percentile") {
      const double p = NumberFlag(arg, value());
      if (!(p > 0 && p <= 100)) {
        StabilityError("--qos-percentile needs 0 < P <= 100, not '" + std::string(argv[i]) + "'");
      }
      options.qos.percentile = p;
    } else if (arg == "--series-interval-ms") {
      const double ms = NumberFlag(arg, value());
      if (!(ms >= 0.001)) StabilityError("--series-interval-ms needs at least 0.001 ms");
      options.series_interval_ns = static_cast<uint64_t>(std::llround(ms * 1e6));
    } else {
      StabilityError("unknown option '" + arg + "' for stability");
    }
  }
  if (device_spec.empty()) StabilityError("stability needs --device");

  const DeviceConfig device = LoadDevice(device_spec, PresetsDir(), sets);
  const FioJobFile measure =
      fio_path.empty() ? stability::DefaultMeasureJobs() : ParseFioJobFile(fio_path);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  if (compare) {
    // The user's device and --set first, then the variant's own overrides.
    const std::vector<stability::VariantResult> results = stability::RunComparison(
        stability::StandardVariants(),
        [&](const stability::ComparisonVariant& variant) {
          std::vector<std::string> variant_sets = sets;
          variant_sets.insert(variant_sets.end(), variant.overrides.begin(),
                              variant.overrides.end());
          return LoadDevice(device_spec, PresetsDir(), variant_sets);
        },
        measure, options);
    const std::vector<std::string> notes = stability::ComparisonNotes(device, measure, options);
    size_t rounds = 0;
    for (const stability::VariantResult& v : results) rounds += v.result.rounds.size();
    std::fprintf(
        stderr, "flashscope: stability comparison %.2f s wall (%zu variants, %zu rounds)\n",
        std::chrono::duration<double>(Clock::now() - start).count(), results.size(), rounds);
    const std::string out = json ? stability::ComparisonJson(results, notes, false)
                                 : stability::ComparisonText(results, notes);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  }
  const stability::StabilityResult result = stability::RunStability(device, measure, options);
  // Wall-clock figures go to stderr, as for run: the JSON stays
  // byte-identical per seed.
  std::fprintf(stderr, "flashscope: stability flow %.2f s wall (%zu rounds, %.1f ms simulated)\n",
               std::chrono::duration<double>(Clock::now() - start).count(), result.rounds.size(),
               result.rounds.back().end_ns / 1e6);
  const std::string out =
      json ? stability::StabilityJson(result, false) : stability::StabilityText(result);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

}  // namespace flashscope
