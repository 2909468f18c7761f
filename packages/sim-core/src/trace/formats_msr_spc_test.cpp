// MSR Cambridge and SPC trace formats on fixtures written from their
// definitions:
// - testdata/traces/msr-hm_1.txt follows the MSR Cambridge README.txt,
//   section 3 ("Timestamp,Hostname,DiskNumber,Type,Offset,Size,
//   ResponseTime"; Windows filetime; Read/Write; bytes), with 2007 filetimes
//   like the real hm_1 volume's.
// - testdata/traces/spc-financial.txt is the example of the SPC Trace File
//   Format Specification rev. 1.0.1 ("Trace file example": optional fields
//   included; its typo "2 448003" left out here and tested as a bad line),
//   plus two records in the UMass Financial style (lower-case opcodes,
//   blanks after commas).
#include <gtest/gtest.h>

#include "trace/impl/formats.h"
#include "trace/trace_lines_for_test.h"

namespace flashscope {
namespace {

using namespace trace_test;  // the helpers of trace_lines_for_test.h

TEST(MsrFormat, FixtureCountsBytesAndDevice) {
  auto format = MakeMsrFormat();
  const Tally tally = TallyText(*format, ReadFixture("msr-hm_1.txt"));
  EXPECT_TRUE(tally.bad.empty());
  ASSERT_EQ(tally.records, 10u);
  EXPECT_EQ(tally.skipped, 0u);
  EXPECT_EQ(tally.reads, 5u);
  EXPECT_EQ(tally.writes, 5u);
  EXPECT_EQ(tally.trims, 0u);
  EXPECT_EQ(tally.read_bytes, 184832u);
  EXPECT_EQ(tally.write_bytes, 212992u);
  for (const auto& record : tally.first_records) EXPECT_EQ(record.device, "hm_1");
  // Offsets are bytes, as written.
  EXPECT_EQ(tally.first_records[0].offset_bytes, 3154137088u);
  EXPECT_EQ(tally.first_records[8].offset_bytes, 8589934592u);
  EXPECT_EQ(tally.first_records[8].length_bytes, 131072u);
  EXPECT_EQ(tally.first_records[0].op, IoOp::kRead);
  EXPECT_EQ(tally.first_records[1].op, IoOp::kWrite);
}

TEST(MsrFormat, FiletimeTicksBecomeNanoseconds) {
  auto format = MakeMsrFormat();
  const Tally tally = TallyText(*format, ReadFixture("msr-hm_1.txt"));
  ASSERT_EQ(tally.records, 10u);
  // 128166372003061629 ticks of 100 ns.
  EXPECT_EQ(tally.first_records[0].time_ns, 12816637200306162900u);
  // 128166372016382155 - 128166372003061629 = 13320526 ticks = 1.3320526 s.
  EXPECT_EQ(tally.first_records[1].time_ns - tally.first_records[0].time_ns, 1332052600u);
  // Last minus first: 93321242 ticks.
  EXPECT_EQ(tally.first_records[9].time_ns - tally.first_records[0].time_ns, 9332124200u);
}

TEST(MsrFormat, DeviceFollowsHostAndDisk) {
  auto format = MakeMsrFormat();
  TraceRecord record;
  std::string reason;
  ASSERT_EQ(ParseOne(*format, "128166372003061629,src1,2,Write,0,4096,10", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.device, "src1_2");
  ASSERT_EQ(ParseOne(*format, "128166372003061630,proj,0,read,512,512,10", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.device, "proj_0");
  EXPECT_EQ(record.op, IoOp::kRead);  // Type in any letter case
  // Blanks around fields are tolerated.
  ASSERT_EQ(ParseOne(*format, " 128166372003061631 , proj , 0 , WRITE , 1024 , 512 , 10 ", record,
                     reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.device, "proj_0");
  EXPECT_EQ(record.offset_bytes, 1024u);
}

// msr.cpp reads lines in the files' exact shape in one pass and everything
// else field by field; a leading blank sends a line down the second path,
// which must read it the same way.
TEST(MsrFormat, FastAndFieldByFieldPathsAgree) {
  const char* const lines[] = {
      "128166372003061629,hm,1,Read,3154137088,4096,1489",
      "128166372016382155,src1,2,Write,1024000,8192,2213",
      "0,a,0,Write,0,1,0",
      // 20 digits: beyond the one-pass reader, still a uint64.
      "128166372003061629,hm,1,Read,18446744073709551615,4096,1",
  };
  for (const char* line : lines) {
    auto fast = MakeMsrFormat();
    auto general = MakeMsrFormat();
    TraceRecord a;
    TraceRecord b;
    std::string reason;
    ASSERT_EQ(ParseOne(*fast, line, a, reason), TraceLineKind::kRecord) << line;
    const std::string device_a(a.device);
    ASSERT_EQ(ParseOne(*general, std::string(" ") + line, b, reason), TraceLineKind::kRecord)
        << line;
    EXPECT_EQ(a.time_ns, b.time_ns) << line;
    EXPECT_EQ(a.op, b.op) << line;
    EXPECT_EQ(a.offset_bytes, b.offset_bytes) << line;
    EXPECT_EQ(a.length_bytes, b.length_bytes) << line;
    EXPECT_EQ(device_a, b.device) << line;
  }
}

TEST(MsrFormat, SkipsBlankAndHeaderLines) {
  auto format = MakeMsrFormat();
  TraceRecord record;
  std::string reason;
  EXPECT_EQ(ParseOne(*format, "", record, reason), TraceLineKind::kSkip);
  EXPECT_EQ(ParseOne(*format, "  \t", record, reason), TraceLineKind::kSkip);
  EXPECT_EQ(ParseOne(*format, "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime", record,
                     reason),
            TraceLineKind::kSkip);
  ASSERT_EQ(ParseOne(*format, "128166372003061629,hm,1,Write,0,0,10", record, reason),
            TraceLineKind::kRecord);
  EXPECT_EQ(record.length_bytes, 0u);  // the scanner skips it
}

TEST(MsrFormat, EveryBadFieldIsNamed) {
  ExpectBadLines(
      MakeMsrFormat,
      {
          {"128166372003061629,hm,1,Read,0,4096", "expected 7 comma-separated fields"},
          {"128166372003061629,hm,1,Read,0,4096,1,2", "found 8"},
          {"12816637200306162x,hm,1,Read,0,4096,1", "field 1 (timestamp, Windows filetime)"},
          {"184467440737095517,hm,1,Read,0,4096,1",
           "field 1 (timestamp, Windows filetime) "
           "'184467440737095517' is too large"},
          {"128166372003061629, ,1,Read,0,4096,1", "field 2 (hostname) '' is empty"},
          {"128166372003061629,hm,one,Read,0,4096,1", "field 3 (disk number) 'one'"},
          {"128166372003061629,hm,1,Erase,0,4096,1",
           "field 4 (type) 'Erase' is neither Read nor Write"},
          {"128166372003061629,hm,1,R,0,4096,1", "field 4 (type) 'R'"},
          {"128166372003061629,hm,1,Read,-5,4096,1", "field 5 (offset, bytes) '-5'"},
          {"128166372003061629,hm,1,Read,0,4k,1", "field 6 (size, bytes) '4k'"},
          {"128166372003061629,hm,1,Read,0,4096,slow", "field 7 (response time, filetime units)"},
      });
}

TEST(SpcFormat, FixtureCountsBytesAndDevices) {
  auto format = MakeSpcFormat();
  const Tally tally = TallyText(*format, ReadFixture("spc-financial.txt"));
  EXPECT_TRUE(tally.bad.empty());
  ASSERT_EQ(tally.records, 12u);
  EXPECT_EQ(tally.reads, 3u);
  EXPECT_EQ(tally.writes, 9u);
  EXPECT_EQ(tally.read_bytes, 11264u);
  EXPECT_EQ(tally.write_bytes, 53248u);
  // LBA in 512-byte blocks; Size in bytes.
  EXPECT_EQ(tally.first_records[0].offset_bytes, 20941264ull * 512u);
  EXPECT_EQ(tally.first_records[0].length_bytes, 8192u);
  EXPECT_EQ(tally.first_records[3].length_bytes, 15872u);
  // The ASU is the device.
  EXPECT_EQ(tally.first_records[0].device, "0");
  EXPECT_EQ(tally.first_records[3].device, "1");
  EXPECT_EQ(tally.first_records[8].device, "2");
  EXPECT_EQ(tally.first_records[11].device, "3");
  // Blanks after commas and lower-case opcodes (UMass style).
  EXPECT_EQ(tally.first_records[10].offset_bytes, 303567ull * 512u);
  EXPECT_EQ(tally.first_records[10].op, IoOp::kWrite);
  EXPECT_EQ(tally.first_records[11].op, IoOp::kRead);
}

TEST(SpcFormat, DecimalSecondsBecomeExactNanoseconds) {
  auto format = MakeSpcFormat();
  const Tally tally = TallyText(*format, ReadFixture("spc-financial.txt"));
  ASSERT_EQ(tally.records, 12u);
  EXPECT_EQ(tally.first_records[0].time_ns, 551706000u);
  // The spec: "The second I/O occurs 0.002335 seconds later".
  EXPECT_EQ(tally.first_records[1].time_ns - tally.first_records[0].time_ns, 2335000u);
  EXPECT_EQ(tally.first_records[3].time_ns, 1250720000u);
  // Equal timestamps stay equal.
  EXPECT_EQ(tally.first_records[8].time_ns, tally.first_records[9].time_ns);
  EXPECT_EQ(tally.first_records[11].time_ns, 2612302000u);
}

TEST(SpcFormat, TimestampForms) {
  auto format = MakeSpcFormat();
  TraceRecord record;
  std::string reason;
  ASSERT_EQ(ParseOne(*format, "0,1,512,R,2", record, reason), TraceLineKind::kRecord);
  EXPECT_EQ(record.time_ns, 2000000000u);
  ASSERT_EQ(ParseOne(*format, "0,1,512,R,0.0000000014", record, reason), TraceLineKind::kRecord);
  EXPECT_EQ(record.time_ns, 1u);  // beyond ns: rounded half up
  ASSERT_EQ(ParseOne(*format, "0,1,512,R,1.5e1", record, reason), TraceLineKind::kRecord);
  EXPECT_EQ(record.time_ns, 15000000000u);
}

TEST(SpcFormat, SkipsBlankLinesAndKeepsZeroSizeAsARecord) {
  auto format = MakeSpcFormat();
  TraceRecord record;
  std::string reason;
  EXPECT_EQ(ParseOne(*format, "", record, reason), TraceLineKind::kSkip);
  // The spec: "A value of zero is legal" — a record of no bytes, which the
  // scanner skips and counts.
  ASSERT_EQ(ParseOne(*format, "0,100,0,W,1.0", record, reason), TraceLineKind::kRecord);
  EXPECT_EQ(record.length_bytes, 0u);
}

TEST(SpcFormat, EveryBadFieldIsNamed) {
  ExpectBadLines(MakeSpcFormat,
                 {
                     {"0,20941264,8192,W", "expected at least 5 comma-separated fields"},
                     {"A,20941264,8192,W,0.5", "field 1 (ASU) 'A'"},
                     {"0,lba,8192,W,0.5", "field 2 (LBA, 512-byte blocks) 'lba'"},
                     {"0,36028797018963968,8192,W,0.5",
                      "field 2 (LBA, 512-byte blocks) '36028797018963968' is "
                      "too large"},
                     {"0,20941264,8k,W,0.5", "field 3 (size, bytes) '8k'"},
                     {"0,20941264,8192,Write,0.5", "field 4 (opcode) 'Write' is neither R nor W"},
                     {"0,20941264,8192,X,0.5", "field 4 (opcode) 'X'"},
                     // The spec's own example record with a typo in its timestamp.
                     {"2,30862016,4096,W,2 448003", "field 5 (timestamp, seconds) '2 448003'"},
                     {"0,20941264,8192,W,-0.5", "field 5 (timestamp, seconds) '-0.5'"},
                 });
}

}  // namespace
}  // namespace flashscope
