// preset:zns-zn540-like runs fio's own zbd example (../shared/fio-jobs/
// examples/zbd-rand-write.fio) as fio would on such a drive: refused for
// its 256 MiB zonesize and 32 open zones, run once they are the drive's.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "config/device_config.h"
#include "schema/device_schema.h"
#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

const std::string kRoot = FLASHSCOPE_REPO_ROOT;

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// `text` with the first `from` replaced by `to`.
std::string Edited(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// `text` with the lines that begin with `start` commented out.
std::string WithoutLine(const std::string& text, const std::string& start) {
  std::stringstream in(text);
  std::string out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(start, 0) == 0) line = ";" + line;  // keep the line numbers
    out += line + "\n";
  }
  return out;
}

TEST(ZnsZn540Preset, HasTheZn540sZoneCapacityAndOpenZones) {
  const DeviceConfig device =
      LoadDevice("preset:zns-zn540-like", kRoot + "/public/presets/devices", {});
  ASSERT_TRUE(device.zns.enabled);
  EXPECT_EQ(ZnsZoneBytes(device), 1077ull << 20);
  EXPECT_EQ(ZnsZoneCapacityBytes(device), 1077ull << 20);
  EXPECT_EQ(ZnsZoneCount(device), 113u);
  EXPECT_EQ(device.zns.max_open, 14u);
  EXPECT_EQ(device.zns.max_active, 14u);
  EXPECT_FALSE(device.source.empty());
}

TEST(ZnsZn540Preset, RunsFiosZbdRandWriteExample) {
  const std::string file = kRoot + "/../shared/fio-jobs/examples/zbd-rand-write.fio";
  DeviceConfig device = LoadDevice("preset:zns-zn540-like", kRoot + "/public/presets/devices", {});
  const DeviceLayout layout = DeviceLayout::From(device);
  // numjobs and zonesize set by hand (the parser's expansion is not this
  // test's); one simulated second instead of 180.
  std::string text = WithoutLine(WithoutLine(ReadText(file), "numjobs"), "zonesize");
  ASSERT_NE(text.find("max_open_zones=32"), std::string::npos);
  text = Edited(Edited(text, "runtime=180", "runtime=1"), "max_open_zones=32", "max_open_zones=14");
  const FioJobFile parsed = ParseFioJobs(text, file);
  ASSERT_EQ(parsed.jobs.size(), 1u);
  FioJobFile jobs = parsed;
  jobs.jobs.clear();
  for (uint32_t k = 0; k < 16; ++k) {
    FioJob clone = parsed.jobs[0];
    clone.numjobs = 16;
    clone.clone_index = k;
    clone.zonesize.set = true;
    clone.zonesize.bytes = 256ull << 20;  // as written: zonesize=256M
    jobs.jobs.push_back(clone);
  }
  try {
    JobsFromFio(jobs, device, layout);
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              file +
                  ":18: job 'dev1': zonesize=268435456 bytes, 256.0 MiB does not match the "
                  "device's zone size (1129316352 bytes, 1.1 GiB); fio reads the zone size from "
                  "the drive, so leave "
                  "zonesize out or choose a drive with zones of that size");
  }
  for (FioJob& job : jobs.jobs) job.zonesize.bytes = 1077ull << 20;
  Simulator sim(device, JobsFromFio(jobs, device, layout));
  sim.Precondition();
  sim.RunToCompletion();
  uint64_t bytes = 0;
  for (uint32_t job = 0; job < 16; ++job) bytes += sim.host().metrics(job).bytes[1];
  // 16 psync jobs of 512 KiB writes share the drive's ~2.0 GB/s of zone
  // programs (32 dies x 12 KiB / 197 us) for one second.
  EXPECT_GT(bytes, 1'700'000'000u);
  EXPECT_LT(bytes, 2'100'000'000u);
}

}  // namespace
}  // namespace flashscope
