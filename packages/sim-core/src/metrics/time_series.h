// TimeSeries: figures sampled at a fixed simulated interval, as equal-length
// arrays (the `series` object of the JSON result). Rates in a point are over
// the interval that ends at t_ms; the last point of a run may cover a shorter
// interval (its own length is used for its rates).
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
  std::vector<double> waf;               // cumulative nand / host writes
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
