// Counts that agree with their notes (issue 28): out_of_order counts the
// records the sorting note speaks of; a trim longer than 1 GiB replays
// whole (the run's trim_bytes is what inspect counts) and a request that is
// cut says so; --bad-lines skip skips a truncated last line too (and says
// the file may be truncated); a file read with the wrong format is blamed
// on its first line, not its last.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "trace/byte_input.h"
#include "trace/trace_source.h"
#include "trace/trace_summary.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

bool AnyContains(const std::vector<std::string>& notes, const std::string& part) {
  for (const std::string& note : notes) {
    if (note.find(part) != std::string::npos) return true;
  }
  return false;
}

std::unique_ptr<TraceInspector> Inspect(const std::string& text, TraceOptions options = {}) {
  auto inspector = std::make_unique<TraceInspector>(MakeMemoryInput("t.trace", text), options);
  inspector->Scan(UINT64_MAX);
  return inspector;
}

std::string InspectError(const std::string& text, TraceOptions options = {}) {
  try {
    Inspect(text, options);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(TraceCounts, OutOfOrderCountsTheRecordsTheSortingNoteSpeaksOf) {
  // MQSim times: 300 then 100 and 200, both earlier than 300 (only 100 is
  // earlier than its predecessor): two records were put back in order.
  const auto inspector = Inspect(
      "300 0 0 8 0\n"
      "100 0 8 8 0\n"
      "200 0 16 8 0\n"
      "400 0 24 8 0\n");
  EXPECT_EQ(inspector->scanner().out_of_order(), 2u);
  EXPECT_TRUE(AnyContains(inspector->scanner().ClockNotes(), "2 records out of order"))
      << inspector->SummaryJson();
}

// fio iolog v3 with a 2 GiB trim (a whole-file discard) between two writes.
constexpr const char* kTrimLog =
    "fio version 3 iolog\n"
    "0 /dev/sdb add\n"
    "0 /dev/sdb open\n"
    "100 /dev/sdb write 0 4096\n"
    "200 /dev/sdb trim 0 2147483648\n"
    "300 /dev/sdb write 4096 4096\n";

uint64_t ReplayedTrimBytes(uint64_t capacity_bytes, std::vector<std::string>* notes = nullptr) {
  TraceSource source(MakeMemoryInput("trim.iolog", kTrimLog), {}, capacity_bytes);
  HostIo io;
  while (source.Next(io)) {
  }
  if (notes) *notes = source.Notes();
  return source.bytes(IoOp::kTrim);
}

TEST(TraceCounts, ATwoGibibyteTrimReplaysWholeAsInspectCountsIt) {
  const auto inspector = Inspect(kTrimLog);
  EXPECT_EQ(inspector->bytes(IoOp::kTrim), uint64_t{2} << 30);
  std::vector<std::string> notes;
  EXPECT_EQ(ReplayedTrimBytes(uint64_t{8} << 30, &notes), inspector->bytes(IoOp::kTrim));
  EXPECT_FALSE(AnyContains(notes, "cut")) << notes.size();
  // On a 1 GiB drive it is cut to the drive, and the notes say by how much.
  EXPECT_EQ(ReplayedTrimBytes(uint64_t{1} << 30, &notes), uint64_t{1} << 30);
  EXPECT_TRUE(AnyContains(notes, "1 request was longer than the drive")) << notes.size();
  EXPECT_TRUE(AnyContains(notes, "1.0 GiB of the trace's bytes were not replayed"));
}

TEST(TraceCounts, SkippingBadLinesSkipsATruncatedLastLineAndSaysSo) {
  const std::string cut = "1000 0 8 8 1\n2000 0 8 8 1\n3000 0 8";
  TraceOptions skip;
  skip.bad_lines = BadLinePolicy::kSkip;
  TraceSource source(MakeMemoryInput("cut.trace", cut), skip, uint64_t{1} << 30);
  HostIo io;
  uint64_t requests = 0;
  while (source.Next(io)) ++requests;
  EXPECT_EQ(requests, 2u);
  EXPECT_EQ(source.bad_lines(), 1u);
  ASSERT_EQ(source.bad_line_examples().size(), 1u);
  EXPECT_EQ(source.bad_line_examples()[0].line, 3u);
  EXPECT_EQ(source.bad_line_examples()[0].reason.rfind("truncated last line: ", 0), 0u);
  EXPECT_TRUE(AnyContains(source.Notes(), "the last line (3) is cut short"));
  // Stopping at bad lines still stops there, naming it (the pre-pass that
  // places the volume reads to it first).
  try {
    TraceSource stop(MakeMemoryInput("cut.trace", cut), {}, uint64_t{1} << 30);
    while (stop.Next(io)) {
    }
    ADD_FAILURE() << "a truncated last line did not stop the replay";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 3u) << error.what();
  }
}

TEST(TraceCounts, TheWrongFormatIsBlamedOnTheFirstLineNotTheLast) {
  // MQSim lines (the last without a newline, as the WebSearch file ends)
  // read as MSR: no line parses; the error is line 1's, whatever bad_lines
  // says.
  const std::string mqsim = "1000 0 8 8 1\n2000 0 16 8 1\n3000 0 24 8 0";
  TraceOptions msr;
  msr.format = "msr";
  const std::string error = InspectError(mqsim, msr);
  EXPECT_EQ(error.rfind("t.trace:1: ", 0), 0u) << error;
  EXPECT_NE(error.find("no line of the file reads as msr"), std::string::npos) << error;
  // The same file ending with its newline: the same line 1.
  const std::string ended = InspectError(mqsim + "\n", msr);
  EXPECT_EQ(ended.rfind("t.trace:1: ", 0), 0u) << ended;
  // A good file's truncated last line is still its own line's problem.
  TraceOptions stop;
  stop.format = "mqsim";
  HostIo io;
  try {
    TraceSource source(MakeMemoryInput("t.trace", "1000 0 8 8 1\n2000 0 8"), stop, 1 << 30);
    while (source.Next(io)) {
    }
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 2u) << e.what();
  }
}

}  // namespace
}  // namespace flashscope
