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

#include "metrics/nand_counters.h"
#include "nand/layout.h"
#include "util/prefetch.h"

namespace flashscope {

inline constexpr uint32_t kNoSlot = 0xFFFFFFFFu;
inline constexpr uint32_t kNoBlock = 0xFFFFFFFFu;
inline constexpr uint32_t kUnmapped = 0xFFFFFFFFu;

// A block the GC engine is emptying is a victim of one of its relocations,
// and its state says which: the snapshot hands it to the device view, which
// names it (a read-disturb refresh or a static wear-levelling move is no GC
// run, and an SLC migration folds cache data out rather than reclaiming).
enum class BlockState : uint8_t {
  kFree = 0,
  kOpen = 1,
  kFull = 2,
  kVictim = 3,              // garbage collection
  kRefreshVictim = 4,       // read-disturb refresh
  kWearLevelingVictim = 5,  // static wear levelling
  kMigrationVictim = 6,     // SLC migration (folding)
};

// The victim state of a relocation of `cause` (kVictim for GC and any
// cause without a state of its own).
constexpr BlockState VictimState(Cause cause) {
  switch (cause) {
    case Cause::kRefresh:
      return BlockState::kRefreshVictim;
    case Cause::kWearLeveling:
      return BlockState::kWearLevelingVictim;
    case Cause::kMigration:
      return BlockState::kMigrationVictim;
    default:
      return BlockState::kVictim;
  }
}

// A write frontier: host data and GC-relocated data go to different open
// blocks, so data GC already found to be long-lived is not mixed with fresh
// host writes (the usual hot/cold separation of a page-mapped FTL).
// With an SLC cache, host data bound for the cache has its own pSLC frontier
// and migration (folding) writes native blocks through a frontier of its own.
// Static wear levelling parks cold data through its own frontier, whose new
// blocks are the most-worn free ones (all other streams take the least-worn
// with dynamic wear levelling, else the oldest freed).
enum class Stream : uint8_t { kHost = 0, kGc = 1, kSlc = 2, kFold = 3, kWearLeveling = 4 };
inline constexpr uint32_t kStreamCount = 5;

// How a block is programmed: natively, or in pSLC mode as part of the static
// (permanent) or dynamic (borrowed from free native blocks) SLC cache.
enum class BlockMode : uint8_t { kNative = 0, kStaticSlc = 1, kDynamicSlc = 2 };

class FtlState {
 public:
  // logical_map false: no L2P and P2L tables (a zoned drive, whose host
  // keeps the map); Map, Unmap, SlotOf, LpnAt and Relocate are then unusable.
  FtlState(const DeviceLayout& layout, bool wear_aware_allocation, bool logical_map = true);

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
    const uint32_t block = to / layout_.units_per_block;
    ++valid_units_[block];
    slc_valid_ += block_mode_[block] != 0;
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

  BlockMode mode(uint32_t block) const { return static_cast<BlockMode>(block_mode_[block]); }
  bool IsSlc(uint32_t block) const { return block_mode_[block] != 0; }
  uint32_t CapacityUnits(uint32_t block) const {
    return IsSlc(block) ? layout_.slc_units_per_block : layout_.units_per_block;
  }
  // A full native block: what native GC may pick (pSLC blocks are emptied by
  // migration instead).
  bool IsCollectable(uint32_t block) const {
    return block_state_[block] == uint8_t(BlockState::kFull) && block_mode_[block] == 0;
  }

  // The block is being emptied by a relocation of `cause` (GC by default).
  void MarkVictim(uint32_t block, Cause cause = Cause::kGc) {
    block_state_[block] = uint8_t(VictimState(cause));
  }
  // Returns a block whose valid units were all moved to the free pool.
  void Erase(uint32_t block);

  // --- allocation ---
  uint32_t FreeBlocks(uint32_t plane) const {
    return static_cast<uint32_t>(free_pool_[plane].size()) - free_fifo_head_[plane];
  }
  uint64_t TotalFreeBlocks() const { return total_free_; }
  // The free block of `plane` with the highest erase count (lowest id among
  // equals), kNoBlock when the pool is empty: where static wear levelling
  // parks cold data. A scan of the pool: called once per block, not per page.
  uint32_t MostWornFreeBlock(uint32_t plane) const;
  // Next wordline of `plane`'s frontier for `stream`: its first slot, or
  // kNoSlot when a new block is needed and the pool holds no more than
  // `keep_free` blocks (host writes leave the last blocks to GC). A new
  // block of Stream::kWearLeveling is the most-worn free block.
  uint32_t AllocateWordline(uint32_t plane, Stream stream, uint32_t keep_free);
  uint32_t OpenBlock(uint32_t plane, Stream stream) const {
    return frontier_[plane * kStreamCount + static_cast<uint32_t>(stream)];
  }
  // Next one-page pSLC wordline of `plane`'s SLC frontier: from the open
  // pSLC block, else a fresh static one, else (when allow_dynamic and the
  // pool holds more than keep_free blocks) a free native block switched to
  // pSLC. kNoSlot when none of these is possible.
  uint32_t AllocateSlcWordline(uint32_t plane, bool allow_dynamic, uint32_t keep_free);
  // Whether the SLC frontier's open block still has room.
  bool SlcFrontierHasRoom(uint32_t plane) const {
    return OpenBlock(plane, Stream::kSlc) != kNoBlock;
  }
  uint32_t FreeStaticSlcBlocks(uint32_t plane) const {
    return static_cast<uint32_t>(static_free_[plane].size());
  }
  uint32_t DynamicSlcBlocks(uint32_t plane) const { return dynamic_blocks_[plane]; }
  // Units programmed into static / dynamic pSLC blocks (valid or stale).
  uint64_t static_slc_written_units() const { return slc_written_[0]; }
  uint64_t dynamic_slc_written_units() const { return slc_written_[1]; }
  uint64_t slc_valid_units() const { return slc_valid_; }
  // Full pSLC blocks of a plane, oldest closed first (migration order).
  const std::vector<uint32_t>& SlcClosedOrder(uint32_t plane) const { return slc_closed_[plane]; }
  uint32_t SlcClosedHead(uint32_t plane) const { return slc_closed_head_[plane]; }
  // Takes block out of the closed order (it became a migration victim).
  void RemoveFromSlcOrder(uint32_t block);

  // --- zoned drives (zns/zns_device.h) ---
  // The zone layout, not the free pools, places data, and the host keeps
  // the logical map; these keep what the snapshot and the wear figures read:
  // block states, per-slot validity, erase counts.
  // Programs the next wordline of `block` (a free block leaves the free
  // pool and opens); returns the wordline's first slot.
  uint32_t ProgramNextWordline(uint32_t block);
  // Data was appended at / left `slot`.
  void SetValid(uint32_t slot) {
    valid_bits_[slot >> 6] |= uint64_t{1} << (slot & 63);
    ++valid_units_[slot / layout_.units_per_block];
  }
  void SetInvalid(uint32_t slot) { Invalidate(slot); }

  uint64_t mapped_units() const { return mapped_units_; }
  // Bytes of simulator state per physical mapping unit (the memory budget).
  double StateBytesPerPhysicalUnit() const;

 private:
  void Invalidate(uint32_t slot);
  uint32_t TakeFreeBlock(uint32_t plane);
  uint32_t TakeMostWornFreeBlock(uint32_t plane);

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

  // SLC cache state (empty vectors and zeros without a cache).
  std::vector<uint8_t> block_mode_;
  std::vector<std::vector<uint32_t>> static_free_;  // per plane, a stack
  std::vector<uint32_t> dynamic_blocks_;            // per plane
  std::vector<std::vector<uint32_t>> slc_closed_;   // per plane, FIFO
  std::vector<uint32_t> slc_closed_head_;
  uint64_t slc_written_[2] = {0, 0};  // static, dynamic
  uint64_t slc_valid_ = 0;
};

}  // namespace flashscope
