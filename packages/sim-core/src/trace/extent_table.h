// ExtentTable: an open-addressing hash map from a 64-bit key (a 1 MiB extent
// index or a 32 MiB page number of a trace's address space) to a small
// trivially-copyable value. Compact address mapping keeps the set of touched
// extents in one; the inspection's footprint finds its bitmap pages through
// one (footprint_bitmap.h). One flat array, linear probing, grown at half
// load: a lookup of a present key touches one cache line and never
// allocates. Keys must not be UINT64_MAX (the empty marker; extent and page
// numbers are offsets >> 20 or more, far below it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace flashscope {

template <typename Value>
class ExtentTable {
 public:
  static constexpr uint64_t kEmpty = UINT64_MAX;

  // The value of `key`, value-initialised when new.
  Value& operator[](uint64_t key) {
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    size_t i = Home(key);
    while (slots_[i].key != key) {
      if (slots_[i].key == kEmpty) {
        slots_[i].key = key;
        slots_[i].value = Value{};
        ++size_;
        break;
      }
      i = (i + 1) & (slots_.size() - 1);
    }
    return slots_[i].value;
  }

  size_t size() const { return size_; }
  void clear() {
    slots_.clear();
    size_ = 0;
  }

  // f(key, value) for every entry, in no particular order.
  template <typename F>
  void ForEach(F f) const {
    for (const Slot& slot : slots_) {
      if (slot.key != kEmpty) f(slot.key, slot.value);
    }
  }

 private:
  struct Slot {
    uint64_t key = kEmpty;
    Value value{};
  };

  size_t Home(uint64_t key) const {
    // Fibonacci hashing: consecutive extents spread over the table.
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & (slots_.size() - 1);
  }

  void Grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
    size_ = 0;
    for (const Slot& slot : old) {
      if (slot.key != kEmpty) (*this)[slot.key] = slot.value;
    }
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
};

}  // namespace flashscope
