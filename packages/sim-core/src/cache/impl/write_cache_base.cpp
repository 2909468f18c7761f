// The structures every write cache shares (write_caches.h).
#include <algorithm>
#include <bit>

#include "cache/impl/write_caches.h"
#include "config/device_config.h"

namespace flashscope::cache {

// --- SlotMap ---------------------------------------------------------------

SlotMap::SlotMap(uint64_t max_entries) {
  // At most half full, so probes stay short.
  const uint64_t size = std::bit_ceil(std::max<uint64_t>(2 * max_entries, 8));
  keys_.assign(size, kEmpty);
  slots_.assign(size, kNoSlot);
  mask_ = size - 1;
}

uint64_t SlotMap::Home(uint64_t key) const {
  // splitmix64's finaliser: neighbouring pages spread over the table.
  key ^= key >> 30;
  key *= 0xbf58476d1ce4e5b9ull;
  key ^= key >> 27;
  key *= 0x94d049bb133111ebull;
  key ^= key >> 31;
  return key & mask_;
}

uint32_t SlotMap::Find(uint64_t key) const {
  for (uint64_t i = Home(key);; i = (i + 1) & mask_) {
    if (keys_[i] == key) return slots_[i];
    if (keys_[i] == kEmpty) return kNoSlot;
  }
}

void SlotMap::Insert(uint64_t key, uint32_t slot) {
  uint64_t i = Home(key);
  while (keys_[i] != kEmpty) i = (i + 1) & mask_;
  keys_[i] = key;
  slots_[i] = slot;
}

void SlotMap::Erase(uint64_t key) {
  uint64_t hole = Home(key);
  while (keys_[hole] != key) hole = (hole + 1) & mask_;
  // Backward shift: pull later entries of the probe run into the hole unless
  // their home lies cyclically in (hole, j], where they must stay.
  for (uint64_t j = (hole + 1) & mask_; keys_[j] != kEmpty; j = (j + 1) & mask_) {
    const uint64_t home = Home(keys_[j]);
    const bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
    if (stays) continue;
    keys_[hole] = keys_[j];
    slots_[hole] = slots_[j];
    hole = j;
  }
  keys_[hole] = kEmpty;
  slots_[hole] = kNoSlot;
}

// --- RecencyList -----------------------------------------------------------

void RecencyList::PushFront(uint32_t slot) {
  prev_[slot] = kNoSlot;
  next_[slot] = front_;
  if (front_ != kNoSlot) prev_[front_] = slot;
  front_ = slot;
  if (back_ == kNoSlot) back_ = slot;
}

void RecencyList::PushBack(uint32_t slot) {
  next_[slot] = kNoSlot;
  prev_[slot] = back_;
  if (back_ != kNoSlot) next_[back_] = slot;
  back_ = slot;
  if (front_ == kNoSlot) front_ = slot;
}

void RecencyList::Remove(uint32_t slot) {
  if (prev_[slot] != kNoSlot) next_[prev_[slot]] = next_[slot];
  if (next_[slot] != kNoSlot) prev_[next_[slot]] = prev_[slot];
  if (front_ == slot) front_ = next_[slot];
  if (back_ == slot) back_ = prev_[slot];
  prev_[slot] = next_[slot] = kNoSlot;
}

// --- PageBits --------------------------------------------------------------

void PageBits::Set(uint32_t offset) {
  uint64_t& word = words_[offset / 64];
  const uint64_t bit = uint64_t{1} << (offset % 64);
  if (!(word & bit)) ++count_;
  word |= bit;
}

void PageBits::Clear(uint32_t offset) {
  uint64_t& word = words_[offset / 64];
  const uint64_t bit = uint64_t{1} << (offset % 64);
  if (word & bit) --count_;
  word &= ~bit;
}

void PageBits::ClearAll() {
  for (uint64_t& word : words_) word = 0;
  count_ = 0;
}

void PageBits::Merge(const PageBits& other) {
  count_ = 0;
  for (size_t i = 0; i < words_.size(); ++i) {
    words_[i] |= other.words_[i];
    count_ += static_cast<uint32_t>(std::popcount(words_[i]));
  }
}

// --- WriteCacheBase --------------------------------------------------------

WriteCacheBase::WriteCacheBase(const CacheGeometry& geometry)
    : page_bytes_(geometry.page_bytes), pages_per_block_(geometry.pages_per_block) {
  pages_.reserve(pages_per_block_);
  fill_.reserve(pages_per_block_);
}

void WriteCacheBase::ReportReadMiss(uint64_t lpn) {
  ++counters_.read_misses;
  if (listener_) listener_->OnReadMiss(lpn);
}

void WriteCacheBase::FlushPage(uint64_t lpn, FlushCause cause) {
  ++counters_.flushes;
  ++counters_.flushed_pages;
  if (!listener_) return;
  pages_.assign(1, lpn);
  CacheFlush flush;
  flush.kind = FlushKind::kPage;
  flush.logical_block = BlockOf(lpn);
  flush.pages = pages_;
  flush.cause = cause;
  listener_->OnFlush(flush);
}

void WriteCacheBase::FlushBlock(FlushKind kind, uint64_t block, const PageBits& held,
                                FlushCause cause) {
  pages_.clear();
  fill_.clear();
  const uint64_t first = FirstPage(block);
  for (uint32_t offset = 0; offset < pages_per_block_; ++offset) {
    (held.Test(offset) ? pages_ : fill_).push_back(first + offset);
  }
  ++counters_.flushes;
  counters_.flushed_pages += pages_.size();
  counters_.fill_pages += fill_.size();
  if (!listener_) return;
  CacheFlush flush;
  flush.kind = kind;
  flush.logical_block = block;
  flush.pages = pages_;
  flush.fill_pages = fill_;
  flush.cause = cause;
  listener_->OnFlush(flush);
}

ParamBag& CacheParams(DeviceConfig& config) { return config.cache.params; }

std::vector<Setting> CacheBytesParameters() {
  return {InParamBag(IntegerSetting("bytes", "Cache capacity, whole pages (lru, cflru, bplru)",
                                    "bytes", 0, kMaxExactInteger, nullptr),
                     CacheParams, WriteCacheConfig{}.bytes)};
}

}  // namespace flashscope::cache
