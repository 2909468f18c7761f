// FioBlockPermutation: see fio_block_permutation.h. Source: Black and
// Rogaway, "Ciphers with Arbitrary Finite Domains" (CT-RSA 2002), a Feistel
// network with cycle walking.
#include "workload/fio_block_permutation.h"

namespace flashscope {
namespace {

uint64_t Mix64(uint64_t z) {  // splitmix64's finaliser
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

void FioBlockPermutation::Reset(uint64_t n, Rng& rng) {
  n_ = n;
  uint32_t bits = 2;
  while (bits < 64 && (uint64_t{1} << bits) < n) ++bits;
  if (bits % 2 != 0) ++bits;
  half_bits_ = bits / 2;
  half_mask_ = (uint64_t{1} << half_bits_) - 1;
  for (uint64_t& key : keys_) key = rng.NextU64();
}

uint64_t FioBlockPermutation::Encrypt(uint64_t value) const {
  uint64_t left = value >> half_bits_;
  uint64_t right = value & half_mask_;
  for (uint64_t key : keys_) {
    const uint64_t next_right = left ^ (Mix64(right ^ key) & half_mask_);
    left = right;
    right = next_right;
  }
  return (left << half_bits_) | right;
}

uint64_t FioBlockPermutation::At(uint64_t index) const {
  // Cycle walking (Black & Rogaway 2002): the cycle through `index` returns
  // to [0, n) before it repeats, so this is a bijection on [0, n).
  uint64_t value = Encrypt(index);
  while (value >= n_) value = Encrypt(value);
  return value;
}

}  // namespace flashscope
