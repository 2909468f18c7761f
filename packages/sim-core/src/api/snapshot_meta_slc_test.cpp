// The live meta's slc.dynamic_max_capacity_bytes: the most the dynamic SLC
// can be on the drive that runs (the SLC card's "up to", docs/figures.md),
// the core's allowance of an empty drive rather than the device JSON's
// dynamic_max_bytes, which whole pSLC blocks and the user space cut down.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "api/flashscope_api.h"
#include "util/json.h"

namespace flashscope {
namespace {

std::string ReadPreset(const std::string& name) {
  const std::string path =
      std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices/" + name + ".json";
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

const char* kSequentialWrites = "[w]\nrw=write\nbs=1m\niodepth=8\nsize=8m\n";

// The live meta's slc object after the first 10 ms of sequential writes.
json::Value SlcMetaAfterStart(const std::string& preset, const std::string& options) {
  const std::string device = ReadPreset(preset);
  const uint32_t session = fs_create(device.c_str(), kSequentialWrites, options.c_str());
  EXPECT_GT(session, 0u) << fs_last_error();
  EXPECT_EQ(fs_precondition(session), 0) << fs_last_error();
  EXPECT_GE(fs_advance(session, 10e6, 1e12), 0) << fs_last_error();
  fs_snapshot(session);
  json::Value meta = json::Parse(fs_snapshot_meta(session), "meta");
  fs_destroy(session);
  return *meta.Find("slc");
}

double Number(const json::Value& slc, const char* key) {
  const json::Value* value = slc.Find(key);
  EXPECT_TRUE(value != nullptr && value->is_number()) << key;
  return value != nullptr && value->is_number() ? value->as_number() : -1;
}

// 665p-like: 32 planes of 4 MiB pSLC blocks lend 128 MiB a row; 128 GB is
// 953.7 rows, so the drive lends 953 of them, 127,909,494,784 bytes. (The
// device's static 12 GB becomes 90 rows, 12,079,595,520 bytes: static +
// dynamic_max_bytes - that read 127,920,404,480.)
TEST(SnapshotMetaSlc, DynamicMaximumIsInWholePslcBlocks) {
  const json::Value slc = SlcMetaAfterStart("qlc-1tb-665p-like", "");
  EXPECT_EQ(Number(slc, "dynamic_max_capacity_bytes"), 953.0 * 134217728);
  EXPECT_EQ(Number(slc, "static_capacity_bytes"), 90.0 * 134217728);
  // The empty drive starts with all of it.
  EXPECT_EQ(Number(slc, "dynamic_capacity_bytes_at_start"),
            Number(slc, "dynamic_max_capacity_bytes"));
}

// The teaching QLC drive asked for 200 MiB of dynamic SLC: its 80,457
// logical units of 4 KiB / 4 bits / 64 units per pSLC block / 4 planes
// lend 78 rows of 1 MiB, 81,788,928 bytes; the run starts with those.
TEST(SnapshotMetaSlc, DynamicMaximumStopsAtTheUserSpace) {
  const json::Value slc = SlcMetaAfterStart(
      "teaching-qlc-slc", R"({"set": ["slc_cache.dynamic_max_bytes=209715200"]})");
  EXPECT_EQ(Number(slc, "dynamic_max_capacity_bytes"), 78.0 * 1048576);
  EXPECT_EQ(Number(slc, "dynamic_capacity_bytes_at_start"), 78.0 * 1048576);
  EXPECT_LE(Number(slc, "capacity_bytes"),
            Number(slc, "static_capacity_bytes") + Number(slc, "dynamic_max_capacity_bytes"));
}

}  // namespace
}  // namespace flashscope
