#include "report/buffer_json.h"

#include <algorithm>

#include "report/nand_json.h"

namespace flashscope {

void WriteEndOfRun(json::Writer& out, const Simulator& sim) {
  const EndOfRunStats& end = sim.end_of_run();
  const uint64_t page_bytes = sim.layout().page_bytes;
  out.BeginObject();
  out.Field("host_end_ms", end.host_end_ns / 1e6);
  out.Field("drain_ms", (end.end_ns - end.host_end_ns) / 1e6);
  out.FieldUint("buffered_bytes", end.buffered_bytes);
  out.FieldUint("buffer_drained_bytes",
                end.buffered_bytes - std::min(end.buffered_bytes, end.held_bytes));
  out.FieldUint("buffer_held_bytes", end.held_bytes);
  out.FieldUint("drain_page_programs", end.nand.TotalPrograms());
  out.FieldUint("drain_nand_write_bytes", end.nand.TotalPrograms() * page_bytes);
  out.Key("drain_programs_by_cause");
  WriteByCause(out, end.nand.page_programs);
  out.EndObject();
}

void WriteWriteBuffer(json::Writer& out, const Simulator& sim) {
  const IDeviceFrontEnd& drive = sim.front_end();
  const uint64_t unit_bytes = sim.layout().unit_bytes;
  out.BeginObject();
  out.FieldUint("buffered_bytes", drive.buffered_units() * unit_bytes);
  out.FieldUint("overwritten_bytes", drive.overwritten_in_buffer_units() * unit_bytes);
  out.FieldUint("trimmed_bytes", drive.trimmed_in_buffer_units() * unit_bytes);
  out.EndObject();
}

}  // namespace flashscope
