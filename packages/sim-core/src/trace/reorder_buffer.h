// ReorderBuffer: a fixed-capacity window that puts a trace's records back
// in time order. Real traces are not always sorted: Tencent CBS interleaves
// the records of neighbouring seconds (a record of second 199 follows ones
// of second 200), SYSTOR'17 lines are written per LUN. Records go in as the
// file has them; the earliest comes out once the window is full (or the
// input has ended), so disorder that spans fewer records than the capacity
// is sorted exactly and later stragglers are left to the caller (the
// scanner gives them their predecessor's time).
//
// Ordered on (time, file sequence): equal times keep file order, so the
// result is deterministic. Most records of a real trace arrive in order, so
// a record no earlier than the last one queued in order joins a FIFO run
// (O(1), sequential memory); only the stragglers go into a min-heap, and the
// earliest of the two fronts comes out. On a sorted trace the heap stays
// empty: the window costs a copy per record instead of two log2(65,536)-deep
// heap walks over 3 MiB (which had cut `trace inspect` to a quarter of its
// speed). Storage grows geometrically up to the capacity (a short trace
// never pays for the whole window), then Push and Pop never allocate.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "workload/request_source.h"

namespace flashscope {

// One record waiting in the window; `volume` indexes the scanner's
// VolumeTable (the line's text is gone by the time it comes out).
struct PendingTraceRecord {
  uint64_t time_ns = 0;
  uint64_t offset_bytes = 0;
  uint64_t length_bytes = 0;
  uint64_t sequence = 0;  // file order, the tie-breaker
  uint64_t line = 0;
  uint32_t volume = 0;
  IoOp op = IoOp::kRead;
  bool fua = false;       // TraceRecord::fua
  bool preflush = false;  // TraceRecord::preflush
};

class ReorderBuffer {
 public:
  explicit ReorderBuffer(size_t capacity) : capacity_(capacity < 1 ? 1 : capacity) {}

  size_t capacity() const { return capacity_; }
  size_t size() const { return run_size_ + heap_.size(); }
  bool empty() const { return size() == 0; }
  bool full() const { return size() >= capacity_; }
  void Clear() {
    heap_.clear();
    run_head_ = run_size_ = 0;
  }

  // Precondition: !full().
  void Push(const PendingTraceRecord& record) {
    if (run_size_ == 0 || !Later(RunBack(), record)) {
      if (run_size_ == run_.size()) GrowRun();
      run_[(run_head_ + run_size_) % run_.size()] = record;
      ++run_size_;
      return;
    }
    heap_.push_back(record);
    std::push_heap(heap_.begin(), heap_.end(), Later);
  }

  const PendingTraceRecord& Earliest() const {
    return EarliestFromRun() ? run_[run_head_] : heap_.front();
  }

  PendingTraceRecord PopEarliest() {
    if (EarliestFromRun()) {
      const PendingTraceRecord earliest = run_[run_head_];
      run_head_ = (run_head_ + 1) % run_.size();
      --run_size_;
      return earliest;
    }
    std::pop_heap(heap_.begin(), heap_.end(), Later);
    PendingTraceRecord earliest = heap_.back();
    heap_.pop_back();
    return earliest;
  }

  // How many waiting records share the earliest time: the run's leading
  // records at that time (it is sorted) plus the heap's. In a binary
  // min-heap every ancestor of a node holding the minimum time holds it
  // too, so those nodes form a subtree at the root: the walk costs what it
  // counts, not the window's size.
  size_t CountAtEarliestTime() const {
    if (empty()) return 0;
    const uint64_t time = Earliest().time_ns;
    size_t count = 0;
    while (count < run_size_ && run_[(run_head_ + count) % run_.size()].time_ns == time) ++count;
    if (heap_.empty()) return count;
    // Depth-first; a binary tree's DFS stack never holds more than its
    // height + 1 entries, and a heap of 2^64 entries is 64 high.
    std::array<size_t, 66> stack;
    size_t depth = 0;
    stack[depth++] = 0;
    while (depth > 0) {
      const size_t node = stack[--depth];
      if (node >= heap_.size() || heap_[node].time_ns != time) continue;
      ++count;
      stack[depth++] = 2 * node + 1;
      stack[depth++] = 2 * node + 2;
    }
    return count;
  }

 private:
  // std heap functions keep the largest on top; "later" as less-than puts
  // the earliest there.
  static bool Later(const PendingTraceRecord& a, const PendingTraceRecord& b) {
    return a.time_ns != b.time_ns ? a.time_ns > b.time_ns : a.sequence > b.sequence;
  }

  const PendingTraceRecord& RunBack() const {
    return run_[(run_head_ + run_size_ - 1) % run_.size()];
  }
  bool EarliestFromRun() const {
    return run_size_ > 0 && (heap_.empty() || !Later(run_[run_head_], heap_.front()));
  }
  // Doubles the ring (up to the capacity), its records moved to the front.
  void GrowRun() {
    std::vector<PendingTraceRecord> grown(
        std::min(capacity_, std::max<size_t>(64, 2 * run_.size())));
    for (size_t i = 0; i < run_size_; ++i) grown[i] = run_[(run_head_ + i) % run_.size()];
    run_.swap(grown);
    run_head_ = 0;
  }

  size_t capacity_;
  std::vector<PendingTraceRecord> run_;  // a ring: records queued in order
  size_t run_head_ = 0;
  size_t run_size_ = 0;
  std::vector<PendingTraceRecord> heap_;  // the stragglers
};

}  // namespace flashscope
