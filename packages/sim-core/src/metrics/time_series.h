// TimeSeries: figures sampled at a simulated interval, as equal-length
// arrays (the `series` object of the JSON result). Rates in a point are over
// the interval that ends at t_ms (from the point before it, or from 0); the
// last point of a run may cover a shorter interval (its own length is used
// for its rates). A series never grows with the run: when it reaches the
// simulator's point cap, MergePairs halves it (sim/simulator.h).
#pragma once

#include <cstdint>
#include <vector>

#include "metrics/latency_histogram.h"

namespace flashscope {

struct TimeSeries {
  std::vector<double> t_ms;
  std::vector<double> iops;
  std::vector<double> read_mbps;
  std::vector<double> write_mbps;
  std::vector<double> lat_mean_us;
  std::vector<double> lat_p50_us;
  std::vector<double> lat_p99_us;
  std::vector<double> free_blocks;
  std::vector<double> gc_page_programs;  // in the interval
  std::vector<double> host_write_bytes;  // cumulative
  std::vector<double> nand_write_bytes;  // cumulative
  // Cumulative nand / host writes; NaN (null in the JSON) until both are
  // above 0, where the result's "waf" is null: nothing to amplify yet.
  std::vector<double> waf;
  // SLC cache (zeros without one): capacity now, bytes programmed in static
  // and dynamic pSLC blocks, the persistent part idle migration keeps,
  // cumulative bytes folded to native, and host-into-SLC / migration rates.
  std::vector<double> slc_capacity_bytes;
  std::vector<double> slc_static_bytes;
  std::vector<double> slc_dynamic_bytes;
  std::vector<double> slc_persistent_bytes;
  std::vector<double> migration_bytes;
  std::vector<double> slc_inflow_mbps;
  std::vector<double> slc_outflow_mbps;
  // Zoned drives only (run-level series; `zoned` false: these stay empty and
  // are not written): the host FTL's WAF so far, the garbage proportion now,
  // zones open and active, and per point `zns_classes` numbers, class c's
  // (user_c + gc_c) / user_total so far (they sum to zns_waf).
  bool zoned = false;
  uint32_t zns_classes = 0;
  std::vector<double> zns_waf;
  std::vector<double> zns_gp;
  std::vector<double> zones_open;
  std::vector<double> zones_active;
  std::vector<double> zns_class_waf;  // point * zns_classes + class

  size_t size() const { return t_ms.size(); }
  // How many times MergePairs has halved the series: a consumer that sent
  // points before (the frame meta) re-sends the whole series when it moved.
  uint64_t merges = 0;

  // Merges points 2k and 2k+1 into one ending at the later one's t_ms (an
  // odd last point stays as it is), so a series of n points covers the
  // same time with (n + 1) / 2. Rates (iops, MB/s) are averaged weighted by
  // each point's duration, so the bytes and I/Os they stand for are kept;
  // the mean latency is weighted by each point's I/Os, p50 too (an
  // approximation: the points keep no histograms); p99 takes the worse of
  // the two, as the frame meta merges points (api/snapshot_meta.cpp); GC
  // programs in the interval are summed; levels and cumulative figures
  // (free blocks, bytes written, WAF, SLC occupancy, zone figures) take the
  // later point's.
  void MergePairs();
};

// What one consumer (a job, or the whole run) completed during the current
// interval.
class IntervalCounters {
 public:
  void OnComplete(bool is_read, uint64_t bytes, uint64_t latency_ns) {
    ++ios_;
    (is_read ? read_bytes_ : write_bytes_) += bytes;
    latency_.Record(latency_ns);
  }
  // Device-wide figures at the sampling instant, for the point.
  struct Device {
    uint64_t free_blocks;
    uint64_t gc_page_programs;  // during the interval
    uint64_t host_write_bytes;  // cumulative for this consumer
    uint64_t nand_write_bytes;  // cumulative for this consumer
    uint64_t slc_capacity_bytes = 0;
    uint64_t slc_static_bytes = 0;
    uint64_t slc_dynamic_bytes = 0;
    uint64_t slc_persistent_bytes = 0;
    uint64_t migration_bytes = 0;    // cumulative
    uint64_t slc_inflow_bytes = 0;   // during the interval
    uint64_t slc_outflow_bytes = 0;  // during the interval
  };
  // Appends a point for the interval of `interval_ns` ending at t_ns, then
  // starts a new interval.
  void Emit(TimeSeries& series, uint64_t t_ns, uint64_t interval_ns, const Device& device);

 private:
  uint64_t ios_ = 0;
  uint64_t read_bytes_ = 0;
  uint64_t write_bytes_ = 0;
  LatencyHistogram latency_;
};

}  // namespace flashscope
