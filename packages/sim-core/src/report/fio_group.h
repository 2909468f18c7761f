// The figures fio prints per job, gathered from a finished run: one
// FioReportEntry per job, or per reporting group with group_reporting, and
// one FioRunGroup per "Run status group". Both fio outputs (fio_json.h,
// fio_text.h) read these, so the JSON and the text always agree.
//
// What fio sums and how (fio stat.c __show_run_stats, sum_thread_stats,
// sum_stat): consecutive jobs of one groupid with group_reporting become one
// entry named after the first; I/O counts and bytes are added, the runtime
// is the longest member's, latency histograms are merged, and bandwidth and
// IOPS samples are added (the members ran side by side). With
// unified_rw_reporting reads, writes and trims are summed into one "mixed"
// direction (reported in slot 0).
//
// Where FlashScope's figures stand in for fio's:
//   - clat and lat are the request's latency (completion - arrival): the
//     simulator submits instantly, so slat has no samples (fio prints N=0,
//     as it does for synchronous engines);
//   - stddev is computed from the histogram's buckets around the exact mean
//     (each sample within 1/128 of its bucket's value): the histogram keeps
//     no sum of squares;
//   - bw_* and iops_* statistics come from the job's time series, one
//     sample per series interval (fio samples every 500 ms); a job that ran
//     one direction has its IOPS per interval exactly; a read/write mix has
//     each direction's IOPS from its MB/s over its mean request size;
//   - the latency_ns/us/ms shares place each histogram bucket by its lower
//     bound (fio places the exact sample);
//   - bandwidth and IOPS divide by the exact simulated runtime; "runtime"
//     is that runtime in whole ms (at least 1 when there was I/O).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "metrics/latency_histogram.h"
#include "metrics/nand_counters.h"
#include "sim/simulator.h"
#include "workload/fio_job.h"

namespace flashscope {

// One direction of an entry (fio's ddir): read, write, trim; or "mixed".
struct FioDirectionStats {
  uint64_t total_ios = 0;
  uint64_t io_bytes = 0;
  uint64_t runtime_ns = 0;  // 0: no I/O in this direction
  LatencyHistogram latency;
  // One sample per series interval: KiB/s and IOPS (fio's bw_stat and
  // iops_stat); empty when the series cannot tell this direction apart.
  std::vector<double> bw_kib_samples;
  std::vector<double> iops_samples;

  uint64_t runtime_ms() const;  // whole ms, at least 1 with I/O
  // Over runtime_ms(), as fio computes them (whole bytes per second).
  double bw_bytes_per_s() const;
  double iops() const;
};

// Summary statistics of a sample list as fio's calc_lat gives them.
struct FioSampleStats {
  uint64_t samples = 0;
  double min = 0;
  double max = 0;
  double mean = 0;
  double stddev = 0;  // sample standard deviation (n - 1), 0 for one sample
};
FioSampleStats SampleStats(const std::vector<double>& values);

// Standard deviation of a histogram's samples around its exact mean, each
// sample taken at its bucket's value clamped to [min, max]; 0 below two
// samples.
double HistogramStddevNs(const LatencyHistogram& histogram);

struct FioReportEntry {
  std::string name;  // the first member's
  uint32_t groupid = 0;
  uint32_t members = 0;
  // The first member's job section, or nullptr for a run without a job
  // file (a trace replay, a generator scenario).
  const FioJob* job = nullptr;
  std::vector<uint32_t> job_indices;  // host jobs summed into this entry
  bool unified = false;               // one "mixed" direction, in dirs[0]
  uint64_t start_ns = 0;              // the earliest member's start
  uint64_t end_ns = 0;                // the latest member's end
  std::array<FioDirectionStats, kHostOpKinds> dirs;
  // FlashScope's own figures for the entry's time span.
  NandCounters nand;
  uint64_t gc_runs = 0;

  uint64_t job_runtime_ns() const { return end_ns - start_ns; }
  uint64_t total_ios() const;
};

// fio's group_run_stats for one groupid: per direction the bytes of all its
// entries, the shortest and longest runtime, the lowest and highest entry
// bandwidth and the aggregate (bytes over the longest runtime).
struct FioRunGroup {
  uint32_t groupid = 0;
  bool unified = false;
  std::array<uint64_t, kHostOpKinds> io_bytes{};
  std::array<uint64_t, kHostOpKinds> min_run_ms{};
  std::array<uint64_t, kHostOpKinds> max_run_ms{};
  std::array<double, kHostOpKinds> min_bw_bytes{};
  std::array<double, kHostOpKinds> max_bw_bytes{};
  std::array<double, kHostOpKinds> agg_bw_bytes{};
};

// The percentiles fio reports when percentile_list is not given.
const std::vector<double>& FioDefaultPercentiles();

// The entries of a finished run. `jobs` (may be nullptr) is the job file the
// run's host jobs were built from, one host job per FioJob in order; with
// any other count it is not used and each host job is its own entry.
std::vector<FioReportEntry> FioReportEntries(const Simulator& sim, const FioJobFile* jobs);

// fio's "sync" object for an entry: the flushes its jobs issued (fsync=N,
// sync=1, end_fsync), which the host counts in its last op slot for a job
// that does not trim.
struct FioSyncStats {
  uint64_t total_ios = 0;
  LatencyHistogram latency;
};
FioSyncStats SyncStatsOf(const Simulator& sim, const FioReportEntry& entry);

// fio's per-job error (JSON "error", text "err="): the errno of the first
// member that ended in error, 0 if none: ETIMEDOUT (110) for a
// latency_target failed at depth 1 (fio lat_fatal), EIO (5) for a minimum
// rate not met (fio check_min_rate).
int FioErrorOf(const Simulator& sim, const FioReportEntry& entry);

// fio's latency distribution (latency_ns / latency_us / latency_ms, the
// text's "lat (nsec)" lines): percent of `total_ios` per range, a
// non-empty range at least 0.01 % (fio stat_calc_lat). Ranges are named by
// their upper edge: ns and us "2" is [0, 2), "4" is [2, 4) ... "1000" is
// [750, 1000); ms adds "2000" ([1000, 2000)) and ">=2000". Each histogram
// bucket is placed by its lower bound (fio places the exact sample).
struct FioLatencyShares {
  std::array<double, 10> ns{};
  std::array<double, 10> us{};
  std::array<double, 12> ms{};
};
FioLatencyShares LatencySharesOf(const LatencyHistogram& histogram, uint64_t total_ios);

// fio's iodepth_level slot (0: depth 1, 1: 2-3, 2: 4-7 ... 6: >= 64) of an
// entry's I/O, or -1 when it is not known. A closed-loop job that is not
// paced keeps `iodepth` requests outstanding, so all its I/O is at that
// depth; paced and open-loop jobs are not tracked per I/O.
int DepthLevelOf(const FioReportEntry& entry);

// The run status groups of the entries, by ascending groupid.
std::vector<FioRunGroup> FioRunGroups(const std::vector<FioReportEntry>& entries);

// The percentage of the group's aggregate bandwidth a mean of `mean_kib`
// KiB/s stands for (fio stat.c convert_agg_kbytes_percent): 100 when the
// aggregate is 1 KiB/s or less, capped at 100.
double PercentOfAggregate(const FioRunGroup* group, uint32_t dir, double mean_kib);

}  // namespace flashscope
