#include "cli/trace_command.h"

#include <chrono>
#include <cstdio>
#include <cstring>

#include "trace/trace_summary.h"
#include "util/input_error.h"

namespace flashscope {

const char* const kTraceOptionsUsage =
    "trace options (run --trace, trace inspect):\n"
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

}  // namespace

bool TakeTraceFlag(int argc, char** argv, int& i, json::Value& options) {
  static constexpr std::pair<const char*, const char*> kStringFlags[] = {
      {"--format", "format"},
      {"--csv-columns", "csv_columns"},
      {"--blkparse-action", "blkparse_action"},
      {"--volume", "volume"},
      {"--map", "address_map"},
      {"--bad-lines", "bad_lines"},
      {"--clock", "clock"},
      {"--volume-placement", "volume_placement"}};
  static constexpr std::pair<const char*, const char*> kNumberFlags[] = {
      {"--speed", "speed"}, {"--qd", "queue_depth"}, {"--max-requests", "max_requests"}};
  const std::string flag = argv[i];
  auto value = [&]() -> std::string {
    if (i + 1 >= argc) FlagError(flag + " needs a value");
    return argv[++i];
  };
  // Each value remembers the argv index of its flag (as its "line"), so a
  // bad value's error names the flag.
  const uint32_t at = static_cast<uint32_t>(i);
  auto set = [&](const char* key, json::Value v) {
    v.set_position(at, 0);
    options.Set(key, std::move(v));
  };
  for (const auto& [name, key] : kStringFlags) {
    if (flag == name) {
      set(key, json::Value::String(value()));
      return true;
    }
  }
  for (const auto& [name, key] : kNumberFlags) {
    if (flag == name) {
      set(key, json::Value::Number(NumberOf(flag, value())));
      return true;
    }
  }
  if (flag == "--window") {
    const std::string window = value();
    const size_t colon = window.find(':');
    if (colon == std::string::npos) FlagError("--window needs START_S:END_S, not '" + window + "'");
    const std::string start = window.substr(0, colon);
    const std::string end = window.substr(colon + 1);
    set("window_start_s", json::Value::Number(start.empty() ? 0 : NumberOf("--window", start)));
    set("window_end_s", json::Value::Number(end.empty() ? -1 : NumberOf("--window", end)));
    return true;
  }
  return false;
}

TraceOptions TraceOptionsFromFlags(const json::Value& options, char** argv) {
  try {
    return ParseTraceOptions(options, "flashscope");
  } catch (const InputError& e) {
    if (e.line() == 0) throw;
    // Named by the flag and its value: "flashscope: --speed 0: ...".
    throw InputError(std::string(argv[e.line()]) + " " + argv[e.line() + 1], 0, e.problem());
  }
}

int TraceCommand(int argc, char** argv) {
  const std::string usage =
      "usage: flashscope trace inspect FILE [--format NAME] [trace options] [--json]\n";
  if (argc < 3 || std::strcmp(argv[2], "inspect") != 0) {
    FlagError("trace needs a subcommand: inspect\n" + usage + kTraceOptionsUsage);
  }
  std::string file;
  bool json = false;
  json::Value flags = json::Value::Object();
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      json = true;
    } else if (TakeTraceFlag(argc, argv, i, flags)) {
      continue;
    } else if (!arg.empty() && arg[0] == '-') {
      FlagError("unknown option '" + arg + "' for trace inspect\n" + usage + kTraceOptionsUsage);
    } else if (file.empty()) {
      file = arg;
    } else {
      FlagError("trace inspect takes one file, not '" + file + "' and '" + arg + "'");
    }
  }
  if (file.empty()) FlagError("trace inspect needs a FILE\n" + usage);
  const TraceOptions options = TraceOptionsFromFlags(flags, argv);

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  TraceInspector inspector(OpenFileInput(file), options);
  inspector.Scan(UINT64_MAX);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  // Wall-clock figures go to stderr, as for run.
  std::fprintf(stderr, "flashscope: read %.1f MB in %.2f s (%.0f MB/s)\n",
               inspector.scanner().bytes_consumed() / 1e6, seconds,
               seconds > 0 ? inspector.scanner().bytes_consumed() / 1e6 / seconds : 0.0);
  std::string out = json ? inspector.SummaryJson() + "\n" : inspector.SummaryText();
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

}  // namespace flashscope
