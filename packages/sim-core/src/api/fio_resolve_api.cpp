// fs_fio_resolve (api/flashscope_api.h): a fio job file resolved against a
// device as a session resolves it before running (api/session.cpp), as the
// JSON of report/fio_parse_only.h, without simulating anything.
#include <string>

#include "api/api_guard.h"
#include "api/flashscope_api.h"
#include "api/session.h"
#include "config/device_config.h"
#include "report/fio_parse_only.h"
#include "schema/device_schema.h"
#include "sim/fio_jobs.h"
#include "workload/fio_job.h"

const char* fs_fio_resolve(const char* device_json, const char* fio_text,
                           const char* options_json) {
  // Valid until the next call, as the header promises.
  static std::string resolved;
  return flashscope::ApiGuard<const char*>(nullptr, [&] {
    // {"set", "device_name", "workload_name"}: the session's option reader,
    // so names, overrides and their errors are a session's.
    const flashscope::SessionOptions options =
        flashscope::ParseSessionOptions(options_json ? options_json : "");
    flashscope::DeviceConfig device = flashscope::ParseDeviceText(
        device_json ? device_json : "", options.device_name, options.sets);
    const flashscope::FioJobFile jobs =
        flashscope::ParseFioJobs(fio_text ? fio_text : "", options.workload_name);
    // Leading fill_device jobs become the untimed preconditioning, as in a
    // session and the CLI (sim/fio_jobs.h).
    flashscope::PreconditionFromFio(jobs, device);
    resolved = flashscope::FioResolvedJobsJson(jobs, device);
    return resolved.c_str();
  });
}
