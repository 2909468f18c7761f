#include "cli/presets.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "nand/layout.h"
#include "schema/device_schema.h"
#include "sim/fio_device_fit.h"
#include "util/json.h"

namespace flashscope {

namespace {
std::string& ExplicitDir() {
  static std::string dir;
  return dir;
}
}  // namespace

void SetPresetsDir(const std::string& dir) { ExplicitDir() = dir; }

std::string PresetsDir() {
  if (!ExplicitDir().empty()) return ExplicitDir();
  if (const char* env = std::getenv("FLASHSCOPE_PRESETS")) return env;
  // The CLI lives at packages/sim-core/build/flashscope: walk up to the repo.
  char exe[4096];
  const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    std::filesystem::path dir = std::filesystem::path(exe).parent_path();
    for (int up = 0; up < 5 && !dir.empty(); ++up, dir = dir.parent_path()) {
      const std::filesystem::path candidate = dir / "public" / "presets" / "devices";
      if (std::filesystem::is_directory(candidate)) return candidate.string();
      if (dir == dir.parent_path()) break;
    }
  }
  return "public/presets/devices";
}

std::string ListPresets(const std::string& dir, bool as_json) {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    // index.json lists the presets for the web app; it is not a device.
    if (entry.path().extension() == ".json" && entry.path().stem() != "index") {
      names.push_back(entry.path().stem().string());
    }
  }
  std::sort(names.begin(), names.end());
  json::Writer out(true);
  std::string text;
  out.BeginArray();
  for (const std::string& name : names) {
    const DeviceConfig config = LoadDevice("preset:" + name, dir, {});
    const DeviceLayout layout = DeviceLayout::From(config);
    out.BeginObject();
    out.FieldString("name", name);
    out.FieldString("cell", CellModeName(config.cell));
    out.FieldUint("logical_bytes", layout.logical_bytes);
    out.FieldString("description", config.description);
    out.FieldString("source", config.source);
    out.EndObject();
    // The description is appended as a string: it may be longer than any
    // fixed line buffer.
    char head[96];
    std::snprintf(head, sizeof head, "%-24s %-4s %8.1f GiB  ", name.c_str(),
                  CellModeName(config.cell), layout.logical_bytes / 1073741824.0);
    text += head + config.description + "\n";
  }
  out.EndArray();
  if (as_json) return out.Take() + "\n";
  if (names.empty()) return "no presets in " + dir + "\n";
  return text;
}

std::string PresetThatFits(const std::string& presets_dir, uint64_t bytes) {
  return SmallestPresetHolding(presets_dir, bytes);
}

}  // namespace flashscope
