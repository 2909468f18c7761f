// TraceOptions: how a trace replays — which format reads it, which records
// are kept (volume, time window, count), how fast they arrive (open loop at
// the trace's timestamps scaled by `speed`, or closed loop at a queue depth),
// how addresses map onto the simulated drive, and what a bad line does.
// The same keys are used by the CLI's scenario files ("trace": {...}), the C
// API (fs_create / fs_trace_open) and the worker protocol (protocol.ts
// TraceOptions):
//   format           "auto" (default) or one of kTraceFormatNames
//   csv_columns      the csv format's column mapping (trace/impl/csv.cpp)
//   blkparse_action  "Q" (default) or "D"
//   volume           keep only records of this device / volume id ("" = all);
//                    a number is taken as its decimal text
//   speed            open loop: inter-arrival times divided by this (> 0)
//   queue_depth      0 (default): open loop; N: closed loop at QD N
//   address_map      "wrap" (default) | "compact"
//   max_requests     replay at most this many records (0 = all)
//   window_start_s   seconds after the first kept record (default 0)
//   window_end_s     seconds after the first kept record; < 0: to the end
//   bad_lines        "stop" (default) | "skip"
//   clock            "spread" (default): records are sorted by time within a
//                    bounded window and records sharing a coarse tick
//                    (>= 1 ms, e.g. Tencent's whole seconds) are spread
//                    evenly across it; "sorted": sorted, ticks kept;
//                    "as_is": file order, ticks kept (an earlier record
//                    takes its predecessor's time)
//   late_records     "keep" (default): a record the clock cannot put in
//                    order (out of order by more than the sorting window;
//                    with clock "as_is", any record earlier than its
//                    predecessor) replays at its predecessor's time;
//                    "drop": it is left out (counted). The alternative a
//                    repair warning offers when such records decide the
//                    figures (TraceScanner::RepairWarnings, README "Traces")
//   volume_placement "regions" (default): each volume of a multi-volume
//                    trace gets its own region of the drive; "shared": all
//                    volumes share one address space (they may alias)
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "trace/i_trace_format.h"
#include "util/json.h"

namespace flashscope {

enum class AddressMap { kWrap, kCompact };
enum class BadLinePolicy { kStop, kSkip };
enum class TraceClock { kSpread, kSorted, kAsIs };
enum class LateRecords { kKeep, kDrop };
enum class VolumePlacement { kRegions, kShared };

// Deepest closed-loop queue the host is asked to keep (NVMe allows 64 K
// commands per queue; deeper is not a device anyone runs).
inline constexpr uint32_t kMaxTraceQueueDepth = 65536;

struct TraceOptions {
  std::string format = "auto";        // "auto" or a kTraceFormatNames entry
  TraceFormatOptions format_options;  // blkparse_action, csv_columns
  std::string volume;                 // keep only records of this device/volume id ("" = all)
  double speed = 1;                   // open loop: arrival times divided by this
  uint32_t queue_depth = 0;           // 0: open loop (trace timestamps); N: closed loop at QD N
  AddressMap address_map = AddressMap::kWrap;
  uint64_t max_requests = 0;  // 0: all
  double window_start_s = 0;  // relative to the first kept record
  double window_end_s = -1;   // < 0: to the end
  BadLinePolicy bad_lines = BadLinePolicy::kStop;
  TraceClock clock = TraceClock::kSpread;
  LateRecords late_records = LateRecords::kKeep;
  VolumePlacement volume_placement = VolumePlacement::kRegions;
};

// Reads the keys above from a JSON object. `other_keys` are accepted and
// ignored (the caller reads them, e.g. "path"). InputError(file, line of the
// offending value, ...) for an unknown key, a wrong type or a bad value.
TraceOptions ParseTraceOptions(const json::Value& object, const std::string& file,
                               std::initializer_list<std::string_view> other_keys = {});

// Writes every key above as one JSON object (the result JSON's
// trace.options, the summary's echo of what was asked).
void WriteTraceOptions(json::Writer& out, const TraceOptions& options);

const char* AddressMapName(AddressMap map);                  // "wrap" | "compact"
const char* BadLinePolicyName(BadLinePolicy p);              // "stop" | "skip"
const char* TraceClockName(TraceClock clock);                // "spread" | "sorted" | "as_is"
const char* LateRecordsName(LateRecords late);               // "keep" | "drop"
const char* VolumePlacementName(VolumePlacement placement);  // "regions" | "shared"

}  // namespace flashscope
