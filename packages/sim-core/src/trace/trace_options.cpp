#include "trace/trace_options.h"

#include <cmath>

#include "trace/trace_format_names.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

constexpr std::string_view kOptionKeys[] = {
    "format",      "csv_columns", "blkparse_action", "volume",          "speed",
    "queue_depth", "address_map", "max_requests",    "window_start_s",  "window_end_s",
    "bad_lines",   "clock",       "late_records",    "volume_placement"};

std::string KnownKeys() {
  std::string keys;
  for (std::string_view key : kOptionKeys) {
    if (!keys.empty()) keys += ", ";
    keys += key;
  }
  return keys;
}

class OptionReader {
 public:
  OptionReader(const std::string& file, const std::string& key, const json::Value& value)
      : file_(file), key_(key), value_(value) {}

  [[noreturn]] void Fail(const std::string& problem) const {
    throw InputError(file_, value_.line(), "trace option " + key_ + " " + problem);
  }
  const std::string& String() const {
    if (!value_.is_string())
      Fail("must be a string, not " + std::string(json::TypeName(value_.type())));
    return value_.as_string();
  }
  double Number() const {
    if (!value_.is_number())
      Fail("must be a number, not " + std::string(json::TypeName(value_.type())));
    return value_.as_number();
  }
  uint64_t Whole(double max) const {
    const double n = Number();
    if (!(n >= 0) || n != std::floor(n) || n > max) {
      Fail("must be a whole number from 0 to " + json::FormatNumber(max) + ", not " +
           json::FormatNumber(n));
    }
    return static_cast<uint64_t>(n);
  }
  std::string OneOf(std::initializer_list<const char*> choices) const {
    const std::string& text = String();
    std::string listed;
    for (const char* choice : choices) {
      if (text == choice) return text;
      if (!listed.empty()) listed += ", ";
      listed += std::string("\"") + choice + "\"";
    }
    Fail("must be one of " + listed + ", not \"" + text + "\"");
  }

 private:
  const std::string& file_;
  const std::string& key_;
  const json::Value& value_;
};

}  // namespace

const char* AddressMapName(AddressMap map) { return map == AddressMap::kWrap ? "wrap" : "compact"; }
const char* BadLinePolicyName(BadLinePolicy p) {
  return p == BadLinePolicy::kStop ? "stop" : "skip";
}

const char* TraceClockName(TraceClock clock) {
  switch (clock) {
    case TraceClock::kSpread:
      return "spread";
    case TraceClock::kSorted:
      return "sorted";
    case TraceClock::kAsIs:
      return "as_is";
  }
  return "spread";
}
const char* LateRecordsName(LateRecords late) {
  return late == LateRecords::kKeep ? "keep" : "drop";
}
const char* VolumePlacementName(VolumePlacement placement) {
  return placement == VolumePlacement::kRegions ? "regions" : "shared";
}

TraceOptions ParseTraceOptions(const json::Value& object, const std::string& file,
                               std::initializer_list<std::string_view> other_keys) {
  if (!object.is_object()) {
    throw InputError(
        file, object.line(),
        std::string("trace options must be an object, not ") + json::TypeName(object.type()));
  }
  TraceOptions options;
  for (const auto& [key, value] : object.members()) {
    const OptionReader read(file, key, value);
    if (key == "format") {
      const std::string& name = read.String();
      bool known = name == "auto";
      for (std::string_view each : kTraceFormatNames) known |= name == each;
      if (!known) {
        std::string names = "\"auto\"";
        for (std::string_view each : kTraceFormatNames) names += ", " + std::string(each);
        read.Fail("\"" + name + "\" is not a trace format (" + names + ")");
      }
      options.format = name;
    } else if (key == "csv_columns") {
      options.format_options.csv_columns = read.String();
    } else if (key == "blkparse_action") {
      options.format_options.blkparse_action = read.OneOf({"Q", "D"});
    } else if (key == "volume") {
      // Tencent volume ids and SPC ASUs are numbers; a JSON number names
      // them as the trace writes them.
      if (value.is_number()) {
        options.volume = std::to_string(read.Whole(9007199254740991.0));
      } else {
        options.volume = read.String();
      }
    } else if (key == "speed") {
      const double speed = read.Number();
      if (!(speed > 0) || !std::isfinite(speed)) {
        read.Fail("must be a number greater than 0, not " + json::FormatNumber(speed));
      }
      options.speed = speed;
    } else if (key == "queue_depth") {
      options.queue_depth = static_cast<uint32_t>(read.Whole(kMaxTraceQueueDepth));
    } else if (key == "address_map") {
      options.address_map =
          read.OneOf({"wrap", "compact"}) == "wrap" ? AddressMap::kWrap : AddressMap::kCompact;
    } else if (key == "max_requests") {
      options.max_requests = read.Whole(9007199254740991.0);
    } else if (key == "window_start_s") {
      const double start = read.Number();
      if (!(start >= 0) || !std::isfinite(start)) {
        read.Fail("must be a number of seconds >= 0, not " + json::FormatNumber(start));
      }
      options.window_start_s = start;
    } else if (key == "window_end_s") {
      const double end = read.Number();
      if (!std::isfinite(end)) read.Fail("must be a finite number of seconds");
      options.window_end_s = end;
    } else if (key == "bad_lines") {
      options.bad_lines =
          read.OneOf({"stop", "skip"}) == "stop" ? BadLinePolicy::kStop : BadLinePolicy::kSkip;
    } else if (key == "clock") {
      const std::string clock = read.OneOf({"spread", "sorted", "as_is"});
      options.clock = clock == "spread"   ? TraceClock::kSpread
                      : clock == "sorted" ? TraceClock::kSorted
                                          : TraceClock::kAsIs;
    } else if (key == "late_records") {
      options.late_records =
          read.OneOf({"keep", "drop"}) == "keep" ? LateRecords::kKeep : LateRecords::kDrop;
    } else if (key == "volume_placement") {
      options.volume_placement = read.OneOf({"regions", "shared"}) == "regions"
                                     ? VolumePlacement::kRegions
                                     : VolumePlacement::kShared;
    } else {
      bool other = false;
      for (std::string_view each : other_keys) other |= key == each;
      if (!other) {
        throw InputError(file, value.line(),
                         "unknown trace option \"" + key + "\" (" + KnownKeys() + ")");
      }
    }
  }
  if (options.window_end_s >= 0 && options.window_end_s <= options.window_start_s) {
    const json::Value* end = object.Find("window_end_s");
    throw InputError(file, end ? end->line() : object.line(),
                     "trace option window_end_s (" + json::FormatNumber(options.window_end_s) +
                         ") must be after window_start_s (" +
                         json::FormatNumber(options.window_start_s) +
                         "), or negative for the end of the trace");
  }
  if (options.format == "csv" && options.format_options.csv_columns.empty()) {
    const json::Value* format = object.Find("format");
    throw InputError(file, format ? format->line() : object.line(),
                     "trace format csv needs csv_columns (the column mapping)");
  }
  return options;
}

void WriteTraceOptions(json::Writer& out, const TraceOptions& options) {
  out.BeginObject();
  out.FieldString("format", options.format);
  out.FieldString("csv_columns", options.format_options.csv_columns);
  out.FieldString("blkparse_action", options.format_options.blkparse_action);
  out.FieldString("volume", options.volume);
  out.Field("speed", options.speed);
  out.FieldUint("queue_depth", options.queue_depth);
  out.FieldString("address_map", AddressMapName(options.address_map));
  out.FieldUint("max_requests", options.max_requests);
  out.Field("window_start_s", options.window_start_s);
  out.Field("window_end_s", options.window_end_s);
  out.FieldString("bad_lines", BadLinePolicyName(options.bad_lines));
  out.FieldString("clock", TraceClockName(options.clock));
  out.FieldString("late_records", LateRecordsName(options.late_records));
  out.FieldString("volume_placement", VolumePlacementName(options.volume_placement));
  out.EndObject();
}

}  // namespace flashscope
