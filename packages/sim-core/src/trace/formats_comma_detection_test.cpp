// Auto-detection of the comma-separated trace formats (msr, spc, alibaba,
// tencent, systor): each is recognised on its own fixture with confidence
// >= 0.9 and stays below kMinTraceConfidence on every other fixture in
// testdata/traces/ (named <format>-*.txt) and on the real MQSim and DiskSim
// traces in ../shared/traces/. A file that parses but lacks a format's
// signature (filetime, Unix µs, Unix s, "s.d" seconds) is still accepted,
// with a lower confidence.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "trace/impl/formats.h"
#include "trace/trace_lines_for_test.h"

namespace flashscope {
namespace {

using namespace trace_test;  // the helpers of trace_lines_for_test.h

constexpr size_t kSampleLines = 200;
const char* const kCommaFormats[] = {"msr", "spc", "alibaba", "tencent", "systor"};

struct TraceFile {
  std::string path;
  std::string format;  // the prefix of a fixture's name; "" for shared traces
};

std::vector<TraceFile> AllTraceFiles() {
  std::vector<TraceFile> files;
  namespace fs = std::filesystem;
  for (const auto& entry : fs::directory_iterator(FixturePath(""))) {
    const std::string name = entry.path().filename().string();
    files.push_back({entry.path().string(), name.substr(0, name.find('-'))});
  }
  for (const auto& entry : fs::directory_iterator(SharedTracePath(""))) {
    if (entry.path().extension() == ".trace") {
      const std::string name = entry.path().filename().string();
      files.push_back({entry.path().string(), name.substr(0, name.find('_'))});
    }
  }
  std::sort(files.begin(), files.end(),
            [](const TraceFile& a, const TraceFile& b) { return a.path < b.path; });
  return files;
}

double Confidence(std::string_view format, const std::vector<std::string_view>& sample) {
  return MakeTraceFormat(format, TraceFormatOptions{})->Detect(sample);
}

TEST(CommaFormatDetection, EachFormatWinsOnItsOwnFixture) {
  const std::pair<const char*, const char*> fixtures[] = {{"msr", "msr-hm_1.txt"},
                                                          {"spc", "spc-financial.txt"},
                                                          {"alibaba", "alibaba-io_traces.txt"},
                                                          {"tencent", "tencent-cbs.txt"},
                                                          {"systor", "systor-vdi.txt"}};
  for (const auto& [format, fixture] : fixtures) {
    const std::string text = ReadFixture(fixture);
    const auto sample = SplitLines(text, kSampleLines);
    EXPECT_GE(Confidence(format, sample), 0.9) << fixture;
    const auto guesses = DetectTraceFormat(sample, TraceFormatOptions{});
    ASSERT_GE(guesses.size(), 2u);
    EXPECT_EQ(guesses[0].format, format) << fixture;
    EXPECT_GE(guesses[0].confidence, 0.9) << fixture;
    EXPECT_LT(guesses[1].confidence, kMinTraceConfidence)
        << fixture << ": runner-up " << guesses[1].format;
  }
}

TEST(CommaFormatDetection, EachFormatStaysBelowOnEveryOtherTrace) {
  const std::vector<TraceFile> files = AllTraceFiles();
  // Our four fixtures, formats-2's, and the shared MQSim and DiskSim traces.
  ASSERT_GE(files.size(), 7u);
  for (const TraceFile& file : files) {
    const std::string text = ReadFile(file.path);
    ASSERT_FALSE(text.empty()) << file.path;
    const auto sample = SplitLines(text, kSampleLines);
    for (const char* format : kCommaFormats) {
      if (file.format == format) continue;
      EXPECT_LT(Confidence(format, sample), kMinTraceConfidence) << format << " on " << file.path;
    }
  }
}

TEST(CommaFormatDetection, MissingSignatureLowersButKeepsConfidence) {
  // Each line parses, but the times are relative (no filetime, no Unix
  // epoch) or, for SPC, whole numbers where the spec asks for "s.d".
  const std::pair<const char*, const char*> lookalikes[] = {
      {"msr", "0,hm,1,Read,0,4096,10\n100000,hm,1,Write,4096,4096,10\n"},
      {"alibaba", "0,R,0,4096,0\n0,W,4096,4096,1500\n"},
      {"tencent", "0,0,8,0,1\n1,8,8,1,1\n"},
      {"spc", "0,0,4096,R,0\n0,8,4096,W,1\n"},
      {"systor", "0.0,0.001,R,0,0,4096\n0.5,0.001,W,0,4096,4096\n"}};
  for (const auto& [format, text] : lookalikes) {
    const auto sample = SplitLines(text);
    const double confidence = Confidence(format, sample);
    EXPECT_GE(confidence, kMinTraceConfidence) << format;
    EXPECT_LT(confidence, 0.9) << format;
  }
  // Half the records with the signature: in between.
  const auto half =
      SplitLines("128166372003061629,hm,1,Read,0,4096,10\n100000,hm,1,Write,4096,4096,10\n");
  EXPECT_DOUBLE_EQ(Confidence("msr", half), 0.85);
}

TEST(CommaFormatDetection, MostlyBadSamplesScoreZero) {
  // ShareOfRecords' rule: fewer than one line in two parsing is no match.
  const auto sample = SplitLines("1538323200,0,8,0,1\nnot a trace\nstill not\n# nor this\n");
  EXPECT_EQ(Confidence("tencent", sample), 0);
  EXPECT_EQ(Confidence("msr", SplitLines("")), 0);
  EXPECT_EQ(Confidence("spc", SplitLines("\n\n")), 0);
}

}  // namespace
}  // namespace flashscope
