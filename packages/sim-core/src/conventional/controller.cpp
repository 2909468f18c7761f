#include "conventional/controller.h"

#include <stdexcept>

#include "engine/event_kinds.h"
#include "ftl/untimed_writer.h"

namespace flashscope {

Controller::Controller(const DeviceConfig& config, FtlState& ftl, IVictimPolicy& victims,
                       FlashEngine& flash, EventQueue& events, Rng& rng, NandCounters& counters,
                       SimEventLog& log)
    : config_(config),
      layout_(ftl.layout()),
      ftl_(ftl),
      victims_(victims),
      events_(events),
      port_(ftl.layout(), flash),
      slc_(config, ftl.layout(), ftl),
      engine_(ftl.layout(), ftl, port_, counters, log, *this),
      scanner_(config, ftl.layout(), ftl, engine_),
      gc_policy_(ftl.layout(), ftl, victims, rng, port_, scanner_, engine_),
      pacing_(ftl.layout(), engine_, config.gc.pacing == "proportional"),
      migration_(ftl.layout(), ftl, slc_, pinned_, log, engine_),
      wear_leveling_(config.wear_leveling.static_threshold, ftl, engine_),
      buffer_(WriteBuffer::Parts{config, ftl.layout(), ftl, port_, events, counters, log, slc_,
                                 pinned_, migration_, engine_, scanner_, pacing_}) {
  engine_.Attach(Relocation::kGc, gc_policy_, layout_.planes);
  if (pacing_.proportional()) gc_policy_.set_throttle(&pacing_);
  engine_.Attach(Relocation::kMigration, migration_, slc_.enabled() ? layout_.planes : 0);
  engine_.Attach(Relocation::kWearLeveling, wear_leveling_,
                 config.wear_leveling.static_enabled ? layout_.planes : 0);
  migration_.set_host_side(&buffer_);
  pinned_.Reset(slc_.enabled() && config.slc_cache.pin_small_bytes > 0, layout_.logical_units);
}

void Controller::OnTimer(uint32_t event_kind, uint32_t target, uint64_t now_ns) {
  switch (static_cast<EventKind>(event_kind)) {
    case kFlushPump:
      buffer_.OnFlushPump(now_ns);
      break;
    case kSlcIdleCheck:
      OnSlcIdleCheck(now_ns);
      break;
    case kBufferIdleCheck:
      buffer_.DrainIfQuiet(config_.write_buffer_idle_flush_ns, now_ns);
      break;
    case kIdleCheck:
      OnIdleCheck(target, now_ns);
      break;
    default:
      throw std::logic_error("conventional drive: not its event");
  }
}

void Controller::BeginEndOfRun(uint64_t now_ns) {
  end_of_run_ = true;
  buffer_.BeginEndOfRun(now_ns);
}

// Background GC: a die with a plane below the background reserve is checked
// again after gc.idle_us; if it stayed idle, GC runs there.
void Controller::OnDieIdle(uint32_t die, uint64_t now_ns) {
  port_.MarkIdle(die, now_ns);
  if (!config_.gc.background) return;
  // Only dies with a plane below the background reserve need a check.
  const uint32_t first_plane = die * layout_.planes_per_die;
  bool short_of_blocks = false;
  for (uint32_t plane = first_plane; plane < first_plane + layout_.planes_per_die; ++plane) {
    short_of_blocks |= ftl_.FreeBlocks(plane) < layout_.background_reserve_blocks;
  }
  if (short_of_blocks) {
    events_.Push(now_ns + config_.gc.idle_ns, PriorityOf(kIdleCheck), kIdleCheck, die);
  }
}

void Controller::OnIdleCheck(uint32_t die, uint64_t now_ns) {
  if (end_of_run_) return;  // no background GC is started for the end of a run
  // Still idle since the check was set: the drive has had idle_us of quiet.
  const uint64_t idle_since = port_.idle_since(die);
  if (idle_since == FlashPort::kBusy || idle_since + config_.gc.idle_ns > now_ns) return;
  const uint32_t first_plane = die * layout_.planes_per_die;
  for (uint32_t plane = first_plane; plane < first_plane + layout_.planes_per_die; ++plane) {
    if (ftl_.FreeBlocks(plane) < layout_.background_reserve_blocks) {
      engine_.Start(Relocation::kGc, plane, true, now_ns);
    }
  }
}

// The host has been quiet for the SLC's idle_flush_ms: the buffer drains
// and idle migration starts on every plane.
void Controller::OnSlcIdleCheck(uint64_t now_ns) {
  if (!buffer_.DrainIfQuiet(config_.slc_cache.idle_flush_ns, now_ns)) return;
  if (end_of_run_) return;  // no migration is started for the end of a run
  for (uint32_t plane = 0; plane < layout_.planes; ++plane) {
    engine_.Start(Relocation::kMigration, plane, true, now_ns);
  }
}

// Sequential fill, then uniform random writes, through the untimed path
// (ftl/untimed_writer.h) with the run's GC victim policy.
void Controller::Precondition(const PreconditionConfig& p, Rng& rng, PreconditionStats& stats) {
  NandCounters& nand = stats.nand;
  const WearLevelingConfig& wl = config_.wear_leveling;
  UntimedWriter writer(ftl_, victims_, rng, nand, config_.allocation_order,
                       wl.static_enabled ? wl.static_threshold : 0);
  stats.fill_units = PreconditionFillUnits(p.fill, layout_.logical_units);
  writer.WriteSequential(0, stats.fill_units);
  const NandCounters after_fill = nand;
  stats.random_units =
      static_cast<uint64_t>(p.random_writes * static_cast<double>(layout_.logical_units));
  writer.WriteRandom(stats.random_units);
  const NandCounters random_phase = nand - after_fill;
  const uint64_t programmed =
      random_phase.units_programmed[0] + random_phase.units_programmed[1] +
      random_phase.units_programmed[static_cast<uint32_t>(Cause::kWearLeveling)];
  stats.waf = stats.random_units ? static_cast<double>(programmed) / stats.random_units : 0;
  stats.gc_runs = writer.gc_runs();
}

// The write buffer's per-logical-unit pending bitmap.
double Controller::BufferStateBytesPerPhysicalUnit() const {
  const double buffer_bits = static_cast<double>(layout_.logical_units) / 8;
  return buffer_bits / layout_.physical_units;
}

SlcStats Controller::slc_stats() const {
  SlcStats stats = migration_.stats();
  stats.migrated_units = engine_.units_moved(Cause::kMigration);
  stats.migrations = engine_.victims_erased(Cause::kMigration);
  return stats;
}

ReliabilityStats Controller::reliability() const {
  ReliabilityStats stats;
  stats.refreshes = engine_.victims_erased(Cause::kRefresh);
  stats.refreshed_units = engine_.units_moved(Cause::kRefresh);
  stats.static_wl_moves = engine_.victims_erased(Cause::kWearLeveling);
  stats.static_wl_units = engine_.units_moved(Cause::kWearLeveling);
  return stats;
}

void Controller::SampleDevice(IntervalCounters::Device& device) {
  device.free_blocks = ftl_.TotalFreeBlocks();
  const SlcStats& slc = migration_.stats();
  const uint64_t migrated_units = engine_.units_moved(Cause::kMigration);
  if (slc_.enabled()) {
    const uint64_t unit = layout_.unit_bytes;
    device.slc_capacity_bytes = slc_.StaticCapacityBytes() + slc_.DynamicCapacityBytes();
    device.slc_static_bytes = ftl_.static_slc_written_units() * unit;
    device.slc_dynamic_bytes = ftl_.dynamic_slc_written_units() * unit;
    device.slc_persistent_bytes = migration_.PersistentCacheBytes();
    device.migration_bytes = migrated_units * unit;
    device.slc_inflow_bytes = (slc.host_units_to_slc - slc_in_units_at_last_sample_) * unit;
    device.slc_outflow_bytes = (migrated_units - slc_out_units_at_last_sample_) * unit;
  }
  slc_in_units_at_last_sample_ = slc.host_units_to_slc;
  slc_out_units_at_last_sample_ = migrated_units;
}

SlcFigures Controller::slc_now() const {
  SlcFigures figures;
  figures.stats = slc_stats();
  figures.static_capacity_bytes = slc_.StaticCapacityBytes();
  figures.dynamic_capacity_bytes = slc_.DynamicCapacityBytes();
  figures.dynamic_max_capacity_bytes = slc_.DynamicMaxCapacityBytes();
  figures.persistent_capacity_bytes = slc_.PersistentCapacityBytes();
  figures.persistent_bytes = migration_.PersistentCacheBytes();
  return figures;
}

}  // namespace flashscope
