// Host: the jobs that drive the device, as fio runs them. Jobs between two
// stonewalls form a group and run concurrently; groups run one after another.
// A closed-loop job keeps up to `iodepth` requests outstanding (fio's
// iodepth), optionally paced by rate_iops and thinktime; an open-loop job
// (iodepth 0) issues each request at its arrival time, however many are
// outstanding. Requests are split into mapping units for the controller;
// a request completes when all its units are done and its data has crossed
// the host link (host_mbps, one transfer at a time).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "host/request_source.h"
#include "host/steady_state_monitor.h"
#include "kernel/event_queue.h"
#include "metrics/latency_histogram.h"
#include "metrics/nand_counters.h"
#include "metrics/time_series.h"
#include "nand/layout.h"
#include "sim/i_device_front_end.h"
#include "zns/zbd_adapter.h"

namespace flashscope {

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
  // fio zonemode=zbd: the job drives a zoned device's zones directly, each
  // I/O placed by a zns::ZbdAdapter with these options (zoned devices only).
  bool zbd = false;
  zns::ZbdOptions zbd_options;
  // fio ss/ss_dur/ss_ramp: the job stops once steady (metric kNone: off).
  SteadyStateSpec steady_state;
  std::unique_ptr<IRequestSource> source;
};

// Per-op figures, indexed by IoOp (read, write, trim).
inline constexpr uint32_t kHostOpKinds = 3;

struct JobMetrics {
  std::string name;
  uint32_t group = 0;
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
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
  void OnJobWake(uint32_t job, uint64_t now_ns);

  bool finished() const { return finished_; }
  uint64_t finished_at_ns() const { return finished_at_ns_; }
  uint32_t job_count() const { return static_cast<uint32_t>(jobs_.size()); }
  JobMetrics& metrics(uint32_t job) { return metrics_[job]; }
  const JobMetrics& metrics(uint32_t job) const { return metrics_[job]; }
  bool JobActive(uint32_t job) const { return jobs_[job].running; }
  uint64_t host_write_bytes() const { return host_write_bytes_; }
  // Request slots ever allocated (the host's memory for outstanding I/O).
  size_t request_slots() const { return requests_.size(); }
  IntervalCounters& run_interval() { return run_interval_; }

 private:
  struct Request {
    uint64_t arrival_ns = 0;
    uint32_t pending_units = 0;
    uint32_t bytes = 0;
    uint32_t job = 0;
    IoOp op = IoOp::kRead;
    uint8_t read_from = 0;  // kFromSlc | kFromNative
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
  };

  void StartGroup(uint32_t group, uint64_t now_ns);
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
  uint32_t jobs_running_ = 0;
  bool finished_ = false;
  uint64_t finished_at_ns_ = 0;

  std::vector<Request> requests_;
  std::vector<uint32_t> free_requests_;
  uint64_t link_bytes_per_s_;
  uint64_t link_free_ns_ = 0;
  uint64_t host_write_bytes_ = 0;
  IntervalCounters run_interval_;
};

}  // namespace flashscope
