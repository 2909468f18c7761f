#include "sim/fio_jobs.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "sim/trace_jobs.h"
#include "trace/byte_input.h"
#include "util/input_error.h"
#include "util/rng.h"
#include "workload/fio_generator.h"
#include "zns/zbd_adapter.h"  // ZbdAdapter::kLbaBytes

namespace flashscope {

namespace {

class FioSource final : public IRequestSource {
 public:
  FioSource(const FioJob& job, const FioJobFile& file, uint64_t capacity_bytes, uint32_t unit_bytes,
            Rng rng)
      : generator_(job, capacity_bytes, unit_bytes, rng, file.file) {}

  bool Next(HostIo& io) override {
    IoRequest request;
    if (!generator_.Next(request)) return false;
    io.op = request.op;
    io.offset_bytes = request.offset_bytes;
    io.length_bytes = request.length_bytes;
    io.arrival_ns = 0;
    io.ranges = request.ranges;
    io.range_count = request.range_count;
    return true;
  }

 private:
  FioIoGenerator generator_;
};

bool IsRandom(RwPattern rw) {
  return rw == RwPattern::kRandRead || rw == RwPattern::kRandWrite || rw == RwPattern::kRandRw ||
         rw == RwPattern::kRandTrim;
}

bool ReadsOnly(RwPattern rw) { return rw == RwPattern::kRead || rw == RwPattern::kRandRead; }

bool Trims(RwPattern rw) { return rw == RwPattern::kTrim || rw == RwPattern::kRandTrim; }

// "268435456 bytes, 256.0 MiB": the exact figure fio prints and a readable one.
std::string BytesText(uint64_t bytes) {
  return std::to_string(bytes) + " bytes, " + HumanBytes(bytes);
}

// fio's zone unit (`size=8z`): every size of the job in zones becomes bytes
// once the zone size is known (zonemode=zbd only; fio's `z` suffix means
// nothing without zones).
FioJob WithZonesInBytes(const FioJob& fio, const FioJobFile& file, uint64_t zone_bytes) {
  FioJob job = fio;
  SizeSpec* sizes[] = {&job.size,         &job.offset,       &job.io_size,
                       &job.filesize_min, &job.filesize_max, &job.offset_increment};
  for (SizeSpec* spec : sizes) {
    if (!spec->set || !spec->in_zones) continue;
    if (zone_bytes == 0) {
      throw InputError(file.file, fio.line,
                       "job '" + fio.name + "': a size in zones (" + std::to_string(spec->zones) +
                           "z) needs zonemode=zbd on a zoned device");
    }
    spec->in_zones = false;
    spec->is_percent = false;
    spec->bytes = spec->zones * zone_bytes;
  }
  return job;
}

// numjobs: clone k of a job (fio's subjob number) gets its own stream. fio
// seeds clone k from randseed and its thread number (init.c
// setup_random_seeds); here clone 0 keeps the job's own seed (so a file
// without numjobs runs exactly as before) and clone k > 0 a seed derived
// from it and k.
constexpr uint64_t kCloneSeedStep = 0x9E3779B97F4A7C15ull;

// The checks and the region fio's zonemode=zbd setup makes (zbd.c
// zbd_set_max_open_zones, zbd_verify_bs, zbd_verify_sizes) for a job on a
// zoned device with `namespace_bytes` of zones of `zone_bytes`: returns the
// job with its region aligned to whole zones unless it only reads.
FioJob ZbdJob(const FioJob& fio, const FioJobFile& file, const DeviceConfig& config,
              uint64_t namespace_bytes, Rng rng) {
  const auto fail = [&](const std::string& problem) {
    throw InputError(file.file, fio.line, "job '" + fio.name + "': " + problem);
  };
  if (!config.zns.enabled) {
    fail(std::string("zonemode=zbd needs a zoned device (device JSON 'zns'), e.g. ") +
         kZonedPreset);
  }
  const uint64_t zone_bytes = ZnsZoneBytes(config);
  // zbd.c zbd_verify_sizes / parse_zone_info: fio reads the zone size from
  // the drive and refuses a job whose zonesize differs.
  if (fio.zonesize.set && !fio.zonesize.in_zones) {
    const uint64_t asked = fio.zonesize.Resolve(namespace_bytes);
    if (asked != zone_bytes) {
      fail("zonesize=" + BytesText(asked) + " does not match the device's zone size (" +
           BytesText(zone_bytes) + "); fio reads the zone size from the drive, so leave " +
           "zonesize out or choose a drive with zones of that size");
    }
  }
  const uint32_t device_open = config.zns.max_open;
  if (device_open != 0 && fio.max_open_zones > device_open) {
    fail("max_open_zones (" + std::to_string(fio.max_open_zones) +
         ") is larger than the device's zns.max_open (" + std::to_string(device_open) + ")");
  }
  // A zoned device's LBA is 4 KiB: an I/O of part of one cannot be issued.
  for (const auto& sizes : fio.block_sizes) {
    for (const BlockSizeShare& share : sizes) {
      if (share.bytes % zns::ZbdAdapter::kLbaBytes != 0) {
        fail("zonemode=zbd: block size " + std::to_string(share.bytes) +
             " is not a multiple of the zoned device's 4096-byte logical block");
      }
    }
  }
  // A trim is a zone reset (zbd_do_io_u_trim), so it spans a zone.
  const auto& trim_sizes = fio.block_sizes[static_cast<int>(IoOp::kTrim)];
  if (Trims(fio.rw) && (trim_sizes.size() != 1 || trim_sizes[0].bytes != zone_bytes)) {
    fail("zonemode=zbd: the trim block size must be the zone size (" + std::to_string(zone_bytes) +
         " bytes)");
  }
  if (ReadsOnly(fio.rw)) return fio;
  // zbd_verify_sizes: the region's start rounds up and its end down to zone
  // boundaries, so the job's writes stay in zones it owns.
  const FioIoGenerator region(fio, namespace_bytes, zns::ZbdAdapter::kLbaBytes, rng, file.file);
  const uint64_t start = region.region_offset_bytes();
  const uint64_t end = start + region.region_bytes();
  const uint64_t aligned_start = (start + zone_bytes - 1) / zone_bytes * zone_bytes;
  const uint64_t aligned_end = end / zone_bytes * zone_bytes;
  if (aligned_start == start && aligned_end == end) return fio;
  if (aligned_end <= aligned_start) {
    fail("zonemode=zbd: the job's region [" + std::to_string(start) + ", " + std::to_string(end) +
         ") holds no whole zone of " + std::to_string(zone_bytes) +
         " bytes (fio: io_size must be at least one zone)");
  }
  FioJob aligned = fio;
  aligned.offset = SizeSpec{};
  aligned.offset.set = true;
  aligned.offset.bytes = aligned_start;
  aligned.size = SizeSpec{};
  aligned.size.set = true;
  aligned.size.bytes = aligned_end - aligned_start;
  // The region's start already includes this clone's offset_increment.
  aligned.offset_increment = SizeSpec{};
  return aligned;
}

SteadyStateSpec SteadyStateSpecOf(const FioJob& fio) {
  SteadyStateSpec spec;
  spec.metric = fio.ss_metric;
  spec.limit = fio.ss_limit;
  spec.limit_percent = fio.ss_limit_percent;
  spec.dur_ns = fio.ss_dur_ns;
  spec.ramp_ns = fio.ss_ramp_ns;
  spec.interval_ns = fio.ss_interval_ns;
  return spec;
}

// fio `read_iolog=FILE`: the job replays the trace (any format the trace
// reader detects, fio's iolog v2/v3 included) at its timestamps, with at most
// iodepth I/Os outstanding as fio does; the path is relative to the job
// file's directory.
JobSpec IologJob(const FioJob& fio, const FioJobFile& file, const DeviceLayout& layout) {
  if (fio.zbd) {
    throw InputError(file.file, fio.line,
                     "job '" + fio.name + "': read_iolog with zonemode=zbd is not supported");
  }
  std::filesystem::path path(fio.read_iolog);
  if (path.is_relative()) path = std::filesystem::path(file.file).parent_path() / path;
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw InputError(file.file, fio.line,
                     "job '" + fio.name + "': read_iolog=" + fio.read_iolog + ": cannot open '" +
                         path.string() + "'");
  }
  TraceOptions options;
  options.queue_depth = 0;  // open loop: the log's own times
  TraceJob trace = JobFromTrace(OpenFileInput(path.string()), options, layout);
  JobSpec spec = std::move(trace.job);
  spec.max_outstanding = std::max<uint32_t>(1, fio.iodepth);
  return spec;
}

}  // namespace

uint32_t LeadingFillJobs(const FioJobFile& file) {
  uint32_t count = 0;
  while (count < file.jobs.size() && file.jobs[count].fill_device &&
         file.jobs[count].read_iolog.empty() && !file.jobs[count].zbd) {
    ++count;
  }
  return count;
}

uint32_t PreconditionFromFio(const FioJobFile& file, DeviceConfig& config) {
  const uint32_t count = LeadingFillJobs(file);
  if (count > 0) config.precondition.fill = 1;
  return count;
}

uint32_t FirstTimedFioJob(const FioJobFile& file, const DeviceConfig& config) {
  return config.precondition.fill >= 1 ? LeadingFillJobs(file) : 0;
}

std::vector<JobSpec> JobsFromFio(const FioJobFile& file, const DeviceConfig& config,
                                 const DeviceLayout& layout) {
  std::vector<JobSpec> jobs;
  Rng run_rng(config.seed);
  const uint64_t zone_bytes = config.zns.enabled ? ZnsZoneBytes(config) : 0;
  // Leading fill_device jobs ran as the untimed preconditioning when the
  // caller applied PreconditionFromFio (precondition.fill = 1).
  const uint32_t skipped = FirstTimedFioJob(file, config);
  uint32_t job_number = 0;  // jobs as written: clones share their job's number
  Rng job_family_rng;       // the stream of the current job's clone 0
  for (uint32_t i = 0; i < file.jobs.size(); ++i) {
    const FioJob& written = file.jobs[i];
    Rng job_rng;
    if (written.clone_index == 0) {
      // Drawn for every job, used or not, so a job's stream never depends
      // on whether an earlier job had its own randseed or clones.
      job_family_rng = run_rng.Fork(100 + job_number);
      ++job_number;
      job_rng = job_family_rng;
    } else {
      job_rng = Rng(job_family_rng).Fork(written.clone_index);
    }
    if (i < skipped) continue;
    FioJob fio = WithZonesInBytes(written, file, written.zbd ? zone_bytes : 0);
    if (fio.has_randseed) {
      fio.randseed += uint64_t{fio.clone_index} * kCloneSeedStep;
      job_rng = Rng(fio.randseed);
    }
    if (fio.fill_device) {
      // fio fill_device: write from the job's offset until the drive is full
      // (fio sets size to the device and stops at ENOSPC), once.
      fio.size = SizeSpec{};
      fio.io_size = SizeSpec{};
      fio.number_ios = 0;
      fio.loops = 1;
      fio.time_based = false;
    }
    JobSpec spec;
    if (!fio.read_iolog.empty()) spec = IologJob(fio, file, layout);
    spec.name = fio.name;
    spec.iodepth = fio.read_iolog.empty() ? fio.iodepth : 0;
    spec.rate_iops = fio.rate_iops;
    spec.thinktime_ns = fio.thinktime_ns;
    spec.thinktime_blocks = fio.thinktime_blocks;
    spec.startdelay_ns = fio.startdelay_ns;
    spec.runtime_ns = fio.runtime_ns;
    spec.ramp_ns = fio.ramp_time_ns;
    spec.stonewall = fio.stonewall;
    spec.steady_state = SteadyStateSpecOf(fio);
    // Rates, flushes, flow, exitall, wait_for (issue 15: host/host.h).
    for (uint32_t dir = 0; dir < kIoDirections; ++dir) {
      spec.rate_bytes[dir] = fio.rate_bytes[dir];
      spec.rate_iops_dir[dir] = fio.rate_iops_dir[dir];
      spec.rate_min_bytes[dir] = fio.rate_min_bytes[dir];
      spec.rate_iops_min[dir] = fio.rate_iops_min[dir];
    }
    spec.rate_cycle_ns = fio.rate_cycle_ns;
    spec.rate_switches_direction =
        (fio.rw == RwPattern::kReadWrite || fio.rw == RwPattern::kRandRw) && fio.rwmixread > 0 &&
        fio.rwmixread < 100;
    spec.rate_poisson = fio.rate_process == RateProcess::kPoisson;
    spec.rate_seed = Rng(job_rng).Fork(7).NextU64();  // a copy: job_rng stays the source's
    spec.sync_writes = fio.sync_writes;
    spec.end_fsync = fio.end_fsync;
    spec.flow = fio.flow;
    spec.flow_id = fio.flow_id;
    spec.flow_sleep_ns = fio.flow_sleep_ns;
    spec.exitall = fio.exitall;
    spec.latency_target.target_ns = fio.latency_target_ns;
    spec.latency_target.window_ns = fio.latency_window_ns;
    spec.latency_target.percentile = fio.latency_percentile;
    spec.latency_target.run = fio.latency_run;
    if (!fio.wait_for.empty()) {
      // fio: the first job of that name (earlier in the file). Host jobs
      // start after the leading fill_device jobs, which became the
      // preconditioning: waiting for one of those is waiting for nothing.
      bool found = false;
      for (uint32_t k = 0; k < i && !found; ++k) {
        if (file.jobs[k].name != fio.wait_for) continue;
        found = true;
        if (k >= skipped) spec.wait_for_job = static_cast<int32_t>(k - skipped);
      }
      if (!found) {
        throw InputError(file.file, fio.line,
                         "wait_for=" + fio.wait_for + ": no earlier job of that name");
      }
    }
    if (!fio.read_iolog.empty()) {
      jobs.push_back(std::move(spec));
      continue;
    }
    if (fio.zbd) {
      // A zbd job addresses the zoned namespace itself (every zone, LBA =
      // zone * zone size + offset), not the host FTL's logical space.
      const uint64_t namespace_bytes = uint64_t{ZnsZoneCount(config)} * ZnsZoneBytes(config);
      const FioJob zbd_job = ZbdJob(fio, file, config, namespace_bytes, job_rng);
      spec.zbd = true;
      spec.zbd_options.max_open_zones = fio.max_open_zones;
      spec.zbd_options.zone_reset_threshold = fio.zone_reset_threshold;
      spec.zbd_options.zone_reset_frequency = fio.zone_reset_frequency;
      spec.zbd_options.read_beyond_wp = fio.read_beyond_wp;
      spec.zbd_options.random = IsRandom(fio.rw);
      spec.zbd_options.read_write_mix =
          fio.rw == RwPattern::kReadWrite || fio.rw == RwPattern::kRandRw;
      spec.source =
          std::make_unique<FioSource>(zbd_job, file, namespace_bytes,
                                      static_cast<uint32_t>(zns::ZbdAdapter::kLbaBytes), job_rng);
      jobs.push_back(std::move(spec));
      continue;
    }
    spec.source =
        std::make_unique<FioSource>(fio, file, layout.logical_bytes, layout.unit_bytes, job_rng);
    jobs.push_back(std::move(spec));
  }
  return jobs;
}

}  // namespace flashscope
