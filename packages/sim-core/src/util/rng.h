// Rng: the simulator's one source of randomness, injected wherever a choice is
// random. xoshiro256** seeded through splitmix64; every derived draw is done
// here with integer arithmetic (never std::*_distribution, whose algorithms
// differ between libstdc++ and Emscripten's libc++), so the same seed gives the
// same sequence natively and in WebAssembly.
#pragma once

#include <cstdint>

namespace flashscope {

class Rng {
 public:
  explicit Rng(uint64_t seed = 1) { Seed(seed); }

  void Seed(uint64_t seed) {
    uint64_t x = seed;
    for (uint64_t& word : state_) word = SplitMix64(x);
  }

  uint64_t NextU64() {
    const uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, bound), bound > 0. Lemire's multiply-shift with rejection:
  // unbiased, and one multiplication in the common case.
  uint64_t Below(uint64_t bound) {
    uint64_t x = NextU64();
    __uint128_t m = static_cast<__uint128_t>(x) * bound;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < bound) {
      const uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        x = NextU64();
        m = static_cast<__uint128_t>(x) * bound;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Uniform double in [0, 1) with 53 random bits.
  double Unit() { return static_cast<double>(NextU64() >> 11) * 0x1.0p-53; }

  // A child generator for a component (e.g. one fio job), so adding draws in
  // one component does not shift another's sequence.
  Rng Fork(uint64_t stream) { return Rng(NextU64() ^ (stream * 0x9E3779B97F4A7C15ull)); }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t SplitMix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  uint64_t state_[4];
};

}  // namespace flashscope
