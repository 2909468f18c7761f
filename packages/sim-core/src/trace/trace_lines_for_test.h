// Test helpers for the trace-format tests: read a fixture or a shared real
// trace, cut it into lines the way the line reader hands them to a format
// (no "\n" / "\r\n"; a last line without a newline still counts), tally
// what a format makes of every line, and check the reasons of bad lines.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "trace/i_trace_format.h"

namespace flashscope::trace_test {

inline std::string FixturePath(const std::string& name) {
  return std::string(FLASHSCOPE_REPO_ROOT) + "/packages/sim-core/testdata/traces/" + name;
}

// The real traces in ../shared/traces/ (never copied into the repository).
inline std::string SharedTracePath(const std::string& name) {
  return std::string(FLASHSCOPE_REPO_ROOT) + "/../shared/traces/" + name;
}

// The whole file; empty when it cannot be read (tests assert on that).
inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// A fixture's text; a missing fixture fails the test.
inline std::string ReadFixture(const std::string& name) {
  std::string text = ReadFile(FixturePath(name));
  EXPECT_FALSE(text.empty()) << "missing fixture " << name;
  return text;
}

// Lines without terminators, pointing into `text`; at most `max_lines`.
inline std::vector<std::string_view> SplitLines(std::string_view text,
                                                size_t max_lines = SIZE_MAX) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size() && lines.size() < max_lines) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

// The fixture files (names only), sorted, optionally only "<format>-*".
inline std::vector<std::string> FixtureNames(const std::string& format_prefix = "") {
  std::vector<std::string> names;
  const std::filesystem::path dir = FixturePath("");
  if (!std::filesystem::exists(dir)) return names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > 4 && name.substr(name.size() - 4) == ".txt" &&
        name.rfind(format_prefix, 0) == 0) {
      names.push_back(name);
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

// "msr-hm1.txt" -> "msr": fixtures are named after their format.
inline std::string FormatOfFixture(const std::string& name) {
  return name.substr(0, name.find('-'));
}

struct BadLine {
  size_t line = 0;  // 1-based
  std::string reason;
};

// A record that outlives its line (TraceRecord::device points into it).
struct OwnedRecord {
  uint64_t time_ns = 0;
  IoOp op = IoOp::kRead;
  uint64_t offset_bytes = 0;
  uint64_t length_bytes = 0;
  std::string device;
};

struct Tally {
  uint64_t records = 0;
  uint64_t reads = 0;
  uint64_t writes = 0;
  uint64_t trims = 0;
  uint64_t read_bytes = 0;
  uint64_t write_bytes = 0;
  uint64_t trim_bytes = 0;
  uint64_t flushes = 0;     // kFlush records (in records too)
  uint64_t fua_writes = 0;  // writes with record.fua
  uint64_t preflushes = 0;  // records with record.preflush
  uint64_t skipped = 0;
  uint64_t first_time_ns = 0;
  uint64_t last_time_ns = 0;
  std::set<std::string> devices;
  std::vector<OwnedRecord> first_records;  // the first 16 (every fixture's)
  std::vector<BadLine> bad;
};

inline Tally TallyLines(ITraceFormat& format, const std::vector<std::string_view>& lines) {
  Tally tally;
  TraceRecord record;
  std::string reason;
  for (size_t i = 0; i < lines.size(); ++i) {
    reason.clear();
    switch (format.ParseLine(lines[i], record, reason)) {
      case TraceLineKind::kRecord:
        if (tally.records == 0) tally.first_time_ns = record.time_ns;
        tally.last_time_ns = record.time_ns;
        ++tally.records;
        if (record.op == IoOp::kRead) {
          ++tally.reads;
          tally.read_bytes += record.length_bytes;
        } else if (record.op == IoOp::kWrite) {
          ++tally.writes;
          tally.write_bytes += record.length_bytes;
        } else if (record.op == IoOp::kTrim) {
          ++tally.trims;
          tally.trim_bytes += record.length_bytes;
        } else if (record.op == IoOp::kFlush) {
          ++tally.flushes;
        }
        tally.fua_writes += record.fua;
        tally.preflushes += record.preflush;
        tally.devices.insert(std::string(record.device));
        if (tally.first_records.size() < 16) {
          tally.first_records.push_back({record.time_ns, record.op, record.offset_bytes,
                                         record.length_bytes, std::string(record.device)});
        }
        break;
      case TraceLineKind::kSkip:
        ++tally.skipped;
        break;
      case TraceLineKind::kBad:
        tally.bad.push_back({i + 1, reason});
        break;
    }
  }
  return tally;
}

inline Tally TallyText(ITraceFormat& format, std::string_view text) {
  return TallyLines(format, SplitLines(text));
}

// One line through `format`: the kind, and the reason when kBad.
inline TraceLineKind ParseOne(ITraceFormat& format, std::string_view line, TraceRecord& record,
                              std::string& reason) {
  reason.clear();
  return format.ParseLine(line, record, reason);
}

struct BadCase {
  const char* line;
  const char* reason_part;  // a part of the expected reason
};

// Each line through a fresh format from `make` (after `before`, e.g. a
// header line, which must not be kBad) must be kBad with a reason containing
// its reason_part.
template <typename Make>
void ExpectBadLines(Make make, const std::vector<BadCase>& cases, std::string_view before = "") {
  for (const BadCase& each : cases) {
    auto format = make();
    TraceRecord record;
    std::string reason;
    if (!before.empty()) {
      EXPECT_NE(ParseOne(*format, before, record, reason), TraceLineKind::kBad) << reason;
    }
    EXPECT_EQ(ParseOne(*format, each.line, record, reason), TraceLineKind::kBad) << each.line;
    EXPECT_NE(reason.find(each.reason_part), std::string::npos) << each.line << " -> " << reason;
  }
}

}  // namespace flashscope::trace_test
