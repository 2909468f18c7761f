// Tests for JobsFromFio's zonemode=zbd handling: the device check, the
// options a job carries to its ZbdAdapter, and fio's zbd job setup checks
// (zbd.c zbd_set_max_open_zones, zbd_verify_bs, zbd_verify_sizes).
#include "sim/fio_jobs.h"

#include <gtest/gtest.h>

#include <string>

#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

// 2 dies of 16 blocks of 12 x 16 KiB pages: 192 KiB blocks, zones of one
// block per die (384 KiB, 96 LBAs), 16 zones, a 6 MiB namespace.
constexpr uint64_t kZoneBytes = 393216;
constexpr const char* kZonedDevice = R"({"cell": "tlc",
  "geometry": {"channels": 1, "dies_per_channel": 2, "planes_per_die": 1,
               "blocks_per_plane": 16, "pages_per_block": 12, "page_bytes": 16384},
  "zns": {"max_open": 4, "max_active": 4, "classes": 2}})";
constexpr const char* kConventionalDevice = R"({"cell": "tlc",
  "geometry": {"channels": 1, "dies_per_channel": 2, "planes_per_die": 1,
               "blocks_per_plane": 16, "pages_per_block": 12, "page_bytes": 16384},
  "overprovision": 0.5})";

std::vector<JobSpec> Jobs(const char* device_json, const std::string& job_text) {
  const DeviceConfig device = ParseDeviceText(device_json, "dev.json", {});
  const DeviceLayout layout = DeviceLayout::From(device);
  return JobsFromFio(ParseFioJobs(job_text, "job.fio"), device, layout);
}

std::string ErrorOf(const char* device_json, const std::string& job_text) {
  try {
    Jobs(device_json, job_text);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(FioJobsZbd, AZbdJobNeedsAZonedDevice) {
  EXPECT_EQ(ErrorOf(kConventionalDevice, "[a]\nrw=write\n[z]\nzonemode=zbd\nrw=randwrite\n"),
            "job.fio:3: job 'z': zonemode=zbd needs a zoned device (device JSON 'zns'), e.g. "
            "preset:zns-zn540-like");
  EXPECT_EQ(ErrorOf(kConventionalDevice, "[a]\nrw=write\nzonemode=none\nsize=1m\n"), "(no error)");
}

TEST(FioJobsZbd, JobsCarryTheirZbdOptions) {
  const std::vector<JobSpec> jobs =
      Jobs(kZonedDevice,
           "[plain]\nrw=randwrite\nsize=1m\n"
           "[z]\nzonemode=zbd\nrw=randrw\nmax_open_zones=3\nzone_reset_threshold=0.5\n"
           "zone_reset_frequency=0.25\nread_beyond_wp=1\n"
           "[seq]\nzonemode=zbd\nrw=write\n");
  ASSERT_EQ(jobs.size(), 3u);
  EXPECT_FALSE(jobs[0].zbd);
  EXPECT_TRUE(jobs[1].zbd);
  EXPECT_EQ(jobs[1].zbd_options.max_open_zones, 3u);
  EXPECT_EQ(jobs[1].zbd_options.zone_reset_threshold, 0.5);
  EXPECT_EQ(jobs[1].zbd_options.zone_reset_frequency, 0.25);
  EXPECT_TRUE(jobs[1].zbd_options.read_beyond_wp);
  EXPECT_TRUE(jobs[1].zbd_options.random);
  EXPECT_TRUE(jobs[1].zbd_options.read_write_mix);
  EXPECT_TRUE(jobs[2].zbd);
  EXPECT_FALSE(jobs[2].zbd_options.random);
  EXPECT_FALSE(jobs[2].zbd_options.read_write_mix);
  // A sequential zbd job with no region walks the whole namespace, 16
  // zones of 384 KiB: its last write ends at 6 MiB.
  HostIo io;
  uint64_t end = 0;
  uint64_t writes = 0;
  while (jobs[2].source->Next(io)) {
    end = io.offset_bytes + io.length_bytes;
    ++writes;
  }
  EXPECT_EQ(end, 16 * kZoneBytes);
  EXPECT_EQ(writes, 16 * kZoneBytes / 4096);
}

TEST(FioJobsZbd, AWritingJobsRegionIsAlignedToWholeZones) {
  // [100 KiB, 1124 KiB) -> [384 KiB, 768 KiB): offset up, end down.
  std::vector<JobSpec> jobs =
      Jobs(kZonedDevice, "[z]\nzonemode=zbd\nrw=randwrite\noffset=100k\nsize=1m\n");
  HostIo io;
  uint64_t lowest = UINT64_MAX;
  uint64_t highest = 0;
  uint64_t writes = 0;
  while (jobs[0].source->Next(io)) {
    lowest = std::min(lowest, io.offset_bytes);
    highest = std::max(highest, io.offset_bytes + io.length_bytes);
    ++writes;
  }
  EXPECT_EQ(lowest, kZoneBytes);
  EXPECT_EQ(highest, 2 * kZoneBytes);
  EXPECT_EQ(writes, kZoneBytes / 4096);  // one pass over the aligned region
  // A read-only job keeps its region, as in fio.
  jobs = Jobs(kZonedDevice, "[r]\nzonemode=zbd\nrw=read\noffset=100k\nsize=8k\n");
  ASSERT_TRUE(jobs[0].source->Next(io));
  EXPECT_EQ(io.offset_bytes, 102400u);
  EXPECT_EQ(ErrorOf(kZonedDevice, "[z]\nzonemode=zbd\nrw=write\noffset=100k\nsize=300k\n"),
            "job.fio:1: job 'z': zonemode=zbd: the job's region [102400, 409600) holds no "
            "whole zone of 393216 bytes (fio: io_size must be at least one zone)");
}

TEST(FioJobsZbd, FiosZbdSetupChecks) {
  EXPECT_EQ(ErrorOf(kZonedDevice, "[z]\nzonemode=zbd\nrw=randwrite\nmax_open_zones=5\n"),
            "job.fio:1: job 'z': max_open_zones (5) is larger than the device's zns.max_open "
            "(4)");
  EXPECT_EQ(ErrorOf(kZonedDevice, "[z]\nzonemode=zbd\nrw=randwrite\nbs=512\n"),
            "job.fio:1: job 'z': zonemode=zbd: block size 512 is not a multiple of the zoned "
            "device's 4096-byte logical block");
  EXPECT_EQ(ErrorOf(kZonedDevice, "[z]\nzonemode=zbd\nrw=trim\nbs=4k\n"),
            "job.fio:1: job 'z': zonemode=zbd: the trim block size must be the zone size "
            "(393216 bytes)");
  EXPECT_EQ(ErrorOf(kZonedDevice, "[z]\nzonemode=zbd\nrw=trim\nbs=384k\n"), "(no error)");
}

// fio's zone unit: `size=2z` is two of the device's zones (the parser keeps
// the count; JobsFromFio knows the zone size).
FioJobFile WithSizeInZones(FioJobFile file, uint64_t zones) {
  for (FioJob& job : file.jobs) {
    job.size = SizeSpec{};
    job.size.set = true;
    job.size.in_zones = true;
    job.size.zones = zones;
  }
  return file;
}

TEST(FioJobsZbd, SizesInZonesBecomeBytesOfTheDevicesZones) {
  const DeviceConfig device = ParseDeviceText(kZonedDevice, "dev.json", {});
  const DeviceLayout layout = DeviceLayout::From(device);
  const FioJobFile file =
      WithSizeInZones(ParseFioJobs("[z]\nzonemode=zbd\nrw=write\noffset=384k\n", "job.fio"), 2);
  std::vector<JobSpec> jobs = JobsFromFio(file, device, layout);
  HostIo io;
  uint64_t first = UINT64_MAX;
  uint64_t end = 0;
  uint64_t writes = 0;
  while (jobs[0].source->Next(io)) {
    first = std::min(first, io.offset_bytes);
    end = std::max(end, io.offset_bytes + io.length_bytes);
    ++writes;
  }
  // Zones 1 and 2: [384 KiB, 1152 KiB), 192 writes of 4 KiB.
  EXPECT_EQ(first, kZoneBytes);
  EXPECT_EQ(end, 3 * kZoneBytes);
  EXPECT_EQ(writes, 2 * kZoneBytes / 4096);
  // Without zonemode=zbd a zone means nothing.
  const FioJobFile plain = WithSizeInZones(ParseFioJobs("[p]\nrw=write\n", "job.fio"), 8);
  try {
    JobsFromFio(plain, device, layout);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "job.fio:1: job 'p': a size in zones (8z) needs zonemode=zbd on a zoned device");
  }
}

TEST(FioJobsZbd, ZonesizeMustBeTheDevicesZoneSize) {
  // fio zbd.c: "zonesize %llu does not match the device zone size".
  const DeviceConfig device = ParseDeviceText(kZonedDevice, "dev.json", {});
  const DeviceLayout layout = DeviceLayout::From(device);
  FioJobFile file = ParseFioJobs("[z]\nzonemode=zbd\nrw=randwrite\n", "job.fio");
  file.jobs[0].zonesize.set = true;
  file.jobs[0].zonesize.bytes = 256 << 20;
  try {
    JobsFromFio(file, device, layout);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "job.fio:1: job 'z': zonesize=268435456 bytes, 256.0 MiB does not match the "
                 "device's zone size (393216 bytes, 384.0 KiB); fio reads the zone size from the "
                 "drive, so leave "
                 "zonesize out or choose a drive with zones of that size");
  }
  file.jobs[0].zonesize.bytes = kZoneBytes;
  EXPECT_EQ(JobsFromFio(file, device, layout).size(), 1u);
}

}  // namespace
}  // namespace flashscope
