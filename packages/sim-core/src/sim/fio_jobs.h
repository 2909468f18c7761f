// Turns a parsed fio job file into the host's JobSpecs for one device: each
// job's I/O comes from a FioIoGenerator seeded by the job's randseed, or by
// the run's seed and the job's position (so adding a job does not change the
// I/O of the jobs before it). A zonemode=zbd job (zoned devices only, else
// an InputError at the job's line) addresses the zoned namespace and carries
// its zns::ZbdOptions; its region is aligned to zones as fio does, its sizes
// in zones (`size=8z`) become bytes, and a `zonesize` other than the
// device's zone size is refused (fio zbd.c).
//
// numjobs clones (FioJob::clone_index > 0) each get their own stream: clone
// 0 keeps the job's seed, clone k one derived from it and k (with randseed:
// randseed + k * 0x9E3779B97F4A7C15), so a file without numjobs runs
// exactly as before.
//
// fill_device: leading fill_device jobs are the drive's untimed sequential
// preconditioning (PreconditionFromFio sets precondition.fill = 1 and
// JobsFromFio then leaves them out); a fill_device job after another job
// runs timed, writing once from its offset to the end of the drive (fio
// sets size to the device and stops at ENOSPC). read_iolog=FILE: the job
// replays the trace (format detected; path relative to the job file's
// directory) at the trace's times with at most iodepth I/Os outstanding.
// ss/ss_dur/ss_ramp: carried to JobSpec::steady_state (host/steady_state_monitor.h).
#pragma once

#include <cstdint>
#include <vector>

#include "config/device_config.h"
#include "host/host.h"
#include "nand/layout.h"
#include "workload/fio_job.h"

namespace flashscope {

// The preset named when a zonemode=zbd job meets a conventional drive.
inline constexpr const char* kZonedPreset = "preset:zns-zn540-like";

// How many of the file's first jobs are fill_device jobs (run as the
// untimed preconditioning); PreconditionFromFio also sets
// config.precondition.fill = 1 when there are any. Call it on the device
// before building the Simulator.
uint32_t LeadingFillJobs(const FioJobFile& file);
uint32_t PreconditionFromFio(const FioJobFile& file, DeviceConfig& config);

// The file's job that JobsFromFio's first JobSpec runs: host job j is
// file.jobs[j + FirstTimedFioJob(file, config)] (the leading fill_device
// jobs are left out once config.precondition.fill is 1). For reports that
// pair a job's figures with its FioJob (fio's "job options").
uint32_t FirstTimedFioJob(const FioJobFile& file, const DeviceConfig& config);

std::vector<JobSpec> JobsFromFio(const FioJobFile& file, const DeviceConfig& config,
                                 const DeviceLayout& layout);

}  // namespace flashscope
