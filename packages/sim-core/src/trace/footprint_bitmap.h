// FootprintBitmap: which 4 KiB blocks of a trace's 64-bit address space have
// been touched, to count its footprint. Bits live in pages of 32 MiB of
// address (8192 blocks, 1 KiB of bits) found through a small hash of page
// numbers, with the last page remembered: the hash stays cache-resident (a
// 100 GiB volume has 3200 pages), so a random request costs one miss on its
// bits. A hash of 1 MiB extents (the first design) missed the cache twice
// and made the inspection summary 60 % of `trace inspect`'s time. Requests
// are applied kLookahead requests after they are noted, their first bits
// word prefetched meanwhile (natively: WebAssembly has none, and the load
// standing in for one would stall), so the misses of a random trace overlap (the
// footprint is a set union: the order of applying does not matter).
//
// Memory is a fixed budget, kMaxPages pages (32 MiB of bits: 1 TiB of
// densely touched address), whatever the trace: a sparse one (a million
// requests scattered over 2^62 bytes touches a page each) once cost 1 KiB a
// request, 1.09 GB natively, and a raw std::bad_alloc in the browser. The
// count is exact while the touched pages fit. Beyond, it becomes an
// estimate by adaptive sampling of pages (Wegman's; Flajolet, "Adaptive
// sampling", 1990): a page is kept only if the low `level` bits of its hash
// are zero; when the budget is full the level rises by one and the pages
// that no longer qualify are dropped (about half). Each page is counted
// exactly or not at all, so blocks() << level estimates the whole, with a
// relative error of about 1 / sqrt(pages kept) (under 1 % at the budget).
// estimated() says which it is; the summaries state it.
//
// Blocks are counted per volume (Touch's `volume`): two volumes' blocks at
// the same offset are two blocks, as their regions of a drive are.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "trace/extent_table.h"
#include "util/prefetch.h"

namespace flashscope {

class FootprintBitmap {
 public:
  // Pages counted exactly before sampling starts: 32 MiB of bits.
  static constexpr uint64_t kMaxPages = 32768;

  // Notes the blocks of [offset, offset + length) of `volume` as touched
  // (length > 0; volume < 2^17, a VolumeTable index).
  void Touch(uint32_t volume, uint64_t offset_bytes, uint64_t length_bytes) {
    if (pending_count_ == kLookahead) {
      const Pending& oldest = pending_[pending_next_];
      Apply(oldest.volume, oldest.offset_bytes, oldest.length_bytes);
      --pending_count_;
    }
    const uint64_t block = offset_bytes >> kBlockShift;
    if (const uint64_t* bits = PageBits(PageKey(volume, block >> kPageBlocksShift))) {
      PrefetchForWrite(bits + ((block & (kPageBlocks - 1)) >> 6));
    }
    pending_[pending_next_] = {offset_bytes, length_bytes, volume};
    pending_next_ = (pending_next_ + 1) % kLookahead;
    ++pending_count_;
  }
  void Touch(uint64_t offset_bytes, uint64_t length_bytes) { Touch(0, offset_bytes, length_bytes); }

  // Applies every noted request; blocks() is final for them after it.
  void Flush() {
    for (; pending_count_ > 0; --pending_count_) {
      const Pending& p = pending_[(pending_next_ + kLookahead - pending_count_) % kLookahead];
      Apply(p.volume, p.offset_bytes, p.length_bytes);
    }
  }

  // Distinct 4 KiB blocks touched by the requests applied so far: exact,
  // or (estimated()) the sampled pages' count scaled up.
  uint64_t blocks() const { return level_ >= 64 ? UINT64_MAX : blocks_ << level_; }
  bool estimated() const { return level_ > 0; }
  // 1 in sample_pages() pages of address is counted (1: all of them).
  uint64_t sample_pages() const { return uint64_t{1} << level_; }
  // Pages holding bits now (at most kMaxPages).
  uint64_t pages() const { return bits_.size() / kPageWords; }

 private:
  static constexpr uint64_t kBlockShift = 12;       // 4 KiB blocks
  static constexpr uint64_t kPageBlocksShift = 13;  // 8192 blocks = 32 MiB per page
  static constexpr uint64_t kPageBlocks = 1ull << kPageBlocksShift;
  static constexpr uint64_t kPageWords = kPageBlocks / 64;
  static constexpr uint32_t kLookahead = 16;
  // Page numbers are below 2^(64 - 12 - 13) = 2^39; the volume goes above.
  static constexpr uint64_t kVolumeShift = 39;
  static constexpr uint64_t kLastPage = UINT64_MAX >> (kBlockShift + kPageBlocksShift);

  struct Pending {
    uint64_t offset_bytes;
    uint64_t length_bytes;
    uint32_t volume;
  };

  static uint64_t PageKey(uint32_t volume, uint64_t page) {
    return (uint64_t{volume} << kVolumeShift) | page;
  }

  // splitmix64's finaliser: the pages a level keeps are an even sample
  // whatever the addresses' pattern.
  static uint64_t Hash(uint64_t key) {
    key ^= key >> 30;
    key *= 0xBF58476D1CE4E5B9ull;
    key ^= key >> 27;
    key *= 0x94D049BB133111EBull;
    return key ^ (key >> 31);
  }

  bool Sampled(uint64_t key) const {
    return level_ == 0 || (Hash(key) & ((uint64_t{1} << level_) - 1)) == 0;
  }

  // Marks [offset, offset + length) of `volume` touched, a page at a time.
  void Apply(uint32_t volume, uint64_t offset_bytes, uint64_t length_bytes) {
    uint64_t block = offset_bytes >> kBlockShift;
    const uint64_t end = offset_bytes + length_bytes - 1;
    const uint64_t last_block = (end < offset_bytes ? UINT64_MAX : end) >> kBlockShift;
    while (true) {
      const uint64_t page = block >> kPageBlocksShift;
      const uint64_t page_last =
          page == kLastPage ? UINT64_MAX >> kBlockShift : ((page + 1) << kPageBlocksShift) - 1;
      const uint64_t upto = std::min(last_block, page_last);
      if (uint64_t* bits = PageBits(PageKey(volume, page))) blocks_ += SetBits(bits, block, upto);
      if (upto == last_block) return;
      block = upto + 1;
    }
  }

  // Sets bits [block, upto] of one page, a word at a time; returns how
  // many were new.
  static uint64_t SetBits(uint64_t* bits, uint64_t block, uint64_t upto) {
    uint64_t added = 0;
    for (uint64_t b = block; b <= upto;) {
      const uint64_t index = b & (kPageBlocks - 1);
      const uint64_t word = index >> 6;
      const uint64_t from = index & 63;
      const uint64_t to = std::min<uint64_t>(63, from + (upto - b));
      const uint64_t mask = (to == 63 ? ~0ull : ((1ull << (to + 1)) - 1)) & ~((1ull << from) - 1);
      added += static_cast<uint64_t>(std::popcount(mask & ~bits[word]));
      bits[word] |= mask;
      b += to - from + 1;
      if (b == 0) break;  // wrapped past the last block of the address space
    }
    return added;
  }

  // The page's bits, allocated when new; nullptr when the sample leaves
  // the page out.
  uint64_t* PageBits(uint64_t key) {
    if (key == cached_key_) return bits_.data() + cached_first_word_;
    if (!Sampled(key)) return nullptr;
    uint32_t* slot = &index_[key];  // 0: new; else 1 + the page's position
    if (*slot == 0) {
      while (pages() >= kMaxPages) {
        RaiseLevel();
        if (!Sampled(key)) return nullptr;
        slot = &index_[key];  // the table was rebuilt
      }
      if (bits_.size() == bits_.capacity()) {
        // Doubling, but never past the budget (a vector's own growth could
        // reserve twice it).
        bits_.reserve(std::min<size_t>(std::max<size_t>(bits_.capacity() * 2, 64 * kPageWords),
                                       kMaxPages * kPageWords));
      }
      bits_.resize(bits_.size() + kPageWords, 0);
      *slot = static_cast<uint32_t>(pages());
    }
    cached_key_ = key;
    cached_first_word_ = (*slot - 1) * kPageWords;
    return bits_.data() + cached_first_word_;
  }

  // Halves the sample: keeps the pages the next level still samples, in
  // place (bits_ never grows past the budget), and forgets the others'
  // blocks.
  void RaiseLevel() {
    ++level_;
    std::vector<std::pair<uint64_t, uint32_t>> pages;
    pages.reserve(index_.size());
    index_.ForEach([&](uint64_t key, uint32_t slot) {
      if (slot != 0) pages.emplace_back(key, slot);
    });
    // By position, so moving a kept page down never overwrites one not yet moved.
    std::sort(pages.begin(), pages.end(),
              [](const auto& a, const auto& b) { return a.second < b.second; });
    index_.clear();
    uint64_t kept = 0;
    for (const auto& [key, slot] : pages) {
      uint64_t* from = bits_.data() + (slot - 1) * kPageWords;
      if (!Sampled(key)) {
        for (uint64_t w = 0; w < kPageWords; ++w) {
          blocks_ -= static_cast<uint64_t>(std::popcount(from[w]));
        }
        continue;
      }
      uint64_t* to = bits_.data() + kept * kPageWords;
      if (to != from) std::copy(from, from + kPageWords, to);
      index_[key] = static_cast<uint32_t>(++kept);
    }
    bits_.resize(kept * kPageWords);
    cached_key_ = kNoKey;
  }

  static constexpr uint64_t kNoKey = UINT64_MAX;

  ExtentTable<uint32_t> index_;  // page key -> 1 + position in bits_
  std::vector<uint64_t> bits_;
  uint64_t cached_key_ = kNoKey;
  uint64_t cached_first_word_ = 0;
  Pending pending_[kLookahead] = {};
  uint32_t pending_next_ = 0;  // where the next request goes; the oldest when full
  uint32_t pending_count_ = 0;
  uint64_t blocks_ = 0;  // distinct blocks of the pages held
  uint32_t level_ = 0;   // pages kept: hash's low `level_` bits zero
};

}  // namespace flashscope
