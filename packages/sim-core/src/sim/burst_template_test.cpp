// The burst / idle / burst template (sim/burst_template.h): the cache size it
// reports is the slc.capacity_bytes_at_start a run of the same device reports
// (calibrated presets at two fill levels, a QLC drive with a shrinking cache,
// random preconditioning), its job text parses with the core's fio parser and
// writes `multiple` x that cache per burst, and its refusals name the problem.
#include "sim/burst_template.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "api/flashscope_api.h"
#include "api/session.h"
#include "drive/drive_figures.h"
#include "nand/layout.h"
#include "schema/device_schema.h"
#include "util/input_error.h"
#include "util/json.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

std::string PresetText(const std::string& name) {
  std::ifstream in(std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices/" + name + ".json");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << name;
  return text.str();
}

BurstTemplate Template(const std::string& preset, const std::vector<std::string>& sets,
                       BurstTemplateRequest request = {}) {
  return MakeBurstTemplate(ParseDeviceText(PresetText(preset), preset, sets), request, preset);
}

// Runs `fio` on the preset as the app does (session, preconditioning, to the
// end) and returns the result JSON.
json::Value RunResult(const std::string& preset, const std::vector<std::string>& sets,
                      const std::string& fio) {
  SessionOptions options;
  options.device_name = preset;
  options.sets = sets;
  Session session(PresetText(preset), fio, options);
  session.Precondition();
  const uint64_t forever = std::numeric_limits<uint64_t>::max();
  EXPECT_EQ(session.Advance(forever, forever), StopReason::kFinished);
  return json::Parse(session.ResultJson(), "result");
}

double SlcFigure(const json::Value& result, const char* key) {
  return result.Find("slc")->Find(key)->as_number();
}

// A short write: enough for the run to record the cache it started with.
constexpr const char* kShortWrite = "[w]\nrw=write\nbs=1m\niodepth=32\nsize=64m\n";

void ExpectCapacityAsRunReports(const std::string& preset, const std::vector<std::string>& sets) {
  const BurstTemplate burst = Template(preset, sets);
  const json::Value result = RunResult(preset, sets, kShortWrite);
  EXPECT_EQ(static_cast<double>(burst.cache.total_bytes()),
            SlcFigure(result, "capacity_bytes_at_start"))
      << preset;
  EXPECT_EQ(static_cast<double>(burst.cache.dynamic_bytes),
            SlcFigure(result, "dynamic_capacity_bytes_at_start"))
      << preset;
}

TEST(BurstTemplate, CacheOf970EvoLikeEmptyIsTheRunsAt22Gb) {
  const BurstTemplate burst = Template("tlc-500g-970evo-like", {});
  // 4 GB static + 18 GB dynamic TurboWrite, rounded to whole pSLC blocks.
  EXPECT_NEAR(static_cast<double>(burst.cache.total_bytes()), 22e9, 0.3e9);
  ExpectCapacityAsRunReports("tlc-500g-970evo-like", {});
}

TEST(BurstTemplate, CacheOf970EvoLikeNearlyFullIsBoundByFreeSpace) {
  // 93 % full: the free user space / 3 bits (~11 GB) bounds the dynamic part.
  const std::vector<std::string> sets = {"precondition.fill=0.93"};
  const BurstTemplate burst = Template("tlc-500g-970evo-like", sets);
  EXPECT_LT(burst.cache.dynamic_bytes, 12'000'000'000u);
  EXPECT_GT(burst.cache.dynamic_bytes, 8'000'000'000u);
  ExpectCapacityAsRunReports("tlc-500g-970evo-like", sets);
}

TEST(BurstTemplate, CacheOfQlcDriveShrinksWithFillAsTheRunsDoes) {
  const std::vector<std::string> half = {"precondition.fill=0.5"};
  const BurstTemplate empty = Template("qlc-128g-slc", {});
  const BurstTemplate half_full = Template("qlc-128g-slc", half);
  EXPECT_LT(half_full.cache.total_bytes(), empty.cache.total_bytes());
  ExpectCapacityAsRunReports("qlc-128g-slc", half);
  ExpectCapacityAsRunReports("teaching-qlc-slc", {"precondition.fill=0.6"});
}

TEST(BurstTemplate, CacheAfterRandomPreconditioningIsTheRunsToo) {
  // After a partial fill (the template runs the preconditioning) ...
  ExpectCapacityAsRunReports("teaching-qlc-slc",
                             {"precondition.fill=0.3", "precondition.random_writes=0.5"});
  // ... and after a full one (closed form: random writes map nothing new).
  ExpectCapacityAsRunReports("qlc-128g-slc",
                             {"precondition.fill=1", "precondition.random_writes=0.05"});
}

TEST(BurstTemplate, RefusesRandomPreconditioningTooLongToRunForATemplate) {
  // A 1 TB drive half full with a whole random pass: minutes of work.
  try {
    Template("qlc-1tb-665p-like", {"precondition.fill=0.5", "precondition.random_writes=1"});
    FAIL() << "expected a refusal";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("set random writes to 0 or the fill to 100 %"),
              std::string::npos)
        << e.what();
  }
}

TEST(BurstTemplate, JobTextParsesIntoBurstsOfMultipleTimesTheCache) {
  BurstTemplateRequest request;
  request.multiple = 1.5;
  request.idle_s = 20;
  request.bursts = 3;
  const BurstTemplate burst = Template("tlc-500g-970evo-like", {}, request);
  const double wanted = 1.5 * static_cast<double>(burst.cache.total_bytes());
  EXPECT_EQ(burst.burst_bytes % kMiB, 0u);
  EXPECT_LE(std::abs(static_cast<double>(burst.burst_bytes) - wanted), kMiB / 2.0);

  const FioJobFile jobs = ParseFioJobs(burst.fio_text, "burst.fio");
  ASSERT_EQ(jobs.jobs.size(), 3u);
  const std::vector<std::string> names = {"burst-1", "burst-2-after-20s-idle",
                                          "burst-3-after-20s-idle"};
  for (size_t i = 0; i < jobs.jobs.size(); ++i) {
    const FioJob& job = jobs.jobs[i];
    EXPECT_EQ(job.name, names[i]);
    EXPECT_EQ(job.iodepth, 32u);
    EXPECT_EQ(job.stonewall, i > 0);
    EXPECT_EQ(job.startdelay_ns, i > 0 ? 20'000'000'000u : 0u);
  }
  // As a run resolves it: sequential 1 MiB writes, one burst each, at
  // distinct offsets.
  const char* resolved_text =
      fs_fio_resolve(PresetText("tlc-500g-970evo-like").c_str(), burst.fio_text.c_str(), "");
  ASSERT_NE(resolved_text, nullptr) << fs_last_error();
  const json::Value resolved = json::Parse(resolved_text, "resolved");
  const auto& items = resolved.Find("jobs")->items();
  ASSERT_EQ(items.size(), 3u);
  for (size_t i = 0; i < items.size(); ++i) {
    EXPECT_EQ(items[i].Find("rw")->as_string(), "write");
    EXPECT_EQ(items[i].Find("bs_bytes")->Find("write")->as_number(), 1048576);
    EXPECT_EQ(items[i].Find("size_bytes")->as_number(), static_cast<double>(burst.burst_bytes));
    EXPECT_EQ(items[i].Find("offset_bytes")->as_number(),
              static_cast<double>(i * burst.burst_bytes));
  }
}

TEST(BurstTemplate, RunOfTheTemplateWritesEachBurstAndRunsOutOfCache) {
  BurstTemplateRequest request;
  request.multiple = 1.5;
  request.idle_s = 0.05;
  request.bursts = 2;
  const BurstTemplate burst = Template("teaching-qlc-slc", {}, request);
  EXPECT_NE(burst.fio_text.find("startdelay=50ms"), std::string::npos) << burst.fio_text;
  const json::Value result = RunResult("teaching-qlc-slc", {}, burst.fio_text);
  EXPECT_EQ(result.Find("host")->Find("write_bytes")->as_number(),
            2.0 * static_cast<double>(burst.burst_bytes));
  EXPECT_EQ(SlcFigure(result, "capacity_bytes_at_start"),
            static_cast<double>(burst.cache.total_bytes()));
  EXPECT_TRUE(result.Find("slc")->Find("cliff")->is_object());
}

std::string ApiProblem(const std::string& device_text, double multiple, double idle_s,
                       double bursts, const char* options = "") {
  EXPECT_EQ(fs_burst_template(device_text.c_str(), options, multiple, idle_s, bursts), nullptr);
  const json::Value error = json::Parse(fs_last_error(), "error");
  EXPECT_EQ(error.Find("kind")->as_string(), "input");
  return error.Find("problem")->as_string();
}

TEST(BurstTemplate, ApiAnswersWithTheFiguresAndTheJob) {
  const char* text = fs_burst_template(PresetText("teaching-qlc-slc").c_str(),
                                       R"({"set": ["precondition.fill=0.5"]})", 1.2, 10, 3);
  ASSERT_NE(text, nullptr) << fs_last_error();
  const json::Value answer = json::Parse(text, "answer");
  const BurstTemplate burst = Template("teaching-qlc-slc", {"precondition.fill=0.5"});
  EXPECT_EQ(answer.Find("cache_bytes_at_start")->as_number(),
            static_cast<double>(burst.cache.total_bytes()));
  EXPECT_EQ(answer.Find("burst_bytes")->as_number(), static_cast<double>(burst.burst_bytes));
  EXPECT_EQ(answer.Find("bursts")->as_number(), 3);
  EXPECT_EQ(answer.Find("fio_text")->as_string(), burst.fio_text);
}

// The template's bursts are new data: on the 970 EVO-like drive half full
// they start after the fill's data (whole MiB), so a run of them leaves
// that data alone and the fill-overwrite rule has nothing to say.
TEST(BurstTemplate, BurstsStartAfterTheFillsData) {
  const std::vector<std::string> sets = {"precondition.fill=0.5"};
  const BurstTemplate burst = Template("tlc-500g-970evo-like", sets);
  const DeviceConfig config =
      ParseDeviceText(PresetText("tlc-500g-970evo-like"), "tlc-500g-970evo-like", sets);
  const DeviceLayout layout = DeviceLayout::From(config);
  const uint64_t fill_end = PreconditionFillUnits(0.5, layout.logical_units) * layout.unit_bytes;
  EXPECT_GE(burst.first_offset_bytes, fill_end);
  EXPECT_LT(burst.first_offset_bytes, fill_end + kMiB);
  EXPECT_EQ(burst.first_offset_bytes % kMiB, 0u);
  EXPECT_TRUE(burst.fill_overwrites.empty());
  EXPECT_NE(burst.fio_text.find("; The bursts start after the data the fill level put on the "
                                "drive"),
            std::string::npos)
      << burst.fio_text;
  const char* resolved_text =
      fs_fio_resolve(PresetText("tlc-500g-970evo-like").c_str(), burst.fio_text.c_str(),
                     R"({"set": ["precondition.fill=0.5"]})");
  ASSERT_NE(resolved_text, nullptr) << fs_last_error();
  const json::Value resolved = json::Parse(resolved_text, "resolved");
  const auto& items = resolved.Find("jobs")->items();
  ASSERT_EQ(items.size(), 3u);
  for (size_t i = 0; i < items.size(); ++i) {
    EXPECT_EQ(items[i].Find("offset_bytes")->as_number(),
              static_cast<double>(burst.first_offset_bytes + i * burst.burst_bytes));
  }
  EXPECT_TRUE(resolved.Find("fill_overwrites")->items().empty());
}

// 90 % full, the 970 EVO-like drive still starts with a ~20 GB cache, and
// three 1.2x bursts (~74 GB) do not fit in the 50 GB after the fill: they
// start as late as they fit, so the first overwrites the fill's last data,
// and the template carries the rule's warning for it (issue 28's case).
TEST(BurstTemplate, BurstsThatDoNotFitAfterTheFillSayWhatTheyOverwrite) {
  const std::vector<std::string> sets = {"precondition.fill=0.9"};
  const BurstTemplate burst = Template("tlc-500g-970evo-like", sets);
  const uint64_t needed = 3 * burst.burst_bytes;
  const uint64_t fill_end = burst.user_capacity_bytes - burst.user_capacity_bytes / 10;
  ASSERT_GT(needed, burst.user_capacity_bytes - fill_end) << "the bursts must not fit after it";
  EXPECT_LE(burst.first_offset_bytes + needed, burst.user_capacity_bytes);
  EXPECT_GT(burst.first_offset_bytes + needed, burst.user_capacity_bytes - kMiB);
  ASSERT_EQ(burst.fill_overwrites.size(), 1u);
  const FillOverwrite& overwrite = burst.fill_overwrites[0];
  EXPECT_EQ(overwrite.job, "burst-1");
  EXPECT_EQ(overwrite.offset_bytes, burst.first_offset_bytes);
  EXPECT_EQ(overwrite.overwritten_bytes, overwrite.fill_end_bytes - burst.first_offset_bytes);
  EXPECT_NE(overwrite.message.find("inside the 90 % fill"), std::string::npos) << overwrite.message;
  EXPECT_NE(burst.fio_text.find("; The bursts do not fit after the data the fill level put on "
                                "the drive"),
            std::string::npos)
      << burst.fio_text;
  // The API's answer carries the same warning.
  const char* text = fs_burst_template(PresetText("tlc-500g-970evo-like").c_str(),
                                       R"({"set": ["precondition.fill=0.9"]})", 1.2, 10, 3);
  ASSERT_NE(text, nullptr) << fs_last_error();
  const json::Value answer = json::Parse(text, "answer");
  EXPECT_EQ(answer.Find("first_offset_bytes")->as_number(),
            static_cast<double>(burst.first_offset_bytes));
  const auto& warnings = answer.Find("fill_overwrites")->items();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].Find("message")->as_string(), overwrite.message);
}

TEST(BurstTemplate, RefusalsNameTheProblem) {
  EXPECT_EQ(ApiProblem(PresetText("tlc-8g"), 1.2, 10, 3), "this drive has no SLC cache");
  EXPECT_EQ(ApiProblem(PresetText("zns-zn540-like"), 1.2, 10, 3), "this drive has no SLC cache");
  const std::string qlc = PresetText("teaching-qlc-slc");
  // 10 bursts of 10 x ~64 MiB do not fit a ~300 MiB drive.
  const std::string fit = ApiProblem(qlc, 10, 10, 10);
  EXPECT_NE(fit.find("do not fit the drive's user capacity"), std::string::npos) << fit;
  EXPECT_NE(ApiProblem(qlc, 0, 10, 3).find("multiple"), std::string::npos);
  EXPECT_NE(ApiProblem(qlc, 1.2, -1, 3).find("idle"), std::string::npos);
  EXPECT_NE(ApiProblem(qlc, 1.2, 10, 0).find("bursts"), std::string::npos);
  EXPECT_NE(ApiProblem(qlc, 1.2, 10, 2.5).find("bursts"), std::string::npos);
  // Full: the dynamic part is gone and the static 8 MiB remains.
  const BurstTemplate full = Template("teaching-qlc-slc", {"precondition.fill=1"});
  EXPECT_EQ(full.cache.dynamic_bytes, 0u);
  EXPECT_GT(full.cache.static_bytes, 0u);
}

}  // namespace
}  // namespace flashscope
