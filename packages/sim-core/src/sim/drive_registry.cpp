#include "sim/drive_registry.h"

#include <stdexcept>
#include <string>

#include "classic/classic_device.h"
#include "conventional/controller.h"
#include "util/input_error.h"
#include "zns/zns_device.h"

namespace flashscope {

namespace {

void RefuseZbdJobs(const DriveParts& parts) {
  for (const JobSpec& job : parts.jobs) {
    if (job.zbd) {
      throw InputError(
          parts.config.file, 0,
          "job '" + job.name + "': zonemode=zbd needs a zoned device (device JSON 'zns')");
    }
  }
}

std::unique_ptr<IDrive> MakeConventional(const DriveParts& parts) {
  RefuseZbdJobs(parts);
  return std::make_unique<Controller>(parts.config, parts.ftl, parts.victims, parts.flash,
                                      parts.events, parts.gc_rng, parts.counters, parts.log);
}

std::unique_ptr<IDrive> MakeClassic(const DriveParts& parts) {
  RefuseZbdJobs(parts);
  return std::make_unique<classic::ClassicDevice>(parts.config, parts.layout, parts.flash,
                                                  parts.counters);
}

// A zoned drive is driven either by zonemode=zbd jobs, which place their
// I/O on the zones themselves, or by ordinary jobs through its host FTL:
// the two would fight over the same zones, so a workload mixing them is
// refused.
std::unique_ptr<IDrive> MakeZoned(const DriveParts& parts) {
  const DeviceConfig& config = parts.config;
  const std::vector<JobSpec>& jobs = parts.jobs;
  size_t zbd_jobs = 0;
  for (const JobSpec& job : jobs) zbd_jobs += job.zbd;
  if (zbd_jobs > 0 && zbd_jobs < jobs.size()) {
    throw InputError(config.file, 0,
                     "a zoned drive runs either zonemode=zbd jobs (on its zones) or ordinary jobs "
                     "(through its host FTL), not both in one workload");
  }
  const bool host_ftl = zbd_jobs == 0;
  auto zns = std::make_unique<zns::ZnsDevice>(config, parts.layout, parts.ftl, parts.flash,
                                              parts.counters, parts.log, host_ftl);
  for (uint32_t i = 0; i < jobs.size(); ++i) {
    if (!jobs[i].zbd) continue;
    // Each job's own stream, so adding a job leaves the others' alone.
    zns->AddZbdJob(i, jobs[i].zbd_options, Rng(config.seed).Fork(300 + i).NextU64());
  }
  if (!host_ftl || !zns->host_ftl()->NeedsFutureKnowledge()) return zns;

  // fk / zbopt: a pre-pass over a second copy of the workload gives each
  // user write the time of its block's next write. Jobs that run one after
  // another (each stonewalled, or waiting for the one before) and the
  // preconditioning ahead of them are one stream, walked in that order.
  const std::string placement = "placement " + config.zns.placement;
  for (uint32_t i = 1; i < jobs.size(); ++i) {
    if (jobs[i].stonewall || jobs[i].wait_for_job == static_cast<int32_t>(i) - 1) continue;
    throw InputError(config.file, 0,
                     placement + " needs its jobs to run one after another: job '" + jobs[i].name +
                         "' runs alongside an earlier one, and the order of concurrent "
                         "jobs' writes depends on timing (give each job stonewall)");
  }
  for (const JobSpec& job : jobs) {
    if (job.runtime_ns > 0) {
      throw InputError(config.file, 0,
                       placement + " needs a workload that ends by itself: job '" + job.name +
                           "' has a runtime limit, and which writes happen then depends on "
                           "timing");
    }
  }
  if (!parts.jobs_again) {
    throw InputError(config.file, 0,
                     placement +
                         " needs to read the workload twice (a future-knowledge "
                         "pre-pass), which this run cannot");
  }
  std::vector<JobSpec> again = parts.jobs_again();
  if (again.size() != jobs.size()) throw std::logic_error("jobs_again built a different workload");
  auto future = std::make_unique<zns::FutureKnowledge>(parts.layout.logical_units);
  // Seeded as Simulator::Precondition draws them.
  zns->AppendPreconditionWrites(config.precondition, parts.precondition_rng, *future);
  const uint64_t precondition_writes = future->writes();
  for (JobSpec& job : again) {
    if (!job.source) throw std::logic_error("jobs_again built a job without a stream");
    future->AddSource(*job.source);
  }
  future->Seal();
  zns->set_future_knowledge(std::move(future), precondition_writes);
  return zns;
}

}  // namespace

std::string_view DriveKindFor(const DeviceConfig& config) {
  if (config.zns.enabled) return "zoned";
  if (UsesClassicDevice(config)) return "classic";
  return "conventional";
}

std::unique_ptr<IDrive> MakeDrive(std::string_view kind, const DriveParts& parts) {
  if (kind == "conventional") return MakeConventional(parts);
  if (kind == "classic") return MakeClassic(parts);
  if (kind == "zoned") return MakeZoned(parts);
  throw InputError(parts.config.file, 0, "unknown drive kind '" + std::string(kind) + "'");
}

}  // namespace flashscope
