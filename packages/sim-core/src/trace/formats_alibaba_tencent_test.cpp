// Alibaba 2020 and Tencent CBS 2018 block trace formats on fixtures written
// from their definitions:
// - testdata/traces/alibaba-io_traces.txt follows github.com/alibaba/
//   block-traces README, "Schema" of io_traces.csv (device_id,opcode,offset,
//   length,timestamp; R/W; bytes; µs since the Unix epoch), starting at the
//   README's example row (0,R,126703644672,4096,1577808000000626).
// - testdata/traces/tencent-cbs.txt follows the Tencent CBS README.txt,
//   section 3 (Timestamp,Offset,Size,IOType,VolumeID; Unix seconds; 512-byte
//   sectors; 0 = read, 1 = write), with October 2018 times like the traces'.
#include <gtest/gtest.h>

#include "trace/impl/formats.h"
#include "trace/trace_lines_for_test.h"

namespace flashscope {
namespace {

using namespace trace_test;  // the helpers of trace_lines_for_test.h

TEST(AlibabaFormat, FixtureCountsBytesAndDevices) {
  auto format = MakeAlibabaFormat();
  const Tally tally = TallyText(*format, ReadFixture("alibaba-io_traces.txt"));
  EXPECT_TRUE(tally.bad.empty());
  ASSERT_EQ(tally.records, 8u);
  EXPECT_EQ(tally.reads, 4u);
  EXPECT_EQ(tally.writes, 4u);
  EXPECT_EQ(tally.read_bytes, 25088u);
  EXPECT_EQ(tally.write_bytes, 208896u);
  EXPECT_EQ(tally.first_records[0].offset_bytes, 126703644672u);
  EXPECT_EQ(tally.first_records[0].device, "0");
  EXPECT_EQ(tally.first_records[2].device, "1");
  EXPECT_EQ(tally.first_records[4].device, "2");
}

TEST(AlibabaFormat, MicrosecondsBecomeNanoseconds) {
  auto format = MakeAlibabaFormat();
  const Tally tally = TallyText(*format, ReadFixture("alibaba-io_traces.txt"));
  ASSERT_EQ(tally.records, 8u);
  EXPECT_EQ(tally.first_records[0].time_ns, 1577808000000626000u);
  // 1577808000000900 - 1577808000000626 = 274 µs.
  EXPECT_EQ(tally.first_records[1].time_ns - tally.first_records[0].time_ns, 274000u);
  EXPECT_EQ(tally.first_records[7].time_ns - tally.first_records[0].time_ns, 3375000u);
}

TEST(AlibabaFormat, SkipsBlankAndHeaderLines) {
  auto format = MakeAlibabaFormat();
  TraceRecord record;
  std::string reason;
  EXPECT_EQ(ParseOne(*format, "", record, reason), TraceLineKind::kSkip);
  EXPECT_EQ(ParseOne(*format, "device_id,opcode,offset,length,timestamp", record, reason),
            TraceLineKind::kSkip);
  // Zero length: a record; the scanner skips and counts it for every format.
  ASSERT_EQ(ParseOne(*format, "3,W,0,0,1577808000000626", record, reason), TraceLineKind::kRecord);
  EXPECT_EQ(record.length_bytes, 0u);
  ASSERT_EQ(ParseOne(*format, " 3 , w , 512 , 512 , 1577808000000626 ", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.op, IoOp::kWrite);
  EXPECT_EQ(record.device, "3");
}

TEST(AlibabaFormat, EveryBadFieldIsNamed) {
  ExpectBadLines(
      MakeAlibabaFormat,
      {
          {"0,R,126703644672,4096", "expected 5 comma-separated fields"},
          {"0,R,126703644672,4096,1577808000000626,x", "found 6"},
          {"disk0,R,0,4096,1577808000000626", "field 1 (device_id) 'disk0'"},
          {"4294967296,R,0,4096,1577808000000626",
           "field 1 (device_id) '4294967296' "
           "is not a whole number below 2^32"},
          {"0,Read,0,4096,1577808000000626", "field 2 (opcode) 'Read' is neither R nor W"},
          {"0,0,0,4096,1577808000000626", "field 2 (opcode) '0'"},
          {"0,R,0x10,4096,1577808000000626", "field 3 (offset, bytes) '0x10'"},
          {"0,R,0,-4096,1577808000000626", "field 4 (length, bytes) '-4096'"},
          {"0,R,0,4096,1577808000.000626", "field 5 (timestamp, microseconds)"},
          {"0,R,0,4096,18446744073709552",
           "field 5 (timestamp, microseconds) "
           "'18446744073709552' is too large"},
      });
}

TEST(TencentFormat, FixtureCountsBytesAndVolumes) {
  auto format = MakeTencentFormat();
  const Tally tally = TallyText(*format, ReadFixture("tencent-cbs.txt"));
  EXPECT_TRUE(tally.bad.empty());
  ASSERT_EQ(tally.records, 9u);
  EXPECT_EQ(tally.reads, 4u);
  EXPECT_EQ(tally.writes, 5u);
  EXPECT_EQ(tally.read_bytes, 12800u);    // 25 sectors
  EXPECT_EQ(tally.write_bytes, 237568u);  // 464 sectors
  // Offsets and sizes are 512-byte sectors.
  EXPECT_EQ(tally.first_records[0].offset_bytes, 12345678ull * 512u);
  EXPECT_EQ(tally.first_records[0].length_bytes, 4096u);
  EXPECT_EQ(tally.first_records[0].op, IoOp::kRead);
  EXPECT_EQ(tally.first_records[1].op, IoOp::kWrite);
  EXPECT_EQ(tally.first_records[0].device, "1234");
  EXPECT_EQ(tally.first_records[2].device, "42");
  EXPECT_EQ(tally.first_records[6].device, "7");
}

TEST(TencentFormat, UnixSecondsBecomeNanoseconds) {
  auto format = MakeTencentFormat();
  const Tally tally = TallyText(*format, ReadFixture("tencent-cbs.txt"));
  ASSERT_EQ(tally.records, 9u);
  EXPECT_EQ(tally.first_records[0].time_ns, 1538323200000000000u);
  EXPECT_EQ(tally.first_records[1].time_ns, tally.first_records[0].time_ns);  // same second
  EXPECT_EQ(tally.first_records[8].time_ns - tally.first_records[0].time_ns, 5000000000u);
  // A decimal timestamp is read exactly.
  TraceRecord record;
  std::string reason;
  auto fresh = MakeTencentFormat();
  ASSERT_EQ(ParseOne(*fresh, "1538323200.25,0,8,0,1", record, reason), TraceLineKind::kRecord);
  EXPECT_EQ(record.time_ns, 1538323200250000000u);
}

TEST(TencentFormat, SkipsBlankAndHeaderLines) {
  auto format = MakeTencentFormat();
  TraceRecord record;
  std::string reason;
  EXPECT_EQ(ParseOne(*format, "\t", record, reason), TraceLineKind::kSkip);
  EXPECT_EQ(ParseOne(*format, "Timestamp,Offset,Size,IOType,VolumeID", record, reason),
            TraceLineKind::kSkip);
  ASSERT_EQ(ParseOne(*format, "1538323200,0,0,1,1", record, reason), TraceLineKind::kRecord);
  EXPECT_EQ(record.length_bytes, 0u);  // the scanner skips it
}

TEST(TencentFormat, EveryBadFieldIsNamed) {
  ExpectBadLines(
      MakeTencentFormat,
      {
          {"1538323200,0,8,0", "expected 5 comma-separated fields"},
          {"1538323200;0;8;0;1", "found 1"},
          {"2018-10-01,0,8,0,1", "field 1 (timestamp, Unix seconds) '2018-10-01'"},
          {"-1,0,8,0,1", "field 1 (timestamp, Unix seconds) '-1'"},
          {"1538323200,x,8,0,1", "field 2 (offset, 512-byte sectors) 'x'"},
          {"1538323200,36028797018963968,8,0,1",
           "field 2 (offset, 512-byte sectors) "
           "'36028797018963968' is too large"},
          {"1538323200,0,8.5,0,1", "field 3 (size, 512-byte sectors) '8.5'"},
          {"1538323200,0,36028797018963968,0,1",
           "field 3 (size, 512-byte sectors) "
           "'36028797018963968' is too large"},
          {"1538323200,0,8,2,1", "field 4 (IOType) '2' is neither 0 (read) nor 1 (write)"},
          {"1538323200,0,8,Read,1", "field 4 (IOType) 'Read'"},
          {"1538323200,0,8,0,vol-1", "field 5 (VolumeID) 'vol-1'"},
      });
}

}  // namespace
}  // namespace flashscope
