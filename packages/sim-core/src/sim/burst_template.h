// The "burst / idle / burst" workload template (issue 19): N bursts of
// `multiple` x the SLC cache the run will start with, 1 MiB sequential writes
// at QD32 with idle time between them, for showing how the cache recovers.
//
// The cache size is the figure a run of the configured device reports as
// slc.capacity_bytes_at_start (static pSLC plus the dynamic allowance at the
// fill preconditioning leaves), computed without running: from the fill in
// closed form when preconditioning fills sequentially (and random writes, if
// any, follow a full fill, so they map nothing new), by running the untimed
// preconditioning when random writes follow a partial fill (which logical
// units they map depends on the run's seeded draws; slow on a large drive).
//
// The bursts write new data after the fill's (the drive holds the fill
// level's data the whole run, as the cache size assumes): from the first
// whole MiB past the fill, or, when the free space after it is too small,
// as far back as they fit, so the first bursts overwrite the fill's last
// data; the template then carries the fill-overwrite rule's warning for its
// own job (sim/fill_overwrite.h, issue 28).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "sim/fill_overwrite.h"

namespace flashscope {

struct BurstTemplateRequest {
  double multiple = 1.2;  // burst size / cache size at start, (0, 10]
  double idle_s = 10;     // idle between bursts, [0, 3600]
  uint32_t bursts = 3;    // 1..20
};

// The SLC cache when the host starts writing.
struct SlcCapacityAtStart {
  uint64_t static_bytes = 0;
  uint64_t dynamic_bytes = 0;
  uint64_t total_bytes() const { return static_bytes + dynamic_bytes; }
};

struct BurstTemplate {
  SlcCapacityAtStart cache;
  BurstTemplateRequest request;
  uint64_t burst_bytes = 0;          // multiple x cache, in whole MiB
  uint64_t user_capacity_bytes = 0;  // the logical capacity the bursts fit in
  uint64_t first_offset_bytes = 0;   // the first burst's offset (whole MiB)
  std::string fio_text;
  // The bursts of fio_text that overwrite the fill's data (none while they
  // fit after it).
  std::vector<FillOverwrite> fill_overwrites;
};

// `config` as a run would use it (preset, overrides, precondition). Throws
// InputError(device_name, 0, "this drive has no SLC cache") for a drive
// without one (slc_cache off, or a classic or zoned drive, which have none).
SlcCapacityAtStart SlcCapacityAtStartOf(const DeviceConfig& config, const std::string& device_name);

// Throws InputError naming the problem: no SLC cache, a request out of its
// range, or bursts that do not fit the drive's user capacity.
BurstTemplate MakeBurstTemplate(const DeviceConfig& config, const BurstTemplateRequest& request,
                                const std::string& device_name);

// {"cache_bytes_at_start", "static_bytes", "dynamic_bytes_at_start",
//  "burst_bytes", "bursts", "multiple", "idle_s", "user_capacity_bytes",
//  "first_offset_bytes", "fio_text", "fill_overwrites"}: what
//  fs_burst_template returns.
std::string BurstTemplateJson(const BurstTemplate& burst);

}  // namespace flashscope
