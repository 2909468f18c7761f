// `flashscope trace inspect` and `flashscope run --trace` as a user meets
// them: the summary keys and figures, the result's "trace" object, the trace
// option flags, scenario files holding a trace, and errors that name the
// file, the line and the problem (exit status 2).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kWsrch = FLASHSCOPE_REPO_ROOT "/../shared/traces/mqsim_wsrch-small.trace";
const std::string kTpcc = FLASHSCOPE_REPO_ROOT "/../shared/traces/mqsim_tpcc-small.trace";

using Output = testing::CliOutput;
using testing::kSmallDevice;
using TraceCli = testing::CliTest;

TEST_F(TraceCli, InspectJsonHasTheSummaryKeysAndTheTracesFigures) {
  const json::Value s = Json(Run("trace inspect " + kWsrch + " --json"));
  // The keys issue 5 names, then the rest of the contract's.
  for (const char* key : {"format", "requests", "reads", "writes", "read_bytes", "write_bytes",
                          "footprint_bytes", "duration_s", "bad_lines", "confidence", "candidates",
                          "size_histogram", "interarrival_us", "devices", "preview", "done"}) {
    EXPECT_NE(s.Find(key), nullptr) << key;
  }
  EXPECT_EQ(s.Find("format")->as_string(), "mqsim");
  EXPECT_EQ(s.Find("requests")->as_number(), 24783);
  EXPECT_EQ(s.Find("reads")->as_number(), 24779);
  EXPECT_EQ(s.Find("writes")->as_number(), 4);
  EXPECT_EQ(s.Find("read_bytes")->as_number(), 382085120);
  EXPECT_EQ(s.Find("footprint_bytes")->as_number(), 381046784);  // each device's blocks apart
  EXPECT_EQ(s.Find("duration_s")->as_number(), 60.055212);
}

TEST_F(TraceCli, InspectTextAndTheOptionsItTakes) {
  const Output text = Run("trace inspect " + kWsrch);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("format mqsim (confidence 1.00"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("requests: 24783"), std::string::npos) << text.out;
  const json::Value s = Json(Run("trace inspect " + kWsrch +
                                 " --format mqsim --volume 0 --window 0:30 --max-requests 1000"
                                 " --json"));
  EXPECT_EQ(s.Find("requests")->as_number(), 1000);
}

// The blkparse capture of ../shared/traces/real/ starts with a 2-line '#'
// header: it inspects and replays with default options (225 queued
// writes), the comments counted, not bad. Its one device gets the drive.
TEST_F(TraceCli, BlkparseCaptureWithAHashHeaderInspectsAndReplaysWithDefaultOptions) {
  const std::string capture =
      FLASHSCOPE_REPO_ROOT "/../shared/traces/real/nvme_dmcrypt.blkparse.txt";
  const json::Value s = Json(Run("trace inspect " + capture + " --json"));
  EXPECT_EQ(s.Find("format")->as_string(), "blkparse");
  EXPECT_EQ(s.Find("comment_lines")->as_number(), 2);
  EXPECT_EQ(s.Find("bad_lines")->as_number(), 0);
  EXPECT_EQ(s.Find("requests")->as_number(), 225);
  EXPECT_EQ(s.Find("clock_resolution_ns")->as_number(), 1);
  const std::string device = Write("d.json", kSmallDevice);
  const json::Value r = Json(Run("run --device " + device + " --trace " + capture + " --json"));
  const json::Value& trace = *r.Find("trace");
  EXPECT_EQ(trace.Find("requests")->as_number(), 225);
  EXPECT_EQ(trace.Find("writes")->as_number(), 225);
  EXPECT_EQ(trace.Find("comment_lines")->as_number(), 2);
  EXPECT_EQ(trace.Find("volume_placement")->as_string(), "regions");
  EXPECT_EQ(trace.Find("volumes")->as_number(), 1);
  EXPECT_EQ(trace.Find("options")->Find("clock")->as_string(), "spread");
}

TEST_F(TraceCli, RunTraceAddsTheTraceObjectAndReplaysEveryRequest) {
  const std::string device = Write("d.json", kSmallDevice);
  const json::Value r = Json(Run("run --device " + device + " --trace " + kTpcc + " --json"));
  EXPECT_EQ(r.Find("workload")->as_string(), kTpcc);
  const json::Value& trace = *r.Find("trace");
  EXPECT_EQ(trace.Find("format")->as_string(), "mqsim");
  // awk '$5==1{r++} $5==0{w++}' mqsim_tpcc-small.trace -> 4381 2618
  EXPECT_EQ(trace.Find("requests")->as_number(), 6999);
  EXPECT_EQ(trace.Find("reads")->as_number(), 4381);
  EXPECT_EQ(trace.Find("writes")->as_number(), 2618);
  EXPECT_EQ(r.Find("host")->Find("read_requests")->as_number(), 4381);
  EXPECT_EQ(r.Find("host")->Find("write_requests")->as_number(), 2618);
  EXPECT_EQ(r.Find("host")->Find("write_bytes")->as_number(),
            trace.Find("write_bytes")->as_number());
  EXPECT_EQ(r.Find("jobs")->items()[0].Find("name")->as_string(), kTpcc);
  EXPECT_GT(r.Find("waf")->as_number(), 1);
}

// tpcc's WAF with no GC is rounding (issue 17): 2299 of its 2618 writes
// cover part of a 4 KiB mapping unit (offsets or lengths in 512 B sectors
// not a multiple of 8), 4544 partial units; in whole units the writes are
// 32,747,520 B for 23,403,520 B written, 1.399 times (counted from the
// text as the host splits it). On tlc-8g the WAF is that rounding (1.395:
// units rewritten while buffered are programmed once). Filled first, all
// but the 21 partial units then still buffered (staged in DRAM until their
// plane's wordline fills) read their old unit (read-modify-write, cause
// rmw); on the empty drive only the 14 whose earlier data had left for
// flash; none with read_modify_write=false.
TEST_F(TraceCli, TpccWafIsPartialUnitRoundingAndItsPartialUnitsReadTheirOldData) {
  const std::string run = "run --device preset:tlc-8g --presets " FLASHSCOPE_REPO_ROOT
                          "/public/presets/devices --trace " +
                          kTpcc + " --json";
  const json::Value empty = Json(Run(run));
  const json::Value filled = Json(Run(run + " --set precondition.fill=1"));
  const json::Value off =
      Json(Run(run + " --set precondition.fill=1 --set read_modify_write=false"));
  for (const json::Value* r : {&empty, &filled, &off}) {
    const json::Value& partial = *r->Find("partial_writes");
    EXPECT_EQ(partial.Find("writes")->as_number(), 2299);
    EXPECT_EQ(partial.Find("units")->as_number(), 4544);
    EXPECT_EQ(partial.Find("unit_bytes")->as_number(), 32747520);
    EXPECT_NEAR(partial.Find("rounding_waf")->as_number(), 1.3993, 0.0001);
    EXPECT_EQ(r->Find("gc")->Find("runs")->as_number(), 0);
    EXPECT_NEAR(r->Find("waf")->as_number(), partial.Find("rounding_waf")->as_number(), 0.015);
  }
  const auto rmw_reads = [](const json::Value& r) {
    const double reads = r.Find("nand")->Find("reads_by_cause")->Find("rmw")->as_number();
    EXPECT_EQ(reads, r.Find("partial_writes")->Find("rmw_reads")->as_number());
    return reads;
  };
  EXPECT_EQ(rmw_reads(empty), 14);
  EXPECT_EQ(rmw_reads(filled), 4523);
  EXPECT_EQ(rmw_reads(off), 0);
}

// A SYSTOR'17 download as it is (gzip, a CSV header, unsorted rows): no
// --format, no column mapping. Counts from the text (zcat | awk -F,
// 'NR>1{$3=="R" ? r++ : w++; $3=="R" ? rb+=$6 : wb+=$6}'): 826 reads of
// 36,355,584 bytes and 173 writes of 2,766,848 bytes, all on LUN 0.
TEST_F(TraceCli, SystorGzipDownloadIsDetectedAndReplaysEveryRequest) {
  const std::string systor = FLASHSCOPE_REPO_ROOT "/../shared/traces/real/systor17_sample.csv.gz";
  const json::Value s = Json(Run("trace inspect " + systor + " --json"));
  EXPECT_EQ(s.Find("format")->as_string(), "systor");
  EXPECT_GE(s.Find("confidence")->as_number(), 0.99);
  EXPECT_EQ(s.Find("compression")->as_string(), "gzip");
  EXPECT_EQ(s.Find("requests")->as_number(), 999);
  EXPECT_EQ(s.Find("bad_lines")->as_number(), 0);
  const json::Value r = Json(Run("run --device preset:tlc-8g --presets " FLASHSCOPE_REPO_ROOT
                                 "/public/presets/devices --trace " +
                                 systor + " --json"));
  const json::Value& trace = *r.Find("trace");
  EXPECT_EQ(trace.Find("format")->as_string(), "systor");
  EXPECT_EQ(trace.Find("requests")->as_number(), 999);
  EXPECT_EQ(trace.Find("reads")->as_number(), 826);
  EXPECT_EQ(trace.Find("writes")->as_number(), 173);
  EXPECT_EQ(trace.Find("read_bytes")->as_number(), 36355584);
  EXPECT_EQ(trace.Find("write_bytes")->as_number(), 2766848);
  EXPECT_EQ(trace.Find("volumes")->as_number(), 1);
  EXPECT_EQ(trace.Find("options")->Find("clock")->as_string(), "spread");
  EXPECT_EQ(r.Find("host")->Find("read_requests")->as_number(), 826);
  EXPECT_EQ(r.Find("host")->Find("write_requests")->as_number(), 173);
  EXPECT_EQ(r.Find("host")->Find("write_bytes")->as_number(), 2766848);
}

// The WebSearch trace is 99.98 % reads: on an empty drive they find no
// data and complete without a flash read, which the result says (and the
// text output explains); filled first, every read goes to NAND.
TEST_F(TraceCli, ReadsOfNeverWrittenDataAreReportedAndFillingTheDriveEndsThem) {
  const std::string run = "run --device preset:teaching-qlc-slc --trace " + kWsrch +
                          " --map compact --presets " FLASHSCOPE_REPO_ROOT
                          "/public/presets/devices";
  const json::Value empty = Json(Run(run + " --json"));
  const double read_bytes = empty.Find("host")->Find("read_bytes")->as_number();
  // Reads cover whole 4 KiB units, so slightly more than the bytes asked.
  EXPECT_GE(empty.Find("unwritten_read_bytes")->as_number(), read_bytes);
  EXPECT_LT(empty.Find("unwritten_read_bytes")->as_number(), 1.1 * read_bytes);
  EXPECT_NE(Run(run).out.find("was never written"), std::string::npos);
  const json::Value filled = Json(Run(run + " --precondition fill=100% --json"));
  EXPECT_EQ(filled.Find("unwritten_read_bytes")->as_number(), 0);
  // QLC tR is 120 us: a read that reaches NAND takes at least that.
  EXPECT_GT(filled.Find("latency_us")->Find("read")->Find("p50")->as_number(), 120);
  EXPECT_LT(empty.Find("latency_us")->Find("read")->Find("p50")->as_number(), 20);
}

TEST_F(TraceCli, RunTraceOptionFlagsReachTheReplay) {
  const std::string device = Write("d.json", kSmallDevice);
  const std::string base = "run --device " + device + " --trace " + kTpcc;
  const json::Value open = Json(Run(base + " --json"));
  const json::Value closed =
      Json(Run(base + " --qd 4 --map compact --speed 3 --bad-lines skip --json"));
  const json::Value& options = *closed.Find("trace")->Find("options");
  EXPECT_EQ(options.Find("queue_depth")->as_number(), 4);
  EXPECT_EQ(options.Find("address_map")->as_string(), "compact");
  EXPECT_EQ(options.Find("speed")->as_number(), 3);
  EXPECT_EQ(options.Find("bad_lines")->as_string(), "skip");
  EXPECT_GT(closed.Find("trace")->Find("compact_extents")->as_number(), 0);
  // Closed loop ignores the trace's timestamps; results differ from open loop.
  EXPECT_NE(open.Find("sim_time_ms")->as_number(), closed.Find("sim_time_ms")->as_number());
  // The same inputs give the same bytes.
  EXPECT_EQ(Run(base + " --qd 4 --json").out, Run(base + " --qd 4 --json").out);
}

TEST_F(TraceCli, FioRunsHaveNoTraceObject) {
  const json::Value r =
      Json(Run("run --device " + Write("d.json", kSmallDevice) + " --fio " +
               Write("j.fio", "[w]\nrw=randwrite\nbs=4k\nnumber_ios=100\n") + " --json"));
  EXPECT_EQ(r.Find("trace"), nullptr);
}

TEST_F(TraceCli, ScenarioCanHoldATraceWithItsOptions) {
  Write("t.trace", "1000 0 8 8 0\n2000 0 16 8 0\n3000 1 8 8 1\n");
  const std::string scenario =
      Write("s.json", std::string(R"({"name": "trace demo", "device": )") + kSmallDevice +
                          R"(, "trace": {"path": "t.trace", "volume": "0",
                                                     "queue_depth": 2}})");
  const json::Value r = Json(Run("run --scenario " + scenario + " --json"));
  EXPECT_EQ(r.Find("trace")->Find("requests")->as_number(), 2);
  EXPECT_EQ(r.Find("trace")->Find("filtered_records")->as_number(), 1);
  EXPECT_EQ(r.Find("trace")->Find("name")->as_string(), (dir_ / "t.trace").string());
  EXPECT_EQ(r.Find("host")->Find("write_requests")->as_number(), 2);

  const std::string bad = Write("b.json", std::string(R"({"device": )") + kSmallDevice +
                                              ",\n\"trace\": {\"path\": \"t.trace\",\n"
                                              "\"speed\": -1}}");
  const Output e = Run("run --scenario " + bad);
  EXPECT_EQ(e.status, 2);
  EXPECT_NE(e.err.find(bad + ":9: trace option speed must be a number greater than 0"),
            std::string::npos)
      << e.err;
}

TEST_F(TraceCli, ABadLineStopsWithFileLineAndHowToSkipOrIsSkipped) {
  const std::string device = Write("d.json", kSmallDevice);
  const std::string trace = Write("bad.trace", "1000 0 8 8 0\n2000 0 8 8 0\n3000 0 x 8 1\n");
  const Output stop = Run("run --device " + device + " --trace " + trace + " --format mqsim");
  EXPECT_EQ(stop.status, 2);
  EXPECT_EQ(stop.err, "flashscope: " + trace +
                          ":3: field 3 (start sector) 'x' is not a whole number (use bad_lines "
                          "skip / --bad-lines skip to skip such lines)\n");
  EXPECT_EQ(stop.out, "");
  const json::Value skip = Json(Run("run --device " + device + " --trace " + trace +
                                    " --format mqsim --bad-lines skip --json"));
  EXPECT_EQ(skip.Find("trace")->Find("bad_lines")->as_number(), 1);
  EXPECT_EQ(skip.Find("trace")->Find("requests")->as_number(), 2);
  const auto& examples = skip.Find("trace")->Find("bad_line_examples")->items();
  ASSERT_EQ(examples.size(), 1u);
  EXPECT_EQ(examples[0].Find("line")->as_number(), 3);
}

TEST_F(TraceCli, BinaryTruncatedAndBadFlagsAreClearErrors) {
  const std::string device = Write("d.json", kSmallDevice);
  // A PNG signature: binary. (gzip magic is no longer binary: compressed
  // traces are decoded, and a cut one says so; compressed_trace_cli_test.)
  std::string png = "\x89PNG\r\n\x1a\n";
  png.push_back('\0');
  const std::string binary = Write("x.trace", png + "rest");
  Output r = Run("trace inspect " + binary);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "flashscope: " + binary + ": binary data at byte 8 (not a text trace)\n");
  std::string gz = "\x1f\x8b\x08";
  gz.push_back('\0');
  const std::string cut_gz = Write("x.trace.gz", gz + "rest");
  r = Run("trace inspect " + cut_gz);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "flashscope: " + cut_gz +
                       ": gzip data ends early (a truncated file?) after compressed byte 8\n");

  const std::string cut = Write("cut.trace", "1000 0 8 8 0\n2000 0 8 8 0\n3000 0 8");
  r = Run("run --device " + device + " --trace " + cut + " --format mqsim");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(cut + ":3: truncated last line: expected 5 fields"), std::string::npos)
      << r.err;

  r = Run("run --device " + device + " --trace " + kTpcc + " --speed 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "flashscope: --speed 0: trace option speed must be a number greater than 0, not 0\n");
  r = Run("run --device " + device + " --trace " + kTpcc + " --map linear");
  EXPECT_NE(r.err.find("--map linear: trace option address_map must be one of"), std::string::npos)
      << r.err;
  r = Run("run --device " + device + " --trace " + kTpcc + " --window 20:10");
  EXPECT_NE(r.err.find("--window 20:10: trace option window_end_s (10) must be after"),
            std::string::npos)
      << r.err;
  r = Run("run --device " + device + " --fio " + Write("j.fio", "[w]\nrw=read\n") + " --qd 4");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--qd is a trace option: it needs --trace FILE"), std::string::npos)
      << r.err;
  r = Run("trace inspect " + kTpcc + " --format nope");
  EXPECT_NE(r.err.find("\"nope\" is not a trace format"), std::string::npos) << r.err;
  r = Run("trace inspect /nonexistent.trace");
  EXPECT_EQ(r.err, "flashscope: /nonexistent.trace: cannot read the file (does it exist?)\n");
}

TEST_F(TraceCli, UsageListsTheTraceCommandsAndOptions) {
  const Output help = Run("--help");
  ASSERT_EQ(help.status, 0);
  for (const char* text : {"--trace FILE", "trace inspect FILE", "--qd N", "--map wrap|compact",
                           "--window START_S:END_S", "--bad-lines stop|skip"}) {
    EXPECT_NE(help.out.find(text), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace flashscope
