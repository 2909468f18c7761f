#include "ftl/ftl_state.h"

#include <algorithm>

namespace flashscope {

FtlState::FtlState(const DeviceLayout& layout, bool wear_aware_allocation)
    : layout_(layout), wear_aware_(wear_aware_allocation) {
  l2p_.assign(layout.logical_units, kUnmapped);
  p2l_.assign(layout.physical_units, kUnmapped);
  valid_bits_.assign((layout.physical_units + 63) / 64, 0);
  valid_units_.assign(layout.blocks, 0);
  erase_count_.assign(layout.blocks, 0);
  written_units_.assign(layout.blocks, 0);
  block_state_.assign(layout.blocks, uint8_t(BlockState::kFree));
  closed_at_.assign(layout.blocks, 0);
  modified_at_.assign(layout.blocks, 0);
  free_pool_.resize(layout.planes);
  free_fifo_head_.assign(layout.planes, 0);
  frontier_.assign(layout.planes * kStreamCount, kNoBlock);
  for (uint32_t plane = 0; plane < layout.planes; ++plane) {
    std::vector<uint32_t>& pool = free_pool_[plane];
    pool.reserve(layout.blocks_per_plane);
    // Highest id first so that, as a FIFO or a heap of equal wear, blocks are
    // taken in ascending order: the device view then fills left to right.
    for (uint32_t i = layout.blocks_per_plane; i-- > 0;) {
      pool.push_back(plane * layout.blocks_per_plane + i);
    }
    std::reverse(pool.begin(), pool.end());
  }
  total_free_ = layout.blocks;
}

void FtlState::Invalidate(uint32_t slot) {
  valid_bits_[slot >> 6] &= ~(uint64_t{1} << (slot & 63));
  const uint32_t block = slot / layout_.units_per_block;
  --valid_units_[block];
  modified_at_[block] = clock_;
}

void FtlState::Map(uint64_t lpn, uint32_t slot) {
  const uint32_t old = l2p_[lpn];
  if (old != kUnmapped) {
    Invalidate(old);
  } else {
    ++mapped_units_;
  }
  l2p_[lpn] = slot;
  p2l_[slot] = static_cast<uint32_t>(lpn);
  valid_bits_[slot >> 6] |= uint64_t{1} << (slot & 63);
  ++valid_units_[slot / layout_.units_per_block];
}

void FtlState::Unmap(uint64_t lpn) {
  const uint32_t old = l2p_[lpn];
  if (old == kUnmapped) return;
  Invalidate(old);
  l2p_[lpn] = kUnmapped;
  --mapped_units_;
}

// Min-heap ordering on (erase count, block id): the least-worn free block
// comes first, ties broken by id so the choice is deterministic.
namespace {
struct MoreWorn {
  const std::vector<uint32_t>* erase_count;
  bool operator()(uint32_t a, uint32_t b) const {
    const uint32_t ea = (*erase_count)[a], eb = (*erase_count)[b];
    return ea != eb ? ea > eb : a > b;
  }
};
}  // namespace

uint32_t FtlState::TakeFreeBlock(uint32_t plane) {
  std::vector<uint32_t>& pool = free_pool_[plane];
  uint32_t block;
  if (wear_aware_) {
    std::pop_heap(pool.begin(), pool.end(), MoreWorn{&erase_count_});
    block = pool.back();
    pool.pop_back();
  } else {
    // FIFO kept as a vector: the head index moves forward; compacted when
    // it passes half so memory stays bounded without per-call allocation.
    uint32_t& head = free_fifo_head_[plane];
    block = pool[head++];
    if (head * 2 >= pool.size()) {
      pool.erase(pool.begin(), pool.begin() + head);
      head = 0;
    }
  }
  --total_free_;
  return block;
}

void FtlState::Erase(uint32_t block) {
  block_state_[block] = uint8_t(BlockState::kFree);
  written_units_[block] = 0;
  ++erase_count_[block];
  const uint32_t plane = block / layout_.blocks_per_plane;
  std::vector<uint32_t>& pool = free_pool_[plane];
  pool.push_back(block);
  if (wear_aware_) std::push_heap(pool.begin(), pool.end(), MoreWorn{&erase_count_});
  ++total_free_;
}

uint32_t FtlState::AllocateWordline(uint32_t plane, Stream stream, uint32_t keep_free) {
  uint32_t& open = frontier_[plane * kStreamCount + static_cast<uint32_t>(stream)];
  if (open == kNoBlock) {
    if (FreeBlocks(plane) <= keep_free) {
      return kNoSlot;
    }
    open = TakeFreeBlock(plane);
    block_state_[open] = uint8_t(BlockState::kOpen);
  }
  const uint32_t first = open * layout_.units_per_block + written_units_[open];
  written_units_[open] += layout_.units_per_wordline;
  if (written_units_[open] == layout_.units_per_block) {
    block_state_[open] = uint8_t(BlockState::kFull);
    closed_at_[open] = clock_;
    modified_at_[open] = clock_;  // age for cost-benefit counts from here
    open = kNoBlock;
  }
  return first;
}

double FtlState::StateBytesPerPhysicalUnit() const {
  const double bytes = l2p_.capacity() * 4.0 + p2l_.capacity() * 4.0 +
                       valid_bits_.capacity() * 8.0 +
                       valid_units_.capacity() * (4 + 4 + 4 + 1 + 8 + 8.0);
  return bytes / static_cast<double>(layout_.physical_units);
}

}  // namespace flashscope
