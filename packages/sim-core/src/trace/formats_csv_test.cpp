// The generic csv trace format: its column-mapping syntax (documented in
// trace/impl/csv.cpp's banner), the InputError of every bad mapping, and
// testdata/traces/csv-semicolon-ms.txt, a semicolon-separated trace with a
// header, a comment, quoted and hex fields, a trim and a flush, written to
// exercise that syntax.
#include <gtest/gtest.h>

#include "trace/i_trace_format.h"
#include "trace/impl/formats.h"
#include "trace/trace_lines_for_test.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using namespace trace_test;  // the helpers of trace_lines_for_test.h

constexpr const char* kFixtureMapping =
    "time=0:ms,op=1,offset=2:sectors,length=3:sectors,device=4,sep=semicolon,header=1,"
    "skip=flush";

std::unique_ptr<ITraceFormat> Csv(const std::string& columns) {
  TraceFormatOptions options;
  options.csv_columns = columns;
  return MakeTraceFormat("csv", options);
}

TEST(CsvFormat, FixtureCountsBytesTimesAndDevices) {
  auto format = Csv(kFixtureMapping);
  const Tally tally = TallyText(*format, ReadFixture("csv-semicolon-ms.txt"));
  EXPECT_TRUE(tally.bad.empty()) << tally.bad.front().reason;
  ASSERT_EQ(tally.records, 6u);
  EXPECT_EQ(tally.skipped, 3u);  // the header, the comment, the flush
  EXPECT_EQ(tally.reads, 2u);
  EXPECT_EQ(tally.writes, 3u);
  EXPECT_EQ(tally.trims, 1u);
  EXPECT_EQ(tally.read_bytes, 8192u);
  EXPECT_EQ(tally.write_bytes, 147456u);
  EXPECT_EQ(tally.trim_bytes, 1048576u);
  // ms -> ns exactly, sectors -> bytes, hex offsets, quoted ops.
  EXPECT_EQ(tally.first_records[0].time_ns, 0u);
  EXPECT_EQ(tally.first_records[0].offset_bytes, 1048576u);
  EXPECT_EQ(tally.first_records[1].time_ns, 125000u);
  EXPECT_EQ(tally.first_records[2].op, IoOp::kWrite);
  EXPECT_EQ(tally.first_records[2].device, "sdb");
  EXPECT_EQ(tally.first_records[3].op, IoOp::kTrim);
  EXPECT_EQ(tally.first_records[3].time_ns, 1500000u);
  EXPECT_EQ(tally.first_records[4].offset_bytes, 16u * 512u);
  EXPECT_EQ(tally.first_records[5].time_ns, 10000125u);
  EXPECT_EQ(tally.first_records[5].device, "sda");
}

TEST(CsvFormat, SeparatorsUnitsAndTokens) {
  TraceRecord record;
  std::string reason;
  {
    // "sep=," in the middle of the mapping; us times; KiB and 4096-byte units.
    auto format = Csv("sep=,,time=3:us,op=0,offset=1:kib,length=2:4096");
    ASSERT_EQ(ParseOne(*format, "W,10,2,1500", record, reason), TraceLineKind::kRecord) << reason;
    EXPECT_EQ(record.time_ns, 1500000u);
    EXPECT_EQ(record.offset_bytes, 10240u);
    EXPECT_EQ(record.length_bytes, 8192u);
    EXPECT_TRUE(record.device.empty());
  }
  {
    // Runs of blanks; ns times; custom tokens replace the defaults.
    auto format = Csv("time=0:ns, op=4, offset=2, length=3, device=1, sep=space, read=1, write=0");
    ASSERT_EQ(ParseOne(*format, "  938513000   4 264719034\t16 0", record, reason),
              TraceLineKind::kRecord)
        << reason;
    EXPECT_EQ(record.time_ns, 938513000u);
    EXPECT_EQ(record.op, IoOp::kWrite);
    EXPECT_EQ(record.device, "4");
    EXPECT_EQ(record.offset_bytes, 264719034u);
    EXPECT_EQ(ParseOne(*format, "1 4 0 16 W", record, reason), TraceLineKind::kBad);
    EXPECT_NE(reason.find("column 4 (op) 'W' is none of read (1), write (0), trim (trim|discard)"),
              std::string::npos)
        << reason;
  }
  {
    auto format = Csv("time=0,op=1,offset=2,length=3,sep=tab,trim=TRIM|unmap");
    ASSERT_EQ(ParseOne(*format, "1.25\tUnmap\t0\t4096", record, reason), TraceLineKind::kRecord);
    EXPECT_EQ(record.op, IoOp::kTrim);
    EXPECT_EQ(record.time_ns, 1250000000u);
    ASSERT_EQ(ParseOne(*format, "2\tREAD\t0\t4096", record, reason), TraceLineKind::kRecord);
    EXPECT_EQ(record.op, IoOp::kRead);  // defaults are case-insensitive
  }
  {
    // Header lines count non-blank lines only; the header skip comes first.
    auto format = Csv("time=0,op=1,offset=2,length=3,header=2");
    EXPECT_EQ(ParseOne(*format, "", record, reason), TraceLineKind::kSkip);
    EXPECT_EQ(ParseOne(*format, "trace of sda", record, reason), TraceLineKind::kSkip);
    EXPECT_EQ(ParseOne(*format, "t,op,off,len", record, reason), TraceLineKind::kSkip);
    EXPECT_EQ(ParseOne(*format, "0,r,0,512", record, reason), TraceLineKind::kRecord);
    EXPECT_EQ(ParseOne(*format, "t,op,off,len", record, reason), TraceLineKind::kBad);
  }
}

TEST(CsvFormat, EveryBadColumnIsNamed) {
  ExpectBadLines(
      [] { return Csv("time=0,op=1,offset=2,length=3:sectors"); },
      {
          {"0.5,R,100",
           "expected at least 4 fields (the csv_columns mapping reads column 3), found 3"},
          {"0.5,X,100,512",
           "column 1 (op) 'X' is none of read (r|read), write (w|write), trim "
           "(trim|discard)"},
          {"soon,R,100,512", "column 0 (time) 'soon'"},
          {"-1,R,100,512", "column 0 (time) '-1'"},
          {"0.5,R,1e3,512", "column 2 (offset) '1e3'"},
          {"0.5,R,100,", "column 3 (length) ''"},
          {"0.5,R,100,36028797018963968", "column 3 (length) '36028797018963968'"},
      });
  auto with_skip = Csv("time=0,op=1,offset=2,length=3,skip=sync|flush");
  TraceRecord record;
  std::string reason;
  EXPECT_EQ(ParseOne(*with_skip, "0,FLUSH,0,0", record, reason), TraceLineKind::kSkip);
  EXPECT_EQ(ParseOne(*with_skip, "0,fua,0,0", record, reason), TraceLineKind::kBad);
  EXPECT_NE(reason.find(", skip (sync|flush)"), std::string::npos) << reason;
}

TEST(CsvFormat, BadMappingsThrowInputError) {
  struct Case {
    const char* columns;
    const char* message_part;
  };
  const Case cases[] = {
      {"", "csv_columns: empty: the csv format needs a column mapping"},
      {"   ", "csv_columns: empty"},
      {"time=0,op=1,offset=2", "csv_columns: missing length=COL"},
      {"op=1,offset=2,length=3", "csv_columns: missing time=COL"},
      {"time=0,op=1,offset=2,length", "csv_columns: 'length' is not KEY=VALUE"},
      {"time=0,op=1,offset=2,length=", "csv_columns: 'length' has no value"},
      {"time=0,op=1,offset=2,length=3,color=4", "csv_columns: unknown key 'color'"},
      {"time=0,op=1,offset=2,length=3,time=4", "csv_columns: 'time' is given twice"},
      {"time=x,op=1,offset=2,length=3",
       "csv_columns: time column 'x' is not a column number 0..63"},
      {"time=64,op=1,offset=2,length=3", "time column '64'"},
      {"time=-1,op=1,offset=2,length=3", "time column '-1'"},
      {"time=0:h,op=1,offset=2,length=3",
       "csv_columns: time unit 'h' is none of s, ms, us, 100ns, ns"},
      {"time=0,op=1,offset=2:blocks,length=3", "csv_columns: offset unit 'blocks' is none of"},
      {"time=0,op=1,offset=2,length=3:0", "csv_columns: length unit '0'"},
      {"time=0,op=1:x,offset=2,length=3", "csv_columns: op takes no unit"},
      {"time=0,op=1,offset=1,length=3", "csv_columns: op and offset are both column 1"},
      {"time=0,op=1,offset=2,length=3,device=0", "csv_columns: time and device are both column 0"},
      {"time=0,op=1,offset=2,length=3,sep=colon", "csv_columns: sep 'colon' is none of"},
      {"time=0,op=1,offset=2,length=3,sep=\"", "csv_columns: sep '\"'"},
      {"time=0,op=1,offset=2,length=3,sep=", "csv_columns: 'sep' has no value"},
      {"time=0,op=1,offset=2,length=3,header=one", "csv_columns: header 'one' is not a number"},
      {"time=0,op=1,offset=2,length=3,read=R||X", "csv_columns: read has an empty op token"},
      {"time=0,op=1,offset=2,length=3,read=0,write=0",
       "csv_columns: op token '0' is both read "
       "and write"},
      {"time=0,op=1,offset=2,length=3,skip=W", "csv_columns: op token 'w' is both write and skip"},
  };
  for (const Case& each : cases) {
    TraceFormatOptions options;
    options.csv_columns = each.columns;
    try {
      MakeCsvFormat(options);
      ADD_FAILURE() << "no InputError for '" << each.columns << "'";
    } catch (const InputError& error) {
      EXPECT_EQ(error.file(), "trace options");
      EXPECT_EQ(error.line(), 0u);
      EXPECT_NE(error.problem().find(each.message_part), std::string::npos)
          << each.columns << " -> " << error.problem();
    }
  }
}

TEST(CsvFormat, DetectIsTheShareOfRecordsAmongRecordsAndBadLines) {
  const std::string text = ReadFixture("csv-semicolon-ms.txt");
  const auto sample = SplitLines(text);
  // The header, the comment and the flush are the mapping's own skips.
  EXPECT_DOUBLE_EQ(Csv(kFixtureMapping)->Detect(sample), 1.0);
  // Without skip=flush the flush line is bad: 6 records, 1 bad.
  EXPECT_DOUBLE_EQ(Csv("time=0:ms,op=1,offset=2:sectors,length=3:sectors,device=4,sep=semicolon,"
                       "header=1")
                       ->Detect(sample),
                   6.0 / 7.0);
  // The same file read with commas: nothing parses.
  EXPECT_EQ(Csv("time=0:ms,op=1,offset=2:sectors,length=3:sectors")->Detect(sample), 0);
  // Offered by the registry only with a mapping; with one it is a candidate.
  TraceFormatOptions options;
  options.csv_columns = kFixtureMapping;
  const auto guesses = DetectTraceFormat(sample, options);
  ASSERT_FALSE(guesses.empty());
  EXPECT_EQ(guesses.front().format, "csv");
  for (const auto& guess : DetectTraceFormat(sample, TraceFormatOptions{})) {
    EXPECT_NE(guess.format, "csv");
  }
}

}  // namespace
}  // namespace flashscope
