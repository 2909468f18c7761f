// fs_device_schema and fs_effective_device, natively: the figures the UI
// shows beside the device fields come from the core.
#include <gtest/gtest.h>

#include <string>

#include "api/flashscope_api.h"
#include "schema/device_schema.h"
#include "util/json.h"

namespace flashscope {
namespace {

// 4 planes of 64 blocks of 48 16-KiB pages: 49152 units of 4 KiB.
std::string SmallDevice(const std::string& overprovision) {
  return "{\n"
         "  \"cell\": \"tlc\",\n"
         "  \"geometry\": { \"channels\": 2, \"dies_per_channel\": 1, \"planes_per_die\": 2,\n"
         "                \"blocks_per_plane\": 64, \"pages_per_block\": 48 },\n"
         "  \"overprovision\": " +
         overprovision + "\n}\n";
}

json::Value Effective(const std::string& device, const char* options = "") {
  const char* answer = fs_effective_device(device.c_str(), options);
  EXPECT_NE(answer, nullptr);
  return json::Parse(answer, "fs_effective_device");
}

TEST(DeviceApi, SchemaIsTheGeneratedOne) {
  EXPECT_EQ(std::string(fs_device_schema()), DeviceJsonSchema());
}

TEST(DeviceApi, EffectiveDeviceFillsDefaultsAndDerivesTheFigures) {
  const json::Value answer = Effective(SmallDevice("0.25"));
  ASSERT_TRUE(answer.Find("error")->is_null());
  const json::Value& device = *answer.Find("device");
  EXPECT_EQ(device.Find("geometry")->Find("page_bytes")->as_number(), 16384);  // a default
  EXPECT_EQ(device.Find("gc")->Find("victim")->as_string(), "greedy");
  const json::Value& derived = *answer.Find("derived");
  EXPECT_EQ(derived.Find("kind")->as_string(), "conventional");
  EXPECT_EQ(derived.Find("physical_bytes")->as_number(), 49152.0 * 4096);
  // floor(49152 / 1.25) units of 4 KiB.
  EXPECT_EQ(derived.Find("logical_bytes")->as_number(), 39321.0 * 4096);
  EXPECT_EQ(derived.Find("planes")->as_number(), 4);
  EXPECT_EQ(derived.Find("blocks_per_plane")->as_number(), 64);
  EXPECT_EQ(derived.Find("static_slc_blocks_per_plane")->as_number(), 0);
  // ceil(0.02 * 64) = 2 (at least 2); ceil(0.05 * 64) = 4.
  EXPECT_EQ(derived.Find("gc_reserve_blocks_per_plane")->as_number(), 2);
  EXPECT_EQ(derived.Find("gc_background_reserve_blocks_per_plane")->as_number(), 4);
  // Spare must exceed 2 reserve + 2 open blocks per plane: 4 / 60 rounded up.
  EXPECT_DOUBLE_EQ(derived.Find("min_overprovision")->as_number(), 0.067);
  EXPECT_EQ(derived.Find("zones"), nullptr);

  // The minimum is the edge of what the reader accepts.
  EXPECT_TRUE(Effective(SmallDevice("0.067")).Find("error")->is_null());
  EXPECT_FALSE(Effective(SmallDevice("0.066")).Find("error")->is_null());
}

TEST(DeviceApi, OverprovisionBelowTheMinimumIsReportedAtItsKey) {
  const json::Value answer = Effective(SmallDevice("0.05"), R"({"device_name": "small.json"})");
  const json::Value& error = *answer.Find("error");
  ASSERT_FALSE(error.is_null());
  EXPECT_EQ(error.Find("kind")->as_string(), "input");
  EXPECT_EQ(error.Find("key")->as_string(), "overprovision");
  EXPECT_EQ(error.Find("file")->as_string(), "small.json");
  EXPECT_EQ(error.Find("line")->as_number(), 5);
  const std::string message = error.Find("message")->as_string();
  EXPECT_EQ(message.rfind("small.json:5: overprovision 0.05 leaves 3.05 spare blocks per plane", 0),
            0u)
      << message;
  EXPECT_NE(message.find("use overprovision >= 0.067"), std::string::npos) << message;
  // The UI can still show the minimum at the field.
  const json::Value& derived = *answer.Find("derived");
  ASSERT_FALSE(derived.is_null());
  EXPECT_DOUBLE_EQ(derived.Find("min_overprovision")->as_number(), 0.067);
  EXPECT_FALSE(answer.Find("device")->is_null());
}

TEST(DeviceApi, ReaderErrorsAndOverridesAreReported) {
  const json::Value typo = Effective(R"({"gc": {"vicitm": "fifo"}})");
  EXPECT_TRUE(typo.Find("device")->is_null());
  EXPECT_TRUE(typo.Find("derived")->is_null());
  EXPECT_EQ(typo.Find("error")->Find("problem")->as_string(),
            "unknown key \"gc.vicitm\"; did you mean \"gc.victim\"?");

  // A relation the reader reports at its line: still at its key here.
  const json::Value classic = Effective("{\n  \"cache\": {\"policy\": \"lru\"}\n}");
  const json::Value& classic_error = *classic.Find("error");
  ASSERT_FALSE(classic_error.is_null());
  EXPECT_EQ(classic_error.Find("key")->as_string(), "cache.policy");
  EXPECT_EQ(classic_error.Find("line")->as_number(), 2);
  EXPECT_EQ(classic.Find("derived")->Find("kind")->as_string(), "classic");

  const json::Value zoned = Effective(R"({"zns": {}})", R"({"set": ["gc.victim=fifo"]})");
  ASSERT_TRUE(zoned.Find("error")->is_null());
  EXPECT_EQ(zoned.Find("device")->Find("gc")->Find("victim")->as_string(), "fifo");
  const json::Value& derived = *zoned.Find("derived");
  EXPECT_EQ(derived.Find("kind")->as_string(), "zoned");
  // One erase block per die: 768 pages of 16 KiB on 16 dies.
  EXPECT_EQ(derived.Find("zone_bytes")->as_number(), 768.0 * 16384 * 16);
  EXPECT_EQ(derived.Find("zones")->as_number(), 8 * 2 * 2 * 128 / 16);
}

// A value the reader refuses comes back at its dotted key and its line, so
// the form can show it at the field; a problem at no key has "key": null.
TEST(DeviceApi, ReaderErrorsCarryTheirKey) {
  const json::Value victim = Effective("{\n  \"gc\": {\n    \"victim\": \"gredy\"\n  }\n}");
  const json::Value& victim_error = *victim.Find("error");
  ASSERT_FALSE(victim_error.is_null());
  EXPECT_TRUE(victim.Find("device")->is_null());
  EXPECT_EQ(victim_error.Find("key")->as_string(), "gc.victim");
  EXPECT_EQ(victim_error.Find("line")->as_number(), 3);
  EXPECT_EQ(victim_error.Find("problem")->as_string().rfind("unknown gc.victim \"gredy\"", 0), 0u);

  const json::Value channels = Effective("{\"geometry\": {\"channels\": 0}}");
  const json::Value& channels_error = *channels.Find("error");
  ASSERT_FALSE(channels_error.is_null());
  EXPECT_EQ(channels_error.Find("key")->as_string(), "geometry.channels");
  EXPECT_EQ(channels_error.Find("line")->as_number(), 1);

  const json::Value wrong_type = Effective(R"({"overprovision": "lots"})");
  EXPECT_EQ(wrong_type.Find("error")->Find("key")->as_string(), "overprovision");

  const json::Value not_an_object = Effective("[]");
  EXPECT_TRUE(not_an_object.Find("error")->Find("key")->is_null());
}

}  // namespace
}  // namespace flashscope
