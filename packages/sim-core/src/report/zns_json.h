// The zoned drive's JSON (issue 6 contract): the result's "zns" object, the
// zns_* series columns, the snapshot meta's "zns" object, and the CLI's
// text line. Every writer writes null (or nothing) for a conventional drive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "metrics/time_series.h"
#include "sim/simulator.h"
#include "util/json.h"

namespace flashscope {

// The result JSON's "zns" value: null, or
//   { zone_count, zone_bytes, zone_capacity_bytes, max_open, max_active,
//     host_ftl (false when every job is zonemode=zbd), placement, gc_victim,
//     gc_threshold, classes, logical_bytes, waf (host FTL: (user + GC) /
//     user blocks; null before a user write), user_write_bytes,
//     gc_write_bytes, gc_count, resets, reclaimed_gp [4 decimals],
//     class_stats [{class (1-based), user_write_bytes, gc_write_bytes,
//       zones_filled, zones_reclaimed, mean_zone_lifetime, mean_reclaimed_gp}],
//     zone_errors {"<NVMe status name>": count} }
void WriteZnsResult(json::Writer& out, const Simulator& sim);

// The zns_waf, zns_gp, zones_open, zones_active and zns_class_waf columns
// of series points [from, end), runs of `run` points merged into their last
// (every column is a level or a figure "so far").
void WriteZnsSeriesColumns(json::Writer& out, const TimeSeries& series, size_t from, size_t end,
                           size_t run);

// What earlier snapshot metas reported of GC's data flow (one per
// SnapshotMetaWriter, like its series and event cursors): the relocated
// blocks each zone had received, and the GC victims counted, at the
// previous call.
struct ZnsMetaCursor {
  std::vector<uint64_t> gc_blocks_received;  // per zone; empty before the first call
  uint64_t gc_victims = 0;
};

// The snapshot meta's "zns" value: null, or the zones now (protocol.ts
// ZnsMeta): counts, limits, policies, WAF and bytes, and per zone its
// state code, write pointer, valid blocks and 1-based class; reclaimed
// zones by GP (gp_histogram, 20 bins of 0.05) and their exact mean
// (mean_reclaimed_gp [4 decimals], null before GC reclaimed one); then
// GC's data flow since the previous call (`cursor`, which this advances):
//   gc_targets  [[zone, blocks], ...] zones that received relocated blocks,
//               most blocks first (ties: lower zone first), at most
//               zns::kGcFlowZones of them (the ones with the most blocks;
//               when none was left out the blocks sum to the GC writes
//               since the previous call)
//   gc_sources  [zone, ...] the zones GC reclaimed, in order, the latest
//               zns::kGcFlowZones of them
// Both are empty arrays when GC did not run.
void WriteZnsMeta(json::Writer& out, const Simulator& sim, ZnsMetaCursor& cursor);

// One or two lines for `flashscope run`'s text summary ("" when conventional).
std::string ZnsResultText(const Simulator& sim);

}  // namespace flashscope
