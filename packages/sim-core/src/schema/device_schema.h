// The whole device schema (issue 16): the core sections (config/
// device_settings.h) plus every registry's choices and the parameters its
// plug-ins declare, assembled once. Everything that needs the whole schema
// lives here: reading device JSON (ParseDevice, ParseDeviceText, LoadDevice,
// ApplyOverride), checking relations between keys (Validate), writing the
// effective device (WriteDevice) and the JSON Schema (DeviceJsonSchema).
//
// Every key has a default, so {"cell": "tlc"} is a valid device; unknown
// keys and impossible values are InputErrors naming the file and the line of
// the key. Times in the JSON are microseconds unless the key says _ms.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/device_config.h"
#include "config/setting.h"
#include "util/json.h"

namespace flashscope {

// The root table of the whole device, plug-in parameters included.
const std::vector<Setting>& DeviceSettings();

// Gives the choice `key` of `settings` a registry's entries (its Infos(), in
// table order), and inserts the parameters they declare right after it (a
// key several plug-ins declare, once). How DeviceSettings() is assembled.
void AddRegistry(std::vector<Setting>& settings, std::string_view key,
                 const std::vector<PolicyInfo>& registry);

// The device JSON Schema (draft 2020-12), pretty-printed: what `flashscope
// schema` prints and public/schema/device.schema.json holds.
const std::string& DeviceJsonSchema();

// Builds a config from parsed device JSON. Throws InputError(file, line, ...)
// for unknown keys, wrong types, unknown enum names and out-of-range values,
// and (line 0) for an impossible geometry as a whole (see Validate).
DeviceConfig ParseDevice(const json::Value& root, const std::string& file);

// A relation between keys that does not hold: the message, and the dotted
// keys it concerns, the first one the file gives being where it is reported.
struct DeviceProblem {
  std::vector<std::string> keys;
  std::string problem;
};

// Checks relations between keys: page_bytes a multiple of
// mapping_unit_bytes, pages_per_block a multiple of bits per cell,
// overprovision > 0 and large enough to leave the GC reserve, total mapping
// units below 2^32, thresholds in range, names the registries know, and for
// a zoned drive the zns relations (zone size a multiple of the erase block,
// capacity <= size, classes <= max_open, max_active >= max_open, no SLC
// cache, 4096-byte mapping unit; the GC reserve check is then left out: a
// zoned drive has no device GC). nullopt when the device is consistent.
std::optional<DeviceProblem> FindDeviceProblem(const DeviceConfig& config);

// FindDeviceProblem as an InputError naming config.file (line 0).
void Validate(const DeviceConfig& config);

// The smallest overprovision (to 0.001) the GC-reserve check accepts for
// this geometry and these thresholds; 0 for a zoned drive (no device GC).
double MinimumOverprovision(const DeviceConfig& config);

// A device tree read with every key checked, its relations checked without
// throwing: `problem` is the first broken relation, `problem_key` the
// first of its keys the tree gives (else its first key) and `line` that
// key's line (0: not in the file). Throws InputError for what the reader
// itself refuses (unknown key, type, range, choice).
struct DeviceReading {
  DeviceConfig config;
  std::optional<DeviceProblem> problem;
  std::string problem_key;
  uint32_t line = 0;
};
DeviceReading ReadDeviceChecked(const json::Value& root, const std::string& file);

// Applies --set KEY=VALUE to a device JSON tree before ParseDevice:
// "gc.victim=fifo", "geometry.channels=4", "overprovision=0.28". Creates
// intermediate objects as needed; the value is parsed with json::ParseLoose.
// Throws InputError("--set", 0, ...) for a malformed assignment.
void ApplyOverride(json::Value& root, std::string_view assignment);

// Device JSON text -> config: parses it (errors name `file`), applies the
// overrides to the tree in order, then ParseDevice. config.file = file.
DeviceConfig ParseDeviceText(std::string_view text, const std::string& file,
                             const std::vector<std::string>& overrides);

// Device JSON text with overrides applied, as a tree (ParseDeviceText's
// first two steps).
json::Value DeviceTree(std::string_view text, const std::string& file,
                       const std::vector<std::string>& overrides);

// Reads a device from a path or "preset:NAME" (presets_dir/NAME.json), applies
// overrides in order, parses and validates.
DeviceConfig LoadDevice(const std::string& spec, const std::string& presets_dir,
                        const std::vector<std::string>& overrides);

// Names of presets_dir/*.json, sorted; empty when the directory is missing.
std::vector<std::string> ListPresets(const std::string& presets_dir);

// The path of "preset:NAME"; throws InputError naming the available presets.
std::string ResolvePreset(const std::string& spec, const std::string& presets_dir);

// Writes the effective configuration (every key, defaults included) as the
// same JSON shape ParseDevice reads, so a result can be re-run.
void WriteDevice(json::Writer& out, const DeviceConfig& config);

}  // namespace flashscope
