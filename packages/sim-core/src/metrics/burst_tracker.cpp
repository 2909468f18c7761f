#include "metrics/burst_tracker.h"

#include <algorithm>

namespace flashscope {

std::optional<double> Burst::mbps_before() const {
  if (!cache_exhausted || cliff_ns <= start_ns) return std::nullopt;
  return static_cast<double>(cache_bytes()) * 1e3 / static_cast<double>(cliff_ns - start_ns);
}

std::optional<double> Burst::mbps_after() const {
  if (!cache_exhausted || end_ns <= cliff_ns) return std::nullopt;
  return static_cast<double>(written_at_end - written_at_cliff) * 1e3 /
         static_cast<double>(end_ns - cliff_ns);
}

bool Burst::after_measured() const {
  return cache_exhausted && end_ns > cliff_ns &&
         written_at_end - written_at_cliff >= kAfterSpanWrites * largest_write_bytes;
}

void BurstTracker::OnIoIssued(uint64_t now_ns) {
  if (outstanding_++ > 0) return;
  if (in_burst_ && now_ns - idle_since_ns_ < kIdleGapNs) return;
  if (in_burst_) {
    // The burst before ended at the last completion, idle_since_ns_.
    ended_active_ns_ += idle_since_ns_ - burst_start_ns_;
    idle_between_ns_ += now_ns - idle_since_ns_;
  }
  burst_start_ns_ = now_ns;
  Burst burst;
  burst.start_ns = now_ns;
  burst.end_ns = now_ns;
  if (in_burst_) burst.idle_before_ns = now_ns - idle_since_ns_;
  burst.written_at_start = written_;
  burst.written_at_end = written_;
  // Idle time too short for migration to make room: this burst finds no
  // cache at all.
  if (cache_exhausted_) {
    burst.cache_exhausted = true;
    burst.cliff_ns = now_ns;
    burst.written_at_cliff = written_;
  }
  in_burst_ = true;
  ++bursts_total_;
  if (bursts_.size() < kMaxBursts) {
    bursts_.push_back(burst);
  } else {
    current_ = burst;
  }
}

void BurstTracker::OnIoCompleted(uint64_t now_ns, uint64_t write_bytes) {
  if (outstanding_ > 0) --outstanding_;
  if (outstanding_ == 0) idle_since_ns_ = now_ns;
  if (write_bytes == 0 || !in_burst_) return;
  written_ += write_bytes;
  Burst& burst = Current();
  burst.end_ns = now_ns;
  burst.written_at_end = written_;
  burst.largest_write_bytes = std::max(burst.largest_write_bytes, write_bytes);
}

void BurstTracker::OnCacheExhausted(uint64_t now_ns) {
  cache_exhausted_ = true;
  if (!in_burst_) return;
  Burst& burst = Current();
  // Only the burst's first cliff, and only while it goes on (a drive
  // draining its buffer after the host's gap belongs to no burst).
  if (burst.cache_exhausted || Ended(bursts_total_ - 1, now_ns)) return;
  burst.cache_exhausted = true;
  burst.cliff_ns = now_ns;
  burst.written_at_cliff = written_;
}

bool BurstTracker::Ended(size_t index, uint64_t now_ns) const {
  if (index + 1 < bursts_total_) return true;
  return outstanding_ == 0 && now_ns - idle_since_ns_ >= kIdleGapNs;
}

const Burst* BurstTracker::FirstCliffBurst() const {
  for (const Burst& burst : bursts_) {
    if (burst.cache_exhausted) return &burst;
  }
  return nullptr;
}

uint64_t BurstTracker::ActiveNs(uint64_t now_ns) const {
  if (!in_burst_) return 0;
  const uint64_t until = outstanding_ > 0 ? now_ns : idle_since_ns_;
  return ended_active_ns_ + (until - burst_start_ns_);
}

Burst& BurstTracker::Current() { return bursts_total_ <= kMaxBursts ? bursts_.back() : current_; }

}  // namespace flashscope
