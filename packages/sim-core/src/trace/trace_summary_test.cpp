// TraceInspector: the summary `flashscope trace inspect` and the web UI show,
// checked exactly against the real MQSim WebSearch trace (numbers derived
// independently with awk, commands beside each), incrementally scanned, with
// the replay options applied, and with bad, binary and truncated input.
#include "trace/trace_summary.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kWsrch = FLASHSCOPE_REPO_ROOT "/../shared/traces/mqsim_wsrch-small.trace";

json::Value Summary(std::unique_ptr<IByteInput> input, const TraceOptions& options = {}) {
  TraceInspector inspector(std::move(input), options);
  EXPECT_TRUE(inspector.Scan(UINT64_MAX));
  return json::Parse(inspector.SummaryJson(), "summary");
}

uint64_t U(const json::Value& object, const char* key) {
  const json::Value* v = object.Find(key);
  EXPECT_NE(v, nullptr) << key;
  return v ? static_cast<uint64_t>(v->as_number()) : 0;
}

std::string ErrorOf(const std::string& text, const TraceOptions& options = {}) {
  try {
    TraceInspector inspector(MakeMemoryInput("t.trace", text), options);
    inspector.Scan(UINT64_MAX);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TraceInspector, WebSearchTraceSummaryIsExact) {
  const json::Value s = Summary(OpenFileInput(kWsrch));
  EXPECT_EQ(s.Find("format")->as_string(), "mqsim");
  EXPECT_EQ(s.Find("confidence")->as_number(), 1);
  EXPECT_TRUE(s.Find("done")->as_bool());
  // awk 'NF==5{n++; if($5==1){r++; rb+=$4*512} else {w++; wb+=$4*512}}
  //      END{printf "%d %d %d %.0f %.0f", n, r, w, rb, wb}'  -> 24783 24779 4 382085120 32768
  EXPECT_EQ(U(s, "requests"), 24783u);
  EXPECT_EQ(U(s, "reads"), 24779u);
  EXPECT_EQ(U(s, "writes"), 4u);
  EXPECT_EQ(U(s, "trims"), 0u);
  EXPECT_EQ(U(s, "read_bytes"), 382085120u);
  EXPECT_EQ(U(s, "write_bytes"), 32768u);
  // Each device's blocks apart (they replay in regions of their own):
  // awk '{for (b = int($3*512/4096); b <= int((($3+$4)*512-1)/4096); b++) s[$2" "b]=1}
  //      END{print length(s)*4096}'  -> 381046784 (377892864 with devices merged)
  EXPECT_EQ(U(s, "footprint_bytes"), 381046784u);
  EXPECT_FALSE(s.Find("footprint_estimated")->as_bool());
  // awk '{e=($3+$4)*512; if (e>m) m=e} END{printf "%.0f", m}'  -> 17902723072
  EXPECT_EQ(U(s, "max_offset_bytes"), 17902723072u);
  // First and last arrival: 11413000 and 60066625000 ns.
  EXPECT_DOUBLE_EQ(s.Find("duration_s")->as_number(), 60.055212);
  EXPECT_NEAR(s.Find("iops")->as_number(), 24783 / 60.055212, 1e-4);
  // 683630 bytes, 24783 lines (`wc -l` says 24782: no final newline).
  EXPECT_EQ(U(s, "bytes_read"), 683630u);
  EXPECT_EQ(U(s, "size_bytes"), 683630u);
  EXPECT_EQ(U(s, "lines"), 24783u);
  EXPECT_EQ(U(s, "bad_lines"), 0u);
  EXPECT_EQ(U(s, "skipped_lines"), 0u);
  EXPECT_EQ(U(s, "out_of_order"), 0u);
  // awk '{print $2}' | sort | uniq -c: device 0 has 8340 requests, the most.
  const json::Value& devices = *s.Find("devices");
  ASSERT_EQ(devices.items().size(), 6u);
  EXPECT_EQ(devices.items()[0].Find("id")->as_string(), "0");
  EXPECT_EQ(U(devices.items()[0], "requests"), 8340u);
  // awk '{b=$4*512; ...}': 24 requests <= 512 B, 14890 of 4-8 KiB, 2 over 1 MiB.
  const json::Value& sizes = *s.Find("size_histogram");
  ASSERT_EQ(sizes.items().size(), 13u);
  EXPECT_EQ(U(sizes.items()[0], "max_bytes"), 512u);
  EXPECT_EQ(U(sizes.items()[0], "count"), 24u);
  EXPECT_EQ(U(sizes.items()[4], "max_bytes"), 8192u);
  EXPECT_EQ(U(sizes.items()[4], "count"), 14890u);
  EXPECT_TRUE(sizes.items()[12].Find("max_bytes")->is_null());
  EXPECT_EQ(U(sizes.items()[12], "count"), 2u);
  // Mean inter-arrival = duration / (requests - 1), exactly.
  EXPECT_NEAR(s.Find("interarrival_us")->Find("mean")->as_number(), 60055212.0 / 24782, 1e-3);
  EXPECT_EQ(s.Find("interarrival_us")->Find("max")->as_number(), 100077);
  ASSERT_EQ(s.Find("preview")->items().size(), 20u);
  EXPECT_EQ(s.Find("preview")->items()[0].as_string(), "11413000 0 657728 16 1");
}

TEST(TraceInspector, SummaryHasExactlyTheContractKeys) {
  const json::Value s = Summary(MakeMemoryInput("a.trace", "1000 0 8 8 1\n2000 0 16 8 0\n"));
  std::vector<std::string> keys;
  for (const auto& [key, value] : s.members()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"name",
                                            "format",
                                            "confidence",
                                            "candidates",
                                            "done",
                                            "repair_warnings",
                                            "bytes_read",
                                            "size_bytes",
                                            "compression",
                                            "decompressed_bytes",
                                            "lines",
                                            "requests",
                                            "reads",
                                            "writes",
                                            "trims",
                                            "read_bytes",
                                            "write_bytes",
                                            "trim_bytes",
                                            "flushes",
                                            "fua_writes",
                                            "footprint_bytes",
                                            "footprint_estimated",
                                            "max_offset_bytes",
                                            "duration_s",
                                            "iops",
                                            "size_histogram",
                                            "interarrival_us",
                                            "out_of_order",
                                            "late_records",
                                            "clock_resolution_ns",
                                            "comment_lines",
                                            "volumes",
                                            "notes",
                                            "devices",
                                            "bad_lines",
                                            "bad_line_examples",
                                            "skipped_lines",
                                            "preview"}));
  std::vector<std::string> interarrival;
  for (const auto& [key, value] : s.Find("interarrival_us")->members()) interarrival.push_back(key);
  EXPECT_EQ(interarrival, (std::vector<std::string>{"mean", "p50", "p99", "p999", "max"}));
}

TEST(TraceInspector, IncrementalScanShowsProgressAndEndsWithTheSameFigures) {
  TraceInspector inspector(OpenFileInput(kWsrch), {}, /*chunk_bytes=*/64 * 1024);
  int scans = 0;
  uint64_t last_bytes = 0;
  while (!inspector.Scan(100 * 1000)) {
    ++scans;
    const json::Value s = json::Parse(inspector.SummaryJson(), "partial");
    EXPECT_FALSE(s.Find("done")->as_bool());
    EXPECT_GT(U(s, "bytes_read"), last_bytes);
    EXPECT_LT(U(s, "bytes_read"), 683630u);
    // Each scan stops within a line of its budget.
    EXPECT_NEAR(static_cast<double>(U(s, "bytes_read")), 100000.0 * scans, 40.0 * scans);
    last_bytes = U(s, "bytes_read");
  }
  EXPECT_EQ(scans, 6);
  EXPECT_EQ(inspector.requests(), 24783u);
  EXPECT_EQ(inspector.bytes(IoOp::kRead), 382085120u);
  EXPECT_EQ(inspector.footprint_bytes(), 381046784u);
}

TEST(TraceInspector, VolumeWindowAndMaxRequestsSelectTheCountedRecords) {
  TraceOptions volume;
  volume.volume = "0";
  EXPECT_EQ(U(Summary(OpenFileInput(kWsrch), volume), "requests"), 8340u);  // awk '$2=="0"'

  // awk 'NR==1{f=$1} {t=($1-f)/1e9; if (t>=10 && t<=20) {n++; b+=$4*512}}' -> 4733 73449472
  TraceOptions window;
  window.window_start_s = 10;
  window.window_end_s = 20;
  const json::Value w = Summary(OpenFileInput(kWsrch), window);
  EXPECT_EQ(U(w, "requests"), 4733u);
  EXPECT_EQ(U(w, "read_bytes"), 73449472u);
  EXPECT_LE(w.Find("duration_s")->as_number(), 10);
  EXPECT_TRUE(w.Find("done")->as_bool());
  // The sorting window reads up to 65,536 records ahead (here the whole
  // 24,783-record file); as_is stops reading at the window's end.
  TraceOptions window_as_is = window;
  window_as_is.clock = TraceClock::kAsIs;
  const json::Value w_as_is = Summary(OpenFileInput(kWsrch), window_as_is);
  EXPECT_EQ(U(w_as_is, "requests"), 4733u);
  EXPECT_LT(U(w_as_is, "bytes_read"), 683630u / 2);  // stopped reading at the window's end

  TraceOptions first100;
  first100.max_requests = 100;
  const json::Value m = Summary(OpenFileInput(kWsrch), first100);
  EXPECT_EQ(U(m, "requests"), 100u);
  EXPECT_EQ(U(m, "read_bytes"), 1589248u);  // awk 'NR<=100{b+=$4*512}'
}

TEST(TraceInspector, OutOfOrderRecordsAreCountedAndTakeTheirPredecessorsTime) {
  // Times 1, 3, 2, 5 ms: the third is out of order and counts at 3 ms.
  const json::Value s = Summary(MakeMemoryInput(
      "o.trace", "1000000 0 0 8 1\n3000000 0 8 8 1\n2000000 0 16 8 0\n5000000 0 24 8 0\n"));
  EXPECT_EQ(U(s, "out_of_order"), 1u);
  EXPECT_DOUBLE_EQ(s.Find("duration_s")->as_number(), 0.004);
  EXPECT_EQ(s.Find("interarrival_us")->Find("max")->as_number(), 2000);
  EXPECT_EQ(U(s, "footprint_bytes"), 4u * 4096);
  EXPECT_EQ(U(s, "max_offset_bytes"), 32u * 512);
}

TEST(TraceInspector, BadLinesAreCountedWithTheirLinesWhateverThePolicy) {
  TraceOptions stop;  // inspection never stops at a bad line
  stop.format = "mqsim";
  const json::Value s = Summary(
      MakeMemoryInput("b.trace", "1000 0 8 8 1\nhello\n2000 0 8 8 2\n3000 0 16 8 0\n"), stop);
  EXPECT_EQ(U(s, "requests"), 2u);
  EXPECT_EQ(U(s, "bad_lines"), 2u);
  const auto& examples = s.Find("bad_line_examples")->items();
  ASSERT_EQ(examples.size(), 2u);
  EXPECT_EQ(U(examples[0], "line"), 2u);
  EXPECT_EQ(U(examples[1], "line"), 3u);
  EXPECT_NE(examples[1].Find("reason")->as_string().find("type"), std::string::npos);
}

TEST(TraceInspector, ZeroLengthRecordsAreSkippedLines) {
  const json::Value s =
      Summary(MakeMemoryInput("z.trace", "1000 0 8 8 1\n2000 0 8 0 1\n\n3000 0 16 8 0\n"));
  EXPECT_EQ(U(s, "requests"), 2u);
  EXPECT_EQ(U(s, "skipped_lines"), 2u);  // the zero-length record and the blank line
}

TEST(TraceInspector, BinaryUndetectableTruncatedAndEmptyInputAreClearErrors) {
  std::string png = "\x89PNG\r\n\x1a\n";
  png.push_back('\0');
  png += "image";
  EXPECT_EQ(ErrorOf(png), "t.trace: binary data at byte 8 (not a text trace)");
  // gzip magic is decoded (trace/compressed_input_test.cpp): this is a cut .gz.
  std::string gz = "\x1f\x8b\x08";
  gz.push_back('\0');
  gz += "compressed";
  EXPECT_EQ(ErrorOf(gz),
            "t.trace: gzip data ends early (a truncated file?) after compressed byte 14");
  EXPECT_EQ(ErrorOf(""), "t.trace: the file is empty (no trace records)");
  const std::string undetectable = ErrorOf("hello world\nthis is prose\n");
  EXPECT_EQ(undetectable.rfind("t.trace: cannot tell the trace format from its first lines", 0), 0u)
      << undetectable;
  EXPECT_NE(undetectable.find("--format"), std::string::npos);
  // The last line was cut in the middle (no type field, no newline): the
  // inspection counts it as a bad line, as it counts every other (a run
  // that stops at bad lines stops there: trace_counts_test.cpp).
  EXPECT_EQ(ErrorOf("1000 0 8 8 1\n2000 0 8 8 1\n3000 0 8"), "");
  const json::Value cut =
      Summary(MakeMemoryInput("t.trace", "1000 0 8 8 1\n2000 0 8 8 1\n3000 0 8"));
  EXPECT_EQ(U(cut, "bad_lines"), 1u);
  EXPECT_EQ(cut.Find("bad_line_examples")->items()[0].Find("reason")->as_string(),
            "truncated last line: expected 5 fields (arrival_ns device start_sector sectors "
            "type), found 3");
  // A complete last line without a newline is fine (the MQSim files end so).
  EXPECT_EQ(ErrorOf("1000 0 8 8 1\n2000 0 8 8 1"), "");
}

TEST(TraceInspector, TextSummaryNamesTheFiguresAUserLooksFor) {
  TraceInspector inspector(OpenFileInput(kWsrch), {});
  inspector.Scan(UINT64_MAX);
  const std::string text = inspector.SummaryText();
  for (const char* expected :
       {"format mqsim (confidence 1.00", "requests: 24783 (reads 24779 = 100.0 %",
        "footprint: 363.4 MiB touched", "duration: 60.055 s", "inter-arrival (us): mean 2423.3",
        "bad lines: 0", "first lines:\n  11413000 0 657728 16 1\n"}) {
    EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
  }
}

}  // namespace
}  // namespace flashscope
