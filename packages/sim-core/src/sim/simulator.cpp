#include "sim/simulator.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/event_kinds.h"
#include "ftl/untimed_writer.h"
#include "schema/device_schema.h"
#include "sim/drive_registry.h"
#include "util/input_error.h"

namespace flashscope {

namespace {
// FlashEngine merges at most this many planes into one multi-plane command.
constexpr uint32_t kMaxPlanesPerDie = 8;

const DeviceConfig& Checked(const DeviceConfig& config) {
  Validate(config);
  if (config.geometry.planes_per_die > kMaxPlanesPerDie) {
    throw InputError(config.file, 0, "planes_per_die must be at most 8");
  }
  return config;
}
}  // namespace

Simulator::Simulator(const DeviceConfig& config, std::vector<JobSpec> jobs, SimOptions options)
    : config_(Checked(config)),
      layout_(DeviceLayout::From(config_)),
      options_(std::move(options)),
      rng_(config_.seed),
      gc_rng_(rng_.Fork(1)),
      // A zoned drive's host keeps the logical map (zns/zns_device.h).
      ftl_(layout_, config_.wear_leveling.dynamic, !config_.zns.enabled) {
  victims_ = MakeVictimPolicy(config_.gc.victim, config_.gc.params);
  scheduler_ = MakeDieScheduler(config_.scheduler);
  if (!victims_ || !scheduler_) throw InputError(config_.file, 0, "unknown gc.victim or scheduler");
  flash_ = std::make_unique<FlashEngine>(config_, layout_, *scheduler_, events_);
  // The cache's exhausted / recovered transitions reach the burst tracker
  // as they happen, then whoever asked for every event.
  log_.set_sink([this](const SimEvent& event) {
    if (event.kind == SimEventKind::kCacheExhausted) bursts_.OnCacheExhausted(event.time_ns);
    if (event.kind == SimEventKind::kCacheRecovered) bursts_.OnCacheRecovered();
    if (options_.on_event) options_.on_event(event);
  });
  series_interval_ns_ = std::max<uint64_t>(1, options_.series_interval_ns);
  const std::function<std::vector<JobSpec>()>& jobs_again = options_.jobs_again;
  // Precondition's generator: rng_ is not drawn from again before it forks
  // it, so a fork of a copy now is the same stream (fk / zbopt replay it).
  Rng fork_of = rng_;
  const Rng precondition_rng = fork_of.Fork(2);
  drive_ = MakeDrive(DriveKindFor(config_),
                     DriveParts{config_, layout_, ftl_, *victims_, *flash_, events_, gc_rng_,
                                counters_, log_, jobs, jobs_again, precondition_rng});
  flash_->set_listener(drive_.get());
  drive_->SetUpSeries(series_);
  host_ = std::make_unique<Host>(config_, layout_, *drive_, events_, counters_, std::move(jobs));
  drive_->set_host(host_.get());
  host_->set_burst_tracker(&bursts_);
}

void Simulator::Precondition() {
  if (started_) throw std::logic_error("Precondition after the timed run started");
  Rng rng = rng_.Fork(2);
  drive_->Precondition(config_.precondition, rng, precondition_);
}

StopReason Simulator::Advance(uint64_t until_ns, uint64_t max_events) {
  if (!started_) {
    started_ = true;
    next_sample_ns_ = series_interval_ns_;
    host_->Start(0);
  }
  uint64_t processed = 0;
  while (!finished_) {
    if (host_->finished() && !end_of_run_begun_) BeginEndOfRun();
    if (end_of_run_begun_ && (drive_->EndOfRunDone() || events_.empty())) {
      FinishEndOfRun();
      break;
    }
    if (events_.empty()) throw std::logic_error("simulation stalled: no events, jobs unfinished");
    const Event& next = events_.top();
    if (next.time_ns > until_ns) {
      // The series covers the host's I/O: it ends at its last completion.
      if (!end_of_run_begun_) SampleUntil(until_ns);
      now_ns_ = until_ns;
      return StopReason::kTimeReached;
    }
    if (processed == max_events) return StopReason::kEventBudget;
    if (!end_of_run_begun_) SampleUntil(next.time_ns);
    const Event event = events_.Pop();
    now_ns_ = event.time_ns;
    Dispatch(event);
    ++processed;
    ++events_processed_;
  }
  return StopReason::kFinished;
}

// The host's last request has completed: the series gets its last point,
// and the drive is told, so it drains its buffer (Advance runs on until it
// has).
void Simulator::BeginEndOfRun() {
  end_of_run_begun_ = true;
  FinalSample();
  end_of_run_.host_end_ns = host_->finished_at_ns();
  end_of_run_.buffered_bytes = drive_->buffered_units() * layout_.unit_bytes;
  end_of_run_.nand = counters_;
  drive_->BeginEndOfRun(now_ns_);
}

// The drive holds nothing more (or has nothing left to do): the jobs of the
// last group, which were running when the host stopped, count the drained
// data in their NAND figures. Their end time (throughput) stays the host's.
void Simulator::FinishEndOfRun() {
  finished_ = true;
  end_of_run_.end_ns = std::max(now_ns_, end_of_run_.host_end_ns);
  end_of_run_.held_bytes = drive_->buffered_units() * layout_.unit_bytes;
  end_of_run_.nand = counters_ - end_of_run_.nand;
  DrainSample();
  const uint32_t jobs = host_->job_count();
  if (jobs == 0) return;
  const uint32_t last_group = host_->metrics(jobs - 1).group;
  for (uint32_t j = 0; j < jobs; ++j) {
    JobMetrics& m = host_->metrics(j);
    if (m.group != last_group) continue;
    m.nand_at_end = counters_;
    m.gc_runs_at_end = drive_->gc_runs();
  }
}

StopReason Simulator::RunToCompletion() {
  StopReason reason;
  do {
    reason = Advance(UINT64_MAX, UINT64_MAX);
  } while (reason != StopReason::kFinished);
  return reason;
}

void Simulator::Dispatch(const Event& event) {
  switch (static_cast<EventKind>(event.kind)) {
    case kDieDone:
      flash_->OnDieDone(event.target, now_ns_);
      break;
    case kTransferDone:
      flash_->OnTransferDone(event.target, now_ns_);
      break;
    case kRequestDone:
      host_->OnRequestDone(event.target, now_ns_);
      break;
    case kJobWake:
      host_->OnJobWake(event.target, now_ns_);
      break;
    case kFlushPump:
    case kSlcIdleCheck:
    case kBufferIdleCheck:
    case kIdleCheck:
      drive_->OnTimer(event.kind, event.target, now_ns_);
      break;
  }
}

// An idle stretch costs one point per interval, and the interval doubles
// each time the series fills: a week of idle after 100 ms points is ~26,000
// points emitted in all (4096 + 2048 per doubling), not 6 million.
void Simulator::SampleUntil(uint64_t t_ns) {
  while (next_sample_ns_ <= t_ns) {
    EmitSample(next_sample_ns_, next_sample_ns_ - last_sample_ns_);
    last_sample_ns_ = next_sample_ns_;
    CoarsenSeriesIfFull();
    next_sample_ns_ += series_interval_ns_;
  }
}

// Points land at multiples of the interval, and the cap is even, so after
// a merge the points sit at multiples of the doubled interval.
void Simulator::CoarsenSeriesIfFull() {
  const size_t cap = options_.series_max_points;
  if (cap == 0) return;
  for (uint32_t job = 0; job < host_->job_count(); ++job) {
    TimeSeries& series = host_->metrics(job).series;
    if (series.size() >= cap) series.MergePairs();
  }
  if (series_.size() < cap) return;
  series_.MergePairs();
  series_interval_ns_ *= 2;
}

void Simulator::EmitSample(uint64_t t_ns, uint64_t interval_ns) {
  const uint64_t gc_programs = counters_.page_programs[static_cast<uint32_t>(Cause::kGc)];
  const uint64_t page_bytes = layout_.page_bytes;
  IntervalCounters::Device device;
  device.gc_page_programs = gc_programs - gc_programs_at_last_sample_;
  device.host_write_bytes = host_->host_write_bytes();
  device.nand_write_bytes = counters_.TotalPrograms() * page_bytes;
  // Free blocks and SLC figures; the drive starts its next interval.
  drive_->SampleDevice(device);
  host_->run_interval().Emit(series_, t_ns, interval_ns, device);
  drive_->SampleSeries(series_);
  for (uint32_t job = 0; job < host_->job_count(); ++job) {
    JobMetrics& m = host_->metrics(job);
    const bool active = host_->JobActive(job);
    // A job that ended during this interval gets a last, shorter point at its
    // end; jobs not yet started or long finished get none.
    const uint64_t point_ns = active ? t_ns : m.end_ns;
    const uint64_t from_ns = std::max(last_sample_ns_, m.start_ns);
    if (m.start_ns >= t_ns || point_ns <= from_ns || (!active && m.end_ns > t_ns)) continue;
    if (!active && m.end_ns == 0) continue;  // never started
    IntervalCounters::Device job_device = device;
    // Per job, cumulative figures count from the job's start.
    job_device.host_write_bytes = m.bytes[1];
    const NandCounters& nand_now = active ? counters_ : m.nand_at_end;
    job_device.nand_write_bytes = (nand_now - m.nand_at_start).TotalPrograms() * page_bytes;
    m.interval.Emit(m.series, point_ns - m.start_ns, point_ns - from_ns, job_device);
  }
  gc_programs_at_last_sample_ = gc_programs;
}

double Simulator::StateBytesPerPhysicalUnit() const {
  // A zoned drive has no logical map or pending bitmap here (its host FTL's
  // map is the host's memory, not the drive's): it adds nothing.
  return ftl_.StateBytesPerPhysicalUnit() + drive_->BufferStateBytesPerPhysicalUnit();
}

void Simulator::FinalSample() {
  if (final_sampled_) return;
  final_sampled_ = true;
  const uint64_t end = host_->finished_at_ns();
  if (end > last_sample_ns_) EmitSample(end, end - last_sample_ns_);
}

// The drain's point, when the end of the run programmed or erased anything:
// the series' last, at the drain's end, so the series ends on the run's
// NAND figures and WAF (the result's waf, the figures row's) rather than
// the host's last completion's. No host I/O completes in it (rates 0,
// latencies 0: no sample); end_of_run.host_end_ms tells it from the host's
// points. Jobs' series end with their I/O, as before.
void Simulator::DrainSample() {
  const NandCounters& drain = end_of_run_.nand;
  if (drain.TotalPrograms() == 0 && drain.TotalErases() == 0) return;
  const uint64_t from = std::max(last_sample_ns_, end_of_run_.host_end_ns);
  const uint64_t end = end_of_run_.end_ns;
  if (end <= from) return;
  CoarsenSeriesIfFull();  // one more point stays within the cap
  // From the host's last point (FinalSample leaves last_sample_ns_ before
  // it): no job gets a second point at its end.
  last_sample_ns_ = from;
  EmitSample(end, end - from);
  last_sample_ns_ = end;
}

}  // namespace flashscope
