// The trace-format registry (docs/conventions.md convention 2): every name the CLI and
// the UI offer (kTraceFormatNames) constructs, an unknown name is an
// InputError listing the known ones, and auto-detection picks the right
// format — with confidence >= 0.9 and the runner-up clearly lower — on the
// real MQSim and DiskSim traces in ../shared/traces/ and on every fixture in
// testdata/traces/ (named <format>-*.txt). csv is a candidate only with a
// column mapping; its detection is tested in formats_csv_test.cpp.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "trace/i_trace_format.h"
#include "trace/trace_format_names.h"
#include "trace/trace_lines_for_test.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using trace_test::FixtureNames;
using trace_test::FixturePath;
using trace_test::FormatOfFixture;
using trace_test::ReadFile;
using trace_test::SharedTracePath;
using trace_test::SplitLines;

// The number of lines the scanner samples for detection (about 200).
constexpr size_t kSampleLines = 200;
// "Clearly lower": the runner-up trails the detection by at least this.
constexpr double kMinimumLead = 0.3;

constexpr const char* kSomeCsvMapping =
    "time=0:ms,op=1,offset=2:sectors,length=3:sectors,device=4,sep=semicolon,header=1";

std::vector<std::string_view> Sample(const std::string& text) {
  std::vector<std::string_view> lines = SplitLines(text);
  if (lines.size() > kSampleLines) lines.resize(kSampleLines);
  return lines;
}

// Detection of `text` is `format` with >= 0.9, every other candidate at
// least kMinimumLead lower.
void ExpectDetectedAs(const std::string& text, const std::string& format) {
  const std::vector<TraceFormatGuess> guesses = DetectTraceFormat(Sample(text), {});
  ASSERT_GE(guesses.size(), 2u);
  EXPECT_EQ(guesses[0].format, format);
  EXPECT_GE(guesses[0].confidence, 0.9);
  EXPECT_LE(guesses[1].confidence, guesses[0].confidence - kMinimumLead)
      << "runner-up " << guesses[1].format << " at " << guesses[1].confidence;
}

TEST(TraceFormatRegistry, EveryOfferedNameConstructs) {
  TraceFormatOptions options;
  options.csv_columns = kSomeCsvMapping;  // csv needs a mapping; the others ignore it
  for (std::string_view name : kTraceFormatNames) {
    std::unique_ptr<ITraceFormat> format = MakeTraceFormat(name, options);
    ASSERT_NE(format, nullptr) << name;
    EXPECT_EQ(format->name(), name);
  }
  // blkparse with its other action.
  options.blkparse_action = "D";
  EXPECT_EQ(MakeTraceFormat("blkparse", options)->name(), "blkparse");
}

TEST(TraceFormatRegistry, NamesAreUnique) {
  const std::set<std::string_view> unique(kTraceFormatNames.begin(), kTraceFormatNames.end());
  EXPECT_EQ(unique.size(), kTraceFormatNames.size());
}

TEST(TraceFormatRegistry, UnknownNameIsAnInputErrorListingTheNames) {
  for (const char* unknown : {"nvme", "", "MSR", "blktrace"}) {
    try {
      MakeTraceFormat(unknown, {});
      ADD_FAILURE() << "'" << unknown << "' constructed";
    } catch (const InputError& error) {
      EXPECT_EQ(error.file(), "trace options");
      EXPECT_EQ(error.line(), 0u);
      EXPECT_NE(error.problem().find("unknown trace format '" + std::string(unknown) + "'"),
                std::string::npos)
          << error.problem();
      for (std::string_view name : kTraceFormatNames) {
        EXPECT_NE(error.problem().find(std::string(name)), std::string::npos)
            << error.problem() << " does not list " << name;
      }
    }
  }
}

TEST(TraceFormatRegistry, CsvWithoutAMappingIsAnInputError) {
  try {
    MakeTraceFormat("csv", {});
    ADD_FAILURE() << "csv constructed without csv_columns";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "trace options");
    EXPECT_EQ(error.line(), 0u);
  }
}

TEST(TraceFormatRegistry, GuessesCoverEveryFormatBestFirst) {
  const std::string text = ReadFile(FixturePath("mqsim-small.txt"));
  ASSERT_FALSE(text.empty());
  const std::vector<TraceFormatGuess> without_csv = DetectTraceFormat(Sample(text), {});
  EXPECT_EQ(without_csv.size(), kTraceFormatNames.size() - 1);
  for (size_t i = 1; i < without_csv.size(); ++i) {
    EXPECT_GE(without_csv[i - 1].confidence, without_csv[i].confidence);
  }
  for (const TraceFormatGuess& guess : without_csv) EXPECT_NE(guess.format, "csv");

  TraceFormatOptions options;
  options.csv_columns = kSomeCsvMapping;
  const std::vector<TraceFormatGuess> with_csv = DetectTraceFormat(Sample(text), options);
  std::set<std::string> names;
  for (const TraceFormatGuess& guess : with_csv) names.insert(guess.format);
  EXPECT_EQ(names.size(), kTraceFormatNames.size());
}

TEST(TraceFormatRegistry, DetectsTheRealMqsimAndDisksimTraces) {
  for (const char* file : {"mqsim_wsrch-small.trace", "mqsim_tpcc-small.trace"}) {
    SCOPED_TRACE(file);
    const std::string text = ReadFile(SharedTracePath(file));
    ASSERT_FALSE(text.empty()) << "../shared/traces/" << file << " is missing";
    ExpectDetectedAs(text, "mqsim");
  }
  const std::string disksim = ReadFile(SharedTracePath("disksim_valid_ascii.trace"));
  ASSERT_FALSE(disksim.empty());
  ExpectDetectedAs(disksim, "disksim");
}

TEST(TraceFormatRegistry, DetectsEveryFixtureAsItsFormat) {
  const std::vector<std::string> fixtures = FixtureNames();
  // At least this helper's fixtures (blkparse, iolog v2 and v3, disksim, mqsim).
  ASSERT_GE(fixtures.size(), 5u);
  for (const std::string& name : fixtures) {
    const std::string format = FormatOfFixture(name);
    if (format == "csv") continue;  // needs the user's mapping, see formats_csv_test.cpp
    SCOPED_TRACE(name);
    ExpectDetectedAs(ReadFile(FixturePath(name)), format);
  }
}

TEST(TraceFormatRegistry, TextThatIsNoTraceIsNotDetected) {
  // The shared traces' README: prose and a Markdown table.
  const std::string readme = ReadFile(SharedTracePath("README.md"));
  ASSERT_FALSE(readme.empty());
  for (const std::string& text : {readme, std::string("hello world\n\n# a comment\n1 2 3\n")}) {
    const std::vector<TraceFormatGuess> guesses = DetectTraceFormat(Sample(text), {});
    ASSERT_FALSE(guesses.empty());
    EXPECT_LT(guesses[0].confidence, kMinTraceConfidence)
        << guesses[0].format << " at " << guesses[0].confidence;
  }
}

}  // namespace
}  // namespace flashscope
