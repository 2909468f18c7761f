// The zns and classic-device relations, shared by the reader (reported at
// the key's line) and FindDeviceProblem (schema/device_validate.cpp).
#pragma once

#include <optional>

#include "schema/device_schema.h"

namespace flashscope {

// A zoned drive's keys and their relations to each other and to the rest of
// the device; nullopt when not zoned or consistent.
std::optional<DeviceProblem> FindZnsProblem(const DeviceConfig& config);

// The classic device's relations (ftl and cache keys): nullopt when the
// conventional controller runs or the keys are consistent.
std::optional<DeviceProblem> FindClassicProblem(const DeviceConfig& config);

}  // namespace flashscope
