// Counts that agree with their notes, as `flashscope` prints them (issue
// 28): the Tencent sample's out_of_order is the 1,297 records its note says
// were sorted (it was 144); a 2 GiB iolog trim replays whole, so the run's
// trim_bytes is what inspect counts (it was half), and its text line says
// what it trimmed instead of a "bandwidth" of 130,936,141 MB/s;
// --bad-lines skip skips a truncated last line; the wrong --format is
// blamed on line 1, not the last.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kTencent =
    FLASHSCOPE_REPO_ROOT "/../shared/traces/real/tencent_cbs_sample.csv.bz2";
const std::string kTpcc = FLASHSCOPE_REPO_ROOT "/../shared/traces/mqsim_tpcc-small.trace";
const std::string kWsrch = FLASHSCOPE_REPO_ROOT "/../shared/traces/mqsim_wsrch-small.trace";

using TraceCountsCli = testing::CliTest;
using testing::NumberAt;
using testing::ValueAt;

TEST_F(TraceCountsCli, TencentOutOfOrderIsTheCountItsNoteGives) {
  const json::Value s = Json(Run("trace inspect " + kTencent + " --json"));
  EXPECT_EQ(NumberAt(s, {"out_of_order"}), 1297);
  bool noted = false;
  for (const json::Value& note : ValueAt(s, {"notes"}).items()) {
    noted |= note.as_string().rfind("1,297 records out of order by up to 1 s were sorted", 0) == 0;
  }
  EXPECT_TRUE(noted);
  EXPECT_TRUE(ValueAt(s, {"repair_warnings"}).is_array());
  EXPECT_TRUE(ValueAt(s, {"repair_warnings"}).items().empty());  // a benign sort
}

TEST_F(TraceCountsCli, ATwoGibibyteTrimReplaysWholeAndSaysWhatItTrimmed) {
  const std::string trace = Write("trim.iolog",
                                  "fio version 3 iolog\n"
                                  "0 /dev/sdb add\n"
                                  "0 /dev/sdb open\n"
                                  "100 /dev/sdb write 0 4096\n"
                                  "200 /dev/sdb trim 0 2147483648\n"
                                  "300 /dev/sdb write 4096 4096\n");
  const std::string run = "run --device preset:tlc-8g --trace " + trace;
  const json::Value result = Json(Run(run + " --json"));
  const json::Value inspected = Json(Run("trace inspect " + trace + " --json"));
  EXPECT_EQ(NumberAt(result, {"trace", "trim_bytes"}), 2147483648.0);
  EXPECT_EQ(NumberAt(result, {"trace", "trim_bytes"}), NumberAt(inspected, {"trim_bytes"}));
  EXPECT_EQ(NumberAt(result, {"host", "trim_bytes"}), 2147483648.0);
  EXPECT_EQ(NumberAt(result, {"trace", "clamped_requests"}), 0);
  const testing::CliOutput text = Run(run);
  ASSERT_EQ(text.status, 0) << text.err;
  const size_t trim = text.out.find("  trim : ");
  ASSERT_NE(trim, std::string::npos) << text.out;
  const std::string line = text.out.substr(trim, text.out.find('\n', trim) - trim);
  EXPECT_NE(line.find("2.0 GiB trimmed"), std::string::npos) << line;
  EXPECT_EQ(line.find("MB/s"), std::string::npos) << line;
}

TEST_F(TraceCountsCli, SkippingBadLinesSkipsATruncatedLastLine) {
  const std::string cut = Write("cut.trace", "1000 0 8 8 0\n2000 0 8 8 0\n3000 0 8");
  const std::string run = "run --device preset:tlc-8g --trace " + cut + " --format mqsim";
  const json::Value result = Json(Run(run + " --bad-lines skip --json"));
  EXPECT_EQ(NumberAt(result, {"trace", "requests"}), 2);
  EXPECT_EQ(NumberAt(result, {"trace", "bad_lines"}), 1);
  bool noted = false;
  for (const json::Value& note : ValueAt(result, {"trace", "notes"}).items()) {
    noted |= note.as_string().find("the last line (3) is cut short") != std::string::npos;
  }
  EXPECT_TRUE(noted);
  // Stopping still stops there, naming line 3.
  const testing::CliOutput stop = Run(run);
  EXPECT_EQ(stop.status, 2);
  EXPECT_NE(stop.err.find(cut + ":3: truncated last line"), std::string::npos) << stop.err;
}

TEST_F(TraceCountsCli, TheWrongFormatIsBlamedOnLineOne) {
  // MQSim's WebSearch trace (its last line has no newline) read as MSR: the
  // inspection, which skips bad lines to list them all, and a run that
  // skips them reached the unterminated line 24,783 and blamed it as a
  // truncated file.
  for (const std::string command :
       {"trace inspect ", "run --device preset:tlc-8g --bad-lines skip --trace "}) {
    const testing::CliOutput wrong = Run(command + kWsrch + " --format msr");
    EXPECT_EQ(wrong.status, 2) << command;
    EXPECT_EQ(wrong.err.rfind("flashscope: " + kWsrch + ":1: expected 7 comma-separated fields", 0),
              0u)
        << wrong.err;
    EXPECT_NE(wrong.err.find("no line of the file reads as msr"), std::string::npos) << wrong.err;
  }
  // The TPC-C trace ends with its newline: the same error, where the
  // inspection used to "succeed" with 6,999 bad lines and no request.
  const testing::CliOutput ended = Run("trace inspect " + kTpcc + " --format msr");
  EXPECT_EQ(ended.status, 2);
  EXPECT_EQ(ended.err.rfind("flashscope: " + kTpcc + ":1: ", 0), 0u) << ended.err;
  // A run that stops at bad lines stops at line 1, as it did.
  const testing::CliOutput stop =
      Run("run --device preset:tlc-8g --trace " + kWsrch + " --format msr");
  EXPECT_EQ(stop.status, 2);
  EXPECT_EQ(stop.err.rfind("flashscope: " + kWsrch + ":1: ", 0), 0u) << stop.err;
}

}  // namespace
}  // namespace flashscope
