// FioBlockPermutation: the order in which one pass of a random fio job
// visits a file's blocks. fio keeps a bitmap of the blocks done (its random
// map); FlashScope walks a keyed permutation instead, in O(1) memory, so a
// pass still touches every block exactly once before any repeats.
#pragma once

#include <cstdint>

#include "util/rng.h"

namespace flashscope {

// A bijection on [0, n): a 4-round balanced Feistel network over the next
// even power of two >= n, keyed per pass, with cycle walking (values >= n
// are encrypted again). Expected < 4 encryptions per value.
class FioBlockPermutation {
 public:
  void Reset(uint64_t n, Rng& rng);
  uint64_t At(uint64_t index) const;

 private:
  uint64_t Encrypt(uint64_t value) const;
  uint64_t n_ = 1;
  uint32_t half_bits_ = 1;
  uint64_t half_mask_ = 1;
  uint64_t keys_[4] = {0, 0, 0, 0};
};

}  // namespace flashscope
