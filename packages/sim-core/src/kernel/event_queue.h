// EventQueue: the discrete-event kernel's agenda. Events are ordered by
// (time, priority, insertion sequence) — the SST convention — so two events at
// the same nanosecond always run in the same order, natively and in wasm.
// A binary heap of 24-byte POD entries: push/pop never allocate once the
// vector has grown to the run's high-water mark.
#pragma once

#include <cstdint>
#include <vector>

namespace flashscope {

struct Event {
  uint64_t time_ns;
  // priority (8 bits) | kind (8 bits) | target (48 bits, e.g. a die or request)
  // is not needed in the key: the sequence number below breaks all ties.
  uint64_t key;     // (priority << 56) | sequence: smaller runs first
  uint32_t kind;    // what happens (the engine's enum)
  uint32_t target;  // which die, request, plane...
};

class EventQueue {
 public:
  void Push(uint64_t time_ns, uint8_t priority, uint32_t kind, uint32_t target) {
    heap_.push_back(Event{time_ns, (uint64_t{priority} << 56) | sequence_++, kind, target});
    SiftUp(heap_.size() - 1);
  }
  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  const Event& top() const { return heap_.front(); }
  Event Pop() {
    Event first = heap_.front();
    heap_.front() = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) SiftDown(0);
    return first;
  }
  void Clear() { heap_.clear(); }

 private:
  static bool Before(const Event& a, const Event& b) {
    return a.time_ns != b.time_ns ? a.time_ns < b.time_ns : a.key < b.key;
  }
  void SiftUp(size_t i) {
    Event moving = heap_[i];
    while (i > 0) {
      size_t parent = (i - 1) / 2;
      if (!Before(moving, heap_[parent])) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = moving;
  }
  void SiftDown(size_t i) {
    Event moving = heap_[i];
    const size_t n = heap_.size();
    for (;;) {
      size_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && Before(heap_[child + 1], heap_[child])) ++child;
      if (!Before(heap_[child], moving)) break;
      heap_[i] = heap_[child];
      i = child;
    }
    heap_[i] = moving;
  }

  std::vector<Event> heap_;
  uint64_t sequence_ = 0;
};

}  // namespace flashscope
