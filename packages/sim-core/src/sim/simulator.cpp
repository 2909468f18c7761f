#include "sim/simulator.h"

#include <algorithm>
#include <stdexcept>

#include "ftl/untimed_writer.h"
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
      options_(options),
      rng_(config_.seed),
      gc_rng_(rng_.Fork(1)),
      ftl_(layout_, config_.wear_leveling.dynamic) {
  victims_ = MakeVictimPolicy(config_.gc.victim, VictimPolicyOptions{config_.gc.d_choices});
  scheduler_ = MakeDieScheduler(config_.scheduler);
  if (!victims_ || !scheduler_) throw InputError(config_.file, 0, "unknown gc.victim or scheduler");
  flash_ = std::make_unique<FlashEngine>(config_, layout_, *scheduler_, events_);
  controller_ = std::make_unique<Controller>(config_, ftl_, *victims_, *flash_, events_, gc_rng_,
                                             counters_, log_);
  flash_->set_listener(controller_.get());
  host_ =
      std::make_unique<Host>(config_, layout_, *controller_, events_, counters_, std::move(jobs));
  controller_->set_host(host_.get());
}

void Simulator::Precondition() {
  if (started_) throw std::logic_error("Precondition after the timed run started");
  const PreconditionConfig& p = config_.precondition;
  Rng rng = rng_.Fork(2);
  NandCounters& nand = precondition_.nand;
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

StopReason Simulator::Advance(uint64_t until_ns, uint64_t max_events) {
  if (!started_) {
    started_ = true;
    next_sample_ns_ = options_.series_interval_ns;
    host_->Start(0);
  }
  uint64_t processed = 0;
  while (!host_->finished()) {
    if (events_.empty()) throw std::logic_error("simulation stalled: no events, jobs unfinished");
    const Event& next = events_.top();
    if (next.time_ns > until_ns) {
      SampleUntil(until_ns);
      now_ns_ = until_ns;
      return StopReason::kTimeReached;
    }
    if (processed == max_events) return StopReason::kEventBudget;
    SampleUntil(next.time_ns);
    const Event event = events_.Pop();
    now_ns_ = event.time_ns;
    Dispatch(event);
    ++processed;
    ++events_processed_;
  }
  FinalSample();
  return StopReason::kFinished;
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
    case kIdleCheck:
      controller_->OnIdleCheck(event.target, now_ns_);
      break;
  }
}

void Simulator::SampleUntil(uint64_t t_ns) {
  while (next_sample_ns_ <= t_ns) {
    EmitSample(next_sample_ns_, next_sample_ns_ - last_sample_ns_);
    last_sample_ns_ = next_sample_ns_;
    next_sample_ns_ += options_.series_interval_ns;
  }
}

void Simulator::EmitSample(uint64_t t_ns, uint64_t interval_ns) {
  const uint64_t gc_programs = counters_.page_programs[static_cast<uint32_t>(Cause::kGc)];
  const uint64_t page_bytes = layout_.page_bytes;
  IntervalCounters::Device device;
  device.free_blocks = ftl_.TotalFreeBlocks();
  device.gc_page_programs = gc_programs - gc_programs_at_last_sample_;
  device.host_write_bytes = host_->host_write_bytes();
  device.nand_write_bytes = counters_.TotalPrograms() * page_bytes;
  FillSlcFigures(device);
  host_->run_interval().Emit(series_, t_ns, interval_ns, device);
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
  const SlcStats& slc = controller_->slc_stats();
  slc_in_units_at_last_sample_ = slc.host_units_to_slc;
  slc_out_units_at_last_sample_ = slc.migrated_units;
}

void Simulator::FillSlcFigures(IntervalCounters::Device& device) const {
  const SlcCache& cache = controller_->slc();
  if (!cache.enabled()) return;
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
