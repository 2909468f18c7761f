// SnapshotMetaWriter: the JSON that travels with each snapshot frame
// (fs_snapshot_meta). Its keys are exactly SnapshotMeta's in
// packages/wasm/src/protocol.ts:
//   frame             number of the latest fs_snapshot frame (0 before any)
//   sim_time_ns       simulated time now
//   finished          every job is done
//   waf               NAND bytes programmed / host bytes written in the timed
//                     run so far (null before the first host write)
//   waf_model         the analytic steady-state WAF of the drive as
//                     configured, {name, spare_factor, waf}, or null where
//                     no model applies (report/waf_model.h); the same for
//                     every frame of a session
//   free_blocks       erased blocks in the free pools now
//   host_write_bytes, nand_write_bytes   cumulative, timed run
//   programs_by_cause the timed run's page programs by cause, as the
//                     result's nand.programs_by_cause (padding among them)
//   write_buffer      {buffered_bytes, overwritten_bytes, trimmed_bytes}:
//                     the result's "write_buffer" (report/buffer_json.h)
//   end_of_run        null until the run has finished, then the result's
//                     "end_of_run" (report/buffer_json.h, the same function)
//   gc_runs           GC runs in the timed run
//   gc_runs_kind      what gc_runs counts: "gc", or "merges" on a classic FTL
//   stalls            {count, wait_ms, gc_wait_ms, migration_wait_ms}: every
//                     host write stall so far, the result's "stalls" (the
//                     same function, report/event_json.h)
//   iops, read_iops, read_mbps, write_mbps   averages over the timed run
//                     so far: completed requests or bytes over the result's
//                     span (Host::IoSpanNs: the first job's start to the
//                     last completion, or to now while a job runs), so they
//                     equal the result's throughput at any moment; the
//                     series carries the per-interval rates
//   latency_us        {read, write}: {count, mean, p50, p90, p99, p999, max}
//                     in microseconds over every job, fio percentiles
//   mean_response_us  reads and writes together (the result's
//                     mean_response_us, report/classic_json.h); null before
//                     either completed
//   latency_cdf       [[latency_us, cumulative fraction], ...] of reads and
//                     writes together, ascending, at most ~200 points (see
//                     LatencyCdf), the last one at fraction 1
//   latency_cdf_by_op {read, write}: each op's own CDF, shaped the same
//                     (empty before its first completion); it passes
//                     through that op's p50/p90/p99/p999 of latency_us
//   erase_histogram   blocks per erase-count bin of width erase_bin_width,
//   erase_bin_width   binned like the result JSON's "wear" histogram
//   wear              {min_erases, max_erases}: the least- and most-erased
//                     block now, the result's wear figures
//   read_disturb      {refreshes}: blocks refreshed after too many reads so
//                     far (the result's read_disturb.refreshes); null when
//                     read_disturb.enabled is off
//   static_wear_leveling   {moves}: cold blocks moved so far (the result's
//                     static_wear_leveling.moves); null when
//                     wear_leveling.static_enabled is off
//   series            the run-level series points (sim.series()) produced
//                     since the previous call, column arrays as in the result
//   series_interval_ms   the series' interval now, as the result JSON's
//                     (it doubles whenever a long run's series merges pairs)
//   events            GC start/end and stall events since the previous call,
//                     shaped like the result JSON's "events" entries
//   slc               the SLC cache now (null without one): capacities now
//                     and, as the result JSON's slc names them, when the
//                     host started (capacity_bytes_at_start,
//                     dynamic_capacity_bytes_at_start; 0 before), the
//                     pSLC blocks migration emptied (migrations, the
//                     result's slc.migrations); its first_cliff
//                     {t_ms, host_written_bytes, before_mbps, after_mbps,
//                     after_settled, depth} carries the result JSON's
//                     slc.cliff and its bursts / bursts_total the result's
//                     slc.bursts (report/burst_json.h, the same function):
//                     exact figures from the burst tracker; after (and
//                     depth) null until the host has written enough past
//                     the cliff for it to be a rate (Burst::after_measured),
//                     then the rate so far, final (the result JSON's
//                     figure) once after_settled
//   trace             a trace replay's progress: {bytes_read, size_bytes,
//                     requests (issued so far)}; null for a fio workload
//   zns               a zoned drive's zones now, and GC's data flow since
//                     the previous call (report/zns_json.h WriteZnsMeta);
//                     null for a conventional drive
//   classic           the classic FTL / write-cache drive's mapping, merge,
//                     DFTL mapping-cache and write-cache figures now
//                     (report/classic_json.h WriteClassicMeta); null on
//                     other drives
// On a zoned drive the series also carry zns_waf, zns_gp, zones_open,
// zones_active and zns_class_waf, and the events zone resets.
// Each series point and each event is delivered by exactly one call, however
// many frames the UI skips, with two exceptions a long run brings: the
// series may merge its points in pairs (then a merged point that straddles
// the last one sent is sent again, with the pair's rates), and more events
// than the log's ring holds between two calls are counted in
// events_dropped, not sent.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "metrics/latency_histogram.h"
#include "report/waf_model.h"
#include "report/zns_json.h"
#include "sim/simulator.h"
#include "trace/trace_source.h"
#include "util/json.h"

namespace flashscope {

// A CDF of `histogram` with at most about 200 points: bucket i (its fio
// value in µs, never above the maximum, as the percentiles give it) is kept
// when it is the first or last occupied bucket, when the cumulative
// fraction rose by >= 1/100 since the last kept point, when the tail
// (1 - fraction) shrank by a factor >= 1.25 (so the p99/p99.9/p99.99
// region keeps its shape), or when it holds the summary's p50, p90, p99 or
// p99.9 (so the curve crosses each at the latency latency_us gives); a
// last point at the maximum closes it when that bucket's value lies below
// it. That bounds the count by 100 + log(count)/log(1.25) + 7: 202 points
// for a billion samples.
std::vector<std::pair<double, double>> LatencyCdf(const LatencyHistogram& histogram);

class SnapshotMetaWriter {
 public:
  // The meta JSON for `frame`; advances the series and event cursors.
  // `trace` is the replayed trace, or nullptr.
  std::string Write(const Simulator& sim, uint32_t frame, const TraceSource* trace = nullptr);

  // t_ms of the last series point sent (-1 before any).
  double series_cursor_ms() const { return series_cursor_ms_; }
  uint64_t event_cursor() const { return event_cursor_; }

 private:
  double series_cursor_ms_ = -1;
  uint64_t series_merges_ = 0;         // TimeSeries::merges when the series was last sent
  uint64_t event_cursor_ = 0;          // number of the next event to send (SimEventLog)
  ZnsMetaCursor zns_cursor_;           // GC's data flow reported so far
  std::optional<WafModel> waf_model_;  // valid once waf_model_computed_
  bool waf_model_computed_ = false;
  // Scratch histograms merged across jobs each frame: kept as members, not
  // stack locals (each is ~15 KB; see latency_histogram.h).
  std::array<LatencyHistogram, 2> by_op_;  // read, write
  LatencyHistogram all_;
};

}  // namespace flashscope
