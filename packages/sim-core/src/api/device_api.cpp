// fs_device_schema and fs_effective_device (api/flashscope_api.h): the core
// answers what the UI would otherwise copy (docs/conventions.md convention 14): the
// device's keys, defaults, limits and choices, and the figures derived from
// a device (capacities, reserves, the smallest over-provisioning GC accepts),
// and the workload template sized to its SLC cache (fs_burst_template).
// Session-less: the answer lives in a static until the next call.
#include <cmath>
#include <exception>
#include <string>

#include "api/api_guard.h"
#include "api/flashscope_api.h"
#include "api/session.h"
#include "nand/layout.h"
#include "schema/device_schema.h"
#include "sim/burst_template.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {
namespace {

const char* DriveKind(const DeviceConfig& config) {
  if (config.zns.enabled) return "zoned";
  return UsesClassicDevice(config) ? "classic" : "conventional";
}

// Whether the geometry can be computed despite `problem`: a zoned drive's
// broken zone relations or a drive too large to address are not.
bool GeometryComputable(const DeviceReading& reading) {
  if (!reading.problem) return true;
  if (reading.config.zns.enabled) return false;
  const std::string& first = reading.problem->keys.front();
  return first != "geometry" && first != "geometry.page_bytes";
}

void WriteDerived(json::Writer& out, const DeviceConfig& config) {
  const DeviceLayout layout = DeviceLayout::From(config);
  out.BeginObject()
      .FieldString("kind", DriveKind(config))
      .FieldUint("logical_bytes", layout.logical_bytes)
      .FieldUint("physical_bytes", layout.physical_units * layout.unit_bytes)
      .FieldUint("blocks_per_plane", layout.blocks_per_plane)
      .FieldUint("planes", layout.planes)
      .FieldUint("static_slc_blocks_per_plane", layout.static_slc_blocks_per_plane)
      .FieldUint("gc_reserve_blocks_per_plane", layout.gc_reserve_blocks)
      .FieldUint("gc_background_reserve_blocks_per_plane", layout.background_reserve_blocks);
  const double minimum = MinimumOverprovision(config);
  out.Key("min_overprovision");
  if (std::isfinite(minimum)) {
    out.Number(minimum);
  } else {
    out.Null();  // no over-provisioning leaves GC its reserve
  }
  if (config.zns.enabled) {
    out.FieldUint("zones", ZnsZoneCount(config))
        .FieldUint("zone_bytes", ZnsZoneBytes(config))
        .FieldUint("zone_capacity_bytes", ZnsZoneCapacityBytes(config));
  }
  out.EndObject();
}

void WriteError(json::Writer& out, const InputError& error, const std::string& key) {
  out.BeginObject()
      .FieldString("kind", "input")
      .FieldString("message", error.what())
      .FieldString("file", error.file())
      .FieldUint("line", error.line())
      .FieldString("problem", error.problem());
  out.Key("key");
  if (key.empty()) {
    out.Null();
  } else {
    out.String(key);
  }
  out.EndObject();
}

std::string EffectiveDevice(const char* device_json, const char* options_json) {
  json::Writer out;
  out.BeginObject();
  try {
    const SessionOptions options = ParseSessionOptions(options_json ? options_json : "");
    const json::Value tree =
        DeviceTree(device_json ? device_json : "", options.device_name, options.sets);
    const DeviceReading reading = ReadDeviceChecked(tree, options.device_name);
    out.Key("device");
    WriteDevice(out, reading.config);
    out.Key("derived");
    if (GeometryComputable(reading)) {
      WriteDerived(out, reading.config);
    } else {
      out.Null();
    }
    out.Key("error");
    if (reading.problem) {
      WriteError(out, InputError(options.device_name, reading.line, reading.problem->problem),
                 reading.problem_key);
    } else {
      out.Null();
    }
  } catch (const InputError& error) {
    // The reader refused a key: no device to describe.
    json::Writer failed;
    failed.BeginObject();
    failed.Key("device").Null();
    failed.Key("derived").Null();
    failed.Key("error");
    WriteError(failed, error, error.key());
    failed.EndObject();
    return failed.Take();
  }
  out.EndObject();
  return out.Take();
}

std::string& EffectiveDeviceAnswer() {
  static std::string answer;
  return answer;
}

}  // namespace
}  // namespace flashscope

extern "C" {

const char* fs_device_schema() { return flashscope::DeviceJsonSchema().c_str(); }

const char* fs_effective_device(const char* device_json, const char* options_json) {
  try {
    std::string& answer = flashscope::EffectiveDeviceAnswer();
    answer = flashscope::EffectiveDevice(device_json, options_json);
    return answer.c_str();
  } catch (...) {
    return "null";  // out of memory, or a fault: the call itself failed
  }
}

const char* fs_burst_template(const char* device_json, const char* options_json, double multiple,
                              double idle_s, double bursts) {
  static std::string answer;  // valid until the next call, as the header promises
  return flashscope::ApiGuard<const char*>(nullptr, [&] {
    const flashscope::SessionOptions options =
        flashscope::ParseSessionOptions(options_json ? options_json : "");
    const flashscope::DeviceConfig device = flashscope::ParseDeviceText(
        device_json ? device_json : "", options.device_name, options.sets);
    flashscope::BurstTemplateRequest request;
    request.multiple = multiple;
    request.idle_s = idle_s;
    // A count out of range (or NaN) is refused by MakeBurstTemplate.
    request.bursts = bursts >= 1 && bursts <= 1000 ? static_cast<uint32_t>(bursts) : 0;
    if (bursts != std::floor(bursts)) request.bursts = 0;
    answer = flashscope::BurstTemplateJson(
        flashscope::MakeBurstTemplate(device, request, options.device_name));
    return answer.c_str();
  });
}

}  // extern "C"
