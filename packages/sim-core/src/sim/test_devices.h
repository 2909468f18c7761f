// Small devices for tests, built in code so each test states the geometry
// and timing its numbers depend on.
#pragma once

#include <memory>
#include <vector>

#include "config/device_config.h"
#include "host/host.h"
#include "host/list_source.h"

namespace flashscope::testing {

// One channel, one die, one plane of SLC blocks with 4 KiB pages (one
// mapping unit per page, one page per wordline): every number is easy to
// derive. tR 25 us, tPROG 200 us, tBERS 1.5 ms; the channel moves 4 KiB in
// 10.24 us (400 MB/s) and the host link in 1 us (4096 MB/s).
inline DeviceConfig TinySlcDevice(uint32_t blocks = 64, uint32_t pages = 64) {
  DeviceConfig c;
  c.file = "test-device";
  c.cell = CellMode::kSlc;
  c.geometry = Geometry{1, 1, 1, blocks, pages, 4096};
  c.timing[1] = ModeTiming{25'000, 200'000, 1'500'000};
  c.channel_mbps = 400;
  c.host_mbps = 4096;
  c.overprovision = 0.25;
  c.write_buffer_bytes = 0;
  c.gc.free_block_threshold = 0.05;
  c.gc.background = false;
  return c;
}

// 2 channels x 2 dies x 2 planes x 32 blocks of 64 MLC pages of 4 KiB: a
// wordline holds 2 blocks, zones are 1 MiB (one erase block per die), 64
// of them; the host FTL's space is 64 * 256 / 1.4 = 11702 blocks (7
// classes keep 15 zones free of user data).
inline DeviceConfig SmallZonedDevice() {
  DeviceConfig c;
  c.file = "zoned.json";
  c.cell = CellMode::kMlc;
  c.geometry = Geometry{2, 2, 2, 32, 64, 4096};
  c.overprovision = 0.4;
  c.write_buffer_bytes = 256 * 4096;
  c.gc.background = false;
  c.zns.enabled = true;
  return c;
}

// The drive FlashScope was compared with MQSim on (issue 17): 8 channels x
// 2 dies x 1 plane (16 planes) x 512 blocks x 64 pages of 4 KiB SLC, tR 30,
// tPROG 200, tBERS 3500 us, 7 % spare, greedy GC keeping 10 free blocks per
// plane (160 in all), no background GC. A 1 MiB write buffer: the untimed
// preconditioning writes every unit to flash, and the default 64 MiB (3 % of
// this drive) would absorb enough random rewrites to lower the timed WAF by
// 2 % on its own.
inline DeviceConfig ComparisonDrive() {
  DeviceConfig c;
  c.file = "comparison-drive";
  c.cell = CellMode::kSlc;
  c.geometry = Geometry{8, 2, 1, 512, 64, 4096};
  c.timing[1] = ModeTiming{30'000, 200'000, 3'500'000};
  c.overprovision = 0.07;
  c.gc.victim = "greedy";
  c.gc.free_block_threshold = 10.0 / 512;
  c.gc.background = false;
  c.write_buffer_bytes = 1 << 20;
  return c;
}

inline HostIo Io(IoOp op, uint64_t lpn, uint32_t units = 1, uint64_t arrival_ns = 0) {
  return HostIo{op, lpn * 4096, units * 4096, arrival_ns};
}

// An open-loop job replaying `ios` at their arrival times.
inline std::vector<JobSpec> OpenLoop(std::vector<HostIo> ios) {
  std::vector<JobSpec> jobs(1);
  jobs[0].name = "list";
  jobs[0].iodepth = 0;
  jobs[0].source = std::make_unique<ListSource>(std::move(ios));
  return jobs;
}

// A closed-loop job issuing `ios` at queue depth `iodepth`.
inline std::vector<JobSpec> ClosedLoop(std::vector<HostIo> ios, uint32_t iodepth) {
  std::vector<JobSpec> jobs = OpenLoop(std::move(ios));
  jobs[0].iodepth = iodepth;
  return jobs;
}

}  // namespace flashscope::testing
