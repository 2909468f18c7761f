// Bus transfer times in integer arithmetic: exact, and the same natively and
// in WebAssembly (no floating point on the per-transfer path).
#pragma once

#include <cmath>
#include <cstdint>

namespace flashscope {

// A rate in MB/s (10^6 bytes per second), as device JSON gives it.
inline uint64_t BytesPerSecond(double mbps) {
  return static_cast<uint64_t>(std::llround(mbps * 1e6));
}

// Nanoseconds to move `bytes` at `bytes_per_s`, rounded to nearest.
inline uint64_t TransferTimeNs(uint64_t bytes, uint64_t bytes_per_s) {
  return (bytes * 1'000'000'000ull + bytes_per_s / 2) / bytes_per_s;
}

}  // namespace flashscope
