// Reading device JSON with the whole schema (see device_schema.h): the
// tables check every key where it stands (config/setting.cpp); the zns and
// classic relations are then reported at their key's line, the rest by
// Validate.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "schema/device_relations.h"
#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

using json::Value;

constexpr std::string_view kPresetPrefix = "preset:";

// The value at a dotted key path of the tree, or nullptr.
const Value* FindPath(const Value& root, std::string_view path) {
  const Value* node = &root;
  while (node != nullptr && !path.empty()) {
    const size_t dot = path.find('.');
    node = node->is_object() ? node->Find(path.substr(0, dot)) : nullptr;
    path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
  }
  return node;
}

// The first of `keys` the tree gives, or nullptr.
const Value* FirstGiven(const Value& root, const std::vector<std::string>& keys,
                        std::string* key = nullptr) {
  for (const std::string& candidate : keys) {
    if (const Value* at = FindPath(root, candidate)) {
      if (key != nullptr) *key = candidate;
      return at;
    }
  }
  return nullptr;
}

// Reads the tree with every key checked, then (report_relations) the zns and
// classic relations at the line of the first key involved that the file
// gives (else the root).
DeviceConfig ReadTree(const Value& root, const std::string& file, bool report_relations) {
  DeviceConfig config;
  config.file = file;
  const bool tree_from_text = root.line() > 0;
  ReadSettings(root, DeviceSettings(), config, file, tree_from_text);
  if (!report_relations) return config;
  std::optional<DeviceProblem> problem = FindZnsProblem(config);
  if (!problem) problem = FindClassicProblem(config);
  if (problem) {
    const Value* at = FirstGiven(root, problem->keys);
    if (at == nullptr) at = &root;
    const bool from_set = tree_from_text && at->line() == 0;
    throw InputError(file, at->line(),
                     from_set ? problem->problem + " (from --set)" : problem->problem);
  }
  return config;
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

// Names of presets_dir/*.json, sorted; empty when the directory is missing.
std::vector<std::string> ListPresets(const std::string& presets_dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code error;
  fs::directory_iterator it(presets_dir.empty() ? "." : presets_dir, error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    const std::string file_name = it->path().filename().string();
    if (EndsWith(file_name, ".json") && it->is_regular_file(error)) {
      names.push_back(file_name.substr(0, file_name.size() - 5));
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

static std::string PresetPath(const std::string& presets_dir, const std::string& name) {
  return presets_dir.empty() ? name + ".json" : presets_dir + "/" + name + ".json";
}

std::string ResolvePreset(const std::string& spec, const std::string& presets_dir) {
  const std::string name = spec.substr(kPresetPrefix.size());
  const std::vector<std::string> available = ListPresets(presets_dir);
  const bool plain_name =
      !name.empty() && name[0] != '.' && name.find_first_of("/\\") == std::string::npos;
  if (plain_name && std::find(available.begin(), available.end(), name) != available.end()) {
    return PresetPath(presets_dir, name);
  }
  if (available.empty()) {
    throw InputError(
        spec, 0, "unknown preset " + Quoted(name) + "; no presets found in " + Quoted(presets_dir));
  }
  const std::string suggestion =
      ClosestName(name, std::vector<std::string_view>(available.begin(), available.end()));
  throw InputError(
      spec, 0,
      "unknown preset " + Quoted(name) +
          (suggestion.empty() ? "" : " (did you mean " + Quoted(suggestion) + "?)") +
          "; available presets: " +
          JoinNames(std::vector<std::string_view>(available.begin(), available.end())));
}

namespace {

std::string ReadDeviceFile(const std::string& path, const std::string& spec,
                           const std::string& presets_dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::exists(path, error)) {
    // "--device qlc" for "--device preset:qlc" is an easy slip.
    const auto presets = ListPresets(presets_dir);
    const bool is_preset = std::find(presets.begin(), presets.end(), spec) != presets.end();
    throw InputError(path, 0,
                     "no such device file" +
                         (is_preset ? "; did you mean \"preset:" + spec + "\"?" : std::string()));
  }
  if (fs::is_directory(path, error)) {
    throw InputError(path, 0, "is a directory, not a device file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError(path, 0, std::string("cannot open the device file: ") + std::strerror(errno));
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError(path, 0, "error while reading the device file");
  return text;
}

// Values from --set have no line in the file; clearing the one ParseLoose
// gave them (line 1 of the --set text) keeps errors from pointing at a wrong
// line of the device file.
void ClearPositions(Value& value) {
  value.set_position(0, 0);
  for (Value& item : value.items()) ClearPositions(item);
  if (value.is_object()) {
    std::vector<std::string> keys;
    for (const auto& member : value.members()) keys.push_back(member.first);
    for (const std::string& key : keys) ClearPositions(*value.Find(key));
  }
}

}  // namespace

DeviceConfig ParseDevice(const json::Value& root, const std::string& file) {
  DeviceConfig config = ReadTree(root, file, /*report_relations=*/true);
  Validate(config);
  return config;
}

DeviceReading ReadDeviceChecked(const json::Value& root, const std::string& file) {
  DeviceReading reading;
  // Every relation, the zns and classic ones included, is reported at its
  // key below.
  reading.config = ReadTree(root, file, /*report_relations=*/false);
  reading.problem = FindDeviceProblem(reading.config);
  if (reading.problem) {
    if (const Value* at = FirstGiven(root, reading.problem->keys, &reading.problem_key)) {
      reading.line = at->line();
    } else {
      reading.problem_key = reading.problem->keys.front();
    }
  }
  return reading;
}

void ApplyOverride(json::Value& root, std::string_view assignment) {
  const auto fail = [&](const std::string& problem) { throw InputError("--set", 0, problem); };
  const size_t equals = assignment.find('=');
  if (equals == std::string_view::npos) {
    fail("expected KEY=VALUE, got " + Quoted(assignment));
  }
  const std::string_view key = assignment.substr(0, equals);
  const std::string_view text = assignment.substr(equals + 1);
  if (key.empty()) fail("missing key before '=' in " + Quoted(assignment));
  if (!root.is_object()) {
    fail("cannot apply " + Quoted(assignment) + ": the device is " + json::TypeName(root.type()) +
         ", not an object");
  }
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    const size_t dot = key.find('.', start);
    parts.push_back(key.substr(start, dot - start));
    if (parts.back().empty()) fail("empty key component in " + Quoted(key));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  Value* node = &root;
  std::string path;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    path += (i == 0 ? "" : ".") + std::string(parts[i]);
    Value* child = node->Find(parts[i]);
    // null stands for "absent" (e.g. "slc_cache": null), so it may grow keys.
    if (child == nullptr || child->is_null()) {
      child = &node->Set(parts[i], Value::Object());
    } else if (!child->is_object()) {
      fail("cannot set " + std::string(key) + ": " + path + " is " + json::TypeName(child->type()) +
           ", not an object");
    }
    node = child;
  }
  Value value = json::ParseLoose(text);
  ClearPositions(value);
  node->Set(parts.back(), std::move(value));
}

json::Value DeviceTree(std::string_view text, const std::string& file,
                       const std::vector<std::string>& overrides) {
  Value root = json::Parse(text, file);
  if (!root.is_object()) {
    throw InputError(
        file, root.line(),
        std::string("a device file must hold a JSON object; got ") + json::TypeName(root.type()));
  }
  for (const std::string& assignment : overrides) ApplyOverride(root, assignment);
  return root;
}

DeviceConfig ParseDeviceText(std::string_view text, const std::string& file,
                             const std::vector<std::string>& overrides) {
  DeviceConfig config = ParseDevice(DeviceTree(text, file, overrides), file);
  config.file = file;
  return config;
}

DeviceConfig LoadDevice(const std::string& spec, const std::string& presets_dir,
                        const std::vector<std::string>& overrides) {
  const bool is_preset = spec.compare(0, kPresetPrefix.size(), kPresetPrefix) == 0;
  const std::string path = is_preset ? ResolvePreset(spec, presets_dir) : spec;
  // Errors name the file the user can open (the preset's path); the config
  // remembers how it was asked for.
  DeviceConfig config = ParseDeviceText(ReadDeviceFile(path, spec, presets_dir), path, overrides);
  config.file = spec;
  return config;
}

}  // namespace flashscope
