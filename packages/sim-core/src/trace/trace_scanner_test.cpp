// The scanner's handling of messy files, format by format: '#' comment
// lines are counted (comment_lines), never bad; disorder within the
// reorder window is sorted; records sharing a coarse tick are spread across
// it; "as_is" keeps the old file-order rule.
#include "trace/trace_scanner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "trace/byte_input.h"
#include "trace/reorder_buffer.h"
#include "util/rng.h"

namespace flashscope {
namespace {

struct Scan {
  std::vector<uint64_t> relative_ns;
  std::vector<std::string> devices;
  uint64_t comment_lines = 0;
  uint64_t bad_lines = 0;
  uint64_t out_of_order = 0;
  uint64_t late = 0;
  uint64_t resolution_ns = 0;
  std::vector<std::string> notes;
};

Scan ScanText(const std::string& format, const std::string& text, TraceOptions options = {}) {
  options.format = format;
  auto input = MakeMemoryInput("t.trace", text);
  TraceScanner scanner(*input, options, format);
  Scan scan;
  ScannedRecord record;
  while (scanner.Next(record)) {
    scan.relative_ns.push_back(record.relative_ns);
    scan.devices.emplace_back(record.record.device);
  }
  scan.comment_lines = scanner.comment_lines();
  scan.bad_lines = scanner.bad_lines();
  scan.out_of_order = scanner.out_of_order();
  scan.late = scanner.late_records();
  scan.resolution_ns = scanner.clock_resolution_ns();
  scan.notes = scanner.ClockNotes();
  return scan;
}

struct FormatLines {
  const char* format;
  const char* header;  // lines the format needs first ("" for none)
  const char* first;
  const char* second;
};

// One comment line in the middle of each format's records (and, for all
// but iolog whose first line must be its version header, one at the top).
TEST(TraceScannerComments, ACommentLineMidFileIsCountedNotBadInEveryFormat) {
  const FormatLines formats[] = {
      {"msr", "", "128166385295514663,hm,0,Write,9056014336,2048,2833",
       "128166385295514878,hm,0,Write,11855351808,512,2617"},
      {"spc", "", "0,20941264,8192,W,0.551706", "0,20939840,8192,W,0.554041"},
      {"alibaba", "", "0,R,126703644672,4096,1577808000000626",
       "0,W,126703648768,8192,1577808000000900"},
      {"tencent", "", "1538323199,13896880,128,0,1063", "1538323200,4247200,128,1,1058"},
      {"blkparse", "", "259,0    3        3     0.000000299  1867  Q   W 763360912 + 8 [kw]",
       "259,0    3        8     0.000006341  1867  Q  WS 763360920 + 8 [kw]"},
      {"iolog", "fio version 3 iolog\n0 /dev/sdb add\n12 /dev/sdb open\n",
       "873 /dev/sdb write 0 16384", "900 /dev/sdb read 4096 4096"},
      {"mqsim", "", "938513000 4 264719034 16 0", "938828000 3 197570570 16 1"},
      {"disksim", "", "0.000000\t0\t1024\t8\t1", "1.500000\t0\t2048\t16\t0"},
  };
  for (const FormatLines& f : formats) {
    const bool header = std::string(f.header).size() > 0;
    const std::string text = std::string(header ? f.header : "# captured 2024-05-01\n") + f.first +
                             "\n  # a note between records\n" + f.second + "\n";
    const Scan scan = ScanText(f.format, text);
    EXPECT_EQ(scan.relative_ns.size(), 2u) << f.format;
    EXPECT_EQ(scan.bad_lines, 0u) << f.format;
    EXPECT_EQ(scan.comment_lines, header ? 1u : 2u) << f.format;
  }
  TraceOptions csv;
  csv.format_options.csv_columns = "time=0:ms,op=1,offset=2,length=3";
  const Scan scan =
      ScanText("csv", "#time,op,offset,length\n0,r,0,4096\n# x\n5,w,4096,4096\n", csv);
  EXPECT_EQ(scan.relative_ns.size(), 2u);
  EXPECT_EQ(scan.comment_lines, 2u);
  EXPECT_EQ(scan.bad_lines, 0u);
}

// Whole-second ticks (Tencent's layout): 3 records at t=10 s, 1 at 11 s,
// one of 10 s late in the file. Sorted, then spread across each second.
TEST(TraceScannerClock, RecordsOfACoarseTickAreSortedAndSpreadAcrossIt) {
  const std::string text =
      "10,0,8,0,1\n"
      "11,8,8,0,1\n"
      "10,16,8,1,2\n"
      "10,24,8,1,2\n"
      "12,32,8,0,1\n";
  const Scan spread = ScanText("tencent", text);
  EXPECT_EQ(spread.resolution_ns, 1'000'000'000u);
  // Both 10 s records after the 11 s one are out of order (only the first
  // is earlier than its predecessor): the count the note gives.
  EXPECT_EQ(spread.out_of_order, 2u);
  EXPECT_EQ(spread.late, 0u);
  // 10 s: three records at 0, 1/3 and 2/3 s; 11 s and 12 s alone.
  EXPECT_EQ(spread.relative_ns,
            (std::vector<uint64_t>{0, 333'333'333, 666'666'666, 1'000'000'000, 2'000'000'000}));
  EXPECT_EQ(spread.devices, (std::vector<std::string>{"1", "2", "2", "1", "1"}));
  ASSERT_EQ(spread.notes.size(), 2u);
  EXPECT_EQ(spread.notes[0],
            "timestamps tick every 1 s: the records sharing a tick (up to 3) were spread evenly "
            "across it");
  EXPECT_EQ(spread.notes[1],
            "2 records out of order by up to 1 s were sorted within a 65,536-record window");

  TraceOptions sorted;
  sorted.clock = TraceClock::kSorted;
  EXPECT_EQ(ScanText("tencent", text, sorted).relative_ns,
            (std::vector<uint64_t>{0, 0, 0, 1'000'000'000, 2'000'000'000}));

  TraceOptions as_is;
  as_is.clock = TraceClock::kAsIs;
  const Scan old = ScanText("tencent", text, as_is);
  // File order; the late 10 s records take 11 s.
  EXPECT_EQ(old.relative_ns,
            (std::vector<uint64_t>{0, 1'000'000'000, 1'000'000'000, 1'000'000'000, 2'000'000'000}));
  EXPECT_EQ(old.late, 2u);
}

// A fine clock (ns) is never spread, even where records share a time.
TEST(TraceScannerClock, AFineClockKeepsSharedTimes) {
  const Scan scan = ScanText("mqsim", "1000 0 0 8 0\n1000 0 8 8 0\n1500 0 16 8 0\n");
  EXPECT_EQ(scan.resolution_ns, 500u);
  EXPECT_EQ(scan.relative_ns, (std::vector<uint64_t>{0, 0, 500}));
  EXPECT_TRUE(scan.notes.empty());
}

TEST(ReorderBufferTest, CountsTheRecordsSharingTheEarliestTime) {
  ReorderBuffer buffer(64);
  const uint64_t times[] = {5, 3, 9, 3, 3, 7, 3, 12, 4};
  uint64_t sequence = 0;
  for (uint64_t t : times) {
    PendingTraceRecord record;
    record.time_ns = t;
    record.sequence = sequence++;
    buffer.Push(record);
  }
  EXPECT_EQ(buffer.CountAtEarliestTime(), 4u);
  // Equal times come out in file order.
  EXPECT_EQ(buffer.PopEarliest().sequence, 1u);
  EXPECT_EQ(buffer.PopEarliest().sequence, 3u);
  EXPECT_EQ(buffer.CountAtEarliestTime(), 2u);
}

// Mostly sorted records (the FIFO run) with stragglers displaced by up to
// 500 positions (the heap), and ties: what comes out is the stable sort by
// time, exactly, and the count at the earliest time agrees with it.
TEST(ReorderBufferTest, ARunWithStragglersComesOutAsTheStableSort) {
  Rng rng(3);
  std::vector<PendingTraceRecord> records(20'000);
  for (size_t i = 0; i < records.size(); ++i) {
    records[i].time_ns = i / 4;  // four records per tick
    records[i].sequence = i;
  }
  for (int swaps = 0; swaps < 2'000; ++swaps) {
    const size_t a = rng.Below(records.size() - 500);
    std::swap(records[a].time_ns, records[a + rng.Below(500)].time_ns);
  }
  std::vector<PendingTraceRecord> expected = records;
  std::stable_sort(expected.begin(), expected.end(),
                   [](const auto& a, const auto& b) { return a.time_ns < b.time_ns; });
  ReorderBuffer buffer(1024);
  size_t next = 0;
  for (size_t out = 0; out < records.size(); ++out) {
    while (next < records.size() && !buffer.full()) buffer.Push(records[next++]);
    const uint64_t earliest = buffer.Earliest().time_ns;
    size_t ties = 0;
    for (size_t k = out; k < expected.size() && expected[k].time_ns == earliest; ++k) ++ties;
    ASSERT_EQ(buffer.CountAtEarliestTime(), ties) << out;
    const PendingTraceRecord got = buffer.PopEarliest();
    ASSERT_EQ(got.time_ns, expected[out].time_ns) << out;
    ASSERT_EQ(got.sequence, expected[out].sequence) << out;
  }
  EXPECT_TRUE(buffer.empty());
}

}  // namespace
}  // namespace flashscope
