// Repairs that become the result (issue 28): when fixing a trace's clock
// decides the figures, the scanner says so, with the option that replays
// without the repair. One record three hours early, sorted to the front,
// turns the MSR sample's 127 s into 10,801 s (--clock as_is keeps the
// file's order); records out of order beyond the sorting window take their
// predecessor's time and bunch into a burst (--late-records drop leaves
// them out). The Tencent sample's benign one-second sort warns of nothing.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "trace/byte_input.h"
#include "trace/repair_warnings_for_test.h"
#include "trace/trace_lines_for_test.h"
#include "trace/trace_summary.h"

namespace flashscope {
namespace {

using trace_test::ReadFile;
using trace_test::SharedTracePath;

std::unique_ptr<TraceInspector> Inspect(const std::string& name, const std::string& text,
                                        TraceOptions options = {}) {
  auto inspector = std::make_unique<TraceInspector>(MakeMemoryInput(name, text), options);
  inspector->Scan(UINT64_MAX);
  return inspector;
}

TEST(RepairWarnings, ARecordHoursEarlyThatSortingPutsFirstIsSaidWithTheFileOrderAlternative) {
  const std::string text = testing::MsrSampleWithOneRecordHoursEarly(
      ReadFile(SharedTracePath("real/msr_hm0_sample.csv")));
  const auto sorted = Inspect("hm0-early.csv", text);
  EXPECT_NEAR(sorted->duration_s(), 10801.2, 0.1);
  const std::vector<TraceRepairWarning> warnings = sorted->scanner().RepairWarnings();
  ASSERT_EQ(warnings.size(), 1u) << sorted->SummaryJson();
  EXPECT_EQ(warnings[0].option, "clock");
  EXPECT_EQ(warnings[0].value, "as_is");
  EXPECT_NE(warnings[0].text.find("line 501's record, 10674 s before the file's first record"),
            std::string::npos)
      << warnings[0].text;
  EXPECT_NE(warnings[0].text.find("spans 10801.2 s where its records in file order span 127.233 s"),
            std::string::npos)
      << warnings[0].text;
  // The summaries say it first: the text's first line, the JSON's key
  // after "done".
  EXPECT_EQ(sorted->SummaryText().rfind("warning: a repair of the trace's clock decides", 0), 0u);
  const std::string json = sorted->SummaryJson();
  EXPECT_LT(json.find("\"repair_warnings\":[{\"text\""), json.find("\"bytes_read\""));

  // The alternative: file order. The record takes its predecessor's time.
  TraceOptions as_is;
  as_is.clock = TraceClock::kAsIs;
  const auto file_order = Inspect("hm0-early.csv", text, as_is);
  EXPECT_NEAR(file_order->duration_s(), 127.2, 0.1);
  EXPECT_EQ(file_order->scanner().late_records(), 1u);
  EXPECT_TRUE(file_order->scanner().RepairWarnings().empty());
}

TEST(RepairWarnings, LateRecordsBeyondOnePercentAreSaidWithTheDropAlternative) {
  const std::string text = testing::MqsimWithLateRecords();
  const auto kept = Inspect("late.trace", text);
  EXPECT_EQ(kept->requests(), testing::kLateTraceRecords);
  EXPECT_EQ(kept->scanner().late_records(), testing::kLateRecords);
  const std::vector<TraceRepairWarning> warnings = kept->scanner().RepairWarnings();
  ASSERT_EQ(warnings.size(), 1u) << kept->SummaryJson();
  EXPECT_EQ(warnings[0].option, "late_records");
  EXPECT_EQ(warnings[0].value, "drop");
  EXPECT_NE(warnings[0].text.find("20,000 records (22.2 % of the records) out of order by more "
                                  "than the 65,536-record sorting window replay at their "
                                  "predecessor's time"),
            std::string::npos)
      << warnings[0].text;

  TraceOptions drop;
  drop.late_records = LateRecords::kDrop;
  const auto dropped = Inspect("late.trace", text, drop);
  EXPECT_EQ(dropped->requests(), testing::kLateTraceRecords - testing::kLateRecords);
  EXPECT_EQ(dropped->scanner().dropped_late_records(), testing::kLateRecords);
  EXPECT_TRUE(dropped->scanner().RepairWarnings().empty());
  EXPECT_NE(dropped->SummaryJson().find("20,000 records out of order by more than the "
                                        "65,536-record window were left out (late_records drop)"),
            std::string::npos);
}

TEST(RepairWarnings, FewLateRecordsAndABenignSortWarnOfNothing) {
  // 1 late record in the MSR sample read in file order: 0.1 %, under 1 %.
  std::string text = ReadFile(SharedTracePath("real/msr_hm0_sample.csv"));
  TraceOptions as_is;
  as_is.clock = TraceClock::kAsIs;
  EXPECT_TRUE(Inspect("hm0.csv", testing::MsrSampleWithOneRecordHoursEarly(text), as_is)
                  ->scanner()
                  .RepairWarnings()
                  .empty());
  // The untouched sample needs no repair at all.
  EXPECT_TRUE(Inspect("hm0.csv", text)->scanner().RepairWarnings().empty());
}

}  // namespace
}  // namespace flashscope
