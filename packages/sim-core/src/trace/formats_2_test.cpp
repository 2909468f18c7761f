// The blkparse, fio iolog, DiskSim and MQSim trace formats, line by line:
// request counts, the read/write/trim split and byte totals of fixtures
// written from each format's definition (testdata/traces/<format>-*.txt;
// the definitions are cited in each format's banner in impl/), of the real
// MQSim and DiskSim traces in ../shared/traces/, and every malformed line
// reported as kBad with a reason that names what is wrong.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "trace/i_trace_format.h"
#include "trace/trace_lines_for_test.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using namespace trace_test;  // the helpers of trace_lines_for_test.h

std::unique_ptr<ITraceFormat> Make(std::string_view name, std::string blkparse_action = "Q") {
  TraceFormatOptions options;
  options.blkparse_action = std::move(blkparse_action);
  return MakeTraceFormat(name, options);
}

double DetectOn(std::string_view format_name, const std::string& text) {
  std::vector<std::string_view> lines = SplitLines(text);
  if (lines.size() > 200) lines.resize(200);
  return Make(format_name)->Detect(lines);
}

// ---------------------------------------------------------------- blkparse

// testdata/traces/blkparse-sda.txt follows blkparse's default output
// (blkparse(1); blkparse_fmt.c process_default): header "%D %2c %8s
// %5T.%9t %5p %2a %3d", then "sector + count [process]"; the I/O life of
// a journal write (Q G P I Q M U D C: two 4 KiB queues merged into one 8 KiB
// issue), a read with its remap (A), a read-ahead, a message (m), a flush
// with no sectors (FWS / FN), a discard (DS), a FUA write (WFS), a second
// device (8,16), and the trailing per-CPU / total summary.
TEST(BlkparseFormat, QueueActionCountsEveryQueuedRequestOnce) {
  const std::string text = ReadFixture("blkparse-sda.txt");
  auto format = Make("blkparse", "Q");
  const Tally tally = TallyText(*format, text);
  EXPECT_TRUE(tally.bad.empty()) << tally.bad.front().line << ": " << tally.bad.front().reason;
  // Q lines with sectors: WS 3417048+8, WS 3417056+8, R 1052672+32,
  // RA 1052704+256, DS 2048+2048, WFS 3417064+8, W (8,16) 100+8; and the
  // flush "Q FWS [jbd2/sda1-8]" (a flush before a write with no data: a
  // flush on its own).
  EXPECT_EQ(tally.records, 8u);
  EXPECT_EQ(tally.flushes, 1u);
  EXPECT_EQ(tally.reads, 2u);
  EXPECT_EQ(tally.read_bytes, (32u + 256u) * 512u);  // 147456
  EXPECT_EQ(tally.writes, 4u);
  EXPECT_EQ(tally.write_bytes, 4u * 8u * 512u);  // 16384
  // "WFS": W, then F (Force Unit Access), then S (sync).
  EXPECT_EQ(tally.fua_writes, 1u);
  EXPECT_EQ(tally.preflushes, 0u);
  EXPECT_EQ(tally.trims, 1u);
  EXPECT_EQ(tally.trim_bytes, 2048u * 512u);  // 1048576
  EXPECT_EQ(tally.skipped, SplitLines(text).size() - 8);
  EXPECT_EQ(tally.devices, (std::set<std::string>{"8,0", "8,16"}));
  ASSERT_GE(tally.first_records.size(), 5u);
  EXPECT_EQ(tally.first_records[0].op, IoOp::kWrite);
  EXPECT_EQ(tally.first_records[0].offset_bytes, 3417048u * 512u);
  EXPECT_EQ(tally.first_records[0].length_bytes, 4096u);
  EXPECT_EQ(tally.first_records[0].time_ns, 0u);
  EXPECT_EQ(tally.first_records[1].time_ns, 10570u);  // 0.000010570 s
  EXPECT_EQ(tally.first_records[2].op, IoOp::kRead);
  EXPECT_EQ(tally.first_records[2].time_ns, 1003800u);  // 0.001003800 s
  EXPECT_EQ(tally.first_records[4].op, IoOp::kFlush);
  EXPECT_EQ(tally.first_records[4].time_ns, 3100000u);  // 0.003100000 s
  EXPECT_EQ(tally.first_records[4].length_bytes, 0u);
  EXPECT_EQ(tally.last_time_ns, 6000000u);  // 0.006000000 s
}

TEST(BlkparseFormat, IssueActionSeesTheMergedRequest) {
  const std::string text = ReadFixture("blkparse-sda.txt");
  auto format = Make("blkparse", "D");
  const Tally tally = TallyText(*format, text);
  EXPECT_TRUE(tally.bad.empty());
  // D lines: WS 3417048+16 (the merge of two queued 4 KiB writes),
  // R 1052672+32, RA 1052704+256, DS 2048+2048, WFS 3417064+8, W 100+8;
  // and "D FN", the flush issued to the driver.
  EXPECT_EQ(tally.records, 7u);
  EXPECT_EQ(tally.flushes, 1u);
  EXPECT_EQ(tally.fua_writes, 1u);
  EXPECT_EQ(tally.reads, 2u);
  EXPECT_EQ(tally.read_bytes, 147456u);
  EXPECT_EQ(tally.writes, 3u);
  EXPECT_EQ(tally.write_bytes, (16u + 8u + 8u) * 512u);  // the same 16384 bytes as queued
  EXPECT_EQ(tally.trims, 1u);
  EXPECT_EQ(tally.trim_bytes, 1048576u);
  ASSERT_FALSE(tally.first_records.empty());
  EXPECT_EQ(tally.first_records[0].length_bytes, 8192u);
  EXPECT_EQ(tally.first_records[0].time_ns, 20183u);
}

// rwbs as the kernel writes it (blk_fill_rwbs): 'F' first is a flush
// before the I/O (REQ_PREFLUSH), 'F' after the operation is FUA.
TEST(BlkparseFormat, FlushesAndForceUnitAccessAreReadFromRwbs) {
  struct Case {
    const char* rwbs_and_range;
    IoOp op;
    bool fua;
    bool preflush;
  };
  for (const Case& each : std::vector<Case>{
           {"FN [kworker]", IoOp::kFlush, false, false},
           {"F [kworker]", IoOp::kFlush, false, false},
           {"FWFS [jbd2/dm-4-8]", IoOp::kFlush, false, false},
           {"FWS 0 + 0 [jbd2]", IoOp::kFlush, false, false},
           {"WFS 592294240 + 8 [jbd2]", IoOp::kWrite, true, false},
           {"FWS 592294240 + 8 [jbd2]", IoOp::kWrite, false, true},
           {"FWFSM 592294240 + 8 [jbd2]", IoOp::kWrite, true, true},
           {"WS 592294240 + 8 [dmcrypt]", IoOp::kWrite, false, false},
           {"RF 8 + 8 [dd]", IoOp::kRead, false, false},  // FUA on a read: no flush
       }) {
    auto format = Make("blkparse", "Q");
    TraceRecord record;
    std::string reason;
    const std::string line = std::string("259,0 11 2 0.024124474 1889 Q ") + each.rwbs_and_range;
    ASSERT_EQ(ParseOne(*format, line, record, reason), TraceLineKind::kRecord) << line << reason;
    EXPECT_EQ(record.op, each.op) << line;
    EXPECT_EQ(record.fua, each.fua) << line;
    EXPECT_EQ(record.preflush, each.preflush) << line;
    if (each.op == IoOp::kFlush) EXPECT_EQ(record.length_bytes, 0u) << line;
  }
  // 'N' alone moves no data and flushes nothing: still skipped.
  auto format = Make("blkparse", "Q");
  TraceRecord record;
  std::string reason;
  EXPECT_EQ(ParseOne(*format, "8,0 3 3 0.000003113 4162 Q N [kjournald]", record, reason),
            TraceLineKind::kSkip);
}

TEST(BlkparseFormat, OnlyQueueOrIssueCanBeChosen) {
  for (const char* action : {"C", "q", "", "QD"}) {
    TraceFormatOptions options;
    options.blkparse_action = action;
    try {
      MakeTraceFormat("blkparse", options);
      ADD_FAILURE() << "blkparse_action '" << action << "' was accepted";
    } catch (const InputError& error) {
      EXPECT_EQ(error.file(), "trace options");
      EXPECT_EQ(error.line(), 0u);
      EXPECT_NE(error.problem().find("neither Q"), std::string::npos) << error.what();
    }
  }
}

TEST(BlkparseFormat, SummaryIsSkippedAndEventsAfterItStillCount) {
  auto format = Make("blkparse");
  const Tally tally = TallyText(*format,
                                "CPU1 (8,0):\n"
                                " Reads Queued:           0,        0KiB\n"
                                "Throughput (R/W): 0KiB/s / 4KiB/s\n"
                                "  8,0    1        1     2.500000000   901  Q   W 64 + 8 [dd]\n"
                                "Events (8,0): 1 entries\n"
                                "Skips: 0 forward (0 -   0.0%)\n");
  EXPECT_TRUE(tally.bad.empty());
  EXPECT_EQ(tally.records, 1u);
  EXPECT_EQ(tally.write_bytes, 4096u);
  EXPECT_EQ(tally.first_time_ns, 2500000000u);
  EXPECT_EQ(tally.skipped, 5u);
}

TEST(BlkparseFormat, MalformedEventLinesNameTheField) {
  ExpectBadLines([] { return Make("blkparse"); },
                 {
                     {"hello world", "major,minor"},
                     {" Reads Queued: 2, 8KiB", "not a blkparse event"},
                     {"  8,0    3        1", "at least 7 fields"},
                     {"  8,0    x   1  0.000000000  4162  Q  WS 100 + 8 [a]", "(cpu)"},
                     {"  8,0    3   y  0.000000000  4162  Q  WS 100 + 8 [a]", "(sequence)"},
                     {"  8,0    3   1  0.00000000001  4162  Q  WS 100 + 8 [a]", "(time)"},
                     {"  8,0    3   1  -1.5  4162  Q  WS 100 + 8 [a]", "(time)"},
                     {"  8,0    3   1  0.5  pid  Q  WS 100 + 8 [a]", "(pid)"},
                     {"  8,0    3   1  0.5  4162  Q  WS 1x0 + 8 [a]", "(sector)"},
                     {"  8,0    3   1  0.5  4162  Q  WS 100 + eight [a]", "(sector count)"},
                     // 2^55 sectors of 512 bytes is past 2^64 bytes.
                     {"  8,0  3  1  0.5  4162  Q  W 36028797018963968 + 8 [a]", "too large"},
                 });
}

// A sectorless event without a flush ("N", a packet command) moves nothing;
// a flush ("Q FWS [jbd2]") is a record (FlushesAndForceUnitAccessAreReadFromRwbs).
TEST(BlkparseFormat, OtherActionsAndSectorlessEventsAreSkipped) {
  auto format = Make("blkparse");
  TraceRecord record;
  std::string reason;
  for (const char* line : {
           "  8,0    3        3     0.000003113  4162  C  WS 3417048 + 8 [0]",
           "  8,0    3        3     0.000003113  4162 UT   N [kworker] 2",
           "  8,0    1        2     0.003100000  5011  Q   N 36 (12 00 00 00 24 00 ..) [sg_inq]",
           "  8,0    1        2     0.003100000  5011  Q  WS 0 + 0 [flush]",
           "",
       }) {
    EXPECT_EQ(format->ParseLine(line, record, reason), TraceLineKind::kSkip) << line;
  }
}

TEST(BlkparseFormat, DetectsItsOwnOutputOnly) {
  EXPECT_GE(DetectOn("blkparse", ReadFixture("blkparse-sda.txt")), 0.9);
  EXPECT_EQ(DetectOn("blkparse", ReadFixture("mqsim-small.txt")), 0);
  EXPECT_EQ(DetectOn("blkparse", ReadFixture("iolog-v2.txt")), 0);
}

// ------------------------------------------------------------------- iolog

// testdata/traces/iolog-v2.txt follows fio's "Trace file format v2"
// (HOWTO.rst): the header, file actions, read/write/trim with byte offsets
// and lengths, sync/datasync, and two waits (1000 µs, then 250 µs more).
TEST(IologFormat, Version2RecordsFollowTheWaitClock) {
  auto format = Make("iolog");
  const Tally tally = TallyText(*format, ReadFixture("iolog-v2.txt"));
  EXPECT_TRUE(tally.bad.empty()) << tally.bad.front().line << ": " << tally.bad.front().reason;
  EXPECT_EQ(tally.records, 6u);
  EXPECT_EQ(tally.reads, 2u);
  EXPECT_EQ(tally.read_bytes, 8192u + 131072u);
  EXPECT_EQ(tally.writes, 3u);
  EXPECT_EQ(tally.write_bytes, 4096u + 4096u + 16384u);
  EXPECT_EQ(tally.trims, 1u);
  EXPECT_EQ(tally.trim_bytes, 65536u);
  EXPECT_EQ(tally.skipped, 11u);  // header, 2 add, 2 open, 2 wait, sync, datasync, 2 close
  EXPECT_EQ(tally.devices, (std::set<std::string>{"/dev/nvme0n1", "/tmp/fio.data"}));
  const std::vector<uint64_t> expected_times_ns = {0,         0,         1'000'000,
                                                   1'000'000, 1'250'000, 1'250'000};
  ASSERT_EQ(tally.first_records.size(), expected_times_ns.size());
  for (size_t i = 0; i < expected_times_ns.size(); ++i) {
    EXPECT_EQ(tally.first_records[i].time_ns, expected_times_ns[i]) << "record " << i;
  }
  EXPECT_EQ(tally.first_records[3].op, IoOp::kTrim);
  EXPECT_EQ(tally.first_records[3].offset_bytes, 1048576u);
}

// testdata/traces/iolog-v3.txt follows "Trace file format v3": every line
// starts with a timestamp from the start of the run (µs, see iolog.cpp).
TEST(IologFormat, Version3RecordsCarryTheirTimestamps) {
  auto format = Make("iolog");
  const Tally tally = TallyText(*format, ReadFixture("iolog-v3.txt"));
  EXPECT_TRUE(tally.bad.empty()) << tally.bad.front().line << ": " << tally.bad.front().reason;
  EXPECT_EQ(tally.records, 5u);
  EXPECT_EQ(tally.reads, 2u);
  EXPECT_EQ(tally.read_bytes, 4096u + 16384u);
  EXPECT_EQ(tally.writes, 2u);
  EXPECT_EQ(tally.write_bytes, 32768u);
  EXPECT_EQ(tally.trims, 1u);
  EXPECT_EQ(tally.trim_bytes, 32768u);
  EXPECT_EQ(tally.skipped, 5u);  // header, add, open, sync, close
  const std::vector<uint64_t> expected_times_ns = {873'000, 880'000, 1'502'000, 2'210'000,
                                                   3'050'000};
  ASSERT_EQ(tally.first_records.size(), expected_times_ns.size());
  for (size_t i = 0; i < expected_times_ns.size(); ++i) {
    EXPECT_EQ(tally.first_records[i].time_ns, expected_times_ns[i]) << "record " << i;
  }
  EXPECT_EQ(tally.devices, (std::set<std::string>{"/dev/sdb"}));
}

TEST(IologFormat, LinesBeforeTheHeaderAreBad) {
  auto format = Make("iolog");
  const Tally tally = TallyText(*format,
                                "\n"
                                "/dev/sda read 0 4096\n"
                                "fio version 2 iolog\n"
                                "/dev/sda read 0 4096\n");
  ASSERT_EQ(tally.bad.size(), 1u);
  EXPECT_EQ(tally.bad[0].line, 2u);
  EXPECT_NE(tally.bad[0].reason.find("before the 'fio version 2 iolog'"), std::string::npos);
  EXPECT_EQ(tally.records, 1u);
}

TEST(IologFormat, MalformedLinesNameTheProblem) {
  ExpectBadLines([] { return Make("iolog"); },
                 {
                     {"/dev/sda", "found 1 field"},
                     {"/dev/sda read 0", "offset and a length"},
                     {"/dev/sda read zero 4096", "field 3 (offset (bytes))"},
                     {"/dev/sda write 0 4k", "field 4 (length (bytes))"},
                     {"/dev/sda frobnicate 0 4096", "field 2 (action)"},
                     {"/dev/sda add 0 4096", "takes no offset"},
                     {"/dev/sda wait soon 0", "wait (µs)"},
                     {"/dev/sda read 18446744073709551615 1", "too large"},
                 },
                 "fio version 2 iolog");
  ExpectBadLines([] { return Make("iolog"); },
                 {
                     {"12 /dev/sda wait 100 0", "not allowed"},
                     {"soon /dev/sda read 0 4096", "field 1 (timestamp"},
                     {"12 /dev/sda", "found 2 fields"},
                     {"12 /dev/sda read 0 x", "field 5 (length"},
                     // A version 2 line in a version 3 log: the file name is no timestamp.
                     {"/dev/sda read 0 4096", "timestamp"},
                 },
                 "fio version 3 iolog");
}

TEST(IologFormat, DetectsByTheHeader) {
  EXPECT_GE(DetectOn("iolog", ReadFixture("iolog-v2.txt")), 0.9);
  EXPECT_GE(DetectOn("iolog", ReadFixture("iolog-v3.txt")), 0.9);
  EXPECT_EQ(DetectOn("iolog", "/dev/sda read 0 4096\n/dev/sda write 0 4096\n"), 0);
  EXPECT_EQ(DetectOn("iolog", ReadFixture("mqsim-small.txt")), 0);
}

// ----------------------------------------------------------------- disksim

// testdata/traces/disksim-hexflags.txt follows the DiskSim 4.0 manual's
// ASCII trace format (time_ms devno blkno bcount flags; flags hexadecimal,
// bit 0 = read; 512-byte blocks): tab separated except one space-separated
// line, flags 1, 0, 0x1, 8, a, B, 0, 9.
TEST(DisksimFormat, FixtureReadsFlagsAsHex) {
  auto format = Make("disksim");
  const Tally tally = TallyText(*format, ReadFixture("disksim-hexflags.txt"));
  EXPECT_TRUE(tally.bad.empty()) << tally.bad.front().line << ": " << tally.bad.front().reason;
  EXPECT_EQ(tally.records, 8u);
  EXPECT_EQ(tally.reads, 4u);  // flags 1, 0x1, B, 9
  EXPECT_EQ(tally.read_bytes, (8u + 8u + 8u + 128u) * 512u);
  EXPECT_EQ(tally.writes, 4u);  // flags 0, 8, a, 0
  EXPECT_EQ(tally.write_bytes, (16u + 64u + 1u + 32u) * 512u);
  EXPECT_EQ(tally.trims, 0u);
  EXPECT_EQ(tally.devices, (std::set<std::string>{"0", "1", "2"}));
  ASSERT_EQ(tally.first_records.size(), 8u);
  EXPECT_EQ(tally.first_records[1].time_ns, 1'500'000u);  // 1.5 ms
  EXPECT_EQ(tally.first_records[1].offset_bytes, 2048u * 512u);
  EXPECT_EQ(tally.first_records[6].time_ns, 5'500'000u);  // "5.5", space separated
  EXPECT_EQ(tally.last_time_ns, 6'062'500u);
}

// ../shared/traces/disksim_valid_ascii.trace (DiskSim's valid/ trace). The
// expected figures were computed independently with awk:
//   awk -F'\t' '{n++; if($5%2==1){r++; rb+=$4*512} else {w++; wb+=$4*512}}
//     END{printf "%d %d %d %.0f %.0f\n", n, r, w, rb, wb}'
// -> 100000 79634 20366 412875264 107663872 (its flags are all 0 or 1, so
// decimal and hexadecimal agree); first time 13.191135 ms, last 1532949.045363 ms.
TEST(DisksimFormat, RealDisksimTraceCountsExactly) {
  const std::string text = ReadFile(SharedTracePath("disksim_valid_ascii.trace"));
  ASSERT_FALSE(text.empty()) << "../shared/traces/disksim_valid_ascii.trace is missing";
  auto format = Make("disksim");
  const Tally tally = TallyText(*format, text);
  EXPECT_TRUE(tally.bad.empty()) << tally.bad.front().line << ": " << tally.bad.front().reason;
  EXPECT_EQ(tally.records, 100000u);
  EXPECT_EQ(tally.reads, 79634u);
  EXPECT_EQ(tally.read_bytes, 412875264u);
  EXPECT_EQ(tally.writes, 20366u);
  EXPECT_EQ(tally.write_bytes, 107663872u);
  EXPECT_EQ(tally.first_time_ns, 13'191'135u);
  EXPECT_EQ(tally.last_time_ns, 1'532'949'045'363u);
}

TEST(DisksimFormat, MalformedLinesNameTheField) {
  ExpectBadLines([] { return Make("disksim"); },
                 {
                     {"1.0\t0\t8\t1", "expected 5 fields"},
                     {"1.0\t0\t8\t1\t1\t7", "found 6"},
                     {"soon\t0\t8\t1\t1", "field 1 (arrival time"},
                     {"-2.5\t0\t8\t1\t1", "negative"},
                     {"1.0\tdisk\t8\t1\t1", "field 2 (device number)"},
                     {"1.0\t0\t-8\t1\t1", "field 3 (block number)"},
                     {"1.0\t0\t8\t1.5\t1", "field 4 (block count)"},
                     {"1.0\t0\t8\t1\tread", "field 5 (flags)"},
                     {"1.0\t0\t36028797018963968\t8\t1", "too large"},
                 });
}

// Zero-length I/O is a record of length 0, as in every format: the scanner,
// not the format, skips and counts it (trace_source_test.cpp).
TEST(DisksimFormat, ZeroLengthRequestsAreRecordsOfNoBytes) {
  const Tally disksim = TallyText(*Make("disksim"), "1.0\t0\t8\t0\t1\n2.0\t0\t8\t8\t1\n");
  EXPECT_EQ(disksim.records, 2u);
  EXPECT_EQ(disksim.read_bytes, 8u * 512);
  const Tally iolog =
      TallyText(*Make("iolog"), "fio version 2 iolog\n/dev/sda read 0 0\n/dev/sda write 0 512\n");
  EXPECT_EQ(iolog.records, 2u);
  EXPECT_EQ(iolog.skipped, 1u);  // the header
  EXPECT_EQ(iolog.read_bytes, 0u);
}

TEST(DisksimFormat, DetectPrefersFractionalTimesAndTabs) {
  EXPECT_GE(DetectOn("disksim", ReadFixture("disksim-hexflags.txt")), 0.9);
  // MQSim's lines are five numbers too, but whole nanoseconds and spaces.
  EXPECT_LE(DetectOn("disksim", ReadFixture("mqsim-small.txt")), 0.6);
}

// ------------------------------------------------------------------- mqsim

// testdata/traces/mqsim-small.txt follows MQSim's ASCII trace format
// (arrival_ns device start_sector sectors type, 0 = write, 1 = read; see
// impl/mqsim.cpp) and, like the real ones, ends without a final newline.
TEST(MqsimFormat, FixtureCountsExactly) {
  auto format = Make("mqsim");
  const Tally tally = TallyText(*format, ReadFixture("mqsim-small.txt"));
  EXPECT_TRUE(tally.bad.empty());
  EXPECT_EQ(tally.records, 6u);
  EXPECT_EQ(tally.writes, 3u);
  EXPECT_EQ(tally.write_bytes, (8u + 8u + 64u) * 512u);
  EXPECT_EQ(tally.reads, 3u);
  EXPECT_EQ(tally.read_bytes, (16u + 8u + 256u) * 512u);
  EXPECT_EQ(tally.last_time_ns, 12000u);  // the unterminated last line
  ASSERT_GE(tally.first_records.size(), 3u);
  EXPECT_EQ(tally.first_records[2].offset_bytes, 1024u * 512u);
  EXPECT_EQ(tally.first_records[2].op, IoOp::kRead);
}

struct RealMqsimTrace {
  const char* file;
  uint64_t requests, reads, read_bytes, writes, write_bytes, first_ns, last_ns;
};

// Expected figures computed independently with awk over each file:
//   awk '{n++; if($5==1){r++; rb+=$4*512} else {w++; wb+=$4*512}}
//     END{printf "%d %d %d %.0f %.0f\n", n, r, w, rb, wb}'
// (awk counts the unterminated last line of mqsim_wsrch-small.trace too).
TEST(MqsimFormat, RealMqsimTracesCountExactly) {
  const RealMqsimTrace traces[] = {
      {"mqsim_wsrch-small.trace", 24783, 24779, 382085120, 4, 32768, 11413000, 60066625000},
      {"mqsim_tpcc-small.trace", 6999, 4381, 36315136, 2618, 23403520, 938513000, 1075002000},
  };
  for (const RealMqsimTrace& expected : traces) {
    SCOPED_TRACE(expected.file);
    const std::string text = ReadFile(SharedTracePath(expected.file));
    ASSERT_FALSE(text.empty()) << "../shared/traces/" << expected.file << " is missing";
    auto format = Make("mqsim");
    const Tally tally = TallyText(*format, text);
    EXPECT_TRUE(tally.bad.empty()) << tally.bad.front().line << ": " << tally.bad.front().reason;
    EXPECT_EQ(tally.records, expected.requests);
    EXPECT_EQ(tally.reads, expected.reads);
    EXPECT_EQ(tally.read_bytes, expected.read_bytes);
    EXPECT_EQ(tally.writes, expected.writes);
    EXPECT_EQ(tally.write_bytes, expected.write_bytes);
    EXPECT_EQ(tally.first_time_ns, expected.first_ns);
    EXPECT_EQ(tally.last_time_ns, expected.last_ns);
  }
}

TEST(MqsimFormat, MalformedLinesNameTheField) {
  ExpectBadLines([] { return Make("mqsim"); },
                 {
                     {"100 0 8 8", "expected 5 fields"},
                     {"1.5 0 8 8 0", "field 1 (arrival time (ns))"},
                     {"100 0 -8 8 0", "field 3 (start sector)"},
                     {"100 0 8 x 0", "field 4 (sector count)"},
                     {"100 0 8 8 2", "neither 0 (write) nor 1 (read)"},
                     {"100 0 36028797018963968 8 0", "too large"},
                 });
}

}  // namespace
}  // namespace flashscope
