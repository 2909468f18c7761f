// The built-in write caches (each defined in its own file) and the small
// fixed-size structures they share. Every structure is sized when the cache
// is built, so no page operation allocates (docs/conventions.md: no allocation per page
// operation on hot paths).
#pragma once

#include <cstdint>
#include <vector>

#include "cache/i_write_cache.h"

namespace flashscope::cache {

// The caches' parameters: cache.bytes (lru, cflru, bplru:
// write_cache_base.cpp), cache.cflru_window_pages (cflru.cpp),
// cache.block_space_blocks and cache.page_space_pages (clash.cpp).
ParamBag& CacheParams(DeviceConfig& config);  // the device's cache bag
std::vector<Setting> CacheBytesParameters();
std::vector<Setting> CflruParameters();
std::vector<Setting> ClashParameters();

inline constexpr uint32_t kNoSlot = UINT32_MAX;

// A uint64 key → slot index map with open addressing (linear probing,
// backward-shift deletion), for at most `max_entries` keys.
class SlotMap {
 public:
  explicit SlotMap(uint64_t max_entries);
  uint32_t Find(uint64_t key) const;         // kNoSlot when absent
  void Insert(uint64_t key, uint32_t slot);  // key must be absent
  void Erase(uint64_t key);                  // key must be present

 private:
  static constexpr uint64_t kEmpty = UINT64_MAX;  // lpn UINT64_MAX is never used
  uint64_t Home(uint64_t key) const;
  std::vector<uint64_t> keys_;
  std::vector<uint32_t> slots_;
  uint64_t mask_ = 0;
};

// A doubly linked recency list over slot indices [0, size): front = most
// recently used, back = least recently used.
class RecencyList {
 public:
  explicit RecencyList(uint32_t size) : prev_(size, kNoSlot), next_(size, kNoSlot) {}
  void PushFront(uint32_t slot);
  void PushBack(uint32_t slot);
  void Remove(uint32_t slot);
  void MoveToFront(uint32_t slot) {
    Remove(slot);
    PushFront(slot);
  }
  void MoveToBack(uint32_t slot) {
    Remove(slot);
    PushBack(slot);
  }
  uint32_t front() const { return front_; }
  uint32_t back() const { return back_; }
  uint32_t toward_front(uint32_t slot) const { return prev_[slot]; }  // next more recent

 private:
  std::vector<uint32_t> prev_, next_;
  uint32_t front_ = kNoSlot, back_ = kNoSlot;
};

// The set of pages (by offset) of one logical block that a cache holds.
class PageBits {
 public:
  explicit PageBits(uint32_t pages_per_block = 0) : words_((pages_per_block + 63) / 64, 0) {}
  bool Test(uint32_t offset) const { return (words_[offset / 64] >> (offset % 64)) & 1; }
  void Set(uint32_t offset);
  void Clear(uint32_t offset);
  void ClearAll();
  void Merge(const PageBits& other);  // this |= other
  uint32_t count() const { return count_; }

 private:
  std::vector<uint64_t> words_;
  uint32_t count_ = 0;
};

// What every cache shares: geometry, listener, counters, and the reusable
// lists a flush is reported with.
class WriteCacheBase : public IWriteCache {
 public:
  explicit WriteCacheBase(const CacheGeometry& geometry);
  void set_listener(IWriteCacheListener* listener) override { listener_ = listener; }
  const CacheCounters& counters() const override { return counters_; }

 protected:
  uint64_t BlockOf(uint64_t lpn) const { return lpn / pages_per_block_; }
  uint32_t OffsetOf(uint64_t lpn) const { return static_cast<uint32_t>(lpn % pages_per_block_); }
  uint64_t FirstPage(uint64_t block) const { return block * pages_per_block_; }

  void ReportReadMiss(uint64_t lpn);
  void FlushPage(uint64_t lpn, FlushCause cause);
  // Writes logical block `block` whole: `held` from the cache, the rest as
  // fill pages.
  void FlushBlock(FlushKind kind, uint64_t block, const PageBits& held, FlushCause cause);

  const uint32_t page_bytes_;
  const uint32_t pages_per_block_;
  CacheCounters counters_;

 private:
  IWriteCacheListener* listener_ = nullptr;
  std::vector<uint64_t> pages_, fill_;
};

// none: no cache. Every write goes to flash as it comes; every read misses.
class PassThroughCache final : public WriteCacheBase {
 public:
  explicit PassThroughCache(const CacheGeometry& geometry) : WriteCacheBase(geometry) {}
  bool Write(uint64_t lpn) override;
  bool Read(uint64_t lpn) override;
  void Trim(uint64_t) override {}
  void FlushAll() override {}
  PageState Lookup(uint64_t) const override { return {}; }
  CacheOccupancy occupancy() const override { return {}; }
  uint64_t capacity_bytes() const override { return 0; }
};

// lru: a page-grained write-back cache with LRU replacement (lru.cpp). Read
// misses enter it as clean pages. cflru derives from it and changes only the
// choice of victim.
class PageLruCache : public WriteCacheBase {
 public:
  PageLruCache(const CacheGeometry& geometry, uint64_t capacity_pages);
  bool Write(uint64_t lpn) override;
  bool Read(uint64_t lpn) override;
  void Trim(uint64_t lpn) override;
  void FlushAll() override;
  PageState Lookup(uint64_t lpn) const override;
  CacheOccupancy occupancy() const override;
  uint64_t capacity_bytes() const override { return capacity_pages_ * page_bytes_; }

 protected:
  // The slot to evict from a full cache (LRU: the back of the list).
  virtual uint32_t PickVictim() const { return recency_.back(); }
  const RecencyList& recency() const { return recency_; }
  bool dirty(uint32_t slot) const { return dirty_[slot]; }

 private:
  uint32_t Insert(uint64_t lpn, bool dirty);  // evicts first when full
  void Evict(uint32_t slot);

  const uint64_t capacity_pages_;
  std::vector<uint64_t> lpn_;
  std::vector<uint8_t> dirty_;
  std::vector<uint32_t> free_;
  RecencyList recency_;
  SlotMap slot_of_;
  uint64_t used_ = 0;
};

// cflru: clean-first LRU (cflru.cpp).
class CflruCache final : public PageLruCache {
 public:
  CflruCache(const CacheGeometry& geometry, uint64_t capacity_pages, uint64_t window_pages);
  uint64_t window_pages() const { return window_pages_; }

 protected:
  uint32_t PickVictim() const override;

 private:
  const uint64_t window_pages_;
};

// bplru: block-level LRU write buffer with page padding and LRU compensation
// (bplru.cpp).
class BplruCache final : public WriteCacheBase {
 public:
  BplruCache(const CacheGeometry& geometry, uint64_t capacity_pages);
  bool Write(uint64_t lpn) override;
  bool Read(uint64_t lpn) override;
  void Trim(uint64_t lpn) override;
  void FlushAll() override;
  PageState Lookup(uint64_t lpn) const override;
  CacheOccupancy occupancy() const override;
  uint64_t capacity_bytes() const override { return capacity_pages_ * page_bytes_; }

 private:
  void EvictBlock(uint32_t slot, FlushCause cause);
  void Release(uint32_t slot);

  const uint64_t capacity_pages_;
  std::vector<uint64_t> block_;
  std::vector<PageBits> held_;
  // LRU compensation: the block was filled from offset 0 upward, one new page
  // at a time, with no rewrite; next_sequential_ is the offset expected next.
  std::vector<uint8_t> sequential_;
  std::vector<uint32_t> next_sequential_;
  std::vector<uint32_t> free_;
  RecencyList recency_;
  SlotMap slot_of_;
  uint64_t used_pages_ = 0;
  uint64_t used_blocks_ = 0;
};

// clash: the C-lash double cache of seed 002 (clash.cpp).
class ClashCache final : public WriteCacheBase {
 public:
  ClashCache(const CacheGeometry& geometry, uint32_t block_space_blocks, uint32_t page_space_pages);
  bool Write(uint64_t lpn) override;
  bool Read(uint64_t lpn) override;
  void Trim(uint64_t lpn) override;
  void FlushAll() override;
  PageState Lookup(uint64_t lpn) const override;
  CacheOccupancy occupancy() const override;
  uint64_t capacity_bytes() const override;
  size_t BlockSpace(std::span<CachedBlock> out) const override;
  size_t LargestPageSets(std::span<CachedBlock> out) const override;

  // Block space, for the cache view and tests: the logical block cached in
  // slot `slot` (kNoBlockCached when free) and its valid pages.
  static constexpr uint64_t kNoBlockCached = UINT64_MAX;
  uint32_t block_space_blocks() const { return static_cast<uint32_t>(bspace_block_.size()); }
  uint64_t block_space_block(uint32_t slot) const { return bspace_block_[slot]; }
  uint32_t block_space_valid(uint32_t slot) const { return bspace_held_[slot].count(); }
  // Pages of logical block `block` in page space.
  uint32_t page_space_pages_of(uint64_t block) const;

 private:
  bool Hit(uint64_t lpn);  // in either space; touches a b-space block
  void TouchBlock(uint32_t slot) { bspace_stamp_[slot] = ++clock_; }
  void EvictFromPageSpace();
  uint32_t LargestPageSet() const;
  void MoveSetToBlockSpace(uint32_t pset, uint32_t bslot);
  void SwapWithPageSet(uint32_t bslot, uint32_t pset);
  void EvictBlock(uint32_t bslot, FlushCause cause);
  uint32_t AddPageSet(uint64_t block);
  void ReleasePageSet(uint32_t pset);

  // Page space: one entry per logical block with pages in it.
  const uint32_t page_space_pages_;
  std::vector<uint64_t> pset_block_;
  std::vector<PageBits> pset_held_;
  std::vector<uint32_t> pset_free_;
  std::vector<uint32_t> pset_used_;      // entries in use, any order
  std::vector<uint32_t> pset_position_;  // entry → index in pset_used_
  SlotMap pset_of_;
  uint32_t pspace_used_ = 0;

  // Block space: fixed slots, LRU by stamp (a handful of blocks).
  std::vector<uint64_t> bspace_block_;
  std::vector<PageBits> bspace_held_;
  std::vector<uint64_t> bspace_stamp_;
  SlotMap bslot_of_;
  uint64_t clock_ = 0;
  PageBits swapped_;  // a block on its way back to page space
};

}  // namespace flashscope::cache
