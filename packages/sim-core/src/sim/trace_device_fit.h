// Does a trace fit the chosen drive? A trace replays onto the drive's
// logical capacity; one that touches more than the drive holds is wrapped
// onto it (TraceSource: addresses modulo the capacity), so blocks the trace
// keeps apart share flash, and its latencies and WAF are the small drive's,
// not the trace's. The result JSON's trace.wrapped only says that it
// happened; this says it in words with what would hold the trace, the same
// rule as a fio job bigger than the drive (sim/fio_device_fit.h): the CLI's
// text output prints it, the web app's trace panel shows it
// (data-testid trace-wrap-note) from fs_trace_fit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/fio_device_fit.h"

namespace flashscope {

// What a trace needs of a drive: trace inspect's figures for the records a
// replay keeps (TraceInspector), or a replay's own (TraceSource).
struct TraceFootprint {
  uint64_t footprint_bytes = 0;  // distinct 4 KiB blocks touched x 4096
  bool footprint_estimated = false;
  uint64_t max_offset_bytes = 0;  // the highest end offset
  uint64_t volumes = 1;           // volumes replayed (each in its own region when > 1)
  bool compact = false;           // address_map compact
};

struct TraceFit {
  // The replay puts addresses past the drive back onto it.
  bool wraps = false;
  // The sentence, "" when the trace fits: the footprint, the drive's
  // capacity and (footprint larger than the drive) the smallest preset
  // that holds the footprint, or that none does.
  std::string note;
  // That preset, when the footprint is larger than the drive and one holds it.
  std::optional<PresetSize> preset;
};

// `presets`: the shipped device presets (PresetSizesIn, or the web app's);
// empty: the note names the size a drive needs instead.
// Decimal units for the capacities and the footprint, as drives are sold:
// "the trace touches 1.4 GB ... the drive holds 53.7 MB".
TraceFit FitTraceToDrive(const TraceFootprint& trace, uint64_t capacity_bytes,
                         const std::vector<PresetSize>& presets);

}  // namespace flashscope
