// The API tests' small drive: 2 channels x 1 die x 2 planes x 32 blocks of
// 48 TLC pages, 128 blocks, 192 mapping units per block, 24576 units (small
// enough for page_state), filled and randomly overwritten before the timed
// run, so GC runs from the start.
#pragma once

namespace flashscope::testing {

inline constexpr const char* kAgedSmallDevice = R"({
  "name": "api-small",
  "cell": "tlc",
  "geometry": { "channels": 2, "dies_per_channel": 1, "planes_per_die": 2,
                "blocks_per_plane": 32, "pages_per_block": 48, "page_bytes": 16384 },
  "overprovision": 0.2,
  "write_buffer_bytes": 1048576,
  "precondition": { "fill": 1, "random_writes": 1 }
})";

}  // namespace flashscope::testing
