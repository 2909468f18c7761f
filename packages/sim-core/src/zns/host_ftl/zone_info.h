// ZoneInfo: what the host FTL knows of each zone beyond the device's state
// (seed 004 Fig. 3.6: id, type_id, write pointer, fill time) — read by the
// victim policies and kept by ZnsHostFtl.
#pragma once

#include <cstdint>

namespace flashscope::zns {

struct ZoneInfo {
  static constexpr uint8_t kNoClass = 0xFF;
  uint64_t written = 0;       // blocks appended since the last reset
  uint64_t valid = 0;         // of those, still mapped
  uint64_t opened_clock = 0;  // logical time of the first append
  uint64_t full_clock = 0;    // logical time the zone filled (if full)
  uint64_t last_invalidate_clock = 0;
  uint8_t cls = kNoClass;  // open zone class (0-based), kNoClass when empty
  bool full = false;       // sealed: every block of its capacity written

  // Garbage proportion: invalid share of what the zone holds.
  double gp() const { return written ? 1.0 - static_cast<double>(valid) / written : 0.0; }
};

}  // namespace flashscope::zns
