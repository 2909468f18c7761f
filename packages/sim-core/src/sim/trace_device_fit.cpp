#include "sim/trace_device_fit.h"

#include "util/byte_text.h"

namespace flashscope {

namespace {

std::string Bytes(uint64_t bytes) { return DecimalByteText(static_cast<double>(bytes)); }

}  // namespace

TraceFit FitTraceToDrive(const TraceFootprint& trace, uint64_t capacity_bytes,
                         const std::vector<PresetSize>& presets) {
  TraceFit fit;
  const std::string footprint =
      (trace.footprint_estimated ? "about " : "") + Bytes(trace.footprint_bytes);
  if (trace.footprint_bytes > capacity_bytes) {
    fit.wraps = true;
    fit.preset = SmallestPresetFor(presets, trace.footprint_bytes);
    fit.note = "the trace touches " + footprint + " (its footprint) but the drive holds " +
               Bytes(capacity_bytes) +
               ": its addresses wrap onto the drive, so blocks the trace keeps apart share "
               "flash, and the figures are this drive's, not the trace's; ";
    if (presets.empty()) {
      fit.note += "a drive that holds " + footprint + " replays it without wrapping";
    } else if (!fit.preset) {
      fit.note += "no preset holds that much";
    } else {
      fit.note += "the smallest preset that holds the footprint is preset:" + fit.preset->name +
                  " (" + Bytes(fit.preset->logical_bytes) + ")";
      // Its addresses reach past that preset too: only packing the touched
      // extents keeps them apart there.
      if (!trace.compact && trace.max_offset_bytes > fit.preset->logical_bytes) {
        fit.note +=
            ", with --map compact (the addresses reach " + Bytes(trace.max_offset_bytes) + ")";
      }
    }
    return fit;
  }
  if (trace.volumes <= 1 && !trace.compact && trace.max_offset_bytes > capacity_bytes) {
    fit.wraps = true;
    fit.note = "the trace's addresses reach " + Bytes(trace.max_offset_bytes) +
               ", past the drive's " + Bytes(capacity_bytes) +
               ": they wrap onto the drive; its footprint (" + footprint +
               ") fits, and --map compact replays it without wrapping";
  }
  return fit;
}

}  // namespace flashscope
