#include "ftl/ftl_state.h"

#include <algorithm>
#include <stdexcept>

namespace flashscope {

FtlState::FtlState(const DeviceLayout& layout, bool wear_aware_allocation, bool logical_map)
    : layout_(layout), wear_aware_(wear_aware_allocation) {
  if (logical_map) {
    l2p_.assign(layout.logical_units, kUnmapped);
    p2l_.assign(layout.physical_units, kUnmapped);
  }
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
  block_mode_.assign(layout.blocks, uint8_t(BlockMode::kNative));
  static_free_.resize(layout.planes);
  dynamic_blocks_.assign(layout.planes, 0);
  slc_closed_.resize(layout.planes);
  slc_closed_head_.assign(layout.planes, 0);
  const uint32_t native_per_plane = layout.blocks_per_plane - layout.static_slc_blocks_per_plane;
  for (uint32_t plane = 0; plane < layout.planes; ++plane) {
    std::vector<uint32_t>& pool = free_pool_[plane];
    pool.reserve(layout.blocks_per_plane);
    // Highest id first so that, as a FIFO or a heap of equal wear, blocks are
    // taken in ascending order: the device view then fills left to right.
    const uint32_t first = plane * layout.blocks_per_plane;
    for (uint32_t i = native_per_plane; i-- > 0;) pool.push_back(first + i);
    std::reverse(pool.begin(), pool.end());
    // Static pSLC blocks: the last ones of the plane, taken lowest id first.
    for (uint32_t i = layout.blocks_per_plane; i-- > native_per_plane;) {
      static_free_[plane].push_back(first + i);
      block_mode_[first + i] = uint8_t(BlockMode::kStaticSlc);
    }
    static_free_[plane].reserve(layout.static_slc_blocks_per_plane);
    slc_closed_[plane].reserve(2 * layout.blocks_per_plane);
  }
  total_free_ = uint64_t{layout.planes} * native_per_plane;
}

void FtlState::Invalidate(uint32_t slot) {
  valid_bits_[slot >> 6] &= ~(uint64_t{1} << (slot & 63));
  const uint32_t block = slot / layout_.units_per_block;
  --valid_units_[block];
  slc_valid_ -= block_mode_[block] != 0;
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
  const uint32_t block = slot / layout_.units_per_block;
  ++valid_units_[block];
  slc_valid_ += block_mode_[block] != 0;
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

uint32_t FtlState::MostWornFreeBlock(uint32_t plane) const {
  const std::vector<uint32_t>& pool = free_pool_[plane];
  uint32_t best = kNoBlock;
  for (uint32_t i = free_fifo_head_[plane]; i < pool.size(); ++i) {
    const uint32_t block = pool[i];
    if (best == kNoBlock || erase_count_[block] > erase_count_[best] ||
        (erase_count_[block] == erase_count_[best] && block < best)) {
      best = block;
    }
  }
  return best;
}

// Takes the most-worn free block out of the pool, keeping the pool's order
// (FIFO) or heap property; linear in the pool, once per block.
uint32_t FtlState::TakeMostWornFreeBlock(uint32_t plane) {
  const uint32_t block = MostWornFreeBlock(plane);
  std::vector<uint32_t>& pool = free_pool_[plane];
  const auto at = std::find(pool.begin() + free_fifo_head_[plane], pool.end(), block);
  if (wear_aware_) {
    *at = pool.back();
    pool.pop_back();
    std::make_heap(pool.begin(), pool.end(), MoreWorn{&erase_count_});
  } else {
    pool.erase(at);
  }
  --total_free_;
  return block;
}

void FtlState::Erase(uint32_t block) {
  block_state_[block] = uint8_t(BlockState::kFree);
  const uint32_t plane = block / layout_.blocks_per_plane;
  const auto mode = static_cast<BlockMode>(block_mode_[block]);
  if (mode != BlockMode::kNative)
    slc_written_[mode == BlockMode::kDynamicSlc] -= written_units_[block];
  written_units_[block] = 0;
  ++erase_count_[block];
  if (mode == BlockMode::kStaticSlc) {
    static_free_[plane].push_back(block);
    return;
  }
  if (mode == BlockMode::kDynamicSlc) {
    // Borrowed from the native pool: it goes back as a native block.
    block_mode_[block] = uint8_t(BlockMode::kNative);
    --dynamic_blocks_[plane];
  }
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
    open = stream == Stream::kWearLeveling ? TakeMostWornFreeBlock(plane) : TakeFreeBlock(plane);
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

uint32_t FtlState::ProgramNextWordline(uint32_t block) {
  if (block_state_[block] == uint8_t(BlockState::kFree)) {
    // Rare (once per block per zone fill): take this very block out of its
    // plane's pool, keeping the pool's order (FIFO) or heap property.
    const uint32_t plane = block / layout_.blocks_per_plane;
    std::vector<uint32_t>& pool = free_pool_[plane];
    const auto at = std::find(pool.begin() + free_fifo_head_[plane], pool.end(), block);
    if (at == pool.end()) throw std::logic_error("zone block is neither free nor open");
    pool.erase(at);
    if (wear_aware_) std::make_heap(pool.begin(), pool.end(), MoreWorn{&erase_count_});
    --total_free_;
    block_state_[block] = uint8_t(BlockState::kOpen);
  }
  if (block_state_[block] != uint8_t(BlockState::kOpen)) {
    throw std::logic_error("programming a full zone block");
  }
  const uint32_t first = block * layout_.units_per_block + written_units_[block];
  written_units_[block] += layout_.units_per_wordline;
  if (written_units_[block] == layout_.units_per_block) {
    block_state_[block] = uint8_t(BlockState::kFull);
    closed_at_[block] = clock_;
    modified_at_[block] = clock_;
  }
  return first;
}

uint32_t FtlState::AllocateSlcWordline(uint32_t plane, bool allow_dynamic, uint32_t keep_free) {
  uint32_t& open = frontier_[plane * kStreamCount + static_cast<uint32_t>(Stream::kSlc)];
  if (open == kNoBlock) {
    std::vector<uint32_t>& statics = static_free_[plane];
    if (!statics.empty()) {
      open = statics.back();
      statics.pop_back();
    } else if (allow_dynamic && FreeBlocks(plane) > keep_free) {
      open = TakeFreeBlock(plane);
      block_mode_[open] = uint8_t(BlockMode::kDynamicSlc);
      ++dynamic_blocks_[plane];
    } else {
      return kNoSlot;
    }
    block_state_[open] = uint8_t(BlockState::kOpen);
  }
  const uint32_t first = open * layout_.units_per_block + written_units_[open];
  written_units_[open] += layout_.slc_units_per_wordline;
  slc_written_[block_mode_[open] == uint8_t(BlockMode::kDynamicSlc)] +=
      layout_.slc_units_per_wordline;
  if (written_units_[open] == layout_.slc_units_per_block) {
    block_state_[open] = uint8_t(BlockState::kFull);
    closed_at_[open] = clock_;
    modified_at_[open] = clock_;
    std::vector<uint32_t>& order = slc_closed_[plane];
    uint32_t& head = slc_closed_head_[plane];
    if (head * 2 >= order.size() && head > 0) {  // compact without reallocating
      order.erase(order.begin(), order.begin() + head);
      head = 0;
    }
    order.push_back(open);
    open = kNoBlock;
  }
  return first;
}

void FtlState::RemoveFromSlcOrder(uint32_t block) {
  const uint32_t plane = block / layout_.blocks_per_plane;
  std::vector<uint32_t>& order = slc_closed_[plane];
  uint32_t& head = slc_closed_head_[plane];
  const auto at = std::find(order.begin() + head, order.end(), block);
  if (at == order.end()) return;
  // Keep the FIFO order of the others: shift the older ones up by one.
  std::move_backward(order.begin() + head, at, at + 1);
  ++head;
}

double FtlState::StateBytesPerPhysicalUnit() const {
  const double bytes = l2p_.capacity() * 4.0 + p2l_.capacity() * 4.0 +
                       valid_bits_.capacity() * 8.0 +
                       valid_units_.capacity() * (4 + 4 + 4 + 1 + 1 + 8 + 8.0);
  return bytes / static_cast<double>(layout_.physical_units);
}

}  // namespace flashscope
