// The SLC cache's cliff and the host's bursts (metrics/burst_tracker.h) as
// the result JSON (slc.cliff, slc.bursts, slc.bursts_total) and the live
// snapshot meta (slc.first_cliff, slc.bursts, slc.bursts_total) report
// them: both go through these functions, so they agree to the bit and the
// UI never recomputes a figure.
//
// slc.bursts: one object per kept burst (the first BurstTracker::kMaxBursts;
// bursts_total counts them all), oldest first:
//   start_ms            the burst's first I/O arrival
//   end_ms              its last write completion
//   idle_before_ms      the host had nothing outstanding for this long
//                       before it (null for the first burst)
//   host_written_bytes  host bytes written in the burst
//   cache_exhausted     the SLC cache ran out in it
//   cache_bytes         host bytes the burst wrote before that: the cache it
//                       found (null when the cache never ran out in it)
//   cliff_t_ms          when the cache ran out (null: never)
//   cliff_host_written_bytes   host bytes the run had written by then
//                       (null: never): slc.cliff.host_written_bytes for the
//                       first cliff, and the series' host_write_bytes count
//   write_mbps_before   cache_bytes / (cliff - start), MB/s (null: no cliff)
//   write_mbps_after    bytes from the cliff to the burst's end / (end -
//                       cliff), MB/s; null while the burst goes on until
//                       the host has written 10 times its largest write
//                       past the cliff (Burst::after_measured: before
//                       that the write under way at the cliff decides it)
//   depth               1 - after / before, a fraction (null without both)
//   recovered_fraction  cache_bytes / the first burst's cache_bytes (null
//                       unless both bursts ran out)
//   ended               the burst is over (a later one began, the host was
//                       idle for a second, or the host is done): its
//                       figures will not change
// All in 1e6 bytes per second, exact (from byte counters at event times):
// independent of the series' sampling interval.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "metrics/burst_tracker.h"
#include "sim/simulator.h"
#include "util/json.h"

namespace flashscope {

struct BurstFigures {
  const Burst* burst = nullptr;
  bool ended = false;
  std::optional<double> mbps_before;
  std::optional<double> mbps_after;
  std::optional<double> depth;
  std::optional<double> recovered_fraction;
};

// Burst `index` of the tracker's kept bursts, as of the run now.
BurstFigures FiguresOfBurst(const Simulator& sim, size_t index);
// The run's first cliff: the first kept burst that ran out of cache.
std::optional<BurstFigures> FirstCliffFigures(const Simulator& sim);

// Writes the fields "bursts" (the array above) and "bursts_total" into the
// object being written.
void WriteBurstFields(json::Writer& out, const Simulator& sim);

// A number, or null.
void WriteOptional(json::Writer& out, std::string_view key, const std::optional<double>& value);

}  // namespace flashscope
