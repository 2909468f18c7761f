// FtlState: everything a page-mapped FTL knows about the flash, as flat
// arrays (struct-of-arrays) indexed by block, slot and logical unit ids from
// DeviceLayout. Both the timed engine and the untimed preconditioning path
// drive it, so they share one set of mapping and allocation rules.
//
// Memory per physical mapping unit: 4 bytes of P2L + 1 bit of validity, plus
// 4 bytes of L2P per logical unit: about 8.1 bytes (the budget is 12;
// MQSim needs about 31). Validity is a bitmap rather than derived from L2P so
// GC scans its victim sequentially.
#pragma once

#include <cstdint>
#include <vector>

#include "nand/layout.h"
#include "util/prefetch.h"

namespace flashscope {

inline constexpr uint32_t kNoSlot = 0xFFFFFFFFu;
inline constexpr uint32_t kNoBlock = 0xFFFFFFFFu;
inline constexpr uint32_t kUnmapped = 0xFFFFFFFFu;

enum class BlockState : uint8_t { kFree = 0, kOpen = 1, kFull = 2, kVictim = 3 };

// A write frontier: host data and GC-relocated data go to different open
// blocks, so data GC already found to be long-lived is not mixed with fresh
// host writes (the usual hot/cold separation of a page-mapped FTL).
enum class Stream : uint8_t { kHost = 0, kGc = 1 };
inline constexpr uint32_t kStreamCount = 2;

class FtlState {
 public:
  FtlState(const DeviceLayout& layout, bool wear_aware_allocation);

  const DeviceLayout& layout() const { return layout_; }

  // --- logical to physical ---
  uint32_t SlotOf(uint64_t lpn) const { return l2p_[lpn]; }
  uint32_t LpnAt(uint32_t slot) const { return p2l_[slot]; }
  bool IsValid(uint32_t slot) const { return (valid_bits_[slot >> 6] >> (slot & 63)) & 1u; }
  // Hints that lpn's mapping entry will be needed soon (it is far from cache).
  void Prefetch(uint64_t lpn) const { flashscope::Prefetch(&l2p_[lpn]); }
  // Hints that lpn's entry will be overwritten soon (Relocate).
  void PrefetchForRelocate(uint64_t lpn) const { flashscope::PrefetchForWrite(&l2p_[lpn]); }
  // Hints that lpn is about to be remapped: its old copy's validity bit will
  // be cleared (lpn's own entry should already be in cache).
  void PrefetchOldCopy(uint64_t lpn) const {
    const uint32_t old = l2p_[lpn];
    if (old != kUnmapped) flashscope::Prefetch(&valid_bits_[old >> 6]);
  }
  void PrefetchReverseMap(uint32_t slot) const { flashscope::Prefetch(&p2l_[slot]); }
  // Points lpn at slot (a freshly allocated one) and invalidates its old copy.
  void Map(uint64_t lpn, uint32_t slot);
  // Moves lpn's data from `from` (its current, valid slot) to `to`: Map
  // without reading lpn's entry first. GC knows the old slot already, and
  // not loading a random L2P entry per moved unit is what keeps GC fast
  // where prefetching is not available (WebAssembly); writes do not stall.
  void Relocate(uint64_t lpn, uint32_t from, uint32_t to) {
    Invalidate(from);
    l2p_[lpn] = to;
    p2l_[to] = static_cast<uint32_t>(lpn);
    valid_bits_[to >> 6] |= uint64_t{1} << (to & 63);
    ++valid_units_[to / layout_.units_per_block];
  }
  // Drops lpn's mapping (TRIM); its old copy becomes garbage.
  void Unmap(uint64_t lpn);
  // Marks a slot inside an allocated wordline that received no data (padding).
  void SkipSlot(uint32_t slot) { p2l_[slot] = kUnmapped; }

  // --- blocks ---
  BlockState state(uint32_t block) const { return static_cast<BlockState>(block_state_[block]); }
  uint32_t valid_units(uint32_t block) const { return valid_units_[block]; }
  uint32_t erase_count(uint32_t block) const { return erase_count_[block]; }
  uint32_t written_units(uint32_t block) const { return written_units_[block]; }
  // Logical clock (host units written so far) when the block was closed and
  // when it last lost a valid unit: FIFO and cost-benefit victim ages.
  uint64_t closed_at(uint32_t block) const { return closed_at_[block]; }
  uint64_t modified_at(uint32_t block) const { return modified_at_[block]; }
  uint64_t clock() const { return clock_; }
  void AdvanceClock(uint64_t host_units) { clock_ += host_units; }

  void MarkVictim(uint32_t block) { block_state_[block] = uint8_t(BlockState::kVictim); }
  // Returns a block whose valid units were all moved to the free pool.
  void Erase(uint32_t block);

  // --- allocation ---
  uint32_t FreeBlocks(uint32_t plane) const {
    return static_cast<uint32_t>(free_pool_[plane].size()) - free_fifo_head_[plane];
  }
  uint64_t TotalFreeBlocks() const { return total_free_; }
  // Next wordline of `plane`'s frontier for `stream`: its first slot, or
  // kNoSlot when a new block is needed and the pool holds no more than
  // `keep_free` blocks (host writes leave the last blocks to GC).
  uint32_t AllocateWordline(uint32_t plane, Stream stream, uint32_t keep_free);
  uint32_t OpenBlock(uint32_t plane, Stream stream) const {
    return frontier_[plane * kStreamCount + static_cast<uint32_t>(stream)];
  }

  uint64_t mapped_units() const { return mapped_units_; }
  // Bytes of simulator state per physical mapping unit (the memory budget).
  double StateBytesPerPhysicalUnit() const;

 private:
  void Invalidate(uint32_t slot);
  uint32_t TakeFreeBlock(uint32_t plane);

  DeviceLayout layout_;
  bool wear_aware_;
  uint64_t clock_ = 0;
  uint64_t mapped_units_ = 0;
  uint64_t total_free_ = 0;

  std::vector<uint32_t> l2p_;
  std::vector<uint32_t> p2l_;
  std::vector<uint64_t> valid_bits_;

  std::vector<uint32_t> valid_units_;
  std::vector<uint32_t> erase_count_;
  std::vector<uint32_t> written_units_;
  std::vector<uint8_t> block_state_;
  std::vector<uint64_t> closed_at_;
  std::vector<uint64_t> modified_at_;

  // Per plane: free blocks, a min-heap on (erase count, id) when allocation
  // is wear-aware (dynamic wear levelling), else a FIFO (oldest freed first).
  std::vector<std::vector<uint32_t>> free_pool_;
  std::vector<uint32_t> free_fifo_head_;
  std::vector<uint32_t> frontier_;  // plane * kStreamCount + stream
};

}  // namespace flashscope
