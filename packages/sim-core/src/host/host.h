// Host: the jobs that drive the device, as fio runs them. Jobs between two
// stonewalls form a group and run concurrently; groups run one after another.
// A closed-loop job keeps up to `iodepth` requests outstanding (fio's
// iodepth), optionally paced by rate_iops and thinktime; an open-loop job
// (iodepth 0) issues each request at its arrival time, however many are
// outstanding. Requests are split into mapping units for the controller;
// a request completes when all its units are done and its data has crossed
// the host link (host_mbps each way, full duplex as PCIe is: one transfer
// at a time per direction).
//
// What fio does around the I/O itself, as fio's backend.c does it:
//   - ramp_time: I/O issued before start + ramp_ns is left out of the
//     figures, the job's time is measured from then (measure_start_ns) and
//     its NAND/GC figures start there too, so a one-job run's WAF is the
//     run's.
//   - Trims cost the controller's per-command time (device trim_us) plus
//     their DSM range (16 bytes) on the host link, so a time-based trim job
//     advances the clock. A job that takes kMaxIosPerInstant I/Os from its
//     source without the clock moving is an error naming it, never a hang.
//   - Flushes (fsync=N, sync=1, end_fsync) go through the drive's write
//     buffer (IDeviceFrontEnd::SubmitFlush) unless the device has
//     power_loss_protection; a sync=1 write, and a trace's FUA write
//     (HostIo::fua), completes after its flush.
//   - Rates per direction (fio rate / rate_iops, linear or poisson), the
//     minimum rates checked once per ratecycle after fio's 2 s settle (the
//     job stops and says so), flow weights shared by flow_id (fio flow.c),
//     exitall and wait_for.
//   - latency_target: the job's queue depth is searched as fio searches it
//     (host/latency_target.h), and the depth it settled on is reported.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "host/i_device_front_end.h"
#include "host/latency_target.h"
#include "host/steady_state_monitor.h"
#include "host/zbd_options.h"
#include "kernel/event_queue.h"
#include "metrics/burst_tracker.h"
#include "metrics/latency_histogram.h"
#include "metrics/nand_counters.h"
#include "metrics/time_series.h"
#include "nand/layout.h"
#include "util/rng.h"
#include "workload/request_source.h"

namespace flashscope {

// Read, write, trim: the directions fio paces and reports.
inline constexpr uint32_t kIoDirections = 3;

struct JobSpec {
  std::string name;
  uint32_t iodepth = 1;  // 0: open loop, issue at each arrival time
  // Open loop only: at most this many requests outstanding, like an NVMe
  // I/O queue's 65536 entries. A trace that arrives faster than the drive
  // serves it waits in the host beyond that (its latency counts from its
  // arrival), so memory stays bounded however long the trace is.
  uint32_t max_outstanding = 65536;
  uint64_t rate_iops = 0;
  uint64_t thinktime_ns = 0;
  uint32_t thinktime_blocks = 1;
  uint64_t startdelay_ns = 0;
  uint64_t runtime_ns = 0;  // 0: until the source is exhausted
  uint64_t ramp_ns = 0;     // I/O completing earlier is not in the figures
  bool stonewall = false;   // starts a new group
  // fio rate / rate_iops per direction ([0] read, [1] write, [2] trim;
  // 0: none), paced from the job's start like fio's usec_for_io: the n-th
  // byte (I/O) of a direction is due at start + n / rate. With
  // rate_poisson the gaps are exponential with the same mean, drawn from
  // rate_seed (fio rate_process=poisson).
  uint64_t rate_bytes[kIoDirections] = {0, 0, 0};
  uint64_t rate_iops_dir[kIoDirections] = {0, 0, 0};
  // A read/write mix with a share of each (fio td_rw with rwmix[odir] > 0):
  // an I/O drawn for a direction that is ahead of its rate goes the other
  // way when that one is due sooner (fio io_u.c rate_ddir), so each
  // direction holds its own limit and an unlimited one is not slowed.
  bool rate_switches_direction = false;
  bool rate_poisson = false;
  uint64_t rate_seed = 1;
  // fio ratemin / rate_iops_min per direction, checked once per
  // rate_cycle_ns after a 2 s settle (fio backend.c __check_min_rate): a job
  // below its minimum stops, with JobMetrics::rate_min_failed.
  uint64_t rate_min_bytes[kIoDirections] = {0, 0, 0};
  uint64_t rate_iops_min[kIoDirections] = {0, 0, 0};
  uint64_t rate_cycle_ns = 1'000'000'000;
  // fio sync=1: each write is followed by a flush it waits for; end_fsync:
  // one flush once the job's I/O is done, inside the job's time.
  bool sync_writes = false;
  bool end_fsync = false;
  // fio flow (weight, > 0 to take part), flow_id, flow_sleep (flow.c): jobs
  // of one flow_id issue I/O in the ratio of their weights; a job ahead of
  // its share waits flow_sleep_ns, or (0) until another job of the flow
  // issues.
  int32_t flow = 0;
  uint32_t flow_id = 0;
  uint64_t flow_sleep_ns = 0;
  // fio exitall: when this job finishes, the other jobs of its group stop.
  bool exitall = false;
  // fio wait_for: index of an earlier job this one starts after (-1: none).
  int32_t wait_for_job = -1;
  // fio zonemode=zbd: the job drives a zoned device's zones directly, each
  // I/O placed by a zns::ZbdAdapter with these options (zoned devices only).
  bool zbd = false;
  zns::ZbdOptions zbd_options;
  // fio ss/ss_dur/ss_ramp: the job stops once steady (metric kNone: off).
  SteadyStateSpec steady_state;
  // fio latency_target / latency_window / latency_percentile / latency_run
  // (target 0: off; closed-loop jobs only): the queue depth, up to iodepth,
  // is searched for the highest one that meets the target.
  LatencyTargetSpec latency_target;
  std::unique_ptr<IRequestSource> source;
};

// Per-op figures, indexed by IoOp (read, write, trim).
inline constexpr uint32_t kHostOpKinds = 3;

struct JobMetrics {
  std::string name;
  uint32_t group = 0;
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  // Where the figures start: start_ns + ramp (fio measures after
  // ramp_time); throughput divides by end_ns - measure_start_ns.
  uint64_t measure_start_ns = 0;
  // fio ratemin / rate_iops_min: the job fell below its minimum over a
  // ratecycle and stopped there (fio ends the job with an error).
  bool rate_min_failed = false;
  std::string failure;  // why, as fio words it ("rate_min=... not met")
  // Flush requests completed (fsync=N, end_fsync; not sync=1's, which are
  // part of their writes) and their latency after the ramp: fio's "sync".
  uint64_t flushes = 0;
  LatencyHistogram flush_latency;
  std::array<LatencyHistogram, kHostOpKinds> latency;
  std::array<uint64_t, kHostOpKinds> requests{};
  std::array<uint64_t, kHostOpKinds> bytes{};
  // Reads by where their data was (SLC cache devices): all of it in pSLC
  // blocks, or some of it in native blocks. Reads served from DRAM or of
  // unwritten data are in neither.
  LatencyHistogram read_slc;
  LatencyHistogram read_native;
  NandCounters nand_at_start;
  NandCounters nand_at_end;
  uint64_t gc_runs_at_start = 0;
  uint64_t gc_runs_at_end = 0;
  TimeSeries series;
  IntervalCounters interval;
  SteadyStateResult steady_state;  // fio's "steadystate" (enabled: ss was given)
  // fio latency_target: the queue depth the search ended at (fio's
  // latency_depth; 0 without a target), and whether it failed at depth 1
  // with latency_percentile 100 (fio's ETIMEDOUT; `failure` says why).
  // With a target the figures are those of the last window, run at that
  // depth (fio resets its statistics for it).
  uint32_t latency_depth = 0;
  bool latency_target_failed = false;
};

class Host final : public IHostCallbacks {
 public:
  Host(const DeviceConfig& config, const DeviceLayout& layout, IDeviceFrontEnd& device,
       EventQueue& events, const NandCounters& counters, std::vector<JobSpec> jobs);

  void Start(uint64_t now_ns);
  void OnUnitsDone(uint32_t request, uint32_t units, uint64_t now_ns) override;
  void OnReadFrom(uint32_t request, bool slc) override {
    requests_[request].read_from |= slc ? kFromSlc : kFromNative;
  }
  void OnRequestDone(uint32_t request, uint64_t now_ns);
  // `target` is the job index, with kRampEndBit set for the end of its ramp.
  void OnJobWake(uint32_t target, uint64_t now_ns);
  static constexpr uint32_t kRampEndBit = 0x80000000u;
  // I/Os one job may take from its source at one instant before the run is
  // declared stuck (a loop that makes no simulated progress).
  static constexpr uint32_t kMaxIosPerInstant = 1u << 20;

  bool finished() const { return finished_; }
  uint64_t finished_at_ns() const { return finished_at_ns_; }
  uint32_t job_count() const { return static_cast<uint32_t>(jobs_.size()); }
  JobMetrics& metrics(uint32_t job) { return metrics_[job]; }
  const JobMetrics& metrics(uint32_t job) const { return metrics_[job]; }
  bool JobActive(uint32_t job) const { return jobs_[job].running; }
  // The time the run's throughput divides by (the result's throughput and
  // the frame meta's iops and MB/s, one figure: docs/figures.md): from the
  // first job's start to the last completion. A job still running counts up
  // to `now_ns`, so a run paused or stopped midway has its rate so far.
  // 0 before a job has started.
  uint64_t IoSpanNs(uint64_t now_ns) const;
  // The same for one job, over its measured time (after its ramp): the
  // result's jobs[].throughput divides by it.
  uint64_t JobMeasuredNs(uint32_t job, uint64_t now_ns) const;
  uint64_t host_write_bytes() const { return host_write_bytes_; }
  // Completed writes as the drive takes them, in whole mapping units (a
  // write covering part of a unit counts the unit): over host_write_bytes,
  // the part of the WAF that comes from rounding writes up to units.
  uint64_t host_write_unit_bytes() const { return host_write_unit_bytes_; }
  // Completed writes that covered part of a mapping unit (at either end),
  // and those partial units.
  uint64_t partial_writes() const { return partial_writes_; }
  uint64_t partial_write_units() const { return partial_write_units_; }
  // Request slots ever allocated (the host's memory for outstanding I/O).
  size_t request_slots() const { return requests_.size(); }
  IntervalCounters& run_interval() { return run_interval_; }
  // Told of every request as it is issued and completes: the host is the
  // one that knows when nothing is outstanding (metrics/burst_tracker.h).
  void set_burst_tracker(BurstTracker* bursts) { bursts_ = bursts; }

 private:
  struct Request {
    uint64_t arrival_ns = 0;
    uint32_t pending_units = 0;
    uint32_t bytes = 0;
    uint32_t job = 0;
    IoOp op = IoOp::kRead;
    uint8_t read_from = 0;     // kFromSlc | kFromNative
    bool sync = false;         // sync=1 write: its flush is still to come
    bool flushing = false;     // sync=1 write: waits for its flush (no data moves)
    uint32_t trim_ranges = 1;  // a multi-range trim's ranges (fio num_range)
    uint32_t units = 0;        // mapping units it covers (reads, writes, trims)
    uint8_t partial = 0;       // a write's PartialUnits
  };
  static constexpr uint8_t kFromSlc = 1;
  static constexpr uint8_t kFromNative = 2;
  struct Job {
    JobSpec spec;
    bool running = false;
    bool source_done = false;
    bool has_next = false;
    HostIo next;
    uint32_t outstanding = 0;
    uint64_t next_allowed_ns = 0;  // rate_iops / thinktime pacing
    uint32_t since_think = 0;
    bool thinking = false;             // waits for completions, then thinks
    uint64_t wake_at_ns = UINT64_MAX;  // a kJobWake is scheduled for then
    SteadyStateMonitor steady;
    LatencyTarget latency;
    bool restart_figures = false;  // latency_target's final run, once quiesced
    bool started = false;          // StartJob ran (wait_for jobs later)
    bool done = false;
    bool end_fsync_issued = false;
    // Rate pacing per direction: when the next I/O of it is due, and what
    // has been issued so far (linear pacing is recomputed from totals, so
    // rounding never drifts).
    uint64_t rate_next_ns[kIoDirections] = {0, 0, 0};
    uint64_t rate_issued_bytes[kIoDirections] = {0, 0, 0};
    uint64_t rate_issued_ios[kIoDirections] = {0, 0, 0};
    Rng rate_rng;
    // Minimum-rate checks (fio's last_rate_check_*), on completions.
    uint64_t done_bytes[kIoDirections] = {0, 0, 0};
    uint64_t done_ios[kIoDirections] = {0, 0, 0};
    uint64_t check_bytes[kIoDirections] = {0, 0, 0};
    uint64_t check_ios[kIoDirections] = {0, 0, 0};
    uint64_t check_ns[kIoDirections] = {0, 0, 0};
    int32_t flow = -1;  // index into flows_, -1: not in a flow
    uint64_t flow_counter = 0;
    bool flow_blocked = false;  // waits for another job of its flow
    // No-progress guard: I/Os taken from the source at take_ns.
    uint64_t take_ns = UINT64_MAX;
    uint32_t takes_at_instant = 0;
  };
  // fio's struct fio_flow: one per flow_id.
  struct Flow {
    uint64_t counter = 1;
    uint64_t total_weight = 0;
    std::vector<uint32_t> jobs;
  };

  void StartGroup(uint32_t group, uint64_t now_ns);
  void StartJob(uint32_t job, uint64_t now_ns);
  void OnRampEnd(uint32_t job, uint64_t now_ns);
  uint64_t RateDue(const Job& j, uint32_t dir) const;
  void SwitchDirectionForRate(Job& j, uint64_t now_ns);
  void AdvanceRate(Job& j, uint32_t dir, uint32_t bytes);
  bool FlowAllows(uint32_t job, uint64_t now_ns);
  void LeaveFlow(uint32_t job, uint64_t now_ns);
  void CheckMinRate(uint32_t job, uint64_t now_ns);
  void OnLatencyTarget(uint32_t job, uint64_t latency_ns, uint64_t now_ns);
  void RestartFigures(uint32_t job, uint64_t now_ns);
  void StopJob(uint32_t job);
  void StopGroup(uint32_t group, uint64_t now_ns);
  void CompleteRequest(uint32_t request, uint64_t now_ns);
  void TryIssue(uint32_t job, uint64_t now_ns);
  void Issue(uint32_t job, const HostIo& io, uint64_t arrival_ns, uint64_t now_ns);
  void ScheduleWake(uint32_t job, uint64_t at_ns);
  void MaybeFinishJob(uint32_t job, uint64_t now_ns);
  uint32_t NewRequest();

  const DeviceLayout& layout_;
  IDeviceFrontEnd& device_;
  EventQueue& events_;
  const NandCounters& counters_;
  std::vector<Job> jobs_;
  std::vector<JobMetrics> metrics_;
  std::vector<uint32_t> group_first_job_;  // group g: jobs [first[g], first[g+1])
  uint32_t current_group_ = 0;
  uint32_t jobs_running_ = 0;  // jobs of the current group not yet done
  std::vector<Flow> flows_;
  uint64_t trim_ns_;
  bool power_loss_protection_;
  bool finished_ = false;
  uint64_t finished_at_ns_ = 0;

  std::vector<Request> requests_;
  std::vector<uint32_t> free_requests_;
  // The host link, host_mbps each way: when each direction is next free.
  static constexpr uint32_t kHostToDevice = 0;  // write data, trim ranges
  static constexpr uint32_t kDeviceToHost = 1;  // read data
  uint64_t link_bytes_per_s_;
  uint64_t link_free_ns_[2] = {0, 0};
  uint64_t host_write_bytes_ = 0;
  uint64_t host_write_unit_bytes_ = 0;
  uint64_t partial_writes_ = 0;
  uint64_t partial_write_units_ = 0;
  IntervalCounters run_interval_;
  BurstTracker* bursts_ = nullptr;
};

}  // namespace flashscope
