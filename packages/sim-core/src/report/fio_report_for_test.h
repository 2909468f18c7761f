// Test helpers for fio's outputs: fio jobs built as structs (so the tests do
// not depend on what the job-file parser accepts) and run on a small drive.
#pragma once

#include <memory>
#include <string>

#include "nand/layout.h"
#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "workload/fio_job.h"

namespace flashscope::testing {

// A job of 4 KiB I/Os in every direction, stopping after number_ios.
inline FioJob FioTestJob(const std::string& name, RwPattern rw, uint64_t number_ios,
                         uint32_t iodepth = 1) {
  FioJob job;
  job.name = name;
  job.rw = rw;
  job.number_ios = number_ios;
  job.iodepth = iodepth;
  for (auto& sizes : job.block_sizes) sizes = {BlockSizeShare{4096, 100}};
  return job;
}

// The drive the fio output tests run on: TinySlcDevice with a 256 KiB write
// buffer (12 MiB logical), seed 7.
inline DeviceConfig FioTestDevice() {
  DeviceConfig device = TinySlcDevice();
  device.write_buffer_bytes = 256 * 1024;
  device.seed = 7;
  return device;
}

inline std::unique_ptr<Simulator> RunFioJobs(const FioJobFile& file,
                                             const DeviceConfig& device = FioTestDevice()) {
  auto sim =
      std::make_unique<Simulator>(device, JobsFromFio(file, device, DeviceLayout::From(device)));
  sim->Precondition();
  sim->RunToCompletion();
  return sim;
}

}  // namespace flashscope::testing
