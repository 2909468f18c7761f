#include "metrics/time_series.h"

#include <gtest/gtest.h>

namespace flashscope {
namespace {

// Three points: 100 ms at 1000 IOPS (mean 50 us), 100 ms at 3000 IOPS
// (mean 150 us), then a 200 ms point at 500 IOPS. Merging the first two
// keeps the 400 I/Os they stand for: 2000 IOPS over 200 ms, mean latency
// (100 x 50 + 300 x 150) / 400 = 125 us; the odd last point stays.
TEST(TimeSeriesMergePairs, KeepsTheIosBytesAndWorstP99) {
  TimeSeries s;
  s.t_ms = {100, 200, 400};
  s.iops = {1000, 3000, 500};
  s.write_mbps = {4, 12, 2};
  s.read_mbps = {0, 0, 0};
  s.lat_mean_us = {50, 150, 80};
  s.lat_p50_us = {40, 120, 70};
  s.lat_p99_us = {900, 300, 100};
  s.free_blocks = {10, 8, 7};
  s.gc_page_programs = {5, 7, 1};
  s.host_write_bytes = {409600, 1638400, 2048000};
  s.nand_write_bytes = {409600, 1843200, 2252800};
  s.waf = {1, 1.125, 1.1};
  for (auto* column :
       {&s.slc_capacity_bytes, &s.slc_static_bytes, &s.slc_dynamic_bytes, &s.slc_persistent_bytes,
        &s.migration_bytes, &s.slc_inflow_mbps, &s.slc_outflow_mbps}) {
    *column = {0, 0, 0};
  }
  s.MergePairs();
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s.t_ms[0], 200);
  EXPECT_EQ(s.iops[0], 2000);
  EXPECT_EQ(s.write_mbps[0], 8);  // 1.6 MB over 0.2 s
  EXPECT_EQ(s.lat_mean_us[0], 125);
  EXPECT_EQ(s.lat_p50_us[0], 100);  // weighted like the mean: (100x40 + 300x120) / 400
  EXPECT_EQ(s.lat_p99_us[0], 900);
  EXPECT_EQ(s.gc_page_programs[0], 12);
  EXPECT_EQ(s.free_blocks[0], 8);
  EXPECT_EQ(s.host_write_bytes[0], 1638400);
  EXPECT_EQ(s.waf[0], 1.125);
  EXPECT_EQ(s.t_ms[1], 400);
  EXPECT_EQ(s.iops[1], 500);
  EXPECT_EQ(s.lat_p99_us[1], 100);
  for (const auto* column : {&s.slc_capacity_bytes, &s.slc_outflow_mbps, &s.read_mbps}) {
    EXPECT_EQ(column->size(), 2u);
  }
}

// Idle points (no I/O) merge to an idle point: no division by zero.
TEST(TimeSeriesMergePairs, IdlePointsStayIdle) {
  TimeSeries s;
  s.t_ms = {100, 200};
  for (auto* column :
       {&s.iops, &s.read_mbps, &s.write_mbps, &s.lat_mean_us, &s.lat_p50_us, &s.lat_p99_us,
        &s.free_blocks, &s.gc_page_programs, &s.host_write_bytes, &s.nand_write_bytes, &s.waf,
        &s.slc_capacity_bytes, &s.slc_static_bytes, &s.slc_dynamic_bytes, &s.slc_persistent_bytes,
        &s.migration_bytes, &s.slc_inflow_mbps, &s.slc_outflow_mbps}) {
    *column = {0, 0};
  }
  s.MergePairs();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s.t_ms[0], 200);
  EXPECT_EQ(s.iops[0], 0);
  EXPECT_EQ(s.lat_mean_us[0], 0);
}

}  // namespace
}  // namespace flashscope
