// `flashscope run --device D --fio J --parse-only` (fio's --parse-only):
// the job file checked against the drive without simulating it. The host
// jobs are built as a run builds them (JobsFromFio), so a region beyond the
// drive's capacity, a zbd job on a conventional drive or an empty region is
// the same InputError a run reports; then each job is listed as it
// resolved: name, rw, block sizes, region (byte offsets on the drive), I/O
// amount, iodepth, timing, numjobs clones and the options ignored.
#pragma once

#include <string>

#include "config/device_config.h"
#include "workload/fio_job.h"

namespace flashscope {

// Throws InputError (file:line) for a job the drive cannot run.
std::string FioResolvedJobsText(const FioJobFile& jobs, const DeviceConfig& device);

}  // namespace flashscope
