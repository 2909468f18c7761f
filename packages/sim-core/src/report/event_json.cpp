#include "report/event_json.h"

namespace flashscope {

void WriteEvent(json::Writer& out, const SimEvent& e) {
  static const char* kKinds[] = {"gc_start",        "gc_end",        "stall",
                                 "migration_start", "migration_end", "cache_exhausted",
                                 "cache_recovered"};
  out.BeginObject();
  out.FieldString("kind", kKinds[static_cast<uint32_t>(e.kind)]);
  out.Field("t_ms", e.time_ns / 1e6);
  switch (e.kind) {
    case SimEventKind::kStall:
      out.Field("duration_ms", e.duration_ns / 1e6);
      out.FieldBool("during_gc", (e.flag & 1) != 0);
      out.FieldBool("during_migration", (e.flag & 2) != 0);
      break;
    case SimEventKind::kCacheExhausted:
      out.FieldUint("host_written_bytes", e.bytes);
      break;
    case SimEventKind::kCacheRecovered:
      break;
    case SimEventKind::kGcStart:
    case SimEventKind::kMigrationStart:
      out.FieldUint("block", e.block);
      out.FieldUint("valid_units", e.value);
      out.FieldBool("background", e.flag != 0);
      break;
    case SimEventKind::kGcEnd:
    case SimEventKind::kMigrationEnd:
      out.FieldUint("block", e.block);
      out.FieldUint("units_moved", e.value);
      out.Field("duration_ms", e.duration_ns / 1e6);
      out.FieldBool("background", e.flag != 0);
      break;
  }
  out.EndObject();
}

}  // namespace flashscope
