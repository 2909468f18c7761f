// SimEventLog: what the UI and the JSON report show as discrete happenings —
// GC start/end with its victim and the units it moved, host stalls, and on a
// zoned drive zone resets and the zones the host FTL reclaims. Kept
// in a vector that grows with the run; a consumer (the worker) drains it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace flashscope {

enum class SimEventKind : uint8_t {
  kGcStart = 0,         // block = victim, value = its valid units, flag = background
  kGcEnd = 1,           // block = victim, value = units moved, duration in ns
  kStall = 2,           // a host write waited for buffer space: value = wait in µs,
                        // flag bit 0 = GC was running, bit 1 = migration was
  kMigrationStart = 3,  // block = pSLC victim, value = its valid units, flag = idle
  kMigrationEnd = 4,    // block = pSLC victim, value = units folded, duration in ns
  kCacheExhausted = 5,  // SLC full; value = host MiB written so far
  kCacheRecovered = 6,  // SLC has room again
  kZoneReset = 7,       // zoned drive: block = zone, value = 1-based class (0: none), gp
};

// Zoned drives: a kGcStart / kGcEnd with this flag bit is the host FTL
// reclaiming a zone (block = zone; start: gp; end: value = blocks moved).
inline constexpr uint8_t kZonedGcFlag = 2;

struct SimEvent {
  uint64_t time_ns = 0;
  uint64_t duration_ns = 0;
  uint64_t bytes = 0;  // cache events: host bytes written so far
  uint32_t block = 0;
  uint32_t value = 0;
  float gp = 0;  // zoned drives: garbage proportion of the zone
  SimEventKind kind = SimEventKind::kGcStart;
  uint8_t flag = 0;
};

// A host write that waited `waited_ns` (from `since_ns`) for buffer space;
// `flag` says what held the flash (each controller documents its bits).
inline SimEvent StallEvent(uint64_t since_ns, uint64_t waited_ns, uint8_t flag) {
  SimEvent stall;
  stall.kind = SimEventKind::kStall;
  stall.time_ns = since_ns;
  stall.duration_ns = waited_ns;
  stall.value = static_cast<uint32_t>(std::min<uint64_t>(waited_ns / 1000, UINT32_MAX));
  stall.flag = flag;
  return stall;
}

class SimEventLog {
 public:
  void Add(const SimEvent& event) { events_.push_back(event); }
  const std::vector<SimEvent>& events() const { return events_; }
  // Events from index `from` on; the worker keeps its own cursor.
  size_t size() const { return events_.size(); }

 private:
  std::vector<SimEvent> events_;
};

}  // namespace flashscope
