#include "metrics/time_series.h"

#include <algorithm>
#include <limits>

namespace flashscope {

void TimeSeries::MergePairs() {
  const size_t n = size();
  if (n < 2) return;
  const size_t merged = (n + 1) / 2;
  ++merges;
  const std::vector<double> t = t_ms;
  // Each point's duration, from the point before it (or from 0).
  auto duration = [&t](size_t i) { return t[i] - (i == 0 ? 0 : t[i - 1]); };
  auto by_duration = [&](std::vector<double>& v) {
    for (size_t k = 0; k < merged; ++k) {
      const size_t a = 2 * k, b = 2 * k + 1;
      if (b >= n) {
        v[k] = v[a];
        continue;
      }
      const double da = duration(a), db = duration(b);
      v[k] = da + db > 0 ? (v[a] * da + v[b] * db) / (da + db) : v[b];
    }
    v.resize(merged);
  };
  // I/Os each point stands for, before iops is merged.
  std::vector<double> ios(n);
  for (size_t i = 0; i < n; ++i) ios[i] = iops[i] * duration(i);
  auto by_ios = [&](std::vector<double>& v) {
    for (size_t k = 0; k < merged; ++k) {
      const size_t a = 2 * k, b = 2 * k + 1;
      if (b >= n) {
        v[k] = v[a];
        continue;
      }
      const double count = ios[a] + ios[b];
      v[k] = count > 0 ? (v[a] * ios[a] + v[b] * ios[b]) / count : 0;
    }
    v.resize(merged);
  };
  auto combine = [&](std::vector<double>& v, auto op) {
    for (size_t k = 0; k < merged; ++k) {
      const size_t a = 2 * k, b = 2 * k + 1;
      v[k] = b < n ? op(v[a], v[b]) : v[a];
    }
    v.resize(merged);
  };
  auto later = [&](std::vector<double>& v) { combine(v, [](double, double b) { return b; }); };
  by_ios(lat_mean_us);
  by_ios(lat_p50_us);
  combine(lat_p99_us, [](double a, double b) { return std::max(a, b); });
  combine(gc_page_programs, [](double a, double b) { return a + b; });
  for (std::vector<double>* rate :
       {&iops, &read_mbps, &write_mbps, &slc_inflow_mbps, &slc_outflow_mbps}) {
    by_duration(*rate);
  }
  for (std::vector<double>* level :
       {&t_ms, &free_blocks, &host_write_bytes, &nand_write_bytes, &waf, &slc_capacity_bytes,
        &slc_static_bytes, &slc_dynamic_bytes, &slc_persistent_bytes, &migration_bytes, &zns_waf,
        &zns_gp, &zones_open, &zones_active}) {
    if (level->size() == n) later(*level);
  }
  if (zns_classes > 0 && zns_class_waf.size() == n * zns_classes) {
    for (size_t k = 0; k < merged; ++k) {
      const size_t from = std::min(2 * k + 1, n - 1) * zns_classes;
      std::copy_n(zns_class_waf.begin() + static_cast<std::ptrdiff_t>(from), zns_classes,
                  zns_class_waf.begin() + static_cast<std::ptrdiff_t>(k * zns_classes));
    }
    zns_class_waf.resize(merged * zns_classes);
  }
}

void IntervalCounters::Emit(TimeSeries& series, uint64_t t_ns, uint64_t interval_ns,
                            const Device& device) {
  const double seconds = interval_ns > 0 ? interval_ns / 1e9 : 1;
  series.t_ms.push_back(t_ns / 1e6);
  series.iops.push_back(ios_ / seconds);
  series.read_mbps.push_back(read_bytes_ / seconds / 1e6);
  series.write_mbps.push_back(write_bytes_ / seconds / 1e6);
  series.lat_mean_us.push_back(latency_.count() ? latency_.mean_ns() / 1e3 : 0);
  series.lat_p50_us.push_back(latency_.count() ? latency_.Percentile(50) / 1e3 : 0);
  series.lat_p99_us.push_back(latency_.count() ? latency_.Percentile(99) / 1e3 : 0);
  series.free_blocks.push_back(static_cast<double>(device.free_blocks));
  series.gc_page_programs.push_back(static_cast<double>(device.gc_page_programs));
  series.host_write_bytes.push_back(static_cast<double>(device.host_write_bytes));
  series.nand_write_bytes.push_back(static_cast<double>(device.nand_write_bytes));
  // No WAF before the host wrote and the flash was programmed: NaN, which
  // the JSON writes as null (a 0 would draw as a figure of no amplification).
  series.waf.push_back(device.host_write_bytes > 0 && device.nand_write_bytes > 0
                           ? static_cast<double>(device.nand_write_bytes) / device.host_write_bytes
                           : std::numeric_limits<double>::quiet_NaN());
  series.slc_capacity_bytes.push_back(static_cast<double>(device.slc_capacity_bytes));
  series.slc_static_bytes.push_back(static_cast<double>(device.slc_static_bytes));
  series.slc_dynamic_bytes.push_back(static_cast<double>(device.slc_dynamic_bytes));
  series.slc_persistent_bytes.push_back(static_cast<double>(device.slc_persistent_bytes));
  series.migration_bytes.push_back(static_cast<double>(device.migration_bytes));
  series.slc_inflow_mbps.push_back(device.slc_inflow_bytes / seconds / 1e6);
  series.slc_outflow_mbps.push_back(device.slc_outflow_bytes / seconds / 1e6);
  ios_ = read_bytes_ = write_bytes_ = 0;
  latency_.Reset();
}

}  // namespace flashscope
