// Where device presets live and how `flashscope presets` lists them.
#pragma once

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

}  // namespace flashscope
