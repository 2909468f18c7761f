// The CLI's trace parts: the trace option flags shared by `flashscope trace
// inspect` and `flashscope run --trace`, and the inspect command itself.
//
//   --format NAME  --csv-columns SPEC  --blkparse-action Q|D  --volume ID
//   --speed K  --qd N  --map wrap|compact  --max-requests N
//   --window START_S:END_S  --bad-lines stop|skip
//
// Each flag sets one key of the trace options JSON (trace/trace_options.h),
// which ParseTraceOptions validates, so the CLI, scenario files and the C API
// accept exactly the same values.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/command_line.h"
#include "trace/trace_options.h"

namespace flashscope {

extern const char* const kTraceOptionsUsage;

// Adds the trace option flags to `command` (run, trace inspect).
void AddTraceFlags(CLI::App& command);

// The trace option flags given to `command`, in the order given.
std::vector<cli::GivenValue> GivenTraceFlags(const CLI::App& command);

// Validates the flags as the trace options JSON; a bad value is an
// InputError named by the flag and its value ("--speed 0: ...").
TraceOptions TraceOptionsFromFlags(const std::vector<cli::GivenValue>& flags);

// `flashscope trace inspect FILE [--format NAME] [trace options] [--json]`:
// adds the command to `app`; when parsing reaches it, it runs and leaves
// its exit status in `status`.
void AddTraceCommand(CLI::App& app, int& status);

}  // namespace flashscope
