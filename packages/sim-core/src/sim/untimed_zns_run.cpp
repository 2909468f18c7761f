// RunUntimedZns (untimed_zns_run.h).
#include "sim/untimed_zns_run.h"

#include "nand/layout.h"
#include "sim/generator_jobs.h"
#include "util/input_error.h"
#include "zns/host_ftl/future_knowledge.h"
#include "zns/zoned_layout.h"

namespace flashscope::zns {

UntimedZnsSetup UntimedZnsSetupFor(const DeviceConfig& device, const GeneratorWorkload& workload) {
  if (workload.generator != "cloud_block") {
    throw InputError(
        workload.file, workload.line,
        "the untimed ZNS run takes the cloud_block generator, not '" + workload.generator + "'");
  }
  const DeviceLayout layout = DeviceLayout::From(device);
  const GeneratorStream stream = ResolveGenerator(workload, device, layout);
  UntimedZnsSetup setup;
  setup.geometry = ZonedLayout::From(device, layout).Geometry();
  setup.ftl.logical_blocks = ZnsHostLogicalBlocks(device);
  setup.ftl.classes = device.zns.classes;
  setup.ftl.gc_threshold = device.zns.gc_threshold;
  setup.ftl.placement = device.zns.placement;
  setup.ftl.gc_victim = device.zns.gc_victim;
  setup.workload = stream.params;
  setup.rng = stream.rng;
  return setup;
}

HostFtlStats RunUntimedZns(const UntimedZnsSetup& setup) {
  HostFtlConfig config = setup.ftl;
  if (config.logical_blocks == 0) config.logical_blocks = setup.workload.num_blocks;
  ZoneStateMachine device(setup.geometry);
  ZnsHostFtl ftl(config, device, "untimed zns run");
  FutureKnowledge future;
  if (ftl.NeedsFutureKnowledge()) {
    CloudBlockGenerator prepass(setup.workload, setup.rng);
    future = FutureKnowledge::FromSource(prepass, config.logical_blocks);
  }
  CloudBlockGenerator generator(setup.workload, setup.rng);
  HostIo io;
  uint64_t index = 0;
  while (generator.Next(io)) {
    const uint64_t block =
        (io.offset_bytes / CloudBlockWorkloadParams::kBlockBytes) % config.logical_blocks;
    ftl.Write(block, future.NextWrite(index), io.arrival_ns);
    ++index;
  }
  return ftl.stats();
}

}  // namespace flashscope::zns
