// A small drive whose hot reads reach the read-disturb limit within a short
// run, for the snapshot tests: its read counters (snapshot_reads_test) and
// the state of the blocks its refreshes empty (snapshot_victims_test).
#pragma once

namespace flashscope::testing {

// 128 TLC blocks of 48 pages, full, read disturb on with a TLC limit of 400
// reads: the reads below refresh some blocks within the run.
inline constexpr const char* kReadDisturbDevice = R"({
  "cell": "tlc",
  "geometry": { "channels": 2, "dies_per_channel": 1, "planes_per_die": 2,
                "blocks_per_plane": 32, "pages_per_block": 48, "page_bytes": 16384 },
  "overprovision": 0.2,
  "write_buffer_bytes": 1048576,
  "precondition": { "fill": 1 },
  "read_disturb": { "enabled": true, "threshold_reads": { "tlc": 400 } }
})";

// 90 % of 4 KiB reads to 2 % of the space: a few hot blocks.
inline constexpr const char* kHotReads =
    "[global]\nioengine=libaio\ndirect=1\n\n"
    "[hot]\nrw=randread\nbs=4k\niodepth=16\nrandom_distribution=zoned:90/2:10/98\n"
    "number_ios=20000\n";

}  // namespace flashscope::testing
