#include "sim/generator_jobs.h"

#include <memory>
#include <string>

#include "util/input_error.h"
#include "util/rng.h"
#include "workload/cloud_block_generator.h"
#include "workload/synthetic_generator.h"

namespace flashscope {

uint64_t DeviceLogicalBlocks(const DeviceConfig& config, const DeviceLayout& layout) {
  if (config.zns.enabled) return ZnsHostLogicalBlocks(config);
  return layout.logical_bytes / CloudBlockWorkloadParams::kBlockBytes;
}

GeneratorStream ResolveGenerator(const GeneratorWorkload& workload, const DeviceConfig& config,
                                 const DeviceLayout& layout) {
  CloudBlockWorkloadParams params = workload.params;
  const uint64_t device_blocks = DeviceLogicalBlocks(config, layout);
  if (!workload.num_blocks_set) {
    params.num_blocks = device_blocks;
  } else if (params.num_blocks > device_blocks) {
    throw InputError(workload.file, workload.num_blocks_line,
                     "workload.num_blocks (" + std::to_string(params.num_blocks) +
                         ") is more than the device's " + std::to_string(device_blocks) +
                         " logical blocks of 4096 bytes");
  }
  // Seed 004 Table 2.1: about four writes per block.
  if (!workload.num_writes_set) params.num_writes = 4 * params.num_blocks;
  // The first job's stream, as JobsFromFio forks it, unless seeded.
  return {params, workload.seed_set ? Rng(workload.seed) : Rng(config.seed).Fork(100)};
}

SyntheticStream ResolveSyntheticGenerator(const GeneratorWorkload& workload,
                                          const DeviceConfig& config, const DeviceLayout& layout) {
  SyntheticWorkloadParams params = workload.synthetic;
  const uint64_t device_sectors =
      config.zns.enabled
          ? DeviceLogicalBlocks(config, layout) *
                (CloudBlockWorkloadParams::kBlockBytes / SyntheticWorkloadParams::kSectorBytes)
          : layout.logical_bytes / SyntheticWorkloadParams::kSectorBytes;
  if (!workload.capacity_sectors_set) {
    params.capacity_sectors = device_sectors;
  } else if (params.capacity_sectors > device_sectors) {
    throw InputError(workload.file, workload.capacity_sectors_line,
                     "workload.capacity_sectors (" + std::to_string(params.capacity_sectors) +
                         ") is more than the device's " + std::to_string(device_sectors) +
                         " logical sectors of 512 bytes");
  }
  return {params, workload.seed_set ? Rng(workload.seed) : Rng(config.seed).Fork(100)};
}

JobSpec JobFromGenerator(const GeneratorWorkload& workload, const DeviceConfig& config,
                         const DeviceLayout& layout) {
  if (workload.generator == kDiskSimJobName) {
    const SyntheticStream stream = ResolveSyntheticGenerator(workload, config, layout);
    JobSpec spec;
    spec.name = kDiskSimJobName;
    spec.iodepth = workload.iodepth;
    try {
      spec.source = std::make_unique<SyntheticGenerator>(stream.params, stream.rng, workload.file);
    } catch (const InputError& error) {
      throw InputError(workload.file, workload.line, "workload: " + error.problem());
    }
    return spec;
  }
  const GeneratorStream stream = ResolveGenerator(workload, config, layout);
  JobSpec spec;
  spec.name = kCloudBlockJobName;
  spec.iodepth = workload.iodepth;
  try {
    spec.source = std::make_unique<CloudBlockGenerator>(stream.params, stream.rng, workload.file);
  } catch (const InputError& error) {
    throw InputError(workload.file, workload.line, "workload: " + error.problem());
  }
  return spec;
}

}  // namespace flashscope
