// Scenario files (public/scenarios/NAME.json): a device and a workload that a
// lesson, a demo or `flashscope run --scenario` starts from. Keys:
//   name, description   free text (the app shows them: no citations or
//                       command lines, which go in the next two)
//   sources             optional list of strings: where its figures come from
//   cli                 optional string: a command line that runs or varies it
//                       (the app does not show it)
//   device              "preset:NAME", a path (relative to the scenario), or
//                       a device object
//   set                 object of dotted device keys to override
//                       ({"gc.victim": "fifo"})
//   fio                 path of a fio job file (relative to the scenario), or
//   fio_job             the job file's text inline, or
//   trace               a trace to replay: {"path": FILE (relative to the
//                       scenario), ...trace options (trace/trace_options.h)}, or
//   workload            a generator: {"generator": "cloud_block", ...}
//                       (workload/generator_workload.h)
// fio, fio_job, trace and workload are exclusive: a scenario has one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "trace/trace_options.h"
#include "workload/fio_job.h"
#include "workload/generator_workload.h"

namespace flashscope {

struct ScenarioTrace {
  std::string path;  // resolved against the scenario's folder
  TraceOptions options;
};

struct Scenario {
  std::string file;
  std::string name;
  std::string description;
  DeviceConfig device;
  FioJobFile jobs;                            // empty when the workload is a trace or generator
  std::optional<ScenarioTrace> trace;         // the workload, instead of fio jobs
  std::optional<GeneratorWorkload> workload;  // or a generator
};

// Reads a scenario; `overrides` (--set) apply after the scenario's own `set`.
Scenario LoadScenario(const std::string& path, const std::string& presets_dir,
                      const std::vector<std::string>& overrides);

// Reads a whole file; InputError naming it when it cannot be read.
std::string ReadTextFile(const std::string& path);

}  // namespace flashscope
