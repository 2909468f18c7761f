#include "metrics/time_series.h"

namespace flashscope {

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
  series.waf.push_back(device.host_write_bytes
                           ? static_cast<double>(device.nand_write_bytes) / device.host_write_bytes
                           : 0);
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
