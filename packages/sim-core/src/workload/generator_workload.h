// The "workload" object of a scenario file and of fs_create's options
// (issue 6): a synthetic workload from a generator instead of fio jobs or a
// trace. Two generators, kGeneratorNames:
//   {"generator": "cloud_block",        required
//    "num_blocks": N,                   logical blocks written (4 KiB); default:
//                                       the device's logical blocks (the host
//                                       FTL's logical space on a zoned drive)
//    "num_writes": N,                   default 4 * num_blocks (seed 004 Table 2.1)
//    "zipf_exponent", "write_once_share", "hot_set_share", "hot_shifts",
//    "hot_shift_fraction", "write_iops"  CloudBlockWorkloadParams defaults
//    "iodepth": N,                      default 0: open loop at write_iops
//    "seed": N}                         default: drawn from the device's seed
//   {"generator": "disksim",            DiskSim's synthgen (synthetic_generator.h)
//    "preset": NAME,                    a kSyntheticPresets name (seed 002
//                                       Table 1), applied before the other keys
//    "capacity_sectors": N,             address space in 512 B sectors; default:
//                                       the device's logical space
//    "blocking_factor", "num_requests", "max_time_ms",
//    "sequential_prob", "local_prob", "write_prob",
//    "interarrival_ms", "sequential_interarrival_ms", "local_interarrival_ms",
//    "local_distance_sectors", "size_sectors"
//                                       SyntheticWorkloadParams defaults; a
//                                       distribution is {"type": "uniform",
//                                       "min", "max"} | {"type": "normal",
//                                       "mean", "stddev"} | {"type":
//                                       "exponential" or "poisson", "base"
//                                       (default 0), "mean"} | {"type":
//                                       "twovalue", "default", "second",
//                                       "second_prob"}, or DiskSim's list
//                                       ["exponential", 0, 8]
//    "iodepth": N,                      default 0: open loop at the generated
//                                       arrival times
//    "seed": N}                         default: drawn from the device's seed
// It runs as one job named after the generator (sim/generator_jobs.h).
// Unknown keys, wrong types and out-of-range values are InputErrors naming
// the file and the key's line.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "util/json.h"
#include "workload/cloud_block_generator.h"
#include "workload/synthetic_generator.h"

namespace flashscope {

inline constexpr std::array<std::string_view, 2> kGeneratorNames = {"cloud_block", "disksim"};

struct GeneratorWorkload {
  std::string file;   // where it was read, for errors found later
  uint32_t line = 0;  // of the object
  std::string generator = "cloud_block";
  // "cloud_block": num_blocks / num_writes: see *_set.
  CloudBlockWorkloadParams params;
  bool num_blocks_set = false;
  uint32_t num_blocks_line = 0;
  bool num_writes_set = false;
  uint32_t iodepth = 0;
  bool seed_set = false;
  uint64_t seed = 0;
  // "disksim": capacity_sectors defaults to the device's (see *_set).
  SyntheticWorkloadParams synthetic;
  std::string preset;  // empty: none
  bool capacity_sectors_set = false;
  uint32_t capacity_sectors_line = 0;
};

GeneratorWorkload ParseGeneratorWorkload(const json::Value& value, const std::string& file);

}  // namespace flashscope
