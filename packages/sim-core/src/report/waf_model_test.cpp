// The drive's analytic WAF (report/waf_model.h): the victim policy's model
// with the spare factor of the drive as configured, null where no model
// applies; and the live meta carries the very figure the result JSON does.
#include "report/waf_model.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "api/flashscope_api.h"
#include "metrics/analytic_waf.h"
#include "schema/device_schema.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

std::optional<WafModel> ModelOf(const std::string& preset, std::vector<std::string> set = {}) {
  const DeviceConfig config = LoadDevice("preset:" + preset, kPresets, set);
  return SteadyStateWafModel(config, DeviceLayout::From(config));
}

// teaching-slc-tiny: 2 planes of 128 blocks of 64 pages, a 5 % GC threshold
// (7 reserve blocks a plane) at 25 % over-provisioning.
TEST(DeviceWafModel, TeachingDriveGreedyIsTheMeanFieldModelOfItsSpare) {
  const auto model = ModelOf("teaching-slc-tiny");
  ASSERT_TRUE(model.has_value());
  EXPECT_STREQ(model->name, "greedy");
  const DeviceConfig config = LoadDevice("preset:teaching-slc-tiny", kPresets, {});
  const DeviceLayout layout = DeviceLayout::From(config);
  ASSERT_EQ(layout.gc_reserve_blocks, 7u);
  const double logical_per_plane = layout.logical_units / 2.0;
  const double spare = ((128 - 7 + 0.5) * 64 - logical_per_plane) / logical_per_plane;
  EXPECT_NEAR(model->spare_factor, spare, 1e-12);
  EXPECT_NEAR(model->waf, GreedyWaf(spare, 64), 1e-12);
  // Less spare than the nominal 25 %: the reserve blocks hold no data.
  EXPECT_LT(model->spare_factor, 0.25);
  EXPECT_GT(model->waf, 2.5);
  EXPECT_LT(model->waf, 3.5);
}

TEST(DeviceWafModel, FifoAndRandomHaveTheirOwnModels) {
  const auto greedy = ModelOf("teaching-slc-tiny");
  const auto fifo = ModelOf("teaching-slc-tiny", {"gc.victim=\"fifo\""});
  const auto random = ModelOf("teaching-slc-tiny", {"gc.victim=\"random\""});
  ASSERT_TRUE(greedy && fifo && random);
  EXPECT_STREQ(fifo->name, "fifo");
  EXPECT_NEAR(fifo->waf, FifoWaf(greedy->spare_factor), 1e-12);
  EXPECT_STREQ(random->name, "random");
  // Random cleaning: WAF = 1 / S_f = (1 + spare) / spare.
  EXPECT_NEAR(random->waf, (1 + greedy->spare_factor) / greedy->spare_factor, 0.01);
  EXPECT_LT(greedy->waf, fifo->waf);
  EXPECT_LT(fifo->waf, random->waf);
}

TEST(DeviceWafModel, NullWhereNoModelApplies) {
  EXPECT_FALSE(ModelOf("zns-zn540-like").has_value());    // the host FTL's GC
  EXPECT_FALSE(ModelOf("teaching-qlc-slc").has_value());  // an SLC cache
  EXPECT_FALSE(ModelOf("teaching-slc-tiny", {"gc.victim=\"cost_benefit\""}).has_value());
  EXPECT_FALSE(ModelOf("teaching-slc-tiny", {"ftl.mapping=\"dftl\""}).has_value());
  EXPECT_FALSE(ModelOf("teaching-slc-tiny", {"wear_leveling.static_enabled=true"}).has_value());
}

std::string ReadRepoFile(const std::string& relative) {
  std::ifstream in(std::string(FLASHSCOPE_REPO_ROOT) + "/" + relative, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The UI reads the model from the live meta; the result JSON has the same.
TEST(DeviceWafModel, LiveMetaCarriesTheResultJsonsModel) {
  const std::string device = ReadRepoFile("public/presets/devices/teaching-slc-tiny.json");
  const char* fio = "[w]\nrw=randwrite\nbs=4k\nio_size=1m\n";
  const uint32_t session = fs_create(device.c_str(), fio, R"({"set": ["overprovision=0.15"]})");
  ASSERT_GT(session, 0u) << fs_last_error();
  ASSERT_EQ(fs_precondition(session), 0) << fs_last_error();
  fs_snapshot(session);
  const json::Value first = json::Parse(fs_snapshot_meta(session), "meta");
  ASSERT_EQ(fs_advance(session, 1e18, 1e12), 2) << fs_last_error();
  fs_snapshot(session);
  const json::Value last = json::Parse(fs_snapshot_meta(session), "meta");
  const json::Value result = json::Parse(fs_result_json(session), "result");
  const auto model = ModelOf("teaching-slc-tiny", {"overprovision=0.15"});
  ASSERT_TRUE(model.has_value());
  for (const json::Value* meta : {&first, &last, &result}) {
    const json::Value* field = meta->Find("waf_model");
    ASSERT_NE(field, nullptr);
    ASSERT_TRUE(field->is_object());
    EXPECT_EQ(field->Find("name")->as_string(), "greedy");
    // The JSON prints 7 significant digits.
    EXPECT_NEAR(field->Find("waf")->as_number(), model->waf, 1e-6 * model->waf);
    EXPECT_NEAR(field->Find("spare_factor")->as_number(), model->spare_factor,
                1e-6 * model->spare_factor);
  }
  fs_destroy(session);
}

}  // namespace
}  // namespace flashscope
