// One SimEvent as JSON — the shape of the result's "events" entries and of
// protocol.ts's SimEvent, shared by the CLI report and the worker's frames;
// and the log's stall totals, the result's "stalls" and the frame meta's.
#pragma once

#include "engine/sim_events.h"
#include "util/json.h"

namespace flashscope {

void WriteEvent(json::Writer& out, const SimEvent& event);

// Host write stalls (waits over WriteBuffer::kStallThresholdNs for buffer
// space), and how much of that time GC or migration was running: the
// internal work the stalls are attributed to. {count, wait_ms, gc_wait_ms,
// migration_wait_ms}, from the log's running totals, so they count every
// stall however few events the log keeps or a frame carries.
void WriteStalls(json::Writer& out, const SimEventLog& log);

}  // namespace flashscope
