// Turns a parsed fio job file into the host's JobSpecs for one device: each
// job's I/O comes from a FioIoGenerator seeded by the job's randseed, or by
// the run's seed and the job's position (so adding a job does not change the
// I/O of the jobs before it). A zonemode=zbd job (zoned devices only, else
// an InputError at the job's line) addresses the zoned namespace and carries
// its zns::ZbdOptions; its region is aligned to zones as fio does.
#pragma once

#include <cstdint>
#include <vector>

#include "config/device_config.h"
#include "host/host.h"
#include "nand/layout.h"
#include "workload/fio_job.h"

namespace flashscope {

std::vector<JobSpec> JobsFromFio(const FioJobFile& file, const DeviceConfig& config,
                                 const DeviceLayout& layout);

}  // namespace flashscope
