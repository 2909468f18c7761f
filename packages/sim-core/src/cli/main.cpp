// flashscope: runs a scenario headless, like fio (docs/conventions.md "Native CLI").
//
//   flashscope run --device DEVICE.json|preset:NAME --fio JOB.fio [options]
//   flashscope run --device DEVICE.json|preset:NAME --trace FILE [trace options] [options]
//   flashscope run --scenario FILE.json [options]
//   flashscope run ... --placements all|NAME,...   (zoned drives)
//   flashscope run ... --output-format=normal|json|json+[,...]   (fio's output)
//   flashscope run --device DEVICE --fio JOB.fio --parse-only
//   flashscope trace inspect FILE [trace options] [--json]
//   flashscope trace split FILE --by volume --out DIR [trace options]
//   flashscope sweep SPEC.json --out DIR [...]   (hands over to Python)
//   flashscope presets [--json]
//   flashscope stability --device DEVICE [--fio MEASURE.fio] [options] [--compare]
//       [--json]
//   flashscope schema                    (the device JSON Schema)
//
// Arguments are parsed with CLI11 (cli/command_line.h); every value option
// may be written --flag VALUE or --flag=VALUE.
// Bad input exits with status 2 and one line naming the file, the line and
// the problem; simulator faults exit with 3.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "cli/event_stream.h"
#include "cli/presets.h"
#include "cli/schema_command.h"
#include "cli/stability_command.h"
#include "cli/sweep_command.h"
#include "cli/trace_command.h"
#include "report/fio_json.h"
#include "report/fio_parse_only.h"
#include "report/fio_text.h"
#include "report/result_json.h"
#include "scenario/scenario.h"
#include "schema/device_schema.h"
#include "sim/fill_overwrite.h"
#include "sim/fio_device_fit.h"
#include "sim/fio_jobs.h"
#include "sim/generator_jobs.h"
#include "sim/simulator.h"
#include "sim/trace_jobs.h"
#include "util/input_error.h"
#include "workload/fio_job_file.h"
#include "zns/host_ftl/placement/i_placement.h"

namespace flashscope {
namespace {

constexpr const char* kUsage =
    "usage:\n"
    "  flashscope run --device DEVICE.json|preset:NAME --fio JOB.fio [options]\n"
    "  flashscope run --device DEVICE.json|preset:NAME --trace FILE [trace options]\n"
    "                 [options]\n"
    "  flashscope run --scenario SCENARIO.json [options]\n"
    "  flashscope trace inspect FILE [trace options] [--json]\n"
    "  flashscope trace split FILE --by volume --out DIR [trace options]\n"
    "  flashscope sweep SPEC.json --out DIR [--engine local|ray] [--address ADDR]\n"
    "                 [--workers N] [--json]\n"
    "  flashscope presets [--json]\n"
    "  flashscope stability --device DEVICE [--fio MEASURE.fio] [options] [--compare]\n"
    "                 [--json]\n"
    "  flashscope schema       the device JSON Schema\n"
    "\n"
    "run options:\n"
    "  --set KEY=VALUE         override a device key by dotted path (repeatable),\n"
    "                          e.g. --set gc.victim=fifo --set overprovision=0.28\n"
    "  --precondition SPEC     untimed preconditioning before the timed run:\n"
    "                          fill=FRACTION|PERCENT%[,random=N[x]], e.g.\n"
    "                          fill=100%,random=2x (same as precondition.* keys)\n"
    "  --seed N                seed every random choice (same as --set seed=N)\n"
    "  --series-interval-ms N  sampling interval of the time series; without it\n"
    "                          100 ms, doubled whenever a series would pass 4096\n"
    "                          points (the result's series_interval_ms)\n"
    "  --events                every GC, migration, stall and zone event as it\n"
    "                          happens: with --json in the result's \"events\"\n"
    "                          list, else one JSON line each on stdout before\n"
    "                          the summary; never held in memory\n"
    "  --placements all|NAME,...  zoned drives: run once per host FTL placement\n"
    "                          (zns.placement) and print the comparison table\n"
    "  --json                  print one JSON object instead of the text summary\n"
    "  --output-format=FORMAT  fio's output instead: normal, json, json+ (json with\n"
    "                          the clat histograms), or several separated by commas\n"
    "                          (JSON first, then text, as fio writes them);\n"
    "                          FlashScope's own figures are under \"flashscope\"\n"
    "  --timestamp SECONDS     the start fio's JSON gives (timestamp, time), in\n"
    "                          Unix seconds (default 1704067200: 2024-01-01 UTC)\n"
    "  --parse-only            with --device and --fio: check the job file against\n"
    "                          the drive, print the jobs as resolved, run nothing\n"
    "  --presets DIR           where device presets live\n"
    "                          (default: the repository's public/presets/devices)\n"
    "\n";

struct RunArgs {
  std::string device;
  std::string fio;
  std::string trace;
  std::vector<cli::GivenValue> trace_flags;  // in the order given
  std::string scenario;
  std::vector<std::string> sets;
  std::string placements;  // --placements: all or NAME,NAME
  bool json = false;
  FioOutputFormats output_format;  // --output-format: fio's layouts
  bool parse_only = false;         // --parse-only
  bool events = false;
  double interval_ms = 0;  // 0: the simulator's default, coarsened as the run grows
};

template <typename Names>
std::string JoinNames(const Names& names) {
  std::string joined;
  for (const auto& name : names) joined += (joined.empty() ? "" : ", ") + std::string(name);
  return joined;
}

[[noreturn]] void UsageError(const std::string& problem) {
  throw InputError("flashscope", 0, problem + "\n" + kUsage + kTraceOptionsUsage);
}

// "fill=100%,random=2x" -> precondition.fill=1, precondition.random_writes=2
void AddPreconditionSets(const std::string& spec, std::vector<std::string>& sets) {
  size_t start = 0;
  while (start <= spec.size()) {
    const size_t comma = spec.find(',', start);
    const std::string part =
        spec.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const size_t eq = part.find('=');
    if (eq == std::string::npos)
      UsageError("--precondition: expected KEY=VALUE, got '" + part + "'");
    const std::string key = part.substr(0, eq);
    std::string value = part.substr(eq + 1);
    char* end = nullptr;
    double number = std::strtod(value.c_str(), &end);
    if (end == value.c_str()) UsageError("--precondition: '" + value + "' is not a number");
    const std::string unit(end);
    if (key == "fill") {
      if (unit == "%")
        number /= 100;
      else if (!unit.empty())
        UsageError("--precondition: fill takes a fraction or a percentage");
      sets.push_back("precondition.fill=" + std::to_string(number));
    } else if (key == "random") {
      if (!unit.empty() && unit != "x")
        UsageError("--precondition: random takes a multiple like 2x");
      sets.push_back("precondition.random_writes=" + std::to_string(number));
    } else {
      UsageError("--precondition: unknown part '" + key + "' (fill, random)");
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
}

// The options of `run` (CLI11 binds the simple ones; --set, --seed and
// --precondition are read in the order given, FinishRunArgs).
struct RunOptions {
  RunArgs args;
  std::string output_format;
  std::string presets;
  std::string interval_ms;
  std::string timestamp;
};

void AddRunOptions(CLI::App& run, RunOptions& options) {
  RunArgs& args = options.args;
  cli::AddValueOption(run, "--device", args.device);
  cli::AddValueOption(run, "--fio", args.fio);
  cli::AddValueOption(run, "--trace", args.trace);
  cli::AddValueOption(run, "--scenario", args.scenario);
  cli::AddRepeatedOption(run, "--set");
  cli::AddRepeatedOption(run, "--seed");
  cli::AddRepeatedOption(run, "--precondition");
  cli::AddValueOption(run, "--placements", args.placements);
  run.add_flag("--json", args.json);
  cli::AddValueOption(run, "--output-format", options.output_format);
  run.add_flag("--parse-only", args.parse_only);
  run.add_flag("--events", args.events);
  cli::AddValueOption(run, "--presets", options.presets);
  cli::AddValueOption(run, "--series-interval-ms", options.interval_ms);
  cli::AddValueOption(run, "--timestamp", options.timestamp);
  AddTraceFlags(run);
}

// Checks what CLI11 parsed and reads the values that need more than binding.
RunArgs FinishRunArgs(const CLI::App& run, const RunOptions& options) {
  if (const std::string flag = cli::OptionMissingValue(run); !flag.empty()) {
    UsageError(flag + " needs a value");
  }
  if (const std::string arg = cli::UnknownArgument(run); !arg.empty()) {
    UsageError("unknown option '" + arg + "'");
  }
  RunArgs args = options.args;
  // A later --set, --seed or --precondition overrides an earlier one.
  for (const cli::GivenValue& given :
       cli::ValuesInOrder(run, {"--set", "--seed", "--precondition"})) {
    if (given.flag == "--set") {
      args.sets.push_back(given.value);
    } else if (given.flag == "--seed") {
      args.sets.push_back("seed=" + given.value);
    } else {
      AddPreconditionSets(given.value, args.sets);
    }
  }
  if (!options.output_format.empty()) {
    args.output_format = ParseFioOutputFormats(options.output_format);
  }
  if (!options.timestamp.empty()) {
    char* end = nullptr;
    const unsigned long long seconds = std::strtoull(options.timestamp.c_str(), &end, 10);
    if (*end != '\0' || options.timestamp[0] == '-')
      UsageError("--timestamp needs Unix seconds (a whole number, as 1704067200)");
    if (!args.output_format.any()) UsageError("--timestamp goes with --output-format");
    args.output_format.timestamp = seconds;
  }
  if (!options.presets.empty()) SetPresetsDir(options.presets);
  if (!options.interval_ms.empty()) {
    const std::string& v = options.interval_ms;
    char* end = nullptr;
    args.interval_ms = std::strtod(v.c_str(), &end);
    if (*end != '\0' || !(args.interval_ms > 0))
      UsageError("--series-interval-ms needs a positive number");
  }
  args.trace_flags = GivenTraceFlags(run);
  if (!args.scenario.empty() &&
      (!args.device.empty() || !args.fio.empty() || !args.trace.empty())) {
    UsageError("--scenario replaces --device and --fio / --trace; give one or the other");
  }
  if (!args.fio.empty() && !args.trace.empty()) {
    UsageError("give one workload: --fio or --trace");
  }
  if (args.scenario.empty() && (args.device.empty() || (args.fio.empty() && args.trace.empty()))) {
    UsageError("run needs --device and --fio (or --trace), or --scenario");
  }
  if (args.json && args.output_format.any()) {
    UsageError("give --json (FlashScope's result) or --output-format (fio's), not both");
  }
  if (args.output_format.any() && (args.events || !args.placements.empty())) {
    UsageError("--output-format cannot be combined with --events or --placements");
  }
  if (args.parse_only && (args.device.empty() || args.fio.empty())) {
    UsageError("--parse-only needs --device and --fio");
  }
  if (args.trace.empty() && !args.trace_flags.empty()) {
    UsageError(args.trace_flags.front().flag + " is a trace option: it needs --trace FILE");
  }
  return args;
}

// The device and workload the arguments name, read with `sets` as the
// device overrides (--placements reads them once per placement).
struct RunInputs {
  DeviceConfig device;
  FioJobFile jobs;
  std::string workload;  // its name in the result
  std::string trace_path;
  TraceOptions trace_options;
  std::optional<GeneratorWorkload> generator;
};

RunInputs LoadInputs(const RunArgs& args, const std::vector<std::string>& sets) {
  RunInputs in;
  if (!args.scenario.empty()) {
    Scenario scenario = LoadScenario(args.scenario, PresetsDir(), sets);
    in.device = std::move(scenario.device);
    in.jobs = std::move(scenario.jobs);
    in.workload = args.scenario;
    if (scenario.trace) {
      in.trace_path = scenario.trace->path;
      in.trace_options = scenario.trace->options;
    }
    in.generator = std::move(scenario.workload);
  } else {
    in.device = LoadDevice(args.device, PresetsDir(), sets);
    if (!args.trace.empty()) {
      in.trace_path = args.trace;
      in.workload = args.trace;
      in.trace_options = TraceOptionsFromFlags(args.trace_flags);
    } else {
      // fio's reading: include beside the job file, ${VAR} from the
      // environment.
      in.jobs = ParseFioJobFile(args.fio);
      in.workload = args.fio;
    }
  }
  if (!in.jobs.jobs.empty()) {
    // Leading fill_device jobs become the untimed preconditioning.
    PreconditionFromFio(in.jobs, in.device);
    // A job bigger than the drive: name what it needs and a preset that
    // holds it, before the generator's own region check.
    CheckFioJobsFit(in.jobs, DeviceLayout::From(in.device).logical_bytes,
                    args.scenario.empty() ? args.device : args.scenario,
                    [](uint64_t bytes) { return PresetThatFits(PresetsDir(), bytes); });
  }
  return in;
}

// Builds the simulator for `in`, preconditions it and runs it to the end;
// `info` receives what the result needs about the workload. `events`, when
// given, receives every event as it happens.
std::unique_ptr<Simulator> Simulate(const RunInputs& in, const RunArgs& args, RunInfo& info,
                                    EventStream* events = nullptr) {
  const DeviceConfig& device = in.device;
  const DeviceLayout layout = DeviceLayout::From(device);
  SimOptions options;
  if (args.interval_ms > 0) {
    options.series_interval_ns =
        std::max<uint64_t>(1, static_cast<uint64_t>(args.interval_ms * 1e6));
    options.series_max_points = 0;  // the user's interval, however many points
  }
  if (events != nullptr) options.on_event = events->Sink();
  std::vector<JobSpec> host_jobs;
  if (in.generator) {
    info.workload = in.workload;
    info.include_events = args.events;
    host_jobs.push_back(JobFromGenerator(*in.generator, device, layout));
    // The fk / zbopt placements' pre-pass runs the generator a second time.
    options.jobs_again = [spec = *in.generator, device, layout] {
      std::vector<JobSpec> again;
      again.push_back(JobFromGenerator(spec, device, layout));
      return again;
    };
  } else if (!in.trace_path.empty()) {
    const std::string& trace_path = in.trace_path;
    const TraceOptions& trace_options = in.trace_options;
    // The trace streams while the run goes on; its format is chosen (and a
    // binary or unreadable file reported) here, before the simulator starts.
    TraceJob trace = JobFromTrace(OpenFileInput(trace_path), trace_options, layout);
    info = RunInfoForTrace(in.workload, *trace.source, args.events);
    // The text output names a preset that holds a trace bigger than the drive.
    info.presets = PresetSizesIn(PresetsDir());
    host_jobs.push_back(std::move(trace.job));
    // The fk / zbopt placements' pre-pass reads the trace a second time.
    options.jobs_again = [trace_path, trace_options, layout] {
      std::vector<JobSpec> again;
      again.push_back(JobFromTrace(OpenFileInput(trace_path), trace_options, layout).job);
      return again;
    };
  } else {
    const FioJobFile& jobs = in.jobs;
    info = RunInfoFor(jobs, in.workload, args.events);
    host_jobs = JobsFromFio(jobs, device, layout);
    options.jobs_again = [jobs, device, layout] { return JobsFromFio(jobs, device, layout); };
  }

  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  auto sim = std::make_unique<Simulator>(device, std::move(host_jobs), options);
  sim->Precondition();
  const auto t1 = Clock::now();
  sim->RunToCompletion();
  const auto t2 = Clock::now();
  const double pre_s = std::chrono::duration<double>(t1 - t0).count();
  const double run_s = std::chrono::duration<double>(t2 - t1).count();
  // Wall-clock figures go to stderr: the JSON stays byte-identical per seed.
  std::fprintf(stderr,
               "flashscope: setup+precondition %.2f s, timed run %.2f s wall (%.1f ms simulated, "
               "%llu events)\n",
               pre_s, run_s, sim->now_ns() / 1e6, (unsigned long long)sim->events_processed());
  return sim;
}

// --placements all|NAME,...: the names in the order given ("all": the
// thesis's table order).
std::vector<std::string> PlacementList(const std::string& spec) {
  const std::string allowed = "all, " + JoinNames(zns::PlacementNames());
  std::vector<std::string> names;
  if (spec == "all") {
    for (std::string_view name : zns::PlacementNames()) names.emplace_back(name);
    return names;
  }
  size_t start = 0;
  while (true) {
    const size_t comma = spec.find(',', start);
    const std::string name =
        spec.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::vector<std::string_view>& known = zns::PlacementNames();
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      UsageError("--placements: unknown placement '" + name + "' (allowed: " + allowed + ")");
    }
    if (std::find(names.begin(), names.end(), name) != names.end()) {
      UsageError("--placements: '" + name + "' is listed twice");
    }
    names.push_back(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

std::string FormatFixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// The same device and workload once per placement policy (zns.placement
// overridden after every --set), and the seed 004 Table 4.3 comparison:
// the host FTL's WAF, GC write bytes, GC count (also relative to ZB-OPT's
// when it ran) and the mean garbage proportion of the reclaimed zones, all
// read from each run's result "zns" object.
int RunPlacements(const RunArgs& args) {
  const std::vector<std::string> names = PlacementList(args.placements);
  const RunInputs base = LoadInputs(args, args.sets);
  if (!base.device.zns.enabled) {
    throw InputError("flashscope", 0,
                     "--placements needs a zoned device (device JSON 'zns'); " + base.device.file +
                         " is a conventional drive");
  }
  std::vector<json::Value> results;
  for (const std::string& name : names) {
    std::vector<std::string> sets = args.sets;
    sets.push_back("zns.placement=" + name);
    RunInfo info;
    const std::unique_ptr<Simulator> sim = Simulate(LoadInputs(args, sets), args, info);
    json::Value result = json::Parse(RunResultJson(*sim, info, false), "result");
    const json::Value* zns = result.Find("zns");
    if (zns == nullptr || !zns->is_object()) {
      throw std::runtime_error("the result of placement " + name + " has no \"zns\" object");
    }
    results.push_back(*zns);
  }
  if (args.json) {
    json::Writer out;
    out.BeginObject().Key("placements").BeginArray();
    for (size_t i = 0; i < names.size(); ++i) {
      out.BeginObject().FieldString("placement", names[i]).Key("zns").Raw(results[i]).EndObject();
    }
    out.EndArray().EndObject();
    const std::string text = out.Take() + "\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  const auto number = [](const json::Value& zns, const char* key) {
    const json::Value* value = zns.Find(key);
    return value != nullptr && value->is_number() ? value->as_number() : 0.0;
  };
  const auto zbopt = std::find(names.begin(), names.end(), "zbopt");
  const double zbopt_gc =
      zbopt == names.end() ? 0 : number(results[zbopt - names.begin()], "gc_count");
  std::string text =
      "placement   WAF     GC write GB  GC count  GC count / zbopt  mean reclaimed GP\n";
  for (size_t i = 0; i < names.size(); ++i) {
    const json::Value& zns = results[i];
    double gp_sum = 0;
    size_t gp_count = 0;
    if (const json::Value* gps = zns.Find("reclaimed_gp"); gps != nullptr && gps->is_array()) {
      for (const json::Value& gp : gps->items()) {
        gp_sum += gp.as_number();
        ++gp_count;
      }
    }
    const double gc_count = number(zns, "gc_count");
    char line[160];
    std::snprintf(line, sizeof line, "%-10s  %-6s  %-11s  %-8.0f  %-16s  %s\n", names[i].c_str(),
                  FormatFixed(number(zns, "waf"), 3).c_str(),
                  FormatFixed(number(zns, "gc_write_bytes") / 1e9, 3).c_str(), gc_count,
                  zbopt_gc > 0 ? FormatFixed(gc_count / zbopt_gc, 2).c_str() : "-",
                  gp_count > 0 ? FormatFixed(gp_sum / gp_count, 4).c_str() : "-");
    text += line;
  }
  if (zbopt == names.end()) text += "(GC count / zbopt needs zbopt in --placements)\n";
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

// fio's outputs of a finished run, in fio's order: JSON, then text.
std::string FioOutput(const Simulator& sim, const RunInputs& in, const RunInfo& info,
                      const FioOutputFormats& formats) {
  const FioJobFile* jobs = in.jobs.jobs.empty() ? nullptr : &in.jobs;
  std::string out;
  if (formats.json) out += FioJsonOutput(sim, jobs, info, formats.json_plus, formats.timestamp);
  if (formats.normal) out += FioTextOutput(sim, jobs);
  return out;
}

int Run(const RunArgs& args) {
  if (!args.placements.empty()) return RunPlacements(args);
  const RunInputs in = LoadInputs(args, args.sets);
  if (args.parse_only) {
    const std::string text = FioResolvedJobsText(in.jobs, in.device);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  // A sequential job writing into the fill's data measures another drive
  // than the one the fill level describes: say so (on stderr, so the result
  // stays the run's alone).
  for (const FillOverwrite& overwrite : FillOverwrites(in.jobs, in.device)) {
    std::fprintf(stderr, "flashscope: warning: %s\n", overwrite.message.c_str());
  }
  RunInfo info;
  std::optional<EventStream> events;
  if (args.events) events.emplace(args.json);
  const std::unique_ptr<Simulator> sim = Simulate(in, args, info, events ? &*events : nullptr);
  // The stream wrote the events; the result leaves them to it.
  info.include_events = false;
  if (args.output_format.any()) {
    const std::string out = FioOutput(*sim, in, info, args.output_format);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  }
  const std::string out = args.json ? RunResultJson(*sim, info, false) : RunResultText(*sim, info);
  if (events && args.json) {
    events->PrintJsonWithEvents(out, stdout);
  } else {
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  return 0;
}

int Presets(const CLI::App& presets, bool json, const std::string& presets_dir) {
  if (const std::string arg = cli::UnknownArgument(presets); !arg.empty()) {
    UsageError("unknown option '" + arg + "' for presets");
  }
  if (const std::string flag = cli::OptionMissingValue(presets); !flag.empty()) {
    UsageError("unknown option '" + flag + "' for presets");
  }
  if (!presets_dir.empty()) SetPresetsDir(presets_dir);
  const std::string out = ListPresets(PresetsDir(), json);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

int Help() {
  std::fputs(kUsage, stdout);
  std::fputs(kTraceOptionsUsage, stdout);
  std::fputs(kStabilityUsage, stdout);
  std::fputs(kSchemaUsage, stdout);
  return 0;
}

int Main(int argc, char** argv) {
  if (argc < 2) UsageError("missing command");
  // Each command's callback runs once CLI11 has parsed its arguments and
  // leaves the exit status here.
  int status = 0;
  CLI::App app("FlashScope: an SSD simulator run headless, like fio", "flashscope");
  app.set_help_flag();  // --help is FlashScope's usage text (below)
  app.allow_extras();
  app.require_subcommand(0, 1);

  CLI::App* run = cli::AddCommand(app, "run");
  RunOptions run_options;
  AddRunOptions(*run, run_options);
  run->callback([run, &run_options, &status] { status = Run(FinishRunArgs(*run, run_options)); });

  CLI::App* presets = cli::AddCommand(app, "presets");
  bool presets_json = false;
  std::string presets_dir;
  presets->add_flag("--json", presets_json);
  cli::AddValueOption(*presets, "--presets", presets_dir);
  presets->callback([presets, &presets_json, &presets_dir, &status] {
    status = Presets(*presets, presets_json, presets_dir);
  });

  AddTraceCommand(app, status);
  AddStabilityCommand(app, status);
  AddSweepCommand(app, status);

  // `flashscope schema`: the device JSON Schema (cli/schema_command.h).
  cli::AddCommand(app, "schema")->callback([&status] { status = SchemaCommand(); });

  cli::AddCommand(app, "help")->callback([&status] { status = Help(); });
  bool help = false;
  app.add_flag("--help,-h", help);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Not expected (every command takes what it does not know as extras),
    // but a command-line mistake all the same.
    UsageError(e.what());
  }
  if (!app.get_subcommands().empty()) return status;
  if (help) return Help();
  UsageError("unknown command '" + cli::UnknownArgument(app) + "'");
}

}  // namespace
}  // namespace flashscope

int main(int argc, char** argv) {
  try {
    return flashscope::Main(argc, argv);
  } catch (const flashscope::InputError& e) {
    // Command-line mistakes are InputErrors of the file "flashscope": the
    // prefix is printed once.
    std::fprintf(stderr, "flashscope: %s\n",
                 e.file() == "flashscope" ? e.problem().c_str() : e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "flashscope: internal error: %s\n", e.what());
    return 3;
  }
}
