#include "sim/simulator.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "ftl/untimed_writer.h"
#include "schema/device_schema.h"
#include "sim/event_kinds.h"
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
  if (options_.on_event) log_.set_sink(options_.on_event);
  series_interval_ns_ = std::max<uint64_t>(1, options_.series_interval_ns);
  if (config_.zns.enabled) {
    BuildZonedDevice(jobs);
  } else {
    for (const JobSpec& job : jobs) {
      if (job.zbd) {
        throw InputError(
            config_.file, 0,
            "job '" + job.name + "': zonemode=zbd needs a zoned device (device JSON 'zns')");
      }
    }
    if (UsesClassicDevice(config_)) {
      classic_ = std::make_unique<classic::ClassicDevice>(config_, layout_, *flash_, counters_);
      flash_->set_listener(classic_.get());
      front_end_ = classic_.get();
    } else {
      controller_ = std::make_unique<Controller>(config_, ftl_, *victims_, *flash_, events_,
                                                 gc_rng_, counters_, log_);
      flash_->set_listener(controller_.get());
      front_end_ = controller_.get();
    }
  }
  host_ =
      std::make_unique<Host>(config_, layout_, *front_end_, events_, counters_, std::move(jobs));
  if (controller_) controller_->set_host(host_.get());
  if (classic_) classic_->set_host(host_.get());
  if (zns_) zns_->set_host(host_.get());
}

// A zoned drive is driven either by zonemode=zbd jobs, which place their
// I/O on the zones themselves, or by ordinary jobs through its host FTL:
// the two would fight over the same zones, so a workload mixing them is
// refused.
void Simulator::BuildZonedDevice(const std::vector<JobSpec>& jobs) {
  size_t zbd_jobs = 0;
  for (const JobSpec& job : jobs) zbd_jobs += job.zbd;
  if (zbd_jobs > 0 && zbd_jobs < jobs.size()) {
    throw InputError(config_.file, 0,
                     "a zoned drive runs either zonemode=zbd jobs (on its zones) or ordinary jobs "
                     "(through its host FTL), not both in one workload");
  }
  const bool host_ftl = zbd_jobs == 0;
  zns_ =
      std::make_unique<zns::ZnsDevice>(config_, layout_, ftl_, *flash_, counters_, log_, host_ftl);
  flash_->set_listener(zns_.get());
  front_end_ = zns_.get();
  for (uint32_t i = 0; i < jobs.size(); ++i) {
    if (!jobs[i].zbd) continue;
    // Each job's own stream, so adding a job leaves the others' alone.
    zns_->AddZbdJob(i, jobs[i].zbd_options, Rng(config_.seed).Fork(300 + i).NextU64());
  }
  series_.zoned = true;
  series_.zns_classes = host_ftl ? config_.zns.classes : 0;
  if (!host_ftl || !zns_->host_ftl()->NeedsFutureKnowledge()) return;

  // fk / zbopt: a pre-pass over a second copy of the job's stream gives
  // each user write the time of its block's next write.
  const std::string placement = "placement " + config_.zns.placement;
  if (jobs.size() != 1) {
    throw InputError(
        config_.file, 0,
        placement + " needs a single-job workload: the future is known for one stream");
  }
  if (jobs[0].runtime_ns > 0) {
    throw InputError(config_.file, 0,
                     placement +
                         " needs a workload that ends by itself: with a runtime limit, "
                         "which writes happen depends on timing");
  }
  if (config_.precondition.fill > 0 || config_.precondition.random_writes > 0) {
    throw InputError(config_.file, 0,
                     placement +
                         " cannot follow preconditioning: the future of the "
                         "preconditioning writes is not in the workload's stream");
  }
  if (!options_.jobs_again) {
    throw InputError(config_.file, 0,
                     placement +
                         " needs to read the workload twice (a future-knowledge "
                         "pre-pass), which this run cannot");
  }
  std::vector<JobSpec> again = options_.jobs_again();
  if (again.size() != 1 || !again[0].source) {
    throw std::logic_error("jobs_again built a different workload");
  }
  zns_->set_future_knowledge(std::make_unique<zns::FutureKnowledge>(
      zns::FutureKnowledge::FromSource(*again[0].source, layout_.logical_units)));
}

void Simulator::Precondition() {
  if (started_) throw std::logic_error("Precondition after the timed run started");
  if (zns_) {
    PreconditionZoned();
    return;
  }
  const PreconditionConfig& p = config_.precondition;
  Rng rng = rng_.Fork(2);
  NandCounters& nand = precondition_.nand;
  if (classic_) {
    const auto units = [this](double share) {
      return static_cast<uint64_t>(share * static_cast<double>(layout_.logical_units));
    };
    precondition_.fill_units = std::min(units(p.fill), layout_.logical_units);
    precondition_.random_units = units(p.random_writes);
    classic_->Precondition(precondition_.fill_units, precondition_.random_units, rng, nand);
    precondition_.gc_runs = classic_->precondition_gc_runs();
    return;
  }
  UntimedWriter writer(ftl_, *victims_, rng, nand);
  precondition_.fill_units =
      static_cast<uint64_t>(p.fill * static_cast<double>(layout_.logical_units));
  if (precondition_.fill_units > layout_.logical_units)
    precondition_.fill_units = layout_.logical_units;
  writer.WriteSequential(0, precondition_.fill_units);
  const NandCounters after_fill = nand;
  precondition_.random_units =
      static_cast<uint64_t>(p.random_writes * static_cast<double>(layout_.logical_units));
  writer.WriteRandom(precondition_.random_units);
  const NandCounters random_phase = nand - after_fill;
  const uint64_t programmed = random_phase.units_programmed[0] + random_phase.units_programmed[1];
  precondition_.waf =
      precondition_.random_units ? static_cast<double>(programmed) / precondition_.random_units : 0;
  precondition_.gc_runs = writer.gc_runs();
}

// A zoned drive is filled with sequential user writes, untimed: through
// the host FTL (whose figures then include them), or for zonemode=zbd jobs
// zone after zone. Random writes need the host FTL.
void Simulator::PreconditionZoned() {
  const PreconditionConfig& p = config_.precondition;
  const zns::ZonedLayout& zoned = zns_->zoned_layout();
  const bool host_ftl = zns_->host_ftl() != nullptr;
  const uint64_t capacity =
      host_ftl ? layout_.logical_units : uint64_t{zoned.zone_count} * zoned.zone_capacity_blocks;
  precondition_.fill_units =
      std::min(capacity, static_cast<uint64_t>(p.fill * static_cast<double>(capacity)));
  precondition_.random_units =
      static_cast<uint64_t>(p.random_writes * static_cast<double>(capacity));
  if (precondition_.random_units > 0 && !host_ftl) {
    throw InputError(config_.file, 0,
                     "precondition.random_writes: zonemode=zbd jobs drive this zoned drive, and "
                     "random writes cannot go to zones (fill alone writes them in order)");
  }
  Rng rng = rng_.Fork(2);
  const uint64_t gc_runs_before = zns_->gc_runs();
  zns_->Precondition(precondition_.fill_units, 0, rng, precondition_.nand);
  const uint64_t user = zns_->user_blocks();
  const uint64_t gc = zns_->gc_blocks();
  zns_->Precondition(0, precondition_.random_units, rng, precondition_.nand);
  const uint64_t written = zns_->user_blocks() - user + zns_->gc_blocks() - gc;
  precondition_.waf =
      precondition_.random_units ? static_cast<double>(written) / precondition_.random_units : 0;
  precondition_.gc_runs = zns_->gc_runs() - gc_runs_before;
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
    if (end_of_run_begun_ && (front_end_->EndOfRunDone() || events_.empty())) {
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
  end_of_run_.buffered_bytes = front_end_->buffered_units() * layout_.unit_bytes;
  end_of_run_.nand = counters_;
  front_end_->BeginEndOfRun(now_ns_);
}

// The drive holds nothing more (or has nothing left to do): the jobs of the
// last group, which were running when the host stopped, count the drained
// data in their NAND figures. Their end time (throughput) stays the host's.
void Simulator::FinishEndOfRun() {
  finished_ = true;
  end_of_run_.end_ns = std::max(now_ns_, end_of_run_.host_end_ns);
  end_of_run_.held_bytes = front_end_->buffered_units() * layout_.unit_bytes;
  end_of_run_.nand = counters_ - end_of_run_.nand;
  const uint32_t jobs = host_->job_count();
  if (jobs == 0) return;
  const uint32_t last_group = host_->metrics(jobs - 1).group;
  for (uint32_t j = 0; j < jobs; ++j) {
    JobMetrics& m = host_->metrics(j);
    if (m.group != last_group) continue;
    m.nand_at_end = counters_;
    m.gc_runs_at_end = front_end_->gc_runs();
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
      controller_->OnFlushPump(now_ns_);
      break;
    case kSlcIdleCheck:
      controller_->OnSlcIdleCheck(now_ns_);
      break;
    case kBufferIdleCheck:
      controller_->OnBufferIdleCheck(now_ns_);
      break;
    case kIdleCheck:
      controller_->OnIdleCheck(event.target, now_ns_);
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
  device.free_blocks = FreeBlocks();
  device.gc_page_programs = gc_programs - gc_programs_at_last_sample_;
  device.host_write_bytes = host_->host_write_bytes();
  device.nand_write_bytes = counters_.TotalPrograms() * page_bytes;
  FillSlcFigures(device);
  host_->run_interval().Emit(series_, t_ns, interval_ns, device);
  SampleZns();
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
  if (controller_) {
    const SlcStats& slc = controller_->slc_stats();
    slc_in_units_at_last_sample_ = slc.host_units_to_slc;
    slc_out_units_at_last_sample_ = slc.migrated_units;
  }
}

// The zoned drive's columns of the run's series (contract: zns_waf, zns_gp,
// zones_open, zones_active, and per class (user_c + gc_c) / user_total).
void Simulator::SampleZns() {
  if (!zns_) return;
  series_.zns_waf.push_back(zns_->waf());
  series_.zns_gp.push_back(zns_->garbage_proportion());
  series_.zones_open.push_back(zns_->zones().open_zones());
  series_.zones_active.push_back(zns_->zones().active_zones());
  if (series_.zns_classes == 0) return;
  const zns::HostFtlStats& stats = zns_->host_ftl()->stats();
  const double user = static_cast<double>(stats.user_blocks);
  for (const zns::ZoneClassStats& c : stats.classes) {
    series_.zns_class_waf.push_back(user > 0 ? (c.user_blocks + c.gc_blocks) / user : 0);
  }
}

void Simulator::FillSlcFigures(IntervalCounters::Device& device) const {
  if (!slc_enabled()) return;
  const SlcCache& cache = controller_->slc();
  const SlcStats& slc = controller_->slc_stats();
  const uint64_t unit = layout_.unit_bytes;
  device.slc_capacity_bytes = cache.StaticCapacityBytes() + cache.DynamicCapacityBytes();
  device.slc_static_bytes = ftl_.static_slc_written_units() * unit;
  device.slc_dynamic_bytes = ftl_.dynamic_slc_written_units() * unit;
  device.slc_persistent_bytes = controller_->PersistentCacheBytes();
  device.migration_bytes = slc.migrated_units * unit;
  device.slc_inflow_bytes = (slc.host_units_to_slc - slc_in_units_at_last_sample_) * unit;
  device.slc_outflow_bytes = (slc.migrated_units - slc_out_units_at_last_sample_) * unit;
}

double Simulator::StateBytesPerPhysicalUnit() const {
  // A zoned drive has no logical map or pending bitmap here (its host FTL's
  // map is the host's memory, not the drive's).
  if (zns_) return ftl_.StateBytesPerPhysicalUnit();
  const double buffer_bits = static_cast<double>(layout_.logical_units) / 8;
  return ftl_.StateBytesPerPhysicalUnit() + buffer_bits / layout_.physical_units;
}

void Simulator::FinalSample() {
  if (final_sampled_) return;
  final_sampled_ = true;
  const uint64_t end = host_->finished_at_ns();
  if (end > last_sample_ns_) EmitSample(end, end - last_sample_ns_);
}

}  // namespace flashscope
