// The "workload" object of a scenario file and of fs_create's options
// (issue 6): a synthetic workload from a generator instead of fio jobs or a
// trace. One generator so far:
//   {"generator": "cloud_block",        required
//    "num_blocks": N,                   logical blocks written (4 KiB); default:
//                                       the device's logical blocks (the host
//                                       FTL's logical space on a zoned drive)
//    "num_writes": N,                   default 4 * num_blocks (seed 004 Table 2.1)
//    "zipf_exponent", "write_once_share", "hot_set_share", "hot_shifts",
//    "hot_shift_fraction", "write_iops"  CloudBlockWorkloadParams defaults
//    "iodepth": N,                      default 0: open loop at write_iops
//    "seed": N}                         default: drawn from the device's seed
// It runs as one job named "cloud_block" (sim/generator_jobs.h). Unknown
// keys, wrong types and out-of-range values are InputErrors naming the file
// and the key's line.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "util/json.h"
#include "workload/cloud_block_generator.h"

namespace flashscope {

inline constexpr std::array<std::string_view, 1> kGeneratorNames = {"cloud_block"};

struct GeneratorWorkload {
  std::string file;   // where it was read, for errors found later
  uint32_t line = 0;  // of the object
  std::string generator = "cloud_block";
  CloudBlockWorkloadParams params;  // num_blocks / num_writes: see *_set
  bool num_blocks_set = false;
  uint32_t num_blocks_line = 0;
  bool num_writes_set = false;
  uint32_t iodepth = 0;
  bool seed_set = false;
  uint64_t seed = 0;
};

GeneratorWorkload ParseGeneratorWorkload(const json::Value& value, const std::string& file);

}  // namespace flashscope
