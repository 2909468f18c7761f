// The trace object of the C API: fs_create's options_json "trace" (the
// session's workload is then that trace) and fs_trace_open's argument.
//   input       the id JavaScript registered the trace's bytes under, read
//               through Module.fsReadTrace (WebAssembly only,
//               api/js_byte_input.h); needs name and size_bytes
//   name        the file name errors and the result cite
//   size_bytes  the trace's size in bytes (Blob.size)
//   path        natively only, instead of input: a file, cited by this path
//               (tests; the CLI's --trace FILE)
//   ...         the TraceOptions keys (trace/trace_options.h): format,
//               csv_columns, blkparse_action, volume, speed, queue_depth,
//               address_map, max_requests, window_start_s, window_end_s,
//               bad_lines
// Exactly one of input and path.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "trace/byte_input.h"
#include "trace/trace_options.h"
#include "util/json.h"

namespace flashscope {

struct TraceInputSpec {
  bool from_javascript = false;  // "input" given (else "path")
  uint32_t input = 0;
  std::string name;
  uint64_t size_bytes = 0;
  std::string path;
  TraceOptions options;
  uint32_t line = 0;  // of the object in its JSON text, for errors about it
};

// InputError(file, line, ...) for a wrong type, a missing key, or input and
// path together (or neither).
TraceInputSpec ParseTraceInputSpec(const json::Value& object, const std::string& file);

// The bytes the spec names. Natively "input" is an InputError (there is no
// JavaScript to read from); a path that cannot be opened is one naming it.
std::unique_ptr<IByteInput> OpenTraceInput(const TraceInputSpec& spec, const std::string& file);

}  // namespace flashscope
