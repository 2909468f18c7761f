// Where device presets live and how `flashscope presets` lists them.
#pragma once

#include <cstdint>
#include <string>

namespace flashscope {

// --presets DIR, else $FLASHSCOPE_PRESETS, else public/presets/devices of the
// repository the executable was built in (found from /proc/self/exe), else
// ./public/presets/devices.
void SetPresetsDir(const std::string& dir);
std::string PresetsDir();

// One line per preset ("NAME  cell  capacity  description"), or a JSON array
// of {name, cell, logical_bytes, description, source}.
std::string ListPresets(const std::string& dir, bool json);

// The conventional preset in `presets_dir` with the smallest logical
// capacity that holds `bytes`, as "preset:NAME (1.82 TiB)", or "" when none
// does (sim/fio_device_fit.h SmallestPresetHolding): the end of the error
// CheckFioJobsFit gives when a job file needs more than the chosen drive.
std::string PresetThatFits(const std::string& presets_dir, uint64_t bytes);

}  // namespace flashscope
