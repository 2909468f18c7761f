// ZnsConfig: the device JSON's "zns" object (issue 6). null or absent: a
// conventional drive. An object: a Zoned Namespace drive whose zones are
// whole erase blocks striped over dies (zns/zoned_layout.h), driven either
// directly by fio jobs with zonemode=zbd or, for every other workload,
// through the host-side log-structured FTL (zns/host_ftl/zns_host_ftl.h).
//
// Keys and defaults:
//   zone_bytes           0 = one erase block per die (a zone striped over
//                        every die, as real ZNS drives do); otherwise a
//                        multiple of the native erase block's bytes
//   zone_capacity_bytes  0 = zone_bytes; else <= zone_bytes, a multiple of
//                        mapping_unit_bytes (ZCAP: the writable part)
//   max_open             14 (Maximum Open Resources; 0 = no limit)
//   max_active           14 (Maximum Active Resources; 0 = no limit)
//   placement            "normal" | "warcip" | "sepbit" | "bhbdp_pre" |
//                        "bhbdp" | "fk" | "zbopt"   (seed 004 §4.2.1)
//   gc_victim            "cbe" | "greedy" | "cost_benefit" (seed 004 §3.4)
//   gc_threshold         0.15: GC runs while the garbage proportion (invalid
//                        blocks / blocks held in zones) exceeds it
//   classes              7 open zone classes (seed 004 §2.2.3: 6 + 1 for
//                        write-once data); must be <= max_open
// The device's `overprovision` is the host FTL's spare space: its logical
// space is (zones * zone capacity) / (1 + overprovision).
#pragma once

#include <cstdint>
#include <string>

namespace flashscope {

struct ZnsConfig {
  bool enabled = false;
  uint64_t zone_bytes = 0;
  uint64_t zone_capacity_bytes = 0;
  uint32_t max_open = 14;
  uint32_t max_active = 14;
  std::string placement = "normal";
  std::string gc_victim = "cbe";
  double gc_threshold = 0.15;
  uint32_t classes = 7;
};

}  // namespace flashscope
