// The SYSTOR'17 VDI trace format (SNIA IOTTA; Lee et al., SYSTOR '17):
// - testdata/traces/systor-vdi.txt follows the distribution's layout
//   (Timestamp,Response,IOType,LUN,Offset,Size; Unix seconds with a
//   fraction; response seconds; R/W; bytes), with February 2016 times like
//   the traces', three LUNs and its first two rows out of time order as in
//   the real files.
// - The real sample (../shared/traces/real/systor17_sample.csv.gz) is
//   detected and inspected in real_traces_test.cpp and replayed from the CLI
//   in cli/trace_cli_test.cpp.
#include <gtest/gtest.h>

#include "trace/impl/formats.h"
#include "trace/trace_lines_for_test.h"

namespace flashscope {
namespace {

using namespace trace_test;  // the helpers of trace_lines_for_test.h

TEST(SystorFormat, FixtureCountsBytesAndLuns) {
  auto format = MakeSystorFormat();
  const Tally tally = TallyText(*format, ReadFixture("systor-vdi.txt"));
  EXPECT_TRUE(tally.bad.empty());
  EXPECT_EQ(tally.skipped, 1u);  // the header
  ASSERT_EQ(tally.records, 6u);
  EXPECT_EQ(tally.reads, 3u);
  EXPECT_EQ(tally.writes, 3u);
  EXPECT_EQ(tally.read_bytes, 131072u + 122880u + 512u);
  EXPECT_EQ(tally.write_bytes, 4096u + 65536u + 8192u);
  // Offsets and sizes are bytes as written (not sectors).
  EXPECT_EQ(tally.first_records[0].offset_bytes, 899056122368u);
  EXPECT_EQ(tally.first_records[0].length_bytes, 131072u);
  EXPECT_EQ(tally.first_records[0].op, IoOp::kRead);
  EXPECT_EQ(tally.first_records[2].op, IoOp::kWrite);
  // record.device is the LUN as written.
  EXPECT_EQ(tally.first_records[0].device, "0");
  EXPECT_EQ(tally.first_records[2].device, "1");
  EXPECT_EQ(tally.first_records[4].device, "2");
  EXPECT_EQ(tally.devices.size(), 3u);
}

TEST(SystorFormat, FractionalUnixSecondsBecomeExactNanoseconds) {
  auto format = MakeSystorFormat();
  const Tally tally = TallyText(*format, ReadFixture("systor-vdi.txt"));
  ASSERT_EQ(tally.records, 6u);
  EXPECT_EQ(tally.first_records[0].time_ns, 1456095145133076000u);
  // File order is kept: the second row is 6.791 ms earlier than the first.
  EXPECT_EQ(tally.first_records[1].time_ns, 1456095145126285000u);
  EXPECT_EQ(tally.first_records[4].time_ns, 1456095146000001000u);
  // Read exactly, not through a double: 9 fraction digits are whole ns,
  // fewer are padded, a 10th rounds half up.
  TraceRecord record;
  std::string reason;
  auto fresh = MakeSystorFormat();
  ASSERT_EQ(ParseOne(*fresh, "1487405731.606885,0.0012,W,3,4096,8192", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.time_ns, 1487405731606885000u);
  EXPECT_EQ(record.op, IoOp::kWrite);
  EXPECT_EQ(record.offset_bytes, 4096u);
  EXPECT_EQ(record.length_bytes, 8192u);
  EXPECT_EQ(record.device, "3");
  ASSERT_EQ(ParseOne(*fresh, "1487405731.0000000015,0,R,0,0,512", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.time_ns, 1487405731000000002u);
}

TEST(SystorFormat, SkipsBlankAndHeaderLinesAcceptsEitherCaseAndBlanks) {
  auto format = MakeSystorFormat();
  TraceRecord record;
  std::string reason;
  EXPECT_EQ(ParseOne(*format, "", record, reason), TraceLineKind::kSkip);
  EXPECT_EQ(ParseOne(*format, "Timestamp,Response,IOType,LUN,Offset,Size", record, reason),
            TraceLineKind::kSkip);
  EXPECT_EQ(ParseOne(*format, "timestamp,response,iotype,lun,offset,size", record, reason),
            TraceLineKind::kSkip);
  ASSERT_EQ(ParseOne(*format, " 1456095145.5 , 0.001 , w , 12 , 512 , 4096 ", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.op, IoOp::kWrite);
  EXPECT_EQ(record.time_ns, 1456095145500000000u);
  EXPECT_EQ(record.device, "12");
  ASSERT_EQ(ParseOne(*format, "1456095145.5,0.001,r,0,0,4096", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.op, IoOp::kRead);
  // Zero size: a record; the scanner skips and counts it for every format.
  ASSERT_EQ(ParseOne(*format, "1456095145.5,0.001,R,0,0,0", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.length_bytes, 0u);
}

TEST(SystorFormat, EveryBadFieldIsNamed) {
  ExpectBadLines(
      MakeSystorFormat,
      {
          {"1456095145.133076,0.0008,R,0,899056122368",
           "expected 6 comma-separated fields (Timestamp,Response,IOType,LUN,Offset,Size), "
           "found 5"},
          {"1456095145.133076,0.0008,R,0,0,4096,x", "found 7"},
          {"2016-02-21 22:52,0.0008,R,0,0,4096",
           "field 1 (Timestamp, Unix seconds) '2016-02-21 22:52' is not a non-negative number"},
          {"-1.5,0.0008,R,0,0,4096", "field 1 (Timestamp, Unix seconds) '-1.5'"},
          {"1456095145.133076,fast,R,0,0,4096",
           "field 2 (Response, seconds) 'fast' is not a non-negative number"},
          {"1456095145.133076,-0.1,R,0,0,4096", "field 2 (Response, seconds) '-0.1'"},
          {"1456095145.133076,0.0008,Read,0,0,4096", "field 3 (IOType) 'Read' is neither R nor W"},
          {"1456095145.133076,0.0008,0,0,0,4096", "field 3 (IOType) '0'"},
          {"1456095145.133076,0.0008,R,lun0,0,4096", "field 4 (LUN) 'lun0' is not a whole number"},
          {"1456095145.133076,0.0008,R,0,4k,4096", "field 5 (Offset, bytes) '4k'"},
          {"1456095145.133076,0.0008,R,0,0,-4096", "field 6 (Size, bytes) '-4096'"},
          {"1456095145.133076,0.0008,R,0,0,4096.5", "field 6 (Size, bytes) '4096.5'"},
      });
}

TEST(SystorFormat, DetectionNeedsItsSixColumnsAndLikesUnixSeconds) {
  const std::string text = ReadFixture("systor-vdi.txt");
  const auto sample = SplitLines(text);
  auto format = MakeSystorFormat();
  // All 6 rows are records in 2016; the header line does not count against.
  EXPECT_DOUBLE_EQ(format->Detect(sample), 1.0);
  const auto guesses = DetectTraceFormat(sample, {});
  ASSERT_GE(guesses.size(), 2u);
  EXPECT_EQ(guesses[0].format, "systor");
  EXPECT_LT(guesses[1].confidence, kMinTraceConfidence) << guesses[1].format;
  // Relative times parse but lack the Unix-seconds signature: still above
  // kMinTraceConfidence (the 6-column layout is distinctive), below 0.9.
  const auto relative = SplitLines(
      "Timestamp,Response,IOType,LUN,Offset,Size\n"
      "0.000000,0.0008,R,0,0,4096\n0.001500,0.0002,W,0,4096,4096\n");
  EXPECT_DOUBLE_EQ(format->Detect(relative), 0.7);
  // Tencent's 5 columns are not SYSTOR's, and a header alone is no trace.
  EXPECT_EQ(format->Detect(SplitLines(ReadFixture("tencent-cbs.txt"))), 0);
  EXPECT_EQ(format->Detect(SplitLines("Timestamp,Response,IOType,LUN,Offset,Size\n")), 0);
}

}  // namespace
}  // namespace flashscope
