#include "cli/stability_command.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "cli/command_line.h"
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

namespace {

struct StabilityArgs {
  std::string device_spec;
  std::string fio_path;
  std::string presets;
  std::string random_precondition;
  std::string rounds_max;
  std::string qos_read_us;
  std::string qos_write_us;
  std::string qos_percentile;
  std::string series_interval_ms;
  bool json = false;
  bool compare = false;
};

int Stability(const CLI::App& command, const StabilityArgs& args) {
  if (const std::string flag = cli::OptionMissingValue(command); !flag.empty()) {
    StabilityError(flag + " needs a value");
  }
  if (const std::string arg = cli::UnknownArgument(command); !arg.empty()) {
    StabilityError("unknown option '" + arg + "' for stability");
  }
  const bool json = args.json;
  const bool compare = args.compare;
  const std::string& device_spec = args.device_spec;
  const std::string& fio_path = args.fio_path;
  if (!args.presets.empty()) SetPresetsDir(args.presets);
  // --set and --seed in the order given: a later one wins.
  std::vector<std::string> sets;
  for (const cli::GivenValue& given : cli::ValuesInOrder(command, {"--set", "--seed"})) {
    sets.push_back(given.flag == "--seed" ? "seed=" + given.value : given.value);
  }
  stability::StabilityOptions options;
  if (!args.random_precondition.empty()) {
    const std::string& text = args.random_precondition;
    const double x = NumberFlag("--random-precondition", text);
    if (!(x >= 0 && x <= stability::kMaxRandomPreconditionCapacity)) {
      StabilityError("--random-precondition needs 0 to 10 times the capacity, not '" + text + "'");
    }
    options.random_precondition_capacity = x;
  }
  if (!args.rounds_max.empty()) {
    const std::string& text = args.rounds_max;
    const double n = NumberFlag("--rounds-max", text);
    if (n != std::floor(n) || n < 1 || n > stability::kMaxRoundsLimit) {
      StabilityError("--rounds-max needs a whole number of rounds from 1 to 100, not '" + text +
                     "'");
    }
    options.rule.max_rounds = static_cast<uint32_t>(n);
  }
  const auto qos_limit = [](const char* flag, const std::string& text, double& limit_us) {
    if (text.empty()) return;
    const double us = NumberFlag(flag, text);
    if (!(us > 0)) {
      StabilityError(std::string(flag) + " needs a positive latency in microseconds, not '" + text +
                     "'");
    }
    limit_us = us;
  };
  qos_limit("--qos-read-us", args.qos_read_us, options.qos.read_limit_us);
  qos_limit("--qos-write-us", args.qos_write_us, options.qos.write_limit_us);
  if (!args.qos_percentile.empty()) {
    const std::string& text = args.qos_percentile;
    const double p = NumberFlag("--qos-percentile", text);
    if (!(p > 0 && p <= 100)) {
      StabilityError("--qos-percentile needs 0 < P <= 100, not '" + text + "'");
    }
    options.qos.percentile = p;
  }
  if (!args.series_interval_ms.empty()) {
    const double ms = NumberFlag("--series-interval-ms", args.series_interval_ms);
    if (!(ms >= 0.001)) StabilityError("--series-interval-ms needs at least 0.001 ms");
    options.series_interval_ns = static_cast<uint64_t>(std::llround(ms * 1e6));
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

}  // namespace

void AddStabilityCommand(CLI::App& app, int& status) {
  CLI::App* command = cli::AddCommand(app, "stability");
  const auto args = std::make_shared<StabilityArgs>();
  cli::AddValueOption(*command, "--device", args->device_spec);
  cli::AddValueOption(*command, "--fio", args->fio_path);
  cli::AddRepeatedOption(*command, "--set");
  cli::AddRepeatedOption(*command, "--seed");
  cli::AddValueOption(*command, "--presets", args->presets);
  cli::AddValueOption(*command, "--random-precondition", args->random_precondition);
  cli::AddValueOption(*command, "--rounds-max", args->rounds_max);
  cli::AddValueOption(*command, "--qos-read-us", args->qos_read_us);
  cli::AddValueOption(*command, "--qos-write-us", args->qos_write_us);
  cli::AddValueOption(*command, "--qos-percentile", args->qos_percentile);
  cli::AddValueOption(*command, "--series-interval-ms", args->series_interval_ms);
  command->add_flag("--json", args->json);
  command->add_flag("--compare", args->compare);
  command->callback([command, args, &status] { status = Stability(*command, *args); });
}

}  // namespace flashscope
