#include "report/cliff_throughput.h"

#include <cstddef>

namespace flashscope {

CliffThroughput ThroughputAroundCliff(const TimeSeries& s, double cliff_ms) {
  constexpr double kBurstGapMs = 1000;
  CliffThroughput result;
  double before_sum = 0;
  size_t before_n = 0;
  bool writing = false;
  double after_mb = 0, last_write_ms = cliff_ms, quiet_since_ms = -1;
  for (size_t i = 0; i < s.size(); ++i) {
    const double start_ms = i == 0 ? 0 : s.t_ms[i - 1];
    const double mb = s.write_mbps[i] * (s.t_ms[i] - start_ms) / 1e3;
    if (s.t_ms[i] <= cliff_ms) {
      writing |= s.write_mbps[i] > 0;
      if (writing && i + 1 < s.size()) {
        before_sum += s.write_mbps[i];
        ++before_n;
      }
      continue;
    }
    result.past_cliff = true;
    if (s.write_mbps[i] > 0) {
      // The interval holding the cliff counts its share after the cliff.
      const double share =
          start_ms >= cliff_ms ? 1 : (s.t_ms[i] - cliff_ms) / (s.t_ms[i] - start_ms);
      after_mb += mb * share;
      last_write_ms = s.t_ms[i];
      quiet_since_ms = -1;
      result.wrote_after = true;
    } else {
      if (quiet_since_ms < 0) quiet_since_ms = start_ms;
      if (s.t_ms[i] - quiet_since_ms >= kBurstGapMs) {
        result.burst_ended = true;
        break;
      }
    }
  }
  result.before = before_n ? before_sum / before_n : 0;
  result.after = last_write_ms > cliff_ms ? after_mb / ((last_write_ms - cliff_ms) / 1e3) : 0;
  return result;
}

}  // namespace flashscope
