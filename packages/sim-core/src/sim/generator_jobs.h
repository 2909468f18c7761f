// A generator workload (workload/generator_workload.h) as the host's job:
// the synthetic counterpart of sim/fio_jobs.h and sim/trace_jobs.h.
#pragma once

#include <cstdint>

#include "config/device_config.h"
#include "host/host.h"
#include "nand/layout.h"
#include "util/rng.h"
#include "workload/cloud_block_generator.h"
#include "workload/generator_workload.h"
#include "workload/synthetic_generator.h"

namespace flashscope {

inline constexpr const char* kCloudBlockJobName = "cloud_block";
inline constexpr const char* kDiskSimJobName = "disksim";

// The 4 KiB blocks a workload may address on the device: on a zoned drive
// the host FTL's logical space (ZnsHostLogicalBlocks), else the logical
// capacity / 4096.
uint64_t DeviceLogicalBlocks(const DeviceConfig& config, const DeviceLayout& layout);

// The generator's stream as a run builds it: num_blocks defaulted to the
// device's logical blocks (InputError when larger), num_writes to four per
// block, and its Rng (the workload's seed, else fio job 0's fork).
struct GeneratorStream {
  CloudBlockWorkloadParams params;
  Rng rng;
};
GeneratorStream ResolveGenerator(const GeneratorWorkload& workload, const DeviceConfig& config,
                                 const DeviceLayout& layout);

// The "disksim" generator's stream: capacity_sectors defaulted to the
// device's logical space in 512 B sectors (DeviceLogicalBlocks * 8 on a zoned
// drive; InputError when larger), seeded as ResolveGenerator seeds.
struct SyntheticStream {
  SyntheticWorkloadParams params;
  Rng rng;
};
SyntheticStream ResolveSyntheticGenerator(const GeneratorWorkload& workload,
                                          const DeviceConfig& config, const DeviceLayout& layout);

// "disksim": one job named "disksim", a SyntheticGenerator over
// ResolveSyntheticGenerator's stream, iodepth from the workload (0: open loop
// at the generated arrival times).
// "cloud_block": one job named "cloud_block", a CloudBlockGenerator over
// num_blocks (default DeviceLogicalBlocks) with num_writes (default 4 *
// num_blocks), iodepth from the workload (0: open loop at write_iops),
// seeded by `seed` or else the device's seed as fio job 0 would be
// (sim/fio_jobs.h). InputError at the workload's lines when num_blocks (or
// capacity_sectors) exceeds the device or the generator rejects a parameter.
JobSpec JobFromGenerator(const GeneratorWorkload& workload, const DeviceConfig& config,
                         const DeviceLayout& layout);

}  // namespace flashscope
