// RingQueue: a FIFO over a power-of-two ring that doubles when full. After the
// run reaches its high-water mark, push and pop never allocate (std::deque
// allocates a chunk every few hundred pushes).
#pragma once

#include <cstdint>
#include <vector>

namespace flashscope {

template <typename T>
class RingQueue {
 public:
  explicit RingQueue(uint32_t initial_capacity = 16) {
    uint32_t capacity = 1;
    while (capacity < initial_capacity) capacity <<= 1;
    items_.resize(capacity);
  }
  bool empty() const { return size_ == 0; }
  uint32_t size() const { return size_; }
  T& front() { return items_[head_]; }
  const T& front() const { return items_[head_]; }
  // i-th element from the front (0 = front).
  const T& at(uint32_t i) const { return items_[(head_ + i) & Mask()]; }
  T& at(uint32_t i) { return items_[(head_ + i) & Mask()]; }
  void push_back(const T& item) {
    if (size_ == items_.size()) Grow();
    items_[(head_ + size_) & Mask()] = item;
    ++size_;
  }
  void pop_front() {
    head_ = (head_ + 1) & Mask();
    --size_;
  }
  // Removes the i-th element, keeping the order of the rest.
  void erase_at(uint32_t i) {
    for (uint32_t j = i; j > 0; --j)
      items_[(head_ + j) & Mask()] = items_[(head_ + j - 1) & Mask()];
    pop_front();
  }
  void clear() { head_ = size_ = 0; }

 private:
  uint32_t Mask() const { return static_cast<uint32_t>(items_.size()) - 1; }
  void Grow() {
    std::vector<T> bigger(items_.size() * 2);
    for (uint32_t i = 0; i < size_; ++i) bigger[i] = items_[(head_ + i) & Mask()];
    items_.swap(bigger);
    head_ = 0;
  }

  std::vector<T> items_;
  uint32_t head_ = 0;
  uint32_t size_ = 0;
};

}  // namespace flashscope
