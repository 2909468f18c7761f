#include "trace/trace_jobs.h"

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

void WriteTraceReplay(json::Writer& out, const TraceSource& source) {
  out.BeginObject();
  out.FieldString("name", source.name());
  out.FieldString("format", source.format());
  out.Field("confidence", source.confidence());
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
  out.EndObject();
}

}  // namespace flashscope
