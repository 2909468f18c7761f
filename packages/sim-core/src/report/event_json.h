// One SimEvent as JSON — the shape of the result's "events" entries and of
// protocol.ts's SimEvent, shared by the CLI report and the worker's frames.
#pragma once

#include "engine/sim_events.h"
#include "util/json.h"

namespace flashscope {

void WriteEvent(json::Writer& out, const SimEvent& event);

}  // namespace flashscope
