// RunUntimedZns: a write stream straight through a ZnsHostFtl on a fresh
// ZoneStateMachine, without flash timing — the figures the thesis reports
// (WAF, GC writes, GC count, reclaimed GPs), fast enough to compare every
// placement on millions of writes. The timed device gives the same figures
// for the same stream (zns_host_ftl.h); this is the tests' and the
// benchmark's shortcut, not a separate model.
#pragma once

#include <cstdint>
#include <string>

#include "workload/cloud_block_generator.h"
#include "zns/host_ftl/zns_host_ftl.h"

namespace flashscope::zns {

struct UntimedZnsSetup {
  ZoneGeometry geometry;
  HostFtlConfig ftl;  // ftl.logical_blocks 0: the generator's num_blocks
  CloudBlockWorkloadParams workload;
  uint64_t seed = 1;
};

// Runs the cloud-block generator's stream (twice for fk/zbopt: the first
// pass is the future-knowledge pre-pass) and returns the host FTL's figures.
HostFtlStats RunUntimedZns(const UntimedZnsSetup& setup);

}  // namespace flashscope::zns
