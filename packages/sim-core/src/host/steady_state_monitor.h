// SteadyStateMonitor: fio's steady-state detection for one job (fio
// `ss=iops:10%`, `ss_dur`, `ss_ramp`; fio steadystate.c). Once a second of
// the job's time the monitor takes a sample of the job's IOPS and bandwidth
// (I/O completed in that second); samples count once ss_ramp is over, and
// the last ss_dur worth of them form the window. With the window full, each
// new sample is judged as fio does:
//   iops / bw:             max |sample - mean| of the window, as a percent
//                          of the mean when the limit is a percentage;
//   iops_slope / bw_slope: the least-squares slope of the window (per
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
};

class SteadyStateMonitor {
 public:
  // fio's check interval (ss_interval's default): one sample a second.
  static constexpr uint64_t kIntervalNs = 1'000'000'000;

  // Disabled unless the metric is set and ss_dur holds at least one
  // interval. Allocates the window once.
  void Configure(const SteadyStateSpec& spec);
  bool enabled() const { return window_size_ > 0; }

  void Start(uint64_t start_ns);
  // One completed I/O of `bytes` at now_ns (non-decreasing). True once the
  // criterion is met (then stays true): the job should stop.
  bool OnComplete(uint64_t now_ns, uint64_t bytes);
  bool attained() const { return attained_; }

  SteadyStateResult Result() const;

 private:
  void CloseSample(uint64_t end_ns);
  void Judge();

  SteadyStateSpec spec_;
  uint32_t window_size_ = 0;
  std::vector<uint64_t> iops_;  // ring of window_size_ samples
  std::vector<uint64_t> bw_;
  uint32_t next_slot_ = 0;  // where the next sample goes
  uint32_t samples_ = 0;    // in the window, <= window_size_
  uint64_t start_ns_ = 0;
  uint64_t boundary_ns_ = 0;  // end of the second being counted
  uint64_t ios_ = 0;          // in the second being counted
  uint64_t bytes_ = 0;
  bool attained_ = false;
  uint64_t attained_ns_ = 0;
  double criterion_ = 0;
  double max_deviation_ = 0;
  double slope_ = 0;
};

}  // namespace flashscope
