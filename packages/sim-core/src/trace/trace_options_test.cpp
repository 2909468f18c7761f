// Trace options as JSON (scenario files, the C API, protocol.ts): every key
// read, every bad value an error naming the file, the line and the key.
#include "trace/trace_options.h"

#include <gtest/gtest.h>

#include "util/input_error.h"

namespace flashscope {
namespace {

TraceOptions Parse(const std::string& text) {
  return ParseTraceOptions(json::Parse(text, "opts.json"), "opts.json", {"path"});
}

std::string ErrorOf(const std::string& text) {
  try {
    Parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TraceOptions, DefaultsAreAutoOpenLoopWrapStop) {
  const TraceOptions o = Parse("{}");
  EXPECT_EQ(o.format, "auto");
  EXPECT_EQ(o.format_options.blkparse_action, "Q");
  EXPECT_EQ(o.volume, "");
  EXPECT_EQ(o.speed, 1);
  EXPECT_EQ(o.queue_depth, 0u);
  EXPECT_EQ(o.address_map, AddressMap::kWrap);
  EXPECT_EQ(o.max_requests, 0u);
  EXPECT_EQ(o.window_start_s, 0);
  EXPECT_LT(o.window_end_s, 0);
  EXPECT_EQ(o.bad_lines, BadLinePolicy::kStop);
  EXPECT_EQ(o.clock, TraceClock::kSpread);
  EXPECT_EQ(o.late_records, LateRecords::kKeep);
  EXPECT_EQ(o.volume_placement, VolumePlacement::kRegions);
}

TEST(TraceOptions, EveryKeyIsReadAndWrittenBack) {
  const std::string text =
      R"({"path": "x.csv", "format": "csv", "csv_columns": "time=0:s,op=1,offset=2,length=3",
          "blkparse_action": "D", "volume": 7, "speed": 2.5, "queue_depth": 32,
          "address_map": "compact", "max_requests": 1000, "window_start_s": 10,
          "window_end_s": 70.5, "bad_lines": "skip", "clock": "as_is",
          "late_records": "drop", "volume_placement": "shared"})";
  const TraceOptions o = Parse(text);
  EXPECT_EQ(o.format, "csv");
  EXPECT_EQ(o.format_options.csv_columns, "time=0:s,op=1,offset=2,length=3");
  EXPECT_EQ(o.format_options.blkparse_action, "D");
  EXPECT_EQ(o.volume, "7");  // a numeric volume id as the trace writes it
  EXPECT_EQ(o.speed, 2.5);
  EXPECT_EQ(o.queue_depth, 32u);
  EXPECT_EQ(o.address_map, AddressMap::kCompact);
  EXPECT_EQ(o.max_requests, 1000u);
  EXPECT_EQ(o.window_start_s, 10);
  EXPECT_EQ(o.window_end_s, 70.5);
  EXPECT_EQ(o.bad_lines, BadLinePolicy::kSkip);
  EXPECT_EQ(o.clock, TraceClock::kAsIs);
  EXPECT_EQ(o.late_records, LateRecords::kDrop);
  EXPECT_EQ(o.volume_placement, VolumePlacement::kShared);

  json::Writer out;
  WriteTraceOptions(out, o);
  EXPECT_EQ(out.str(), R"({"format":"csv","csv_columns":"time=0:s,op=1,offset=2,length=3",)"
                       R"("blkparse_action":"D","volume":"7","speed":2.5,"queue_depth":32,)"
                       R"("address_map":"compact","max_requests":1000,"window_start_s":10,)"
                       R"("window_end_s":70.5,"bad_lines":"skip","clock":"as_is",)"
                       R"("late_records":"drop","volume_placement":"shared"})");
  const TraceOptions again = ParseTraceOptions(json::Parse(out.str(), "w"), "w");
  EXPECT_EQ(again.volume, "7");
  EXPECT_EQ(again.address_map, AddressMap::kCompact);
  EXPECT_EQ(again.window_end_s, 70.5);
}

TEST(TraceOptions, BadValuesNameFileLineAndKey) {
  EXPECT_EQ(ErrorOf("{\n\"speed\": 0}"),
            "opts.json:2: trace option speed must be a number greater than 0, not 0");
  EXPECT_EQ(ErrorOf("{\n\n\"queue_depth\": 2.5}"),
            "opts.json:3: trace option queue_depth must be a whole number from 0 to 65536, "
            "not 2.5");
  EXPECT_EQ(ErrorOf("{\"queue_depth\": -1}"),
            "opts.json:1: trace option queue_depth must be a whole number from 0 to 65536, "
            "not -1");
  EXPECT_EQ(ErrorOf("{\n\"address_map\": \"linear\"}"),
            "opts.json:2: trace option address_map must be one of \"wrap\", \"compact\", not "
            "\"linear\"");
  EXPECT_EQ(ErrorOf("{\"bad_lines\": true}"),
            "opts.json:1: trace option bad_lines must be a string, not a boolean");
  EXPECT_EQ(ErrorOf("{\n\"blkparse_action\": \"C\"}"),
            "opts.json:2: trace option blkparse_action must be one of \"Q\", \"D\", not \"C\"");
  EXPECT_EQ(ErrorOf("{\"format\": \"blktrace\"}"),
            "opts.json:1: trace option format \"blktrace\" is not a trace format (\"auto\", msr, "
            "spc, alibaba, tencent, blkparse, iolog, mqsim, disksim, csv, systor)");
  EXPECT_EQ(ErrorOf("{\n\"window_start_s\": 10,\n\"window_end_s\": 5}"),
            "opts.json:3: trace option window_end_s (5) must be after window_start_s (10), or "
            "negative for the end of the trace");
  EXPECT_EQ(ErrorOf("{\n\"format\": \"csv\"}"),
            "opts.json:2: trace format csv needs csv_columns (the column mapping)");
  EXPECT_EQ(ErrorOf("{\"speed\": 1,\n \"sped\": 2}"),
            "opts.json:2: unknown trace option \"sped\" (format, csv_columns, blkparse_action, "
            "volume, speed, queue_depth, address_map, max_requests, window_start_s, "
            "window_end_s, bad_lines, clock, late_records, volume_placement)");
  EXPECT_EQ(ErrorOf("[1]"), "opts.json:1: trace options must be an object, not an array");
}

TEST(TraceOptions, OtherKeysAreTheCallersOnlyWhenNamed) {
  EXPECT_NO_THROW(Parse("{\"path\": \"a.trace\"}"));
  EXPECT_THROW(ParseTraceOptions(json::Parse("{\"path\": \"a\"}", "o"), "o"), InputError);
}

}  // namespace
}  // namespace flashscope
