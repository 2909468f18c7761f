// RunUntimedZns: a write stream straight through a ZnsHostFtl on a fresh
// ZoneStateMachine, without flash timing — the figures the thesis reports
// (WAF, GC writes, GC count, reclaimed GPs), fast enough to compare every
// placement on millions of writes. The timed device gives the same figures
// for the same stream (zns_host_ftl.h); this is the tests' and the
// benchmark's shortcut, not a separate model.
#pragma once

#include <cstdint>
#include <string>

#include "config/device_config.h"
#include "util/rng.h"
#include "workload/cloud_block_generator.h"
#include "workload/generator_workload.h"
#include "zns/host_ftl/zns_host_ftl.h"

namespace flashscope::zns {

struct UntimedZnsSetup {
  ZoneGeometry geometry;
  HostFtlConfig ftl;  // ftl.logical_blocks 0: the generator's num_blocks
  CloudBlockWorkloadParams workload;
  Rng rng{1};  // the generator's
};

// The setup a timed run of `device` with `workload` amounts to: the zone
// geometry of the device's layout, its zns host FTL settings and the
// generator's resolved stream (the scenario's own figures, from one file).
UntimedZnsSetup UntimedZnsSetupFor(const DeviceConfig& device, const GeneratorWorkload& workload);

// Runs the cloud-block generator's stream (twice for fk/zbopt: the first
// pass is the future-knowledge pre-pass) and returns the host FTL's figures.
HostFtlStats RunUntimedZns(const UntimedZnsSetup& setup);

}  // namespace flashscope::zns
