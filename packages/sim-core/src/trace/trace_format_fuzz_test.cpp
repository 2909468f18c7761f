// Random-mutation fuzzing of every trace format's ParseLine and Detect
// (ITraceFormat's contract: accept any bytes, never throw, never hang, kBad
// always with a reason, records never a flush). The corpus is every line of
// every fixture in testdata/traces/ plus the first lines of the real traces
// in ../shared/traces/; each line is mutated (bytes flipped, inserted,
// deleted, duplicated, replaced by tokens that reach the parsers' edge cases
// — huge numbers, signs, exponents, separators, headers — spliced with
// another line, truncated), and random byte strings up to kMaxTraceLineBytes
// are added. Lines run as streams through fresh format objects (some streams
// open with an iolog header or a blkparse summary heading, so the stateful
// paths are reached too), and mutated samples through every Detect and
// DetectTraceFormat. The generator is seeded: the same inputs on every run.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "trace/i_trace_format.h"
#include "trace/trace_format_names.h"
#include "trace/trace_lines_for_test.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

constexpr uint64_t kSeed = 20240605;
constexpr size_t kMutants = 30000;
constexpr size_t kRandomStrings = 1500;
constexpr size_t kStreamLines = 64;  // lines per fresh format object
constexpr size_t kDetectSamples = 300;
constexpr size_t kDetectSampleLines = 60;
constexpr size_t kRealTraceLines = 300;  // taken from each shared trace

// Tokens that take parsers to their edges.
constexpr std::string_view kTokens[] = {
    "0",
    "1",
    "-1",
    "+1",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e308",
    "1e-400",
    "-0",
    "nan",
    "inf",
    "0x",
    "0xFFFFFFFFFFFFFFFF",
    ".",
    "..",
    "1.",
    ".5",
    "0.0000000001",
    ",",
    ",,",
    ";",
    "\t",
    " ",
    "  ",
    "+",
    "[",
    "]",
    "(",
    ")",
    "\"",
    "\r",
    "8,0",
    "R",
    "W",
    "D",
    "Q",
    "FWS",
    "read",
    "write",
    "trim",
    "wait",
    "add",
    "Read",
    "Write",
    "r",
    "w",
    "fio version 2 iolog",
    "fio version 3 iolog",
    "CPU0 (8,0):",
    "Total (8,0):",
    "Throughput (R/W): 1KiB/s / 2KiB/s",
    "\xff",
    "\xc3\xa9",
    std::string_view("\0", 1),
};

// Deterministic across standard libraries: raw mt19937_64 output only (the
// std:: distributions may differ between libstdc++ and libc++).
class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  uint64_t Next() { return engine_(); }
  size_t Below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(engine_() % n); }
  bool OneIn(size_t n) { return Below(n) == 0; }
  char Byte() {
    char c = static_cast<char>(engine_() & 0xff);
    return c == '\n' ? ' ' : c;  // the reader splits lines at '\n'
  }

 private:
  std::mt19937_64 engine_;
};

std::string Token(Random& random) { return std::string(kTokens[random.Below(std::size(kTokens))]); }

const std::string& AnyLine(const std::vector<std::vector<std::string>>& corpus, Random& random);

void Mutate(std::string& line, const std::vector<std::vector<std::string>>& corpus,
            Random& random) {
  // Mostly one change, so that many mutants still get far into a parser.
  const size_t steps = random.OneIn(2) ? 1 : 2 + random.Below(3);
  for (size_t step = 0; step < steps; ++step) {
    const size_t at = random.Below(line.size() + 1);
    switch (random.Below(8)) {
      case 0:  // flip one byte
        if (!line.empty()) line[random.Below(line.size())] = random.Byte();
        break;
      case 1:  // insert random bytes
        for (size_t n = 1 + random.Below(4); n > 0; --n)
          line.insert(line.begin() + at, random.Byte());
        break;
      case 2:  // delete a range
        line.erase(at, random.Below(12));
        break;
      case 3:  // duplicate a range
        line.insert(at, line.substr(at, random.Below(24)));
        break;
      case 4:  // insert a token
        line.insert(at, Token(random));
        break;
      case 5: {  // replace a run of non-blanks (roughly a field) by a token
        size_t start = at;
        while (start > 0 && line[start - 1] != ' ' && line[start - 1] != ',' &&
               line[start - 1] != '\t') {
          --start;
        }
        size_t end = at;
        while (end < line.size() && line[end] != ' ' && line[end] != ',' && line[end] != '\t') {
          ++end;
        }
        line.replace(start, end - start, Token(random));
        break;
      }
      case 6: {  // splice with another line
        const std::string& other = AnyLine(corpus, random);
        line = line.substr(0, at) + other.substr(random.Below(other.size() + 1));
        break;
      }
      case 7:  // truncate
        line.resize(at);
        break;
    }
  }
  if (line.size() > kMaxTraceLineBytes) line.resize(kMaxTraceLineBytes);
}

// The clean lines, grouped by source file (a fixture or a shared trace), so
// that every format's lines are mutated equally often however long its file.
std::vector<std::vector<std::string>> Corpus() {
  std::vector<std::vector<std::string>> corpus;
  for (const std::string& name : trace_test::FixtureNames()) {
    const std::string text = trace_test::ReadFile(trace_test::FixturePath(name));
    std::vector<std::string>& group = corpus.emplace_back();
    for (std::string_view line : trace_test::SplitLines(text)) group.emplace_back(line);
  }
  for (const char* name :
       {"mqsim_wsrch-small.trace", "mqsim_tpcc-small.trace", "disksim_valid_ascii.trace"}) {
    const std::string text = trace_test::ReadFile(trace_test::SharedTracePath(name));
    const std::vector<std::string_view> lines = trace_test::SplitLines(text);
    std::vector<std::string>& group = corpus.emplace_back();
    for (size_t i = 0; i < lines.size() && i < kRealTraceLines; ++i) group.emplace_back(lines[i]);
  }
  return corpus;
}

const std::string& AnyLine(const std::vector<std::vector<std::string>>& corpus, Random& random) {
  const std::vector<std::string>& group = corpus[random.Below(corpus.size())];
  static const std::string kEmpty;
  return group.empty() ? kEmpty : group[random.Below(group.size())];
}

struct FormatUnderTest {
  std::string label;  // "csv[mapping]" tells the csv variants apart
  std::string name;
  TraceFormatOptions options;
};

std::vector<FormatUnderTest> AllFormats() {
  std::vector<FormatUnderTest> formats;
  for (std::string_view name : kTraceFormatNames) {
    if (name == "csv") continue;
    formats.push_back({std::string(name), std::string(name), {}});
  }
  TraceFormatOptions issue;
  issue.blkparse_action = "D";
  formats.push_back({"blkparse[D]", "blkparse", issue});
  // csv with mappings that use its options (see impl/csv.cpp's banner).
  for (const char* mapping : {
           "time=0,op=1,offset=2,length=3",
           "time=0:ms,op=1,offset=2:sectors,length=3:sectors,device=4,sep=semicolon,header=1,"
           "skip=flush",
           "time=4:us,op=3,offset=2:sectors,length=1:4096,device=0,sep=space,read=0,write=1,"
           "trim=2|discard",
           "time=0:ns,op=1,offset=2:kib,length=3,sep=tab,header=2",
       }) {
    TraceFormatOptions options;
    options.csv_columns = mapping;
    try {
      MakeTraceFormat("csv", options);
      formats.push_back({"csv[" + std::string(mapping) + "]", "csv", options});
    } catch (const InputError& error) {
      ADD_FAILURE() << "csv mapping '" << mapping << "' rejected: " << error.what();
    }
  }
  return formats;
}

struct Stats {
  uint64_t calls = 0;
  uint64_t records = 0;
  uint64_t skips = 0;
  uint64_t bad = 0;
};

// One line through `format`, checking the contract.
void ParseChecked(ITraceFormat& format, const FormatUnderTest& which, std::string_view line,
                  Stats& stats) {
  TraceRecord record;
  std::string reason;
  TraceLineKind kind = TraceLineKind::kBad;
  try {
    kind = format.ParseLine(line, record, reason);
  } catch (...) {
    ADD_FAILURE() << which.label << " threw on a line of " << line.size() << " bytes";
    return;
  }
  ++stats.calls;
  switch (kind) {
    case TraceLineKind::kRecord:
      ++stats.records;
      // A flush (blkparse's flush-only events) carries no data.
      EXPECT_TRUE(record.op == IoOp::kRead || record.op == IoOp::kWrite ||
                  record.op == IoOp::kTrim ||
                  (record.op == IoOp::kFlush && record.length_bytes == 0))
          << which.label << ": record with op " << static_cast<int>(record.op);
      EXPECT_LE(record.device.size(), kMaxTraceLineBytes) << which.label;
      break;
    case TraceLineKind::kSkip:
      ++stats.skips;
      break;
    case TraceLineKind::kBad:
      ++stats.bad;
      if (reason.empty()) {
        ADD_FAILURE() << which.label << ": kBad without a reason for a line of " << line.size()
                      << " bytes: '" << std::string(line.substr(0, 120)) << "'";
      }
      break;
  }
}

TEST(TraceFormatFuzz, MutatedAndRandomLinesNeverCrashAndBadLinesHaveReasons) {
  const auto started = std::chrono::steady_clock::now();
  const std::vector<std::vector<std::string>> corpus = Corpus();
  size_t corpus_lines = 0;
  for (const auto& group : corpus) corpus_lines += group.size();
  ASSERT_GE(corpus_lines, 50u) << "fixtures missing";
  const std::vector<FormatUnderTest> formats = AllFormats();

  Random random(kSeed);
  std::vector<std::string> inputs;
  inputs.reserve(kMutants + kRandomStrings + corpus_lines);
  for (const auto& group : corpus) {
    for (const std::string& line : group) inputs.push_back(line);  // the clean lines too
  }
  for (size_t i = 0; i < kMutants; ++i) {
    std::string line = AnyLine(corpus, random);
    Mutate(line, corpus, random);
    inputs.push_back(std::move(line));
  }
  for (size_t i = 0; i < kRandomStrings; ++i) {
    // Half arbitrary bytes, half from a trace-like alphabet (digits and
    // separators reach deeper into the parsers).
    const size_t length = random.OneIn(10) ? kMaxTraceLineBytes : random.Below(200);
    std::string line(length, ' ');
    const bool tracey = random.OneIn(2);
    static constexpr char kAlphabet[] = "0123456789.,;: \t+-xXeERWrw()[]";
    for (char& c : line) c = tracey ? kAlphabet[random.Below(sizeof kAlphabet - 1)] : random.Byte();
    inputs.push_back(std::move(line));
  }

  std::vector<Stats> stats(formats.size());
  for (size_t f = 0; f < formats.size(); ++f) {
    const FormatUnderTest& which = formats[f];
    std::unique_ptr<ITraceFormat> format;
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (i % kStreamLines == 0) {
        format = MakeTraceFormat(which.name, which.options);
        // Open some streams in a state: past an iolog header, inside a
        // blkparse summary.
        switch (random.Below(4)) {
          case 0:
            ParseChecked(*format, which, "fio version 2 iolog", stats[f]);
            break;
          case 1:
            ParseChecked(*format, which, "fio version 3 iolog", stats[f]);
            break;
          case 2:
            ParseChecked(*format, which, "CPU0 (8,0):", stats[f]);
            break;
          default:
            break;
        }
      }
      ParseChecked(*format, which, inputs[i], stats[f]);
    }
  }

  // Detect on mutated samples: a value in [0, 1], no throw.
  uint64_t detect_calls = 0;
  for (size_t s = 0; s < kDetectSamples; ++s) {
    std::vector<std::string_view> sample;
    const size_t start = random.Below(inputs.size());
    for (size_t i = 0; i < kDetectSampleLines; ++i) {
      sample.push_back(random.OneIn(3) ? std::string_view(inputs[random.Below(inputs.size())])
                                       : std::string_view(inputs[(start + i) % inputs.size()]));
    }
    for (const FormatUnderTest& which : formats) {
      std::unique_ptr<ITraceFormat> format = MakeTraceFormat(which.name, which.options);
      double confidence = -1;
      try {
        confidence = format->Detect(sample);
      } catch (...) {
        ADD_FAILURE() << which.label << ": Detect threw";
      }
      ++detect_calls;
      EXPECT_TRUE(std::isfinite(confidence) && confidence >= 0 && confidence <= 1)
          << which.label << ": Detect gave " << confidence;
    }
    TraceFormatOptions with_csv;
    with_csv.csv_columns = "time=0,op=1,offset=2,length=3";
    EXPECT_FALSE(DetectTraceFormat(sample, with_csv).empty());
  }

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  uint64_t calls = 0;
  for (size_t f = 0; f < formats.size(); ++f) {
    calls += stats[f].calls;
    // Every format both accepted and rejected some of the mutants: the
    // fuzz reached past the first checks.
    EXPECT_GT(stats[f].bad, 0u) << formats[f].label;
    EXPECT_GT(stats[f].records + stats[f].skips, 0u) << formats[f].label;
    std::printf("[fuzz] %-24.24s records %7llu  skips %7llu  bad %7llu\n", formats[f].label.c_str(),
                static_cast<unsigned long long>(stats[f].records),
                static_cast<unsigned long long>(stats[f].skips),
                static_cast<unsigned long long>(stats[f].bad));
  }
  std::printf("[fuzz] %llu ParseLine calls on %zu inputs, %llu Detect calls, %.2f s\n",
              static_cast<unsigned long long>(calls), inputs.size(),
              static_cast<unsigned long long>(detect_calls), seconds);
  EXPECT_GE(calls, 300000u);
  // A hang would show here long before the test runner's timeout (the run
  // takes well under a second in Release; sanitizer builds are slower).
  EXPECT_LT(seconds, 60.0);
}

}  // namespace
}  // namespace flashscope
