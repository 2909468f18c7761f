// Tests for JobFromGenerator: the job a scenario's "workload" becomes — its
// default size from the device (conventional or zoned), its seeding, and
// the errors it reports at the workload's lines.
#include "sim/generator_jobs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

// 2 channels x 2 planes x 32 blocks of 48 x 16 KiB pages = 96 MiB raw.
constexpr const char* kConventional = R"({"cell": "tlc", "overprovision": 0.2,
  "geometry": {"channels": 2, "dies_per_channel": 1, "planes_per_die": 2,
               "blocks_per_plane": 32, "pages_per_block": 48, "page_bytes": 16384}})";
// The same flash zoned: a zone is one 768 KiB erase block on each of the 2
// dies (1.5 MiB, 384 blocks of 4 KiB), 64 zones.
constexpr const char* kZoned = R"({"cell": "tlc", "overprovision": 0.25,
  "geometry": {"channels": 2, "dies_per_channel": 1, "planes_per_die": 2,
               "blocks_per_plane": 32, "pages_per_block": 48, "page_bytes": 16384},
  "zns": {"max_open": 8, "max_active": 8, "classes": 4}})";

GeneratorWorkload Workload(const std::string& body) {
  return ParseGeneratorWorkload(
      json::Parse("{\"generator\": \"cloud_block\"" + body + "}", "s.json"), "s.json");
}

struct Built {
  DeviceConfig device;
  DeviceLayout layout;
};

Built Device(const char* text, uint64_t seed = 1) {
  Built built;
  built.device = ParseDeviceText(text, "dev.json", {"seed=" + std::to_string(seed)});
  built.layout = DeviceLayout::From(built.device);
  return built;
}

std::vector<uint64_t> Offsets(JobSpec& job, size_t count) {
  std::vector<uint64_t> offsets;
  HostIo io;
  while (offsets.size() < count && job.source->Next(io)) offsets.push_back(io.offset_bytes);
  return offsets;
}

TEST(GeneratorJobs, DefaultsCoverTheConventionalDrivesLogicalSpace) {
  const Built d = Device(kConventional);
  // 96 MiB raw / 1.2 = 80 MiB logical = 20480 blocks of 4 KiB.
  EXPECT_EQ(DeviceLogicalBlocks(d.device, d.layout), 20480u);
  JobSpec job = JobFromGenerator(Workload(""), d.device, d.layout);
  EXPECT_EQ(job.name, "cloud_block");
  EXPECT_EQ(job.iodepth, 0u);  // open loop
  HostIo io;
  uint64_t writes = 0;
  uint64_t highest = 0;
  uint64_t last_arrival = 0;
  while (job.source->Next(io)) {
    EXPECT_EQ(io.op, IoOp::kWrite);
    EXPECT_EQ(io.length_bytes, 4096u);
    highest = std::max(highest, io.offset_bytes);
    last_arrival = io.arrival_ns;
    ++writes;
  }
  EXPECT_EQ(writes, 4u * 20480);  // four writes per block
  EXPECT_LT(highest, 20480u * 4096);
  // 81920 writes at the default 4000 IOPS: the last arrives at 20.48 s.
  EXPECT_EQ(last_arrival, uint64_t{81919} * 250000);
}

TEST(GeneratorJobs, OnAZonedDriveTheHostFtlsLogicalSpace) {
  const Built d = Device(kZoned);
  // 64 zones x 384 blocks / 1.25.
  EXPECT_EQ(ZnsZoneCount(d.device), 64u);
  EXPECT_EQ(DeviceLogicalBlocks(d.device, d.layout), 19660u);
  JobSpec job =
      JobFromGenerator(Workload(", \"num_writes\": 5000, \"iodepth\": 4"), d.device, d.layout);
  EXPECT_EQ(job.iodepth, 4u);
  const std::vector<uint64_t> offsets = Offsets(job, 10000);
  EXPECT_EQ(offsets.size(), 5000u);
  EXPECT_LT(*std::max_element(offsets.begin(), offsets.end()), 19660u * 4096);
}

TEST(GeneratorJobs, SeededByTheWorkloadOrTheDevice) {
  const Built one = Device(kConventional, 1);
  const Built two = Device(kConventional, 2);
  const GeneratorWorkload plain = Workload(", \"num_blocks\": 4000");
  JobSpec a = JobFromGenerator(plain, one.device, one.layout);
  JobSpec b = JobFromGenerator(plain, one.device, one.layout);
  JobSpec c = JobFromGenerator(plain, two.device, two.layout);
  const std::vector<uint64_t> first = Offsets(a, 200);
  EXPECT_EQ(first, Offsets(b, 200));  // same inputs, same stream
  EXPECT_NE(first, Offsets(c, 200));  // the device's seed changes it
  // An explicit seed wins over the device's.
  const GeneratorWorkload seeded = Workload(", \"num_blocks\": 4000, \"seed\": 9");
  JobSpec d = JobFromGenerator(seeded, one.device, one.layout);
  JobSpec e = JobFromGenerator(seeded, two.device, two.layout);
  EXPECT_EQ(Offsets(d, 200), Offsets(e, 200));
}

TEST(GeneratorJobs, ErrorsNameTheWorkloadsLines) {
  const Built d = Device(kConventional);
  try {
    JobFromGenerator(Workload(",\n\"num_blocks\": 30000"), d.device, d.layout);
    FAIL() << "expected an error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "s.json:2: workload.num_blocks (30000) is more than the device's 20480 logical "
                 "blocks of 4096 bytes");
  }
  try {
    JobFromGenerator(Workload(", \"num_blocks\": 1000, \"num_writes\": 100"), d.device, d.layout);
    FAIL() << "expected an error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 1u);
    EXPECT_NE(std::string(error.what()).find("s.json:1: workload: num_writes (100) is smaller"),
              std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace flashscope
