#include "workload/fio_job_file.h"

#include "scenario/scenario.h"  // ReadTextFile

namespace flashscope {

std::string ResolveFioInclude(const std::string& path, const std::string& including_file) {
  if (!path.empty() && path[0] == '/') return path;
  const size_t slash = including_file.rfind('/');
  return slash == std::string::npos ? path : including_file.substr(0, slash + 1) + path;
}

FioJobFile ParseFioJobFile(const std::string& path) {
  FioParseOptions options;
  // The parser names an included file by its resolved path, so nested
  // includes resolve against their own directory.
  options.read_include = [](const std::string& include, const std::string& including_file) {
    return ReadTextFile(ResolveFioInclude(include, including_file));
  };
  return ParseFioJobs(ReadTextFile(path), path, options);
}

}  // namespace flashscope
