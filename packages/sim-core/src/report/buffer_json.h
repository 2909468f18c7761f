// The write buffer and the end of a run in JSON: the result's "end_of_run"
// and "write_buffer" objects, which the live snapshot meta carries too
// (end_of_run once the run has finished), written by the same functions so
// the app shows the core's figures to the byte. docs: the README's result
// section.
#pragma once

#include "sim/simulator.h"
#include "util/json.h"

namespace flashscope {

// What the drive still held when the host's last request completed, and
// what draining it cost (sim/simulator.h EndOfRunStats). The run's nand
// figures and waf include the drain; throughput and latency do not.
//   host_end_ms, drain_ms, buffered_bytes (host data in the buffer at
//   host_end_ms), buffer_drained_bytes, buffer_held_bytes (still buffered
//   at the end: a zoned drive's partial wordlines), drain_page_programs,
//   drain_nand_write_bytes,
//   drain_programs_by_cause   the drain's page programs by cause, with
//     nand.programs_by_cause's names: "host" the buffered host data, "gc"
//     the copies of garbage collection its writes started (or found under
//     way), "padding" the dummy data closing its partial wordlines, ...
//     A drain can program far more than the buffer held: on a full drive
//     its writes need GC.
void WriteEndOfRun(json::Writer& out, const Simulator& sim);

// What the write buffer kept from reaching flash, so far:
//   buffered_bytes     host data in the buffer now, not yet sent to flash
//                      (at a run's end: end_of_run.buffer_held_bytes)
//   overwritten_bytes  host writes replaced in the buffer by a later write
//                      of the same mapping unit before they reached flash:
//                      only the later copy is programmed
//   trimmed_bytes      host writes trimmed while still in the buffer
// In mapping units (whole units, as the buffer holds them). With them a
// finished run's WAF can be below 1 with nothing left in the buffer.
void WriteWriteBuffer(json::Writer& out, const Simulator& sim);

}  // namespace flashscope
