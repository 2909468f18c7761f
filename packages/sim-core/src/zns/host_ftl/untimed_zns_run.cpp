// RunUntimedZns (untimed_zns_run.h).
#include "zns/host_ftl/untimed_zns_run.h"

#include "zns/host_ftl/future_knowledge.h"

namespace flashscope::zns {

HostFtlStats RunUntimedZns(const UntimedZnsSetup& setup) {
  HostFtlConfig config = setup.ftl;
  if (config.logical_blocks == 0) config.logical_blocks = setup.workload.num_blocks;
  ZoneStateMachine device(setup.geometry);
  ZnsHostFtl ftl(config, device, "untimed zns run");
  FutureKnowledge future;
  if (ftl.NeedsFutureKnowledge()) {
    CloudBlockGenerator prepass(setup.workload, Rng(setup.seed));
    future = FutureKnowledge::FromSource(prepass, config.logical_blocks);
  }
  CloudBlockGenerator generator(setup.workload, Rng(setup.seed));
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
