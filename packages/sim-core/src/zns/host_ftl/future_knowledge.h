// FutureKnowledge: the pre-pass FK and ZB-OPT need (seed 004 §2.2.2): for
// each user block write, in the order the host FTL will see them, the
// logical time of the same block's next user write (kNeverWritten when there
// is none: a write-once block or a block's last write). Logical time = the
// index of the block write in the stream, as the host FTL's clock counts.
//
// Built by one backward-free forward pass: the previous write of each block
// is remembered and patched when the block is written again (4 bytes per
// write, 4 bytes per logical block). Several streams that run one after
// another (preconditioning, then stonewalled jobs) are one stream: append
// them in order with AddBlock / AddSource, then Seal.
#pragma once

#include <cstdint>
#include <vector>

#include "workload/request_source.h"
#include "zns/host_ftl/zns_host_ftl.h"

namespace flashscope::zns {

class FutureKnowledge {
 public:
  // Every write request of `source` split into 4 KiB blocks (offsets wrap
  // modulo logical_blocks, as the host does); reads and trims are skipped.
  static FutureKnowledge FromSource(IRequestSource& source, uint64_t logical_blocks);
  // A plain block stream (tests, the untimed runner).
  static FutureKnowledge FromBlocks(const std::vector<uint64_t>& blocks, uint64_t logical_blocks);

  FutureKnowledge() = default;
  // An empty stream over `logical_blocks` to append to.
  explicit FutureKnowledge(uint64_t logical_blocks);
  // Appends one block write (modulo logical_blocks) / every write of
  // `source`, as FromSource splits them.
  void AddBlock(uint64_t block);
  void AddSource(IRequestSource& source);
  // Drops the per-block bookkeeping once the stream is complete.
  void Seal() { last_write_ = {}; }

  // Next-write time of user block write number `index` (0-based).
  uint64_t NextWrite(uint64_t index) const {
    return index < next_.size() && next_[index] != kNone ? next_[index] : kNeverWritten;
  }
  uint64_t writes() const { return next_.size(); }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> next_;        // per write: index of the next write of its block
  std::vector<uint32_t> last_write_;  // per logical block: index of its last write
};

}  // namespace flashscope::zns
