// Simulator: one simulated drive and the jobs that drive it. Owns every
// component (no singletons: each takes what it needs by reference) and runs
// the discrete-event loop in slices: Advance returns control after a given
// simulated time or number of events, so the web worker can answer pause and
// step within a frame. Deterministic: the same config, jobs and seed give the
// same results, natively and in WebAssembly.
// The drive is one IDrive (drive/i_drive.h) made by name from the drive
// registry (sim/drive_registry.h): the conventional controller, the classic
// FTL / write-cache drive or the zoned drive. The host talks to it through
// IDeviceFrontEnd; FtlState holds the blocks' states for the conventional
// and the zoned drive.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "config/device_config.h"
#include "drive/drive_figures.h"
#include "drive/i_drive.h"
#include "engine/flash_engine.h"
#include "engine/sim_events.h"
#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "host/host.h"
#include "kernel/event_queue.h"
#include "metrics/burst_tracker.h"
#include "metrics/nand_counters.h"
#include "metrics/time_series.h"
#include "nand/layout.h"
#include "sched/i_die_scheduler.h"
#include "util/rng.h"

namespace flashscope {

enum class StopReason { kTimeReached, kEventBudget, kFinished };

// Points a series holds at most by default, whatever the run's length: a
// week-long trace sampled every 100 ms would need 6 million per column.
inline constexpr size_t kSeriesMaxPoints = 4096;

struct SimOptions {
  // The series' first sampling interval. Whenever the run's series reaches
  // series_max_points, adjacent points are merged in pairs
  // (TimeSeries::MergePairs) and the interval doubles, so a series covers the
  // whole run in at most that many points (a job's series is halved the
  // same way when it reaches the cap). 0: never coarsened, the interval
  // stays (the CLI's --series-interval-ms).
  uint64_t series_interval_ns = 100'000'000;  // 100 ms of simulated time
  size_t series_max_points = kSeriesMaxPoints;
  // Builds the run's jobs again, fresh from their start. A zoned drive
  // whose placement needs future knowledge (fk, zbopt) reads the jobs'
  // streams ahead with it, one after another (the jobs must run so:
  // zns/host_ftl/future_knowledge.h); unset, those placements are refused.
  // The CLI and the session set it.
  std::function<std::vector<JobSpec>()> jobs_again;
  // Called with every event as it happens (the log keeps only the newest
  // kRetainedEvents): the CLI's --events streams them out this way.
  SimEventLog::Sink on_event;
};

// The end of the run (IDeviceFrontEnd::BeginEndOfRun): after the host's
// last request the drive drains what its buffer still holds, and the run's
// NAND figures include it. Throughput and latency stay the host's: they are
// measured over the jobs' I/O (start to last completion), not this tail.
struct EndOfRunStats {
  uint64_t host_end_ns = 0;     // the host's last request completed
  uint64_t end_ns = 0;          // the drive was done with what it held
  uint64_t buffered_bytes = 0;  // host data in the buffer at host_end_ns
  uint64_t held_bytes = 0;      // still buffered at end_ns (a zoned drive's partial wordlines)
  NandCounters nand;            // NAND work from host_end_ns to end_ns
};

class Simulator {
 public:
  Simulator(const DeviceConfig& config, std::vector<JobSpec> jobs, SimOptions options = {});

  // Brings the drive to config.precondition's state with the untimed path.
  // Call before the first Advance.
  void Precondition();

  // Runs events up to and including time until_ns, or at most max_events of
  // them; returns why it stopped.
  StopReason Advance(uint64_t until_ns, uint64_t max_events);
  StopReason RunToCompletion();

  // The host's jobs are done and the drive has drained its buffer.
  bool finished() const { return finished_; }
  // When the host's last request completed (the end of the figures'
  // throughput span); the run's time so far until then.
  uint64_t host_end_ns() const { return host_->finished() ? host_->finished_at_ns() : now_ns_; }
  const EndOfRunStats& end_of_run() const { return end_of_run_; }
  uint64_t now_ns() const { return now_ns_; }
  uint64_t events_processed() const { return events_processed_; }

  const DeviceConfig& config() const { return config_; }
  const DeviceLayout& layout() const { return layout_; }
  const FtlState& ftl() const { return ftl_; }
  // Wear and free space by device-layout block, whichever drive runs: the
  // classic drive keeps its media in its mapping scheme, not in ftl().
  uint32_t EraseCount(uint32_t block) const { return drive_->EraseCount(block); }
  uint64_t FreeBlocks() const { return drive_->FreeBlocks(); }
  const NandCounters& counters() const { return counters_; }
  const Host& host() const { return *host_; }
  // The drive: what the host talks to, and what the reports ask.
  const IDrive& drive() const { return *drive_; }
  const IDeviceFrontEnd& front_end() const { return *drive_; }
  const FlashEngine& flash() const { return *flash_; }
  const TimeSeries& series() const { return series_; }
  // The series' sampling interval now: the first one, doubled each time
  // the series was coarsened.
  uint64_t series_interval_ns() const { return series_interval_ns_; }
  const SimEventLog& event_log() const { return log_; }
  // The host's bursts and the SLC cache's cliff in each, from exact events
  // (the result JSON's slc.cliff and slc.bursts, the live meta's).
  const BurstTracker& bursts() const { return bursts_; }
  const PreconditionStats& precondition_stats() const { return precondition_; }
  // Bytes of simulator state per physical mapping unit: the FTL's tables
  // plus the write buffer's per-logical-unit bitmap (budget: 12).
  double StateBytesPerPhysicalUnit() const;

 private:
  void Dispatch(const Event& event);
  void SampleUntil(uint64_t t_ns);
  void EmitSample(uint64_t t_ns, uint64_t interval_ns);
  void CoarsenSeriesIfFull();
  void FinalSample();
  void DrainSample();
  void BeginEndOfRun();
  void FinishEndOfRun();

  DeviceConfig config_;
  DeviceLayout layout_;
  SimOptions options_;
  Rng rng_;
  Rng gc_rng_;
  FtlState ftl_;
  std::unique_ptr<IVictimPolicy> victims_;
  std::unique_ptr<IDieScheduler> scheduler_;
  EventQueue events_;
  NandCounters counters_;
  SimEventLog log_;
  std::unique_ptr<FlashEngine> flash_;
  std::unique_ptr<IDrive> drive_;
  std::unique_ptr<Host> host_;
  PreconditionStats precondition_;

  bool started_ = false;
  bool final_sampled_ = false;
  bool end_of_run_begun_ = false;
  bool finished_ = false;
  EndOfRunStats end_of_run_;
  uint64_t now_ns_ = 0;
  uint64_t events_processed_ = 0;
  uint64_t next_sample_ns_ = 0;
  uint64_t series_interval_ns_ = 0;
  uint64_t last_sample_ns_ = 0;
  uint64_t gc_programs_at_last_sample_ = 0;
  TimeSeries series_;
  BurstTracker bursts_;
};

}  // namespace flashscope
