#include "sim/fio_jobs.h"

#include <memory>
#include <string>

#include "util/input_error.h"
#include "util/rng.h"
#include "workload/fio_generator.h"

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

// The checks and the region fio's zonemode=zbd setup makes (zbd.c
// zbd_set_max_open_zones, zbd_verify_bs, zbd_verify_sizes) for a job on a
// zoned device with `namespace_bytes` of zones of `zone_bytes`: returns the
// job with its region aligned to whole zones unless it only reads.
FioJob ZbdJob(const FioJob& fio, const FioJobFile& file, const DeviceConfig& config,
              uint64_t namespace_bytes, Rng rng) {
  const auto fail = [&](const std::string& problem) {
    throw InputError(file.file, fio.line, "job '" + fio.name + "': " + problem);
  };
  if (!config.zns.enabled) fail("zonemode=zbd needs a zoned device (device JSON 'zns')");
  const uint64_t zone_bytes = ZnsZoneBytes(config);
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
  return aligned;
}

}  // namespace

std::vector<JobSpec> JobsFromFio(const FioJobFile& file, const DeviceConfig& config,
                                 const DeviceLayout& layout) {
  std::vector<JobSpec> jobs;
  Rng run_rng(config.seed);
  for (uint32_t i = 0; i < file.jobs.size(); ++i) {
    const FioJob& fio = file.jobs[i];
    // Drawn for every job, used or not, so job i's stream never depends on
    // whether an earlier job had its own randseed.
    Rng job_rng = run_rng.Fork(100 + i);
    if (fio.has_randseed) job_rng = Rng(fio.randseed);
    JobSpec spec;
    spec.name = fio.name;
    spec.iodepth = fio.iodepth;
    spec.rate_iops = fio.rate_iops;
    spec.thinktime_ns = fio.thinktime_ns;
    spec.thinktime_blocks = fio.thinktime_blocks;
    spec.startdelay_ns = fio.startdelay_ns;
    spec.runtime_ns = fio.runtime_ns;
    spec.ramp_ns = fio.ramp_time_ns;
    spec.stonewall = fio.stonewall;
    // Rates, flushes, flow, exitall, wait_for (issue 15: host/host.h).
    for (uint32_t dir = 0; dir < kIoDirections; ++dir) {
      spec.rate_bytes[dir] = fio.rate_bytes[dir];
      spec.rate_iops_dir[dir] = fio.rate_iops_dir[dir];
      spec.rate_min_bytes[dir] = fio.rate_min_bytes[dir];
      spec.rate_iops_min[dir] = fio.rate_iops_min[dir];
    }
    spec.rate_cycle_ns = fio.rate_cycle_ns;
    spec.rate_poisson = fio.rate_process == RateProcess::kPoisson;
    spec.rate_seed = Rng(job_rng).Fork(7).NextU64();  // a copy: job_rng stays the source's
    spec.sync_writes = fio.sync_writes;
    spec.end_fsync = fio.end_fsync;
    spec.flow = fio.flow;
    spec.flow_id = fio.flow_id;
    spec.flow_sleep_ns = fio.flow_sleep_ns;
    spec.exitall = fio.exitall;
    if (!fio.wait_for.empty()) {
      // fio: the first job of that name (earlier in the file).
      for (uint32_t k = 0; k < i && spec.wait_for_job < 0; ++k) {
        if (file.jobs[k].name == fio.wait_for) spec.wait_for_job = static_cast<int32_t>(k);
      }
      if (spec.wait_for_job < 0) {
        throw InputError(file.file, fio.line,
                         "wait_for=" + fio.wait_for + ": no earlier job of that name");
      }
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
