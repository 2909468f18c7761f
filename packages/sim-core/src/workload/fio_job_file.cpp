#include "workload/fio_job_file.h"

#include <fstream>
#include <sstream>

#include "util/input_error.h"

namespace flashscope {
namespace {

// scenario/scenario.h has the same reader; workload sits below scenario, so
// it keeps its own rather than include upwards.
std::string ReadJobFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot read the file (does it exist?)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string ResolveFioInclude(const std::string& path, const std::string& including_file) {
  if (!path.empty() && path[0] == '/') return path;
  const size_t slash = including_file.rfind('/');
  return slash == std::string::npos ? path : including_file.substr(0, slash + 1) + path;
}

FioJobFile ParseFioJobFile(const std::string& path) {
  FioParseOptions options;
  // The parser names an included file by its resolved path, so nested
  // includes resolve against their own directory. fio tries the path from
  // the working directory first; FlashScope does not, so a job file means
  // the same wherever it is run from.
  options.read_include = [](const std::string& include, const std::string& including_file) {
    return ReadJobFile(ResolveFioInclude(include, including_file));
  };
  return ParseFioJobs(ReadJobFile(path), path, options);
}

}  // namespace flashscope
