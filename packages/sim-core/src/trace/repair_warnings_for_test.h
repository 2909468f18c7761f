// Test inputs for the clock repairs that decide a trace's figures (issue
// 28), shared by the scanner's and the CLI's tests: the real MSR sample
// with one record made three hours early, and an MQSim trace whose last
// records are out of order by more than the sorting window.
#pragma once

#include <cstdint>
#include <string>

namespace flashscope::testing {

// Line 501 of ../shared/traces/real/msr_hm0_sample.csv (1,000 records over
// 127.2 s) moved three hours (108e9 FILETIME ticks of 100 ns) earlier.
inline std::string MsrSampleWithOneRecordHoursEarly(const std::string& sample) {
  constexpr uint64_t kThreeHoursTicks = uint64_t{3} * 3600 * 10'000'000;
  size_t start = 0;
  for (int line = 1; line < 501; ++line) start = sample.find('\n', start) + 1;
  const size_t comma = sample.find(',', start);
  const uint64_t ticks = std::stoull(sample.substr(start, comma - start));
  return sample.substr(0, start) + std::to_string(ticks - kThreeHoursTicks) + sample.substr(comma);
}

// 70,000 4 KiB writes about 1 ms apart, then 20,000 more stamped within the
// first 4 s: when they are read, the 65,536-record window has already
// replayed past 4.46 s, so each is late and takes its predecessor's time
// (a 20,000-write burst), or is dropped. Times avoid a common step of 1 ms
// or more, so no tick is spread.
inline constexpr uint64_t kLateTraceRecords = 90'000;
inline constexpr uint64_t kLateRecords = 20'000;
inline std::string MqsimWithLateRecords() {
  std::string text;
  for (uint64_t i = 0; i < kLateTraceRecords; ++i) {
    const bool late = i >= kLateTraceRecords - kLateRecords;
    const uint64_t time_ns =
        late ? (i - (kLateTraceRecords - kLateRecords)) * 200'003 : i * 999'983;
    const uint64_t sector = (i * 7919) % 262144 * 8;  // 4 KiB-aligned within 1 GiB
    text += std::to_string(time_ns) + " 0 " + std::to_string(sector) + " 8 0\n";
  }
  return text;
}

}  // namespace flashscope::testing
