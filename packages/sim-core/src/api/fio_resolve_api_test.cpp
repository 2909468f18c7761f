// fs_fio_resolve: a fio job file resolved against a device as a run resolves
// it, as JSON the UI reads instead of parsing job text itself: per job the
// block sizes, region, rates and runtime, and for the file whether every job
// keeps its queue full and the longest runtime; errors name file:line.
#include <gtest/gtest.h>

#include <string>

#include "api/flashscope_api.h"
#include "util/json.h"

namespace flashscope {
namespace {

// 2 channels x 1 die x 2 planes x 32 blocks of 48 TLC pages (~80 MB logical).
constexpr const char* kDevice = R"({
  "name": "resolve-small",
  "cell": "tlc",
  "geometry": { "channels": 2, "dies_per_channel": 1, "planes_per_die": 2,
                "blocks_per_plane": 32, "pages_per_block": 48, "page_bytes": 16384 },
  "overprovision": 0.2
})";

// One rate-limited job and one closed-loop job with runtime=30.
constexpr const char* kTwoJobs =
    "[global]\n"
    "ioengine=libaio\n"
    "size=8m\n"
    "\n"
    "[paced]\n"
    "rw=randwrite\n"
    "bs=4k\n"
    "iodepth=8\n"
    "rate_iops=500\n"
    "runtime=10\n"
    "time_based\n"
    "\n"
    "[closed]\n"
    "stonewall\n"
    "rw=read\n"
    "bs=128k\n"
    "iodepth=32\n"
    "offset=16m\n"
    "runtime=30\n";

json::Value Resolve(const char* fio, const char* options = "") {
  const char* text = fs_fio_resolve(kDevice, fio, options);
  EXPECT_NE(text, nullptr) << fs_last_error();
  return json::Parse(text ? text : "null", "fs_fio_resolve");
}

double Number(const json::Value& object, const char* key) {
  const json::Value* value = object.Find(key);
  EXPECT_TRUE(value != nullptr && value->is_number()) << key;
  return value != nullptr && value->is_number() ? value->as_number() : -1;
}

double Direction(const json::Value& job, const char* key, const char* direction) {
  const json::Value* per_direction = job.Find(key);
  EXPECT_TRUE(per_direction != nullptr && per_direction->is_object()) << key;
  return per_direction != nullptr ? Number(*per_direction, direction) : -1;
}

bool Bool(const json::Value& object, const char* key) {
  const json::Value* value = object.Find(key);
  EXPECT_TRUE(value != nullptr && value->is_bool()) << key;
  return value != nullptr && value->is_bool() && value->as_bool();
}

TEST(FioResolveApi, RateLimitedAndClosedLoopJobs) {
  const json::Value resolved = Resolve(kTwoJobs);
  EXPECT_EQ(std::string(fs_last_error()), "null");
  const json::Value* jobs = resolved.Find("jobs");
  ASSERT_TRUE(jobs != nullptr && jobs->is_array());
  ASSERT_EQ(jobs->items().size(), 2u);

  const json::Value& paced = jobs->items()[0];
  EXPECT_EQ(paced.Find("name")->as_string(), "paced");
  EXPECT_EQ(paced.Find("rw")->as_string(), "randwrite");
  EXPECT_EQ(Direction(paced, "bs_bytes", "write"), 4096);
  EXPECT_EQ(Number(paced, "iodepth"), 8);
  // rate_iops=500 (one value) paces every direction, as in fio.
  EXPECT_EQ(Direction(paced, "rate_iops", "write"), 500);
  EXPECT_EQ(Direction(paced, "rate_bytes_per_s", "write"), 0);
  EXPECT_EQ(Number(paced, "runtime_s"), 10);
  EXPECT_TRUE(Bool(paced, "time_based"));
  EXPECT_FALSE(Bool(paced, "closed_loop"));
  EXPECT_EQ(Number(paced, "offset_bytes"), 0);
  EXPECT_EQ(Number(paced, "size_bytes"), 8 << 20);
  const json::Value* ignored = paced.Find("ignored");
  ASSERT_TRUE(ignored != nullptr && ignored->is_array());
  ASSERT_EQ(ignored->items().size(), 1u);
  EXPECT_EQ(ignored->items()[0].as_string(), "ioengine");

  const json::Value& closed = jobs->items()[1];
  EXPECT_EQ(closed.Find("name")->as_string(), "closed");
  EXPECT_EQ(closed.Find("rw")->as_string(), "read");
  EXPECT_EQ(Direction(closed, "bs_bytes", "read"), 131072);
  EXPECT_EQ(Number(closed, "iodepth"), 32);
  EXPECT_EQ(Direction(closed, "rate_iops", "read"), 0);
  EXPECT_EQ(Number(closed, "runtime_s"), 30);
  EXPECT_FALSE(Bool(closed, "time_based"));
  EXPECT_TRUE(Bool(closed, "stonewall"));
  EXPECT_TRUE(Bool(closed, "closed_loop"));
  EXPECT_EQ(Number(closed, "offset_bytes"), 16 << 20);
  EXPECT_EQ(Number(closed, "size_bytes"), 8 << 20);
  EXPECT_EQ(Number(closed, "io_bytes"), 8 << 20);

  // One paced job makes the file open loop; the longest runtime is 30 s.
  EXPECT_FALSE(Bool(resolved, "closed_loop"));
  EXPECT_EQ(Number(resolved, "longest_runtime_s"), 30);
}

TEST(FioResolveApi, ClosedLoopFileWithoutRuntime) {
  const json::Value resolved = Resolve("[w]\nrw=randwrite\nbs=16k\niodepth=4\nsize=4m\n");
  EXPECT_TRUE(Bool(resolved, "closed_loop"));
  ASSERT_NE(resolved.Find("longest_runtime_s"), nullptr);
  EXPECT_TRUE(resolved.Find("longest_runtime_s")->is_null());
  const json::Value& job = resolved.Find("jobs")->items()[0];
  EXPECT_TRUE(job.Find("runtime_s")->is_null());
  EXPECT_EQ(Direction(job, "bs_bytes", "write"), 16384);
  // thinktime makes a job open loop even without a rate.
  const json::Value thinking =
      Resolve("[w]\nrw=randwrite\nbs=4k\nsize=4m\nthinktime=100\nruntime=5\n");
  EXPECT_FALSE(Bool(thinking, "closed_loop"));
  EXPECT_EQ(Number(thinking.Find("jobs")->items()[0], "thinktime_us"), 100);
}

TEST(FioResolveApi, LeadingFillDeviceJobIsThePreconditioning) {
  const json::Value resolved = Resolve(
      "[fill]\nrw=write\nbs=128k\nfill_device=1\n\n[w]\nstonewall\nrw=randwrite\nbs=4k\n"
      "size=4m\nruntime=5\n");
  const json::Value* jobs = resolved.Find("jobs");
  ASSERT_EQ(jobs->items().size(), 1u);
  EXPECT_EQ(jobs->items()[0].Find("name")->as_string(), "w");
  EXPECT_EQ(Number(resolved, "longest_runtime_s"), 5);
}

TEST(FioResolveApi, ErrorsNameTheJobFileAndLine) {
  EXPECT_EQ(fs_fio_resolve(kDevice, "[w]\nrw=randwrite\niodepht=4\n",
                           R"({"workload_name": "jobs/typo.fio"})"),
            nullptr);
  json::Value error = json::Parse(fs_last_error(), "error");
  EXPECT_EQ(error.Find("kind")->as_string(), "input");
  EXPECT_EQ(error.Find("file")->as_string(), "jobs/typo.fio");
  EXPECT_EQ(error.Find("line")->as_number(), 3);
  EXPECT_NE(error.Find("message")->as_string().find("jobs/typo.fio:3: unknown option 'iodepht'"),
            std::string::npos)
      << fs_last_error();

  // A region past the drive's end: the job's line, as a run reports it.
  EXPECT_EQ(fs_fio_resolve(kDevice, "[global]\nbs=4k\n\n[far]\nrw=read\noffset=1g\nsize=1m\n", ""),
            nullptr);
  error = json::Parse(fs_last_error(), "error");
  EXPECT_EQ(error.Find("file")->as_string(), "job.fio");
  EXPECT_EQ(error.Find("line")->as_number(), 4);

  // The device's errors are the device's (a --set-style override here).
  EXPECT_EQ(fs_fio_resolve(kDevice, kTwoJobs, R"({"set": ["gc.victim=nonsense"]})"), nullptr);
  error = json::Parse(fs_last_error(), "error");
  EXPECT_NE(error.Find("message")->as_string().find("nonsense"), std::string::npos)
      << fs_last_error();
}

}  // namespace
}  // namespace flashscope
