// `flashscope stability`: the seed 001 / SNIA PTS stability test flow
// (stability/stability_flow.h) on one device, printed as JSON or a table.
//
//   flashscope stability --device DEVICE.json|preset:NAME [--fio MEASURE.fio]
//       [--set KEY=VALUE]... [--seed N] [--rounds-max N]
//       [--qos-read-us X] [--qos-write-us Y] [--qos-percentile P]
//       [--series-interval-ms N] [--random-precondition X] [--presets DIR]
//       [--compare] [--json]
#pragma once

namespace flashscope {

extern const char* const kStabilityUsage;

int StabilityCommand(int argc, char** argv);

}  // namespace flashscope
