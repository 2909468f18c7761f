// The core sections of the device JSON as setting tables (config/setting.h):
// every key the core itself owns, with its type, range, unit and one-line
// description; defaults are DeviceConfig{}'s.
//
// Keys whose choices come from a plug-in registry (scheduler, gc.victim,
// slc_cache.placement, ftl.mapping, cache.policy, zns.placement,
// zns.gc_victim) are here with no choices, and the plug-ins' own parameters
// (gc.d_choices, ftl.cmt_entries, ...) are not here at all: schema/
// fills both in from the registries (schema/device_schema.h).
#pragma once

#include <vector>

#include "config/setting.h"

namespace flashscope {

// The root table: name, source, ..., geometry {...}, ..., cache {...}.
std::vector<Setting> CoreDeviceSettings();

}  // namespace flashscope
