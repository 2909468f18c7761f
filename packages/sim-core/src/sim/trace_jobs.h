// A trace as the host's job (the trace counterpart of sim/fio_jobs.h), and
// the result JSON's "trace" object for a trace run.
#pragma once

#include <memory>

#include "host/host.h"
#include "nand/layout.h"
#include "sim/trace_device_fit.h"
#include "trace/byte_input.h"
#include "trace/trace_options.h"
#include "trace/trace_source.h"
#include "util/json.h"

namespace flashscope {

struct TraceJob {
  JobSpec job;                // name = the input's name; iodepth = options.queue_depth
  const TraceSource* source;  // owned by job.source
};

// Builds the job replaying `input` onto a drive of `layout` (its logical
// capacity). InputError for binary / undetectable input, or (compact
// mapping) a bad line found by the pre-pass under bad_lines stop.
TraceJob JobFromTrace(std::unique_ptr<IByteInput> input, const TraceOptions& options,
                      const DeviceLayout& layout);

// The result JSON's "trace" object:
//   name, format, confidence, repair_warnings [{text, option, value}] (the
//   clock repairs that decide the figures: TraceScanner::RepairWarnings),
//   options (WriteTraceOptions), requests, reads,
//   writes, trims, read_bytes, write_bytes, trim_bytes (as replayed: after
//   clamping), lines, bytes_read, size_bytes (null when unknown; the file
//   as stored), compression, decompressed_bytes (text bytes read),
//   bad_lines, bad_line_examples [{line, reason}], skipped_lines,
//   zero_length_records, filtered_records (volume filter / before the
//   window), out_of_order (records earlier than a time read before them:
//   sorted, or late), clamped_requests, trims_skipped,
//   capacity_bytes, compact_extents (compact mapping: 1 MiB extents packed),
//   comment_lines, late_records, clock_resolution_ns, spread_records
//   (records moved off their coarse tick's start), volume_placement
//   ("regions" | "shared" | "single"), volumes (distinct ids),
//   wrapped_volumes (regions smaller than their volume's need), flushes
//   (flush requests replayed), fua_writes, clamped_bytes (cut off clamped
//   requests), footprint_bytes (distinct 4 KiB blocks the replayed records
//   touch, as trace inspect counts them), footprint_estimated (beyond the
//   footprint's fixed budget), max_offset_bytes (highest end offset, the
//   trace's addresses), wrapped (addresses past the drive were put back
//   onto it: TraceSource::wrapped; the text output says what would hold
//   the trace, sim/trace_device_fit.h),
//   volume_regions [{id, requests, region_offset_bytes, region_bytes,
//   need_bytes}] (regions only; the kVolumeRegionsShown busiest), notes
//   [sentences: clock sorted / spread, how volumes were placed].
inline constexpr size_t kVolumeRegionsShown = 16;

// The replay's own footprint figures, for FitTraceToDrive.
TraceFootprint ReplayFootprint(const TraceSource& source);

void WriteTraceReplay(json::Writer& out, const TraceSource& source);

}  // namespace flashscope
