#include "report/event_json.h"

#include <cmath>

namespace flashscope {

namespace {
// Garbage proportions with 4 decimals (they are kept as floats).
double Gp(float gp) { return std::round(static_cast<double>(gp) * 1e4) / 1e4; }

// A block the GC engine relocated for another reason than GC: "cause"
// "refresh" or "wear_leveling" (metrics/nand_counters.h names), so a reader
// does not count it as a GC run. Absent on GC's own moves, which kept the
// events of runs without refresh or wear levelling as they were.
void WriteRelocationCause(json::Writer& out, const SimEvent& e) {
  const bool relocation = e.kind == SimEventKind::kGcStart || e.kind == SimEventKind::kGcEnd;
  if (relocation && e.cause != Cause::kGc) out.FieldString("cause", CauseName(e.cause));
}
}  // namespace

void WriteEvent(json::Writer& out, const SimEvent& e) {
  static const char* kKinds[] = {"gc_start",        "gc_end",        "stall",
                                 "migration_start", "migration_end", "cache_exhausted",
                                 "cache_recovered", "zone_reset"};
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
    case SimEventKind::kZoneReset:
      out.FieldUint("zone", e.block);
      out.Key("class");
      if (e.value > 0)
        out.Uint(e.value);
      else
        out.Null();
      out.Field("gp", Gp(e.gp));
      break;
    case SimEventKind::kGcStart:
      if (e.flag & kZonedGcFlag) {
        out.FieldUint("zone", e.block);
        out.Field("gp", Gp(e.gp));
        break;
      }
      [[fallthrough]];
    case SimEventKind::kMigrationStart:
      out.FieldUint("block", e.block);
      out.FieldUint("valid_units", e.value);
      out.FieldBool("background", e.flag != 0);
      WriteRelocationCause(out, e);
      break;
    case SimEventKind::kGcEnd:
      if (e.flag & kZonedGcFlag) {
        out.FieldUint("zone", e.block);
        out.FieldUint("moved", e.value);
        break;
      }
      [[fallthrough]];
    case SimEventKind::kMigrationEnd:
      out.FieldUint("block", e.block);
      out.FieldUint("units_moved", e.value);
      out.Field("duration_ms", e.duration_ns / 1e6);
      out.FieldBool("background", e.flag != 0);
      WriteRelocationCause(out, e);
      break;
  }
  out.EndObject();
}

void WriteStalls(json::Writer& out, const SimEventLog& log) {
  const StallTotals& stalls = log.stalls();
  out.BeginObject();
  out.FieldUint("count", stalls.count);
  out.Field("wait_ms", stalls.wait_ms);  // summed over the stalled requests
  out.Field("gc_wait_ms", stalls.gc_wait_ms);
  out.Field("migration_wait_ms", stalls.migration_wait_ms);
  out.EndObject();
}

}  // namespace flashscope
