// PinnedUnits: small-write pinning (slc_cache.pin_small_bytes). Per logical
// unit, "its last write was small": the write buffer sets it per request,
// and SLC migration copies such units into pSLC again instead of folding
// them. Empty (Contains always false) when pinning is off.
#pragma once

#include <cstdint>
#include <vector>

namespace flashscope {

class PinnedUnits {
 public:
  // Sized for `logical_units` when `enabled`; otherwise stays empty.
  void Reset(bool enabled, uint64_t logical_units) {
    if (enabled) bits_.assign((logical_units + 63) / 64, 0);
  }
  bool enabled() const { return !bits_.empty(); }
  bool Contains(uint64_t lpn) const {
    return !bits_.empty() && ((bits_[lpn >> 6] >> (lpn & 63)) & 1u);
  }
  void Set(uint64_t lpn, bool pinned) {
    if (Contains(lpn) == pinned) return;
    bits_[lpn >> 6] ^= uint64_t{1} << (lpn & 63);
    pinned ? ++count_ : --count_;
  }
  uint64_t count() const { return count_; }

 private:
  std::vector<uint64_t> bits_;
  uint64_t count_ = 0;
};

}  // namespace flashscope
