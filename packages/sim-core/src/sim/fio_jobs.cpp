#include "sim/fio_jobs.h"

#include <memory>

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
    spec.source =
        std::make_unique<FioSource>(fio, file, layout.logical_bytes, layout.unit_bytes, job_rng);
    jobs.push_back(std::move(spec));
  }
  return jobs;
}

}  // namespace flashscope
