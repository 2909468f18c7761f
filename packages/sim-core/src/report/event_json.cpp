#include "report/event_json.h"

namespace flashscope {

void WriteEvent(json::Writer& out, const SimEvent& e) {
  static const char* kKinds[] = {"gc_start", "gc_end", "stall"};
  out.BeginObject();
  out.FieldString("kind", kKinds[static_cast<uint32_t>(e.kind)]);
  out.Field("t_ms", e.time_ns / 1e6);
  if (e.kind == SimEventKind::kStall) {
    out.Field("duration_ms", e.duration_ns / 1e6);
    out.FieldBool("during_gc", e.flag != 0);
  } else {
    out.FieldUint("block", e.block);
    out.FieldUint(e.kind == SimEventKind::kGcStart ? "valid_units" : "units_moved", e.value);
    if (e.kind == SimEventKind::kGcEnd) out.Field("duration_ms", e.duration_ns / 1e6);
    out.FieldBool("background", e.flag != 0);
  }
  out.EndObject();
}

}  // namespace flashscope
