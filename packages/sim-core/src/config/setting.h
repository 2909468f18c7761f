// Setting descriptors: one entry per device JSON key, from which the reader,
// the writer (WriteDevice) and the JSON Schema are all produced, so a key is
// declared once (issue 16). A section (root, geometry, gc, ...) is a table of
// settings; plug-ins declare theirs next to their code and the registries
// carry them with the plug-in's name, label and description (PolicyInfo).
// schema/device_schema.cpp assembles the whole device from these tables.
//
// A setting knows where its value lives in a DeviceConfig (`at`), so a
// default is whatever DeviceConfig{} holds: the struct initialisers stay the
// one source of the defaults.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "config/param_bag.h"
#include "util/json.h"

namespace flashscope {

struct DeviceConfig;
enum class CellMode : uint8_t;

enum class SettingType : uint8_t {
  kBool,
  kInteger,          // a whole number within [minimum, maximum]
  kNumber,           // a finite number within the range
  kString,           // free text
  kChoice,           // one of `choices`
  kMicros,           // microseconds in the JSON, integer nanoseconds in the config
  kMillis,           // milliseconds in the JSON, integer nanoseconds in the config
  kSection,          // an object of `children`
  kNullableSection,  // null (off, the default) or an object of `children` (on)
};

// One value a choice offers, in the order the UI offers them.
struct SettingChoice {
  std::string value;
  std::string label;        // what the UI shows
  std::string description;  // one line
};

// Where a leaf's value lives. CellMode* stores a choice as its position + 1
// (bits per cell).
using SettingRef = std::variant<bool*, uint32_t*, uint64_t*, double*, std::string*, CellMode*>;

struct Setting {
  std::string key;
  SettingType type = SettingType::kNumber;
  std::string description;  // one line (the schema's "description")
  std::string unit;         // the schema's "x-unit": "us", "bytes", ...
  // The range the reader enforces (integers, numbers, times).
  std::optional<double> minimum;
  std::optional<double> maximum;
  bool exclusive_minimum = false;
  bool exclusive_maximum = false;
  // Appended to a range error before the value: " (a garbage proportion)".
  std::string range_note;
  std::vector<SettingChoice> choices;  // kChoice
  std::vector<Setting> children;       // sections
  // false: read (and checked) but not written, not a device setting
  // ("$schema" in the root).
  bool written = true;
  std::function<SettingRef(DeviceConfig&)> at;  // leaves in a config field
  // Or a plug-in parameter (InParamBag): the value lives in its section's
  // bag under `key`, `fallback` (the plug-in's default) while absent.
  std::function<ParamBag&(DeviceConfig&)> bag;
  ParamBag::Value fallback;
  // Nullable sections: the flag the object turns on, and the reset to
  // defaults before it is read.
  std::function<bool&(DeviceConfig&)> enabled;
  std::function<void(DeviceConfig&)> reset;
};

// A plug-in as a registry lists it: chosen by `name` from config.
struct PolicyInfo {
  std::string name;
  std::string label;        // what the UI shows
  std::string description;  // one line
  // Its settings, in the section of the key that chooses it. Several
  // plug-ins may declare the same key (cache.bytes for lru, cflru and bplru);
  // the first declaration is the one the schema keeps.
  std::vector<Setting> parameters;
};

// Leaf constructors, so tables read as one line per key.
Setting BoolSetting(std::string key, std::string description,
                    std::function<SettingRef(DeviceConfig&)> at);
Setting StringSetting(std::string key, std::string description,
                      std::function<SettingRef(DeviceConfig&)> at);
Setting IntegerSetting(std::string key, std::string description, std::string unit, uint64_t minimum,
                       uint64_t maximum, std::function<SettingRef(DeviceConfig&)> at);
// A number in [minimum, maximum] (either end open or absent).
Setting NumberSetting(std::string key, std::string description, std::string unit,
                      std::optional<double> minimum, bool exclusive_minimum,
                      std::optional<double> maximum, bool exclusive_maximum,
                      std::function<SettingRef(DeviceConfig&)> at, std::string range_note = "");
// Microseconds, stored as nanoseconds; allow_zero false: > 0.
Setting MicrosSetting(std::string key, std::string description, bool allow_zero,
                      std::function<SettingRef(DeviceConfig&)> at);
Setting MillisSetting(std::string key, std::string description,
                      std::function<SettingRef(DeviceConfig&)> at);
Setting ChoiceSetting(std::string key, std::string description, std::vector<SettingChoice> choices,
                      std::function<SettingRef(DeviceConfig&)> at);
Setting SectionSetting(std::string key, std::string description, std::vector<Setting> children);

// A plug-in parameter: `setting` (built with a null `at`) stored in the bag
// `bag` gives, `fallback` while the device leaves it out (uint64_t for
// integers and times in nanoseconds, double, bool or std::string).
Setting InParamBag(Setting setting, std::function<ParamBag&(DeviceConfig&)> bag,
                   ParamBag::Value fallback);

// Largest integers the tables use.
inline constexpr uint64_t kMaxU32Setting = 0xffffffffu;
// JSON numbers are doubles: integers above 2^53 cannot be given exactly.
inline constexpr uint64_t kMaxExactInteger = uint64_t{1} << 53;

// The setting at `key` of `settings`, or nullptr.
const Setting* FindSetting(const std::vector<Setting>& settings, std::string_view key);
Setting* FindSetting(std::vector<Setting>& settings, std::string_view key);

// Reads one device tree into `config` with the root table `root`, checking
// each key where it stands, so errors come in file order with the key's
// line: unknown key (with the closest known one), wrong type, out of range,
// unknown choice (with the closest one). Throws InputError(file, line, ...).
// tree_from_text: a value without a line was put there by --set, and errors
// say so.
void ReadSettings(const json::Value& tree, const std::vector<Setting>& root, DeviceConfig& config,
                  const std::string& file, bool tree_from_text);

// The first value of `config` (a code-built one: the reader checks as it
// reads) outside its setting's range or choices, as {key path, problem}
// with the reader's wording; nullopt when every value is in range.
std::optional<std::pair<std::string, std::string>> FindRangeProblem(
    const std::vector<Setting>& root, const DeviceConfig& config);

// Writes every written setting of `settings` from `config`, in table order.
void WriteSettings(json::Writer& out, const std::vector<Setting>& settings,
                   const DeviceConfig& config);

// Writes the JSON Schema "properties" members of `settings` (inside an open
// object), with defaults read from `defaults`.
void WriteSettingsSchema(json::Writer& out, const std::vector<Setting>& settings,
                         const DeviceConfig& defaults);

// Every written key path of the table in write order ("gc", "gc.victim", ...).
std::vector<std::string> SettingPaths(const std::vector<Setting>& root);

// The closest name within 2 edits, or "" when none is close enough to be a
// plausible typo (at most half the word may change: "x" suggests nothing).
std::string ClosestName(std::string_view word, const std::vector<std::string_view>& names);
std::string JoinNames(const std::vector<std::string_view>& names);
std::string Quoted(std::string_view text);

}  // namespace flashscope
