#include "sim/trace_jobs.h"

#include <algorithm>
#include <vector>

namespace flashscope {

TraceJob JobFromTrace(std::unique_ptr<IByteInput> input, const TraceOptions& options,
                      const DeviceLayout& layout) {
  // The conventional FTL unmaps trimmed units (Controller::SubmitTrim), so
  // trims replay as trims.
  constexpr bool kControllerTrims = true;
  const std::string name = input->name();
  auto source = std::make_unique<TraceSource>(std::move(input), options, layout.logical_bytes,
                                              kControllerTrims);
  TraceJob trace;
  trace.source = source.get();
  trace.job.name = name;
  trace.job.iodepth = options.queue_depth;
  trace.job.source = std::move(source);
  return trace;
}

TraceFootprint ReplayFootprint(const TraceSource& source) {
  TraceFootprint footprint;
  footprint.footprint_bytes = source.footprint_bytes();
  footprint.footprint_estimated = source.footprint_estimated();
  footprint.max_offset_bytes = source.max_offset_bytes();
  footprint.volumes = std::max<size_t>(source.volume_regions().size(), 1);
  footprint.compact = source.options().address_map == AddressMap::kCompact;
  return footprint;
}

void WriteTraceReplay(json::Writer& out, const TraceSource& source) {
  out.BeginObject();
  out.FieldString("name", source.name());
  out.FieldString("format", source.format());
  out.Field("confidence", source.confidence());
  // A repair that decides the figures is said first.
  WriteRepairWarnings(out, source.scanner());
  out.Key("options");
  WriteTraceOptions(out, source.options());
  out.FieldUint("requests", source.requests());
  out.FieldUint("reads", source.requests(IoOp::kRead));
  out.FieldUint("writes", source.requests(IoOp::kWrite));
  out.FieldUint("trims", source.requests(IoOp::kTrim));
  out.FieldUint("read_bytes", source.bytes(IoOp::kRead));
  out.FieldUint("write_bytes", source.bytes(IoOp::kWrite));
  out.FieldUint("trim_bytes", source.bytes(IoOp::kTrim));
  out.FieldUint("lines", source.lines());
  out.FieldUint("bytes_read", source.bytes_read());
  WriteScanSize(out, source.scanner());
  WriteScanCompression(out, source.scanner());
  WriteBadLines(out, source.scanner());
  out.FieldUint("skipped_lines", source.skipped_lines());
  out.FieldUint("zero_length_records", source.zero_length_records());
  out.FieldUint("filtered_records", source.filtered_records());
  out.FieldUint("out_of_order", source.out_of_order());
  out.FieldUint("clamped_requests", source.clamped_requests());
  out.FieldUint("trims_skipped", source.trims_skipped());
  out.FieldUint("capacity_bytes", source.capacity_bytes());
  out.FieldUint("compact_extents", source.compact_extents());
  const TraceScanner& scan = source.scanner();
  out.FieldUint("comment_lines", scan.comment_lines());
  out.FieldUint("late_records", scan.late_records());
  out.FieldUint("clock_resolution_ns", scan.clock_resolution_ns());
  out.FieldUint("spread_records", scan.spread_records());
  out.FieldString("volume_placement", source.volume_placement());
  out.FieldUint("volumes", scan.volumes().size());
  out.FieldUint("wrapped_volumes", source.wrapped_volumes());
  out.FieldUint("flushes", source.flushes());
  out.FieldUint("fua_writes", source.fua_writes());
  out.FieldUint("clamped_bytes", source.clamped_bytes());
  out.FieldUint("footprint_bytes", source.footprint_bytes());
  out.FieldBool("footprint_estimated", source.footprint_estimated());
  out.FieldUint("max_offset_bytes", source.max_offset_bytes());
  out.FieldBool("wrapped", source.wrapped());
  // The regions of the busiest volumes, as many as the inspector lists.
  const auto& regions = source.volume_regions();
  std::vector<uint32_t> busiest(regions.size());
  for (uint32_t v = 0; v < busiest.size(); ++v) busiest[v] = v;
  const size_t shown = std::min<size_t>(busiest.size(), kVolumeRegionsShown);
  std::partial_sort(busiest.begin(), busiest.begin() + shown, busiest.end(),
                    [&](uint32_t a, uint32_t b) {
                      return regions[a].requests != regions[b].requests
                                 ? regions[a].requests > regions[b].requests
                                 : a < b;
                    });
  out.Key("volume_regions").BeginArray();
  for (size_t i = 0; i < shown; ++i) {
    const TraceSource::VolumeRegion& region = regions[busiest[i]];
    out.BeginObject();
    out.FieldString("id", std::string(source.volume_name(busiest[i])));
    out.FieldUint("requests", region.requests);
    out.FieldUint("region_offset_bytes", region.offset_bytes);
    out.FieldUint("region_bytes", region.bytes);
    out.FieldUint("need_bytes", region.need_bytes);
    out.EndObject();
  }
  out.EndArray();
  out.Key("notes").BeginArray();
  for (const std::string& note : source.Notes()) out.String(note);
  out.EndArray();
  out.EndObject();
}

}  // namespace flashscope
