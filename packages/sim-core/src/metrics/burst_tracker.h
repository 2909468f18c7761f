// BurstTracker: the host's bursts of activity and the SLC cache's cliff in
// each, from exact events (host I/O arrivals and completions, the cache's
// exhausted / recovered transitions), never from the sampled series: the
// figures do not depend on how often the series samples or how it merges
// its points (issue 19: 1661 / 1195 / 972 MB/s for one run sampled at 10 ms,
// 100 ms and 50 ms).
//
// A burst is host activity with no idle gap of kIdleGapNs or more, where
// idle means the host has no I/O outstanding: a fold-then-write stall with
// requests queued is part of the burst; an fio startdelay or an idle phase
// between jobs is a gap. A burst starts at the first arrival after a gap
// (or the run's first) and ends at its last write completion.
//
// Per burst, from cumulative byte counters read at those instants:
//   cache_bytes       host bytes written in the burst before the cache ran
//                     out: the cache this burst found (0 when the burst
//                     started with the cache still exhausted)
//   mbps_before       cache_bytes / (cliff - start)
//   mbps_after        bytes written from the cliff to the burst's end /
//                     (end - cliff); while the burst goes on it means
//                     something only once after_measured() (below)
// Fixed memory: the first kMaxBursts bursts are kept, later ones only
// counted (bursts_total); nothing grows with the run's length.
//
// Over all bursts, kept or not: the host's active time (each burst's span,
// from its first arrival to its last completion of any I/O, reads too) and
// its idle time (the gaps between bursts), which add up to the host's first
// arrival to its last completion. Throughput over the active time leaves out
// the idle a burst / idle / burst workload asks for (issue 28).
//
// Lifecycle: the host calls OnIoIssued / OnIoCompleted for every request,
// the drive's SLC cache OnCacheExhausted / OnCacheRecovered on each
// transition, all in event order with non-decreasing times.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace flashscope {

struct Burst {
  uint64_t start_ns = 0;  // the first arrival
  uint64_t end_ns = 0;    // the last write completion (start_ns before any)
  // Idle time since the previous burst's host had nothing outstanding;
  // nullopt for the run's first burst.
  std::optional<uint64_t> idle_before_ns;
  // Cumulative host bytes written (completed) at the burst's start, at its
  // last write completion, and at its cliff.
  uint64_t written_at_start = 0;
  uint64_t written_at_end = 0;
  bool cache_exhausted = false;
  uint64_t cliff_ns = 0;
  uint64_t written_at_cliff = 0;
  // The largest write completed in the burst (bytes).
  uint64_t largest_write_bytes = 0;

  // Writes' worth of bytes past the cliff that make the after figure a rate.
  static constexpr uint64_t kAfterSpanWrites = 10;

  uint64_t host_written_bytes() const { return written_at_end - written_at_start; }
  // The cache this burst found (meaningful when cache_exhausted).
  uint64_t cache_bytes() const { return written_at_cliff - written_at_start; }
  // Write MB/s (1e6 bytes per second) before and after the cliff; nullopt
  // where the span is empty (no cliff, or no time on that side).
  std::optional<double> mbps_before() const;
  std::optional<double> mbps_after() const;
  // The host has written at least kAfterSpanWrites times the burst's
  // largest write past the cliff: from then on mbps_after() is a rate after
  // the cliff. Before that it is not: the write under way at the cliff was
  // mostly taken in before it but counts whole after it (the SLC-cliff
  // lesson's 1 MiB write completing 0.8 ms past the cliff reads 1.34 GB/s
  // on a drive that writes 53 MB/s to QLC). From then on that write is at
  // most a tenth of the bytes counted, so the figure is at most 10 / 9 of
  // the rate (58 MB/s there, 53 MB/s once the burst ends).
  bool after_measured() const;
};

class BurstTracker {
 public:
  static constexpr uint64_t kIdleGapNs = 1'000'000'000;  // 1 s with nothing outstanding
  static constexpr size_t kMaxBursts = 64;

  BurstTracker() { bursts_.reserve(kMaxBursts); }

  void OnIoIssued(uint64_t now_ns);
  // `write_bytes`: the request's bytes if it was a write, else 0.
  void OnIoCompleted(uint64_t now_ns, uint64_t write_bytes);
  void OnCacheExhausted(uint64_t now_ns);
  void OnCacheRecovered() { cache_exhausted_ = false; }

  // The first bursts (at most kMaxBursts), oldest first; the last one may
  // still be going on.
  const std::vector<Burst>& bursts() const { return bursts_; }
  uint64_t bursts_total() const { return bursts_total_; }
  // The burst numbered `index` has ended by `now_ns`: a later one has
  // started, or the host has had nothing outstanding for kIdleGapNs.
  bool Ended(size_t index, uint64_t now_ns) const;
  // The first kept burst that ran out of cache (the run's first cliff), or
  // nullptr.
  const Burst* FirstCliffBurst() const;
  // The bursts' spans so far; the current burst's up to now_ns while I/O is
  // outstanding, else up to its last completion.
  uint64_t ActiveNs(uint64_t now_ns) const;
  // The idle gaps between bursts so far (the sum of their idle_before).
  uint64_t IdleNs() const { return idle_between_ns_; }

 private:
  // The burst now going on, also when it is past the budget (then it is
  // counted, not kept).
  Burst current_;
  bool in_burst_ = false;
  uint32_t outstanding_ = 0;
  uint64_t idle_since_ns_ = 0;  // the host had nothing outstanding from then
  uint64_t written_ = 0;
  bool cache_exhausted_ = false;
  uint64_t burst_start_ns_ = 0;   // the current burst's first arrival
  uint64_t ended_active_ns_ = 0;  // the spans of the bursts before it
  uint64_t idle_between_ns_ = 0;  // the gaps between bursts
  std::vector<Burst> bursts_;     // reserved to kMaxBursts: never reallocates
  uint64_t bursts_total_ = 0;

  Burst& Current();
};

}  // namespace flashscope
