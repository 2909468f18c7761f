// fs_trace_fit (api/flashscope_api.h): whether a trace fits a drive, and
// the preset that would hold it, by the core's rule (sim/trace_device_fit.h)
// rather than a copy of it in TypeScript: the web app's trace panel asks
// with the inspection's figures, the drive's capacity and the presets it
// lists. Session-less: the answer lives in a static until the next call.
#include <algorithm>
#include <string>
#include <vector>

#include "api/api_guard.h"
#include "api/flashscope_api.h"
#include "nand/layout.h"
#include "schema/device_schema.h"
#include "sim/trace_device_fit.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {
namespace {

constexpr const char* kRequestName = "trace fit request";

const json::Value& Member(const json::Value& object, std::string_view key) {
  const json::Value* value = object.Find(key);
  if (value == nullptr) {
    throw InputError(kRequestName, object.line(), "needs \"" + std::string(key) + "\"");
  }
  return *value;
}

uint64_t Bytes(const json::Value& object, std::string_view key) {
  const json::Value& value = Member(object, key);
  if (!value.is_number() || !(value.as_number() >= 0)) {
    throw InputError(kRequestName, value.line(),
                     "\"" + std::string(key) + "\" must be a number of bytes >= 0");
  }
  // Above 2^64 only when nonsense: saturate rather than wrap.
  return value.as_number() >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(value.as_number());
}

bool Flag(const json::Value& object, std::string_view key) {
  const json::Value* value = object.Find(key);
  return value != nullptr && value->is_bool() && value->as_bool();
}

std::string TraceFitAnswer(const char* request_json) {
  const json::Value request = json::Parse(request_json ? request_json : "", kRequestName);
  const json::Value& trace = Member(request, "trace");
  TraceFootprint footprint;
  footprint.footprint_bytes = Bytes(trace, "footprint_bytes");
  footprint.footprint_estimated = Flag(trace, "footprint_estimated");
  footprint.max_offset_bytes = Bytes(trace, "max_offset_bytes");
  footprint.volumes = std::max<uint64_t>(Bytes(trace, "volumes"), 1);
  footprint.compact = Flag(trace, "compact");
  std::vector<PresetSize> presets;
  const json::Value& list = Member(request, "presets");
  if (!list.is_array()) throw InputError(kRequestName, list.line(), "\"presets\" must be a list");
  for (const json::Value& preset : list.items()) {
    const json::Value& name_value = Member(preset, "name");
    if (!name_value.is_string()) {
      throw InputError(kRequestName, name_value.line(), "a preset's \"name\" must be a string");
    }
    const std::string& name = name_value.as_string();
    const DeviceConfig config = ParseDevice(Member(preset, "device"), "preset:" + name);
    presets.push_back({name, DeviceLayout::From(config).logical_bytes, config.zns.enabled});
  }
  const TraceFit fit = FitTraceToDrive(footprint, Bytes(request, "capacity_bytes"), presets);
  json::Writer out;
  out.BeginObject().FieldBool("wraps", fit.wraps).FieldString("note", fit.note);
  out.Key("preset");
  if (fit.preset) {
    out.BeginObject()
        .FieldString("name", fit.preset->name)
        .FieldUint("logical_bytes", fit.preset->logical_bytes)
        .EndObject();
  } else {
    out.Null();
  }
  out.EndObject();
  return out.Take();
}

}  // namespace
}  // namespace flashscope

extern "C" {

const char* fs_trace_fit(const char* request_json) {
  static std::string answer;  // valid until the next call, as the header promises
  return flashscope::ApiGuard<const char*>(nullptr, [&] {
    answer = flashscope::TraceFitAnswer(request_json);
    return answer.c_str();
  });
}

}  // extern "C"
