// LatencyTarget: fio's search for the queue depth that meets a latency
// target (fio `latency_target`, `latency_window`, `latency_percentile`,
// `latency_run`; io_u.c lat_target_init / lat_target_check /
// lat_target_success / __lat_target_failed), for one job.
//
// The job starts at depth 1. Each completed I/O slower than the target is a
// failure; with latency_percentile 100 the first failure backs off at once,
// otherwise failures are counted. Once a window (latency_window of time
// since the cycle began) is over, the share of I/Os within the target is
// judged: at or above latency_percentile the depth goes up (doubling until
// a depth has failed, then bisecting towards the lowest failed depth, which
// creeps up by one after three successes in a row just below it), below it
// the depth halves towards the highest depth that succeeded. Backing off
// quiesces the job (no new I/O until all outstanding I/O is done) and the
// next cycle begins then. Without latency_run, a success that leaves the
// depth where it was ends the search: the job quiesces, its figures restart
// (fio reset_all_stats) and it runs one more window at that depth, then
// stops. A failure at depth 1 with latency_percentile 100 is fatal, as in
// fio ("latency of N nsec exceeds specified max").
#pragma once

#include <cstdint>

namespace flashscope {

struct LatencyTargetSpec {
  uint64_t target_ns = 0;  // 0: off
  uint64_t window_ns = 0;
  double percentile = 100;
  bool run = false;  // fio latency_run: keep adjusting, never stop
};

class LatencyTarget {
 public:
  // What the host does after a completion.
  enum class Action : uint8_t {
    kNone,      // carry on at depth()
    kQuiesce,   // issue nothing until the outstanding I/O is done, then call Quiesced
    kFinalRun,  // the same, and the job's figures restart once quiesced
    kDone,      // the final window is over: the job stops
    kFatal,     // a failure at depth 1 with percentile 100: the job ends in error
  };

  void Configure(const LatencyTargetSpec& spec, uint32_t iodepth);
  bool enabled() const { return spec_.target_ns > 0; }
  // fio lat_target_init: depth 1, a cycle starting at now_ns.
  void Start(uint64_t now_ns);
  // The queue depth the job may use now (iodepth when disabled).
  uint32_t depth() const { return depth_; }
  bool quiescing() const { return quiescing_; }
  bool final_run() const { return end_run_; }

  // One completed read, write or trim of the job after `latency_ns`; `check`
  // false while the job's ramp_time lasts (fio judges no window then).
  Action OnComplete(uint64_t now_ns, uint64_t latency_ns, bool check);
  // The job's outstanding I/O is done after kQuiesce / kFinalRun: the next
  // cycle starts (fio lat_new_cycle after io_u_quiesce).
  void Quiesced(uint64_t now_ns);

 private:
  Action Failed();
  Action Succeeded(uint64_t now_ns);
  void NewCycle(uint64_t now_ns);

  LatencyTargetSpec spec_;
  uint32_t iodepth_ = 1;
  uint32_t depth_ = 1;  // fio latency_qd
  uint32_t depth_high_ = 1;
  uint32_t depth_low_ = 1;
  uint32_t stable_count_ = 0;
  uint64_t cycle_start_ns_ = 0;
  uint64_t cycle_ios_ = 0;
  uint64_t cycle_failed_ = 0;
  bool quiescing_ = false;
  bool end_run_ = false;
  bool finished_ = false;  // kDone or kFatal was answered
};

}  // namespace flashscope
