# TEMPORARY (issue 16 part 3, branch wt-layers): the include rewrites for the
# headers moved into their layers. The integrator applies it to the branches
# that own the files wt-layers left alone (the controller, the simulator, the
# drive kinds), e.g.
#   git ls-files 'packages/sim-core/src/*.h' 'packages/sim-core/src/*.cpp' |
#     xargs sed -i -f scripts/dev/layer-moves.sed
# then runs clang-format on the changed files (include order), deletes the
# forwarding headers left at the old sim/ paths, empties
# scripts/layer-exceptions.txt and deletes this file.
/^[[:space:]]*#[[:space:]]*include/{
s#"sim/flash_op\.h"#"nand/flash_op.h"#
s#"sim/transfer_time\.h"#"nand/transfer_time.h"#
s#"sim/flash_engine\.h"#"engine/flash_engine.h"#
s#"sim/sim_events\.h"#"engine/sim_events.h"#
s#"sim/event_kinds\.h"#"engine/event_kinds.h"#
s#"sim/ring_queue\.h"#"util/ring_queue.h"#
s#"sim/i_device_front_end\.h"#"host/i_device_front_end.h"#
s#"host/request_source\.h"#"workload/request_source.h"#
s#"trace/trace_jobs\.h"#"sim/trace_jobs.h"#
s#"zns/host_ftl/untimed_zns_run\.h"#"sim/untimed_zns_run.h"#
}
