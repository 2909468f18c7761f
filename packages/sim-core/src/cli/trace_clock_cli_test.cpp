// The trace's clock at the CLI (issue 28): a coarse clock filtered to one
// volume keeps its ticks (Tencent's volume 2690: 273 requests of one second
// replayed across it, not in 20.7 ms at 124,680 IOPS), and a repair of the
// clock that decides the figures is said first, with the option that
// replays without it (--clock as_is, --late-records drop).
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "trace/repair_warnings_for_test.h"
#include "trace/trace_lines_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kTencent =
    FLASHSCOPE_REPO_ROOT "/../shared/traces/real/tencent_cbs_sample.csv.bz2";

using TraceClockCli = testing::CliTest;
using testing::NumberAt;
using testing::ValueAt;

TEST_F(TraceClockCli, OneVolumeOfTheTencentSampleKeepsItsSecondsClock) {
  const json::Value result =
      Json(Run("run --device preset:tlc-8g --trace " + kTencent + " --volume 2690 --json"));
  EXPECT_EQ(NumberAt(result, {"trace", "requests"}), 273);
  EXPECT_EQ(NumberAt(result, {"trace", "clock_resolution_ns"}), 1e9);
  // Its records all share second 1538323200: spread across it, the last at
  // 272/273 s, so the run lasts about a second and the host sees ~274 IOPS.
  EXPECT_GT(NumberAt(result, {"sim_time_ms"}), 996);
  EXPECT_NEAR(NumberAt(result, {"throughput", "iops"}), 274, 2);
  EXPECT_LT(NumberAt(result, {"throughput", "write_mbps"}), 10);
}

TEST_F(TraceClockCli, ASortThatStretchesTheSpanIsSaidFirstAndFileOrderReplaysWithoutIt) {
  const std::string trace =
      Write("hm0-early.csv", testing::MsrSampleWithOneRecordHoursEarly(trace_test::ReadFile(
                                 trace_test::SharedTracePath("real/msr_hm0_sample.csv"))));
  const std::string run = "run --device preset:tlc-8g --trace " + trace;
  const testing::CliOutput text = Run(run);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.rfind("warning: a repair of the trace's clock decides the figures: sorting "
                           "by time put line 501's record, 10674 s before the file's first "
                           "record, first",
                           0),
            0u)
      << text.out;
  const json::Value sorted = Json(Run(run + " --json"));
  EXPECT_NEAR(NumberAt(sorted, {"sim_time_ms"}) / 1e3, 10801.2, 0.1);
  const auto& warnings = ValueAt(sorted, {"trace", "repair_warnings"}).items();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(ValueAt(warnings[0], {"option"}).as_string(), "clock");
  EXPECT_EQ(ValueAt(warnings[0], {"value"}).as_string(), "as_is");
  // The alternative the warning names: the file's 127 s, no warning.
  const json::Value file_order = Json(Run(run + " --clock as_is --json"));
  EXPECT_NEAR(NumberAt(file_order, {"sim_time_ms"}) / 1e3, 127.2, 0.1);
  EXPECT_TRUE(ValueAt(file_order, {"trace", "repair_warnings"}).items().empty());
}

TEST_F(TraceClockCli, LateRecordsBunchedIntoABurstAreSaidAndDroppingThemRemovesTheBurst) {
  const std::string trace = Write("late.trace", testing::MqsimWithLateRecords());
  const std::string run = "run --device preset:tlc-8g --trace " + trace + " --format mqsim";
  const testing::CliOutput text = Run(run);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.rfind("warning: a repair of the trace's clock decides the figures: 20,000 "
                           "records (22.2 % of the records)",
                           0),
            0u)
      << text.out;
  // Kept at their predecessor's time, 20,000 writes arrive at one instant:
  // the p99 is the burst's wait (about 110 ms), not the drive's 1.2 us.
  const json::Value kept = Json(Run(run + " --json"));
  EXPECT_EQ(NumberAt(kept, {"trace", "late_records"}), 20000);
  EXPECT_GT(NumberAt(kept, {"latency_us", "write", "p99"}), 50'000);
  const json::Value dropped = Json(Run(run + " --late-records drop --json"));
  EXPECT_EQ(NumberAt(dropped, {"trace", "requests"}), 70000);
  EXPECT_EQ(NumberAt(dropped, {"trace", "late_records"}), 20000);
  EXPECT_LT(NumberAt(dropped, {"latency_us", "write", "p99"}), 10);
  EXPECT_EQ(ValueAt(dropped, {"trace", "options", "late_records"}).as_string(), "drop");
  EXPECT_TRUE(ValueAt(dropped, {"trace", "repair_warnings"}).items().empty());
  // A bad value names the flag.
  const testing::CliOutput bad = Run(run + " --late-records skip");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--late-records skip: trace option late_records must be one of"),
            std::string::npos)
      << bad.err;
}

}  // namespace
}  // namespace flashscope
