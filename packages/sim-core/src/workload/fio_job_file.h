// Reading a fio job file from disk, as fio does: `include` paths relative to
// the including file's directory, `${VAR}` from the process environment.
#pragma once

#include <string>

#include "workload/fio_job.h"

namespace flashscope {

// Throws InputError("path:line: ...") on a bad file, a missing include or
// an unset variable.
FioJobFile ParseFioJobFile(const std::string& path);

// fio's rule for an include path: absolute as written, otherwise beside the
// including file.
std::string ResolveFioInclude(const std::string& path, const std::string& including_file);

}  // namespace flashscope
