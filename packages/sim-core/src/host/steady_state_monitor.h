// SteadyStateMonitor: fio's steady-state detection for one job (fio
// `ss=iops:10%`, `ss_dur`, `ss_ramp`, `ss_interval`; fio steadystate.c).
// Once per check interval (1 s unless ss_interval says otherwise) of the
// job's time the monitor takes a sample of the job's IOPS and bandwidth
// (I/O completed in that interval, per second) and of its mean completion
// latency (ns; 0 for an interval without I/O, as fio's group_lat);
// samples count once ss_ramp is over, and the last ss_dur worth of them
// form the window. With the window full, each new sample is judged as fio
// does:
//   iops / bw / lat:       max |sample - mean| of the window, as a percent
//                          of the mean when the limit is a percentage;
//   *_slope:               the least-squares slope of the window (per
//                          sample), as a percent of the mean likewise;
// and the criterion is met when that value (its magnitude, for a slope) is
// below the limit. The host then stops the job, as fio does.
// Per-job only: fio's group_reporting pooling of a group's samples is not
// modelled.
#pragma once

#include <cstdint>
#include <vector>

#include "workload/fio_job.h"

namespace flashscope {

struct SteadyStateSpec {
  SteadyStateMetric metric = SteadyStateMetric::kNone;
  double limit = 0;
  bool limit_percent = false;
  uint64_t dur_ns = 0;
  uint64_t ramp_ns = 0;
  uint64_t interval_ns = 1'000'000'000;  // fio ss_interval
};

// What fio's JSON "steadystate" object reports.
struct SteadyStateResult {
  SteadyStateSpec spec;
  bool enabled = false;
  bool attained = false;
  uint64_t attained_ns = 0;  // job time (since its start) of the deciding sample
  double criterion = 0;      // the last value judged (percent when spec.limit_percent)
  double max_deviation = 0;  // of the last full window, in the metric's unit
  double slope = 0;          // of the last full window, metric units per sample
  // The window, oldest sample first (fio's data.iops / data.bw; bw in
  // bytes per second) and their means (integers, as fio prints them).
  std::vector<uint64_t> iops;
  std::vector<uint64_t> bw;
  uint64_t iops_mean = 0;
  uint64_t bw_mean = 0;
  // Mean completion latency per sample, ns (fio's data.lat_ns, lat_mean).
  std::vector<uint64_t> lat_ns;
  uint64_t lat_mean_ns = 0;
};

class SteadyStateMonitor {
 public:
  // Disabled unless the metric is set and ss_dur holds at least one
  // interval. Allocates the window once.
  void Configure(const SteadyStateSpec& spec);
  bool enabled() const { return window_size_ > 0; }

  void Start(uint64_t start_ns);
  // One completed I/O of `bytes` at now_ns (non-decreasing), after
  // `latency_ns`. True once the criterion is met (then stays true): the job
  // should stop.
  bool OnComplete(uint64_t now_ns, uint64_t bytes, uint64_t latency_ns = 0);
  bool attained() const { return attained_; }

  SteadyStateResult Result() const;

 private:
  void CloseSample(uint64_t end_ns);
  void Judge();

  SteadyStateSpec spec_;
  uint32_t window_size_ = 0;
  std::vector<uint64_t> iops_;  // ring of window_size_ samples
  std::vector<uint64_t> bw_;
  std::vector<uint64_t> lat_;
  uint32_t next_slot_ = 0;  // where the next sample goes
  uint32_t samples_ = 0;    // in the window, <= window_size_
  uint64_t start_ns_ = 0;
  uint64_t interval_ns_ = 1'000'000'000;
  uint64_t boundary_ns_ = 0;  // end of the interval being counted
  uint64_t ios_ = 0;          // in the interval being counted
  uint64_t bytes_ = 0;
  uint64_t latency_sum_ns_ = 0;
  bool attained_ = false;
  uint64_t attained_ns_ = 0;
  double criterion_ = 0;
  double max_deviation_ = 0;
  double slope_ = 0;
};

}  // namespace flashscope
