// SimEventLog: what the UI and the JSON report show as discrete happenings —
// GC start/end with its victim and the units it moved, host stalls, and on a
// zoned drive zone resets and the zones the host FTL reclaims.
// Nothing here grows with the run (docs/conventions.md 15): the log keeps running
// totals (events by kind, stall waits), the newest kRetainedEvents events in
// a ring, and hands every event to an optional sink as it happens (the CLI's
// --events streams them out that way). Events are numbered from 0 in the
// order they happened; a consumer keeps the number of the next one it wants
// (a cursor) and learns how many it missed when the ring overwrote them.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "metrics/nand_counters.h"

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
  // A conventional drive's kGcStart / kGcEnd: why the GC engine relocated
  // the block. kGc for garbage collection itself (what gc_runs counts);
  // kRefresh (read disturb) and kWearLeveling (static wear levelling) are
  // moves the same engine makes, which are no GC runs.
  Cause cause = Cause::kGc;
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

inline constexpr size_t kSimEventKinds = 8;

// Host write stalls so far, summed as they happen (the result's "stalls").
// The waits are summed in ms as doubles in event order, as the report once
// summed them over the whole list, so the figures are unchanged.
struct StallTotals {
  uint64_t count = 0;
  double wait_ms = 0;
  double gc_wait_ms = 0;         // stalls while GC ran (flag bit 0)
  double migration_wait_ms = 0;  // stalls while migration ran (flag bit 1)
};

// Events the log keeps for late readers: the worker reads at most 256 per
// frame (api/snapshot_meta.cpp) and the web UI keeps its own history
// (apps/web/src/store/eventLog.ts), so 4096 covers 16 frames the worker did
// not send; the result JSON's "events" without --events streaming holds
// these. 4096 x 40 bytes = 160 KiB, whatever the run's length.
inline constexpr size_t kRetainedEvents = 4096;

class SimEventLog {
 public:
  using Sink = std::function<void(const SimEvent&)>;

  explicit SimEventLog(size_t capacity = kRetainedEvents) : ring_(std::max<size_t>(capacity, 1)) {}

  void Add(const SimEvent& event) {
    ++by_kind_[static_cast<size_t>(event.kind) % kSimEventKinds];
    if (event.kind == SimEventKind::kStall) {
      const double ms = event.duration_ns / 1e6;
      ++stalls_.count;
      stalls_.wait_ms += ms;
      if (event.flag & 1) stalls_.gc_wait_ms += ms;
      if (event.flag & 2) stalls_.migration_wait_ms += ms;
    }
    if (sink_) sink_(event);
    ring_[total_ % ring_.size()] = event;
    ++total_;
  }
  // Every event from now on also goes to `sink`, as it happens.
  void set_sink(Sink sink) { sink_ = std::move(sink); }

  // Events added so far: the number the next one will get.
  uint64_t total() const { return total_; }
  // The oldest event still held; events [oldest(), total()) can be read.
  uint64_t oldest() const { return total_ > ring_.size() ? total_ - ring_.size() : 0; }
  size_t retained() const { return static_cast<size_t>(total_ - oldest()); }
  const SimEvent& At(uint64_t number) const {
    if (number < oldest() || number >= total_) throw std::out_of_range("SimEventLog::At");
    return ring_[number % ring_.size()];
  }
  // The retained events, oldest first.
  std::vector<SimEvent> Retained() const {
    std::vector<SimEvent> events;
    events.reserve(retained());
    for (uint64_t i = oldest(); i < total_; ++i) events.push_back(At(i));
    return events;
  }

  uint64_t count(SimEventKind kind) const {
    return by_kind_[static_cast<size_t>(kind) % kSimEventKinds];
  }
  const StallTotals& stalls() const { return stalls_; }

 private:
  std::vector<SimEvent> ring_;  // event n at n % size
  uint64_t total_ = 0;
  std::array<uint64_t, kSimEventKinds> by_kind_{};
  StallTotals stalls_;
  Sink sink_;
};

}  // namespace flashscope
