// The JSON result of a run (`flashscope run --json`), docs/conventions.md "Native CLI":
// top-level totals, and like fio's JSON a `jobs` array with one entry per job
// section. Snake-case keys; new keys may be added, existing ones keep their
// meaning. Only simulated figures go in: the same inputs and seed give
// byte-identical JSON (wall-clock figures go to stderr).
#pragma once

#include <string>
#include <vector>

#include "sim/fio_device_fit.h"
#include "sim/simulator.h"
#include "workload/fio_job.h"

namespace flashscope {

class TraceSource;

struct RunInfo {
  std::string workload;  // e.g. the job file's path
  std::vector<std::string> ignored_options;
  bool include_events = false;  // the GC/stall event list, which can be long
  // A trace run's source (owned by the simulator's job): the result gains
  // "trace" (sim/trace_jobs.h WriteTraceReplay).
  const TraceSource* trace = nullptr;
  // The shipped device presets, for the text output's note on a trace
  // larger than the drive (sim/trace_device_fit.h); the CLI sets them.
  std::vector<PresetSize> presets;
};

// The RunInfo for a job file: the workload's name and the distinct ignored
// fio options in first-seen order. The CLI and the wasm session share it, so
// their results are byte-identical.
RunInfo RunInfoFor(const FioJobFile& jobs, const std::string& workload_name, bool include_events);

// The RunInfo for a trace replay: `workload_name` (the trace's name) and the
// source whose figures go in the result's "trace" object.
RunInfo RunInfoForTrace(const std::string& workload_name, const TraceSource& source,
                        bool include_events);

std::string RunResultJson(const Simulator& sim, const RunInfo& info, bool pretty);

// The human-readable summary `flashscope run` prints without --json.
std::string RunResultText(const Simulator& sim, const RunInfo& info);

}  // namespace flashscope
