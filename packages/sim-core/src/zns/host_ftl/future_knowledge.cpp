// FutureKnowledge (future_knowledge.h).
#include "zns/host_ftl/future_knowledge.h"

#include <stdexcept>

namespace flashscope::zns {

namespace {
constexpr uint64_t kBlockBytes = 4096;
}  // namespace

FutureKnowledge::FutureKnowledge(uint64_t logical_blocks) : last_write_(logical_blocks, kNone) {}

void FutureKnowledge::AddBlock(uint64_t block) {
  if (last_write_.empty()) throw std::logic_error("future knowledge: sealed or without blocks");
  if (next_.size() >= kNone) {
    throw std::length_error("future knowledge: more than 2^32 block writes");
  }
  const uint32_t index = static_cast<uint32_t>(next_.size());
  uint32_t& last = last_write_[block % last_write_.size()];
  if (last != kNone) next_[last] = index;
  last = index;
  next_.push_back(kNone);
}

void FutureKnowledge::AddSource(IRequestSource& source) {
  HostIo io;
  while (source.Next(io)) {
    if (io.op != IoOp::kWrite || io.length_bytes == 0) continue;
    const uint64_t first = io.offset_bytes / kBlockBytes;
    const uint64_t last = (io.offset_bytes + io.length_bytes - 1) / kBlockBytes;
    for (uint64_t b = first; b <= last; ++b) AddBlock(b);
  }
}

FutureKnowledge FutureKnowledge::FromSource(IRequestSource& source, uint64_t logical_blocks) {
  FutureKnowledge out(logical_blocks);
  out.AddSource(source);
  out.Seal();
  return out;
}

FutureKnowledge FutureKnowledge::FromBlocks(const std::vector<uint64_t>& blocks,
                                            uint64_t logical_blocks) {
  FutureKnowledge out(logical_blocks);
  out.next_.reserve(blocks.size());
  for (uint64_t b : blocks) out.AddBlock(b);
  out.Seal();
  return out;
}

}  // namespace flashscope::zns
