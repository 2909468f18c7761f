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

#include <string>

#include "trace/trace_options.h"
#include "util/json.h"

namespace flashscope {

extern const char* const kTraceOptionsUsage;

// When argv[i] is a trace option flag, records it in `options` (a JSON
// object of trace option keys), advances i past its value and returns true.
bool TakeTraceFlag(int argc, char** argv, int& i, json::Value& options);

// Validates the recorded flags; a bad value is an InputError naming the flag.
TraceOptions TraceOptionsFromFlags(const json::Value& options, char** argv);

// `flashscope trace inspect FILE [--format NAME] [trace options] [--json]`.
int TraceCommand(int argc, char** argv);

}  // namespace flashscope
