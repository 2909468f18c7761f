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

// The same resolution as JSON (fs_fio_resolve in api/flashscope_api.h has
// the keys), for the jobs a run times: leading fill_device jobs, which
// PreconditionFromFio has turned into the untimed preconditioning, are left
// out as JobsFromFio leaves them out. Per job: the rates and timing as the
// host receives them (JobsFromFio), block sizes per direction (with bssplit
// or bsrange the smallest, fio's min_bs), and the region and I/O amount as
// the generator resolves them (null for zonemode=zbd and read_iolog jobs,
// whose addresses come from the zones or the log). A job is closed loop
// when it keeps iodepth I/Os outstanding: no rate, no rate_iops, no
// thinktime, not a log replay. "fill_overwrites" lists the sequential
// write jobs that overwrite the fill level's data (sim/fill_overwrite.h);
// the text form ends with one "warning:" line for each. Compact JSON, no
// trailing newline. Throws
// InputError (file:line) as FioResolvedJobsText does.
std::string FioResolvedJobsJson(const FioJobFile& jobs, const DeviceConfig& device);

}  // namespace flashscope
