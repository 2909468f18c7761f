// `flashscope stability`: the seed 001 / SNIA PTS stability test flow
// (stability/stability_flow.h) on one device, printed as JSON or a table.
//
//   flashscope stability --device DEVICE.json|preset:NAME [--fio MEASURE.fio]
//       [--set KEY=VALUE]... [--seed N] [--rounds-max N]
//       [--qos-read-us X] [--qos-write-us Y] [--qos-percentile P]
//       [--series-interval-ms N] [--random-precondition X] [--presets DIR]
//       [--compare] [--json]
#pragma once

#include <CLI/CLI.hpp>

namespace flashscope {

extern const char* const kStabilityUsage;

// Adds the command to `app`; when parsing reaches it, it runs and leaves its
// exit status in `status`.
void AddStabilityCommand(CLI::App& app, int& status);

}  // namespace flashscope
