// ZbdOptions: what a host job with fio's zonemode=zbd asks of the zoned
// device that places its I/Os (zns/zbd_adapter.h holds the placement).
//
// It sits in host/, not beside the adapter, because the host's job
// description (host.h JobSpec) carries it and the host is a lower layer
// than the drive kinds (scripts/check-layers.mjs). It keeps its zns::
// namespace: it is the zoned drive's vocabulary, only declared lower.
#pragma once

#include <cstdint>

namespace flashscope::zns {

struct ZbdOptions {
  uint32_t max_open_zones = 0;      // fio max_open_zones; 0 = the device's limit
  double zone_reset_threshold = 0;  // fio zone_reset_threshold, 0..1
  double zone_reset_frequency = 0;  // fio zone_reset_frequency, 0..1 (0: no resets)
  bool read_beyond_wp = false;      // fio read_beyond_wp
  // Not options but what fio's zbd code reads from the job: td_random (its
  // offsets are random) and td_rw (it mixes reads and writes).
  bool random = true;
  bool read_write_mix = false;
};

}  // namespace flashscope::zns
