// Test-only helpers for the trace format tests: read a fixture, run every
// line of it through a format, and total what came out, so each test can
// assert counts and byte totals exactly.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "trace/i_trace_format.h"

namespace flashscope::format_test {

inline std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string ReadFixture(const std::string& name) {
  return ReadText(std::string(FLASHSCOPE_REPO_ROOT "/packages/sim-core/testdata/traces/") + name);
}

// The lines of `text` as the reader hands them to a format: "\n" or "\r\n"
// stripped, a last line without a terminator kept.
inline std::vector<std::string_view> Lines(std::string_view text, size_t max_lines = SIZE_MAX) {
  std::vector<std::string_view> lines;
  while (!text.empty() && lines.size() < max_lines) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

struct OwnedRecord {
  uint64_t time_ns;
  IoOp op;
  uint64_t offset_bytes;
  uint64_t length_bytes;
  std::string device;
};

struct ParsedTrace {
  std::vector<OwnedRecord> records;
  size_t skipped = 0;
  std::vector<std::pair<size_t, std::string>> bad;  // 1-based line, reason
  size_t reads = 0, writes = 0, trims = 0;
  uint64_t read_bytes = 0, write_bytes = 0, trim_bytes = 0;
};

inline ParsedTrace ParseAll(ITraceFormat& format, std::string_view text) {
  ParsedTrace parsed;
  TraceRecord record;
  std::string reason;
  size_t line_number = 0;
  for (std::string_view line : Lines(text)) {
    ++line_number;
    switch (format.ParseLine(line, record, reason)) {
      case TraceLineKind::kRecord:
        parsed.records.push_back({record.time_ns, record.op, record.offset_bytes,
                                  record.length_bytes, std::string(record.device)});
        if (record.op == IoOp::kRead) {
          ++parsed.reads;
          parsed.read_bytes += record.length_bytes;
        } else if (record.op == IoOp::kWrite) {
          ++parsed.writes;
          parsed.write_bytes += record.length_bytes;
        } else if (record.op == IoOp::kTrim) {
          ++parsed.trims;
          parsed.trim_bytes += record.length_bytes;
        }
        break;
      case TraceLineKind::kSkip:
        ++parsed.skipped;
        break;
      case TraceLineKind::kBad:
        parsed.bad.emplace_back(line_number, reason);
        break;
    }
  }
  return parsed;
}

// One line through a fresh format: the kind, and the reason when kBad.
inline TraceLineKind ParseOne(ITraceFormat& format, std::string_view line, TraceRecord& record,
                              std::string& reason) {
  reason.clear();
  return format.ParseLine(line, record, reason);
}

}  // namespace flashscope::format_test
