#include "cli/trace_command.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>

#include "trace/trace_split.h"
#include "trace/trace_summary.h"
#include "util/input_error.h"

namespace flashscope {

const char* const kTraceOptionsUsage =
    "trace options (run --trace, trace inspect, trace split):\n"
    "  --format NAME           msr, spc, alibaba, tencent, systor, blkparse, iolog,\n"
    "                          mqsim, disksim, csv (default: detected)\n"
    "  --csv-columns SPEC      csv column mapping, e.g.\n"
    "                          time=0:s,op=1,offset=2:bytes,length=3:bytes,header=1\n"
    "  --blkparse-action Q|D   the blkparse action replayed (default Q)\n"
    "  --volume ID             only this device / volume / disk of the trace\n"
    "  --speed K               open loop: replay K times faster (default 1)\n"
    "  --qd N                  closed loop at queue depth N instead of timestamps\n"
    "  --map wrap|compact      addresses onto the drive: modulo its capacity, or\n"
    "                          the touched 1 MiB extents packed first (default wrap)\n"
    "  --max-requests N        replay at most N requests\n"
    "  --window START_S:END_S  only records from START_S to END_S seconds after the\n"
    "                          first (either side may be empty)\n"
    "  --bad-lines stop|skip   stop at the first bad line (default) or skip them\n"
    "  --clock spread|sorted|as_is\n"
    "                          sort records within a window and spread records\n"
    "                          sharing a coarse tick across it (default spread);\n"
    "                          sorted: keep ticks; as_is: file order, ticks kept\n"
    "  --late-records keep|drop\n"
    "                          a record the clock cannot put in order (out of\n"
    "                          order beyond the sorting window; with --clock\n"
    "                          as_is, earlier than its predecessor) replays at\n"
    "                          its predecessor's time (default keep) or is left out\n"
    "  --volume-placement regions|shared\n"
    "                          each volume in its own region of the drive\n"
    "                          (default) or all in one address space\n";

namespace {

[[noreturn]] void FlagError(const std::string& problem) {
  throw InputError("flashscope", 0, problem);
}

double NumberOf(const std::string& flag, const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0') FlagError(flag + " needs a number, not '" + text + "'");
  return value;
}

// Each flag sets one key of the trace options JSON (--window two).
constexpr std::pair<const char*, const char*> kStringFlags[] = {
    {"--format", "format"},
    {"--csv-columns", "csv_columns"},
    {"--blkparse-action", "blkparse_action"},
    {"--volume", "volume"},
    {"--map", "address_map"},
    {"--bad-lines", "bad_lines"},
    {"--clock", "clock"},
    {"--late-records", "late_records"},
    {"--volume-placement", "volume_placement"}};
constexpr std::pair<const char*, const char*> kNumberFlags[] = {
    {"--speed", "speed"}, {"--qd", "queue_depth"}, {"--max-requests", "max_requests"}};
constexpr const char* kWindowFlag = "--window";

std::vector<std::string> TraceFlagNames() {
  std::vector<std::string> names;
  for (const auto& [flag, key] : kStringFlags) names.emplace_back(flag);
  for (const auto& [flag, key] : kNumberFlags) names.emplace_back(flag);
  names.emplace_back(kWindowFlag);
  return names;
}

// Sets the keys `given` stands for in `options`.
void SetTraceKeys(const cli::GivenValue& given, json::Value& options) {
  for (const auto& [flag, key] : kStringFlags) {
    if (given.flag == flag) options.Set(key, json::Value::String(given.value));
  }
  for (const auto& [flag, key] : kNumberFlags) {
    if (given.flag == flag) options.Set(key, json::Value::Number(NumberOf(flag, given.value)));
  }
  if (given.flag == kWindowFlag) {
    const std::string& window = given.value;
    const size_t colon = window.find(':');
    if (colon == std::string::npos) FlagError("--window needs START_S:END_S, not '" + window + "'");
    const std::string start = window.substr(0, colon);
    const std::string end = window.substr(colon + 1);
    options.Set("window_start_s",
                json::Value::Number(start.empty() ? 0 : NumberOf(kWindowFlag, start)));
    options.Set("window_end_s", json::Value::Number(end.empty() ? -1 : NumberOf(kWindowFlag, end)));
  }
}

}  // namespace

void AddTraceFlags(CLI::App& command) {
  for (const std::string& flag : TraceFlagNames()) cli::AddRepeatedOption(command, flag);
}

std::vector<cli::GivenValue> GivenTraceFlags(const CLI::App& command) {
  return cli::ValuesInOrder(command, TraceFlagNames());
}

TraceOptions TraceOptionsFromFlags(const std::vector<cli::GivenValue>& flags) {
  json::Value options = json::Value::Object();
  for (const cli::GivenValue& given : flags) SetTraceKeys(given, options);
  try {
    return ParseTraceOptions(options, "flashscope");
  } catch (const InputError& whole) {
    // Name the flag whose value the problem is about ("flashscope: --speed
    // 0: ..."): the one that alone gives the same problem. A problem of
    // several flags together is the command line's.
    for (const cli::GivenValue& given : flags) {
      json::Value alone = json::Value::Object();
      SetTraceKeys(given, alone);
      try {
        ParseTraceOptions(alone, "flashscope");
      } catch (const InputError& e) {
        if (e.problem() == whole.problem()) {
          throw InputError(given.flag + " " + given.value, 0, e.problem());
        }
      }
    }
    throw InputError("flashscope", 0, whole.problem());
  }
}

namespace {

// The one argument of `command` (named `name` in problems) that is not an
// option: the trace file. A flag without its value, an unknown option
// (`unknown_usage` follows the problem), a second file, or none
// (`missing_usage` follows) is a FlagError.
std::string TraceFileArgument(const CLI::App& command, const std::string& name,
                              const std::string& unknown_usage, const std::string& missing_usage) {
  if (const std::string flag = cli::OptionMissingValue(command); !flag.empty()) {
    FlagError(flag + " needs a value");
  }
  std::string file;
  for (const std::string& arg : command.remaining()) {
    if (!arg.empty() && arg[0] == '-') {
      FlagError("unknown option '" + arg + "' for " + name + unknown_usage);
    } else if (file.empty()) {
      file = arg;
    } else {
      FlagError(name + " takes one file, not '" + file + "' and '" + arg + "'");
    }
  }
  if (file.empty()) FlagError(name + " needs a FILE" + missing_usage);
  return file;
}

struct InspectArgs {
  bool json = false;
};

int Inspect(const CLI::App& inspect, const InspectArgs& args) {
  const std::string usage =
      "usage: flashscope trace inspect FILE [--format NAME] [trace options] [--json]\n";
  const std::string file =
      TraceFileArgument(inspect, "trace inspect", "\n" + usage + kTraceOptionsUsage, "\n" + usage);
  const TraceOptions options = TraceOptionsFromFlags(GivenTraceFlags(inspect));

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  TraceInspector inspector(OpenFileInput(file), options);
  inspector.Scan(UINT64_MAX);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  // Wall-clock figures go to stderr, as for run.
  std::fprintf(stderr, "flashscope: read %.1f MB in %.2f s (%.0f MB/s)\n",
               inspector.scanner().bytes_consumed() / 1e6, seconds,
               seconds > 0 ? inspector.scanner().bytes_consumed() / 1e6 / seconds : 0.0);
  std::string out = args.json ? inspector.SummaryJson() + "\n" : inspector.SummaryText();
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

struct SplitArgs {
  std::string by;
  std::string out;
};

// The flags that say how a trace replays, not which records it holds: they
// belong to `flashscope run` of a split file.
constexpr const char* kReplayOnlyFlags[] = {"--speed", "--qd", "--map", "--clock",
                                            "--volume-placement"};

int Split(const CLI::App& split, const SplitArgs& args) {
  // Every problem is one line: the usage goes after the problem.
  const std::string usage =
      " (usage: flashscope trace split FILE --by volume --out DIR [--format NAME] [trace "
      "options])";
  const std::string file = TraceFileArgument(split, "trace split", usage, usage);
  if (args.by.empty()) FlagError("trace split needs --by volume" + usage);
  if (args.by != "volume") {
    FlagError("--by " + args.by + ": trace split splits by volume only (--by volume)");
  }
  if (args.out.empty()) FlagError("trace split needs --out DIR" + usage);
  const std::vector<cli::GivenValue> flags = GivenTraceFlags(split);
  for (const cli::GivenValue& given : flags) {
    for (const char* replay_only : kReplayOnlyFlags) {
      if (given.flag == replay_only) {
        FlagError(given.flag +
                  " says how a trace replays: give it to flashscope run of a split "
                  "file, not to trace split");
      }
    }
  }
  const TraceOptions options = TraceOptionsFromFlags(flags);
  std::unique_ptr<IByteInput> input = OpenFileInput(file);  // unreadable: its error first
  PrepareSplitDirectory(args.out, file);

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const TraceSplitSummary summary = SplitTraceByVolume(std::move(input), file, options, args.out);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::fprintf(stderr,
               "flashscope: split %llu requests of %s (%s) into %llu %s file%s in %s "
               "(%.1f MB read in %.2f s)\n",
               static_cast<unsigned long long>(summary.requests), file.c_str(),
               summary.format.c_str(), static_cast<unsigned long long>(summary.volumes),
               summary.split_format.c_str(), summary.volumes == 1 ? "" : "s", args.out.c_str(),
               summary.bytes_consumed / 1e6, seconds);
  if (summary.late_records > 0) {
    std::fprintf(stderr,
                 "flashscope: %llu records were out of order by more than the reorder window "
                 "and took an earlier record's time\n",
                 static_cast<unsigned long long>(summary.late_records));
  }
  return 0;
}

}  // namespace

void AddTraceCommand(CLI::App& app, int& status) {
  CLI::App* trace = cli::AddCommand(app, "trace");
  CLI::App* inspect = cli::AddCommand(*trace, "inspect");
  const auto args = std::make_shared<InspectArgs>();
  inspect->add_flag("--json", args->json);
  AddTraceFlags(*inspect);
  inspect->callback([inspect, args, &status] { status = Inspect(*inspect, *args); });
  CLI::App* split = cli::AddCommand(*trace, "split");
  const auto split_args = std::make_shared<SplitArgs>();
  cli::AddValueOption(*split, "--by", split_args->by);
  cli::AddValueOption(*split, "--out", split_args->out);
  AddTraceFlags(*split);
  split->callback([split, split_args, &status] { status = Split(*split, *split_args); });
  trace->callback([trace, &status] {
    if (trace->get_subcommands().empty()) {
      FlagError(
          "trace needs a subcommand: inspect or split\nusage: flashscope trace inspect FILE "
          "[--format NAME] [trace options] [--json]\n"
          "       flashscope trace split FILE --by volume --out DIR [--format NAME] "
          "[trace options]\n" +
          std::string(kTraceOptionsUsage));
    }
  });
}

}  // namespace flashscope
