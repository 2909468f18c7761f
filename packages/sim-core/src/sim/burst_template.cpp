#include "sim/burst_template.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "conventional/slc_cache.h"
#include "drive/drive_figures.h"
#include "nand/layout.h"
#include "sim/simulator.h"
#include "util/byte_text.h"
#include "util/input_error.h"
#include "util/json.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

// fio's time value: whole seconds as "10s", anything finer in milliseconds.
std::string IdleValue(uint64_t idle_ms) {
  return idle_ms % 1000 == 0 ? std::to_string(idle_ms / 1000) + "s"
                             : std::to_string(idle_ms) + "ms";
}

std::string MiBValue(uint64_t bytes) {
  return bytes == 0 ? "0" : std::to_string(bytes / kMiB) + "m";
}

// `fill_end`: where the fill level's data ends (the bursts start at or
// after it when they fit there).
std::string JobText(const BurstTemplate& burst, const std::string& drive, uint64_t idle_ms,
                    uint64_t fill_end) {
  const BurstTemplateRequest& request = burst.request;
  char multiple[32];
  std::snprintf(multiple, sizeof multiple, "%g", request.multiple);
  std::string text;
  const std::string idle_prose =
      idle_ms % 1000 == 0 ? std::to_string(idle_ms / 1000) + " s" : std::to_string(idle_ms) + " ms";
  text += "; Burst / idle / burst for " + drive + ": " + std::to_string(request.bursts) +
          " bursts of " + multiple + " x the SLC cache the run starts with (" +
          DecimalByteText(burst.cache.total_bytes()) + "),\n; " +
          DecimalByteText(burst.burst_bytes) + " each of 1 MiB sequential writes at QD32, " +
          idle_prose +
          " idle between them.\n; Idle migration folds the cache into native blocks while "
          "the drive idles,\n; so a longer idle gives the next burst more cache before its "
          "cliff.\n";
  if (burst.first_offset_bytes >= fill_end && burst.first_offset_bytes > 0) {
    text += "; The bursts start after the data the fill level put on the drive (" +
            DecimalByteText(burst.first_offset_bytes) + "), so that data stays.\n";
  } else if (burst.first_offset_bytes < fill_end) {
    text += "; The bursts do not fit after the data the fill level put on the drive (" +
            DecimalByteText(fill_end) + "): they start at " +
            DecimalByteText(burst.first_offset_bytes) + " and overwrite part of it.\n";
  }
  text += "[global]\nioengine=libaio\ndirect=1\nrw=write\nbs=1m\niodepth=32\nsize=" +
          MiBValue(burst.burst_bytes) + "\n";
  for (uint32_t i = 0; i < request.bursts; ++i) {
    text += "\n[burst-" + std::to_string(i + 1);
    if (i > 0) text += idle_ms > 0 ? "-after-" + IdleValue(idle_ms) + "-idle" : "-no-idle";
    text += "]\n";
    if (i > 0) {
      text += "stonewall\n";
      if (idle_ms > 0) text += "startdelay=" + IdleValue(idle_ms) + "\n";
    }
    text += "offset=" + MiBValue(burst.first_offset_bytes + uint64_t{i} * burst.burst_bytes) + "\n";
  }
  return text;
}

}  // namespace

SlcCapacityAtStart SlcCapacityAtStartOf(const DeviceConfig& config,
                                        const std::string& device_name) {
  // Only the conventional controller has an SLC cache (drive/i_drive.h:
  // slc_now is zeros elsewhere).
  if (!config.slc_cache.enabled || config.zns.enabled || UsesClassicDevice(config)) {
    throw InputError(device_name, 0, "this drive has no SLC cache");
  }
  const DeviceLayout layout = DeviceLayout::From(config);
  SlcCapacityAtStart cache;
  const uint64_t filled = PreconditionFillUnits(config.precondition.fill, layout.logical_units);
  if (config.precondition.random_writes > 0 && filled < layout.logical_units) {
    // Which units random writes map beyond the fill depends on the run's
    // seeded draws: run the untimed preconditioning exactly as the run will
    // (measured natively: 0.9 s for a 1 TB drive half full with 0.1x random
    // writes; 97 s for a whole 1x pass, hence the shortcut below). Beyond
    // about a second of that work the template refuses rather than hold the
    // browser's worker (and a run it is playing) for minutes.
    constexpr double kMaxRandomUnits = double{1 << 24};
    const double random_units = config.precondition.random_writes * layout.logical_units;
    if (random_units > kMaxRandomUnits) {
      throw InputError(device_name, 0,
                       "the cache after random preconditioning of a partly filled drive is only "
                       "known by running it (" +
                           std::to_string(static_cast<uint64_t>(random_units)) +
                           " random writes): for the template, set random writes to 0 or the "
                           "fill to 100 %");
    }
    Simulator sim(config, {});
    sim.Precondition();
    const SlcFigures figures = sim.drive().slc_now();
    cache.static_bytes = figures.static_capacity_bytes;
    cache.dynamic_bytes = figures.dynamic_capacity_bytes;
    return cache;
  }
  // A sequential fill maps exactly its units, and random writes after a
  // full fill map nothing new: the cache follows in closed form (well under
  // a millisecond), by the controller's own formula (conventional/slc_cache.h).
  const uint32_t allowance = SlcCache::DynamicAllowanceBlocksAt(
      config.slc_cache, layout, SlcCache::DynamicMaxBlocks(config.slc_cache, layout), filled);
  cache.static_bytes = SlcCache::StaticCapacityBytesOf(layout);
  cache.dynamic_bytes = uint64_t{allowance} * layout.planes * SlcCache::SlcBlockBytes(layout);
  return cache;
}

BurstTemplate MakeBurstTemplate(const DeviceConfig& config, const BurstTemplateRequest& request,
                                const std::string& device_name) {
  if (!(request.multiple > 0 && request.multiple <= 10)) {
    throw InputError(device_name, 0, "burst size: the multiple of the cache must be in (0, 10]");
  }
  if (!(request.idle_s >= 0 && request.idle_s <= 3600)) {
    throw InputError(device_name, 0, "idle time: must be between 0 and 3600 s");
  }
  if (request.bursts < 1 || request.bursts > 20) {
    throw InputError(device_name, 0, "bursts: must be between 1 and 20");
  }
  BurstTemplate burst;
  burst.request = request;
  burst.cache = SlcCapacityAtStartOf(config, device_name);
  if (burst.cache.total_bytes() == 0) {
    throw InputError(device_name, 0,
                     "the SLC cache has no room when the run starts (the drive is too full)");
  }
  const double mib = std::round(request.multiple * static_cast<double>(burst.cache.total_bytes()) /
                                static_cast<double>(kMiB));
  burst.burst_bytes = std::max<uint64_t>(1, static_cast<uint64_t>(mib)) * kMiB;
  const DeviceLayout layout = DeviceLayout::From(config);
  burst.user_capacity_bytes = layout.logical_bytes;
  const uint64_t needed = burst.burst_bytes * request.bursts;
  if (needed > burst.user_capacity_bytes) {
    throw InputError(device_name, 0,
                     std::to_string(request.bursts) + " bursts of " +
                         DecimalByteText(burst.burst_bytes) + " (" + DecimalByteText(needed) +
                         ") do not fit the drive's user capacity of " +
                         DecimalByteText(burst.user_capacity_bytes) +
                         ": use a smaller multiple or fewer bursts");
  }
  // After the fill's data while the bursts fit there, else as late as they fit.
  const uint64_t fill_end =
      PreconditionFillUnits(config.precondition.fill, layout.logical_units) * layout.unit_bytes;
  const uint64_t after_fill = (fill_end + kMiB - 1) / kMiB * kMiB;
  const uint64_t last_start = (burst.user_capacity_bytes - needed) / kMiB * kMiB;
  burst.first_offset_bytes = std::min(after_fill, last_start);
  // The comment names the drive itself ("tlc-500g-970evo-like"), else its file.
  const std::string drive = config.name.empty() ? device_name : config.name;
  burst.fio_text =
      JobText(burst, drive, static_cast<uint64_t>(std::llround(request.idle_s * 1000)), fill_end);
  // The same rule the panel applies to any job, on this one.
  burst.fill_overwrites =
      FillOverwrites(ParseFioJobs(burst.fio_text, "burst-template.fio"), config);
  return burst;
}

std::string BurstTemplateJson(const BurstTemplate& burst) {
  json::Writer out;
  out.BeginObject()
      .FieldUint("cache_bytes_at_start", burst.cache.total_bytes())
      .FieldUint("static_bytes", burst.cache.static_bytes)
      .FieldUint("dynamic_bytes_at_start", burst.cache.dynamic_bytes)
      .FieldUint("burst_bytes", burst.burst_bytes)
      .FieldUint("bursts", burst.request.bursts);
  out.Key("multiple").Number(burst.request.multiple);
  out.Key("idle_s").Number(burst.request.idle_s);
  out.FieldUint("user_capacity_bytes", burst.user_capacity_bytes)
      .FieldUint("first_offset_bytes", burst.first_offset_bytes)
      .FieldString("fio_text", burst.fio_text);
  WriteFillOverwrites(out, burst.fill_overwrites);
  out.EndObject();
  return out.Take();
}

}  // namespace flashscope
