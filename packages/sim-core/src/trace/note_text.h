// How the trace notes (TraceScanner::ClockNotes, TraceSource's volume
// placement) write numbers for people: "1,234,567", "2 records", "250 ms".
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace flashscope {

// 1234567 -> "1,234,567".
inline std::string GroupedCount(uint64_t n) {
  std::string digits = std::to_string(n);
  for (size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

// "1 record" / "2 records".
inline std::string RecordCount(uint64_t n) {
  return GroupedCount(n) + (n == 1 ? " record" : " records");
}

// A duration the way the notes say it: "1 s", "250 ms", "100 ns".
inline std::string NoteDuration(uint64_t ns) {
  char text[48];
  if (ns >= 1'000'000'000) {
    std::snprintf(text, sizeof text, "%g s", static_cast<double>(ns) / 1e9);
  } else if (ns >= 1'000'000) {
    std::snprintf(text, sizeof text, "%g ms", static_cast<double>(ns) / 1e6);
  } else if (ns >= 1'000) {
    std::snprintf(text, sizeof text, "%g us", static_cast<double>(ns) / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%llu ns", static_cast<unsigned long long>(ns));
  }
  return text;
}

}  // namespace flashscope
