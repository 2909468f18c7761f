// Tests for the device JSON of the other drive kinds: a zoned drive (zns)
// and the classic device (ftl, cache): their keys, relations and errors.
#include <gtest/gtest.h>

#include <string>

#include "cache/i_write_cache.h"
#include "config/device_config.h"
#include "config/device_config_for_test.h"
#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

using testing::ErrorOf;
using testing::ExpectContains;
using testing::ParseText;
using testing::ValidateError;
using testing::Written;

TEST(DeviceConfigZns, NullOrAbsentIsAConventionalDrive) {
  EXPECT_FALSE(ParseText(R"({"cell": "tlc"})").zns.enabled);
  EXPECT_FALSE(ParseText(R"({"slc_cache": null, "zns": null})").zns.enabled);
  EXPECT_EQ(ErrorOf("{\"zns\": true}"), "dev.json:1: zns must be an object");
}

TEST(DeviceConfigZns, AnObjectMakesAZonedDriveWithDocumentedDefaults) {
  const DeviceConfig c = ParseText(R"({"zns": {}})");
  EXPECT_TRUE(c.zns.enabled);
  EXPECT_EQ(c.zns.zone_bytes, 0u);
  EXPECT_EQ(c.zns.zone_capacity_bytes, 0u);
  EXPECT_EQ(c.zns.max_open, 14u);
  EXPECT_EQ(c.zns.max_active, 14u);
  EXPECT_EQ(c.zns.placement, "normal");
  EXPECT_EQ(c.zns.gc_victim, "cbe");
  EXPECT_EQ(c.zns.gc_threshold, 0.15);
  EXPECT_EQ(c.zns.classes, 7u);
  // Default geometry: 16 dies, 12 MiB erase blocks (768 pages of 16 KiB),
  // 4096 blocks: a zone is one block per die, 192 MiB, and there are 256.
  EXPECT_EQ(NativeBlockBytes(c), 12582912u);
  EXPECT_EQ(ZnsZoneBytes(c), 201326592u);
  EXPECT_EQ(ZnsZoneCapacityBytes(c), 201326592u);
  EXPECT_EQ(ZnsZoneCount(c), 256u);
  // 256 zones * 49152 blocks / 1.07, floored.
  EXPECT_EQ(ZnsHostLogicalBlocks(c), 11759730u);
  // A zoned drive has no device GC: an overprovision too small for the
  // conventional GC reserve is the host FTL's to judge.
  EXPECT_NO_THROW(ParseText(R"({"overprovision": 0.01, "zns": {}})"));
}

TEST(DeviceConfigZns, ReadsEveryKey) {
  const DeviceConfig c = ParseText(R"({
    "geometry": {"channels": 2, "dies_per_channel": 2, "planes_per_die": 1,
                 "blocks_per_plane": 64, "pages_per_block": 96, "page_bytes": 16384},
    "zns": {"zone_bytes": 3145728, "zone_capacity_bytes": 2097152,
            "max_open": 8, "max_active": 10, "placement": "sepbit",
            "gc_victim": "greedy", "gc_threshold": 0.25, "classes": 6}
  })");
  EXPECT_EQ(c.zns.zone_bytes, 3145728u);  // two 1.5 MiB blocks
  EXPECT_EQ(c.zns.zone_capacity_bytes, 2097152u);
  EXPECT_EQ(c.zns.max_open, 8u);
  EXPECT_EQ(c.zns.max_active, 10u);
  EXPECT_EQ(c.zns.placement, "sepbit");
  EXPECT_EQ(c.zns.gc_victim, "greedy");
  EXPECT_EQ(c.zns.gc_threshold, 0.25);
  EXPECT_EQ(c.zns.classes, 6u);
  EXPECT_EQ(ZnsZoneCount(c), 128u);  // 256 blocks, 2 per zone
  EXPECT_EQ(ZnsZoneCapacityBytes(c), 2097152u);
  EXPECT_EQ(ZnsHostLogicalBlocks(c), 61248u);  // floor(128 * 512 / 1.07)
  // Every placement and victim the host FTL offers is accepted.
  for (const char* placement :
       {"normal", "warcip", "sepbit", "bhbdp_pre", "bhbdp", "fk", "zbopt"}) {
    EXPECT_EQ(
        ParseText(std::string(R"({"zns": {"placement": ")") + placement + "\"}}").zns.placement,
        placement);
  }
  for (const char* victim : {"greedy", "cost_benefit", "cbe"}) {
    EXPECT_EQ(ParseText(std::string(R"({"zns": {"gc_victim": ")") + victim + "\"}}").zns.gc_victim,
              victim);
  }
  // No limits at all.
  const DeviceConfig unlimited = ParseText(R"({"zns": {"max_open": 0, "max_active": 0,
                                                      "classes": 40}})");
  EXPECT_EQ(unlimited.zns.classes, 40u);
}

TEST(DeviceConfigZns, KeyErrorsNameTheKeyAndLine) {
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\"placement\": \"sepbti\"}}"),
            "dev.json:2: unknown zns.placement \"sepbti\" (did you mean \"sepbit\"?); "
            "allowed: normal, warcip, sepbit, bhbdp_pre, bhbdp, fk, zbopt");
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\n\"gc_victim\": \"lru\"}}"),
            "dev.json:3: unknown zns.gc_victim \"lru\"; allowed: cbe, greedy, cost_benefit");
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\"gc_threshold\": 0}}"),
            "dev.json:2: zns.gc_threshold must be in (0, 1) (a garbage proportion); got 0");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"gc_threshold\": 1}}"),
            "dev.json:1: zns.gc_threshold must be in (0, 1) (a garbage proportion); got 1");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"classes\": 0}}"), "dev.json:1: zns.classes must be > 0; got 0");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"max_open\": 0, \"max_active\": 0, \"classes\": 256}}"),
            "dev.json:1: zns.classes must be at most 255; got 256");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"max_open\": -1}}"),
            "dev.json:1: zns.max_open must be >= 0; got -1");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"max_active\": \"8\"}}"),
            "dev.json:1: zns.max_active must be a number");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"zone_bytes\": 1.5}}"),
            "dev.json:1: zns.zone_bytes must be a whole number; got 1.5");
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\"zone_bytse\": 1}}"),
            "dev.json:2: unknown key \"zns.zone_bytse\"; did you mean \"zns.zone_bytes\"?");
  // The right name at the wrong level.
  EXPECT_EQ(ErrorOf("{\"classes\": 7}"),
            "dev.json:1: unknown key \"classes\"; did you mean \"zns.classes\"?");
}

TEST(DeviceConfigZns, RelationErrorsNameTheLineOfTheKey) {
  // Default geometry: a 12582912-byte erase block, 16 dies.
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\"zone_bytes\": 1048576}}"),
            "dev.json:2: zns.zone_bytes (1048576) must be a multiple of the erase block "
            "(page_bytes * pages_per_block = 12582912 bytes)");
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\"zone_bytes\": 25165824,\n"
                    "\"zone_capacity_bytes\": 25169920}}"),
            "dev.json:3: zns.zone_capacity_bytes (25169920) must be <= zns.zone_bytes "
            "(25165824)");
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\"zone_capacity_bytes\": 201330688}}"),
            "dev.json:2: zns.zone_capacity_bytes (201330688) must be <= the zone size "
            "(201326592 bytes: one erase block per die, zns.zone_bytes 0)");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"zone_capacity_bytes\": 1000}}"),
            "dev.json:1: zns.zone_capacity_bytes (1000) must be a multiple of the 4096-byte "
            "logical block");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"zone_bytes\": 62914560000}}"),
            "dev.json:1: zns.zone_bytes (62914560000) is larger than the drive (51539607552 "
            "bytes): no zone fits");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"max_open\": 8,\n\"max_active\": 6}}"),
            "dev.json:2: zns.max_active (6) must be >= zns.max_open (8) when both are limited: "
            "an open zone is also active");
  // classes is absent: the line of the limit it breaks.
  EXPECT_EQ(ErrorOf("{\"zns\": {\n\"max_open\": 4}}"),
            "dev.json:2: zns.classes (7) must be <= zns.max_open (4): each open zone class "
            "keeps a zone open");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"max_open\": 8,\n\"classes\": 9}}"),
            "dev.json:2: zns.classes (9) must be <= zns.max_open (8): each open zone class "
            "keeps a zone open");
  EXPECT_EQ(ErrorOf("{\"zns\": {\"max_open\": 0, \"max_active\": 5}}"),
            "dev.json:1: zns.classes (7) must be <= zns.max_active (5): each open zone class "
            "keeps a zone open");
  EXPECT_EQ(ErrorOf("{\"slc_cache\": {},\n\"zns\": {}}"),
            "dev.json:2: zns cannot be combined with slc_cache: a zoned drive has no SLC cache "
            "(set slc_cache to null)");
  EXPECT_EQ(ErrorOf("{\"mapping_unit_bytes\": 8192,\n\"zns\": {}}"),
            "dev.json:1: a zoned drive (zns) addresses 4096-byte logical blocks: "
            "mapping_unit_bytes must be 4096; got 8192");
}

TEST(DeviceConfigZns, CodeBuiltConfigsAreCheckedToo) {
  DeviceConfig c;
  c.file = "built.json";
  c.zns.enabled = true;
  EXPECT_NO_THROW(Validate(c));
  c.zns.placement = "best";
  EXPECT_EQ(ValidateError(c),
            "built.json: unknown zns.placement \"best\"; allowed: normal, warcip, sepbit, "
            "bhbdp_pre, bhbdp, fk, zbopt");
  c.zns.placement = "zbopt";
  c.zns.gc_threshold = 0;
  ExpectContains(ValidateError(c), "zns.gc_threshold must be in (0, 1)");
  c.zns.gc_threshold = 0.15;
  c.zns.classes = 15;
  ExpectContains(ValidateError(c), "zns.classes (15) must be <= zns.max_open (14)");
}

TEST(DeviceConfigZns, SetSwitchesPoliciesThroughTheGenericPath) {
  const std::string text = "{\"cell\": \"tlc\",\n\"zns\": {\"placement\": \"normal\"}}";
  const DeviceConfig c = ParseDeviceText(
      text, "dev.json",
      {"zns.placement=zbopt", "zns.gc_victim=greedy", "zns.gc_threshold=0.2", "zns.max_open=9"});
  EXPECT_EQ(c.zns.placement, "zbopt");
  EXPECT_EQ(c.zns.gc_victim, "greedy");
  EXPECT_EQ(c.zns.gc_threshold, 0.2);
  EXPECT_EQ(c.zns.max_open, 9u);
  // zns: null grows keys like slc_cache: a --set makes the drive zoned.
  EXPECT_TRUE(ParseDeviceText(R"({"zns": null})", "dev.json", {"zns.placement=fk"}).zns.enabled);
  EXPECT_FALSE(ParseDeviceText(text, "dev.json", {"zns=null"}).zns.enabled);
  try {
    ParseDeviceText(text, "dev.json", {"zns.placement=best"});
    FAIL() << "expected an error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "dev.json: unknown zns.placement \"best\"; allowed: normal, warcip, sepbit, "
                 "bhbdp_pre, bhbdp, fk, zbopt (from --set)");
  }
  try {
    ParseDeviceText(text, "dev.json", {"zns.classes=20"});
    FAIL() << "expected an error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "dev.json: zns.classes (20) must be <= zns.max_open (14): each open zone "
                 "class keeps a zone open (from --set)");
  }
}

TEST(DeviceConfigZns, WritesEveryKeyAndReadsBackEqual) {
  DeviceConfig c;
  c.zns.enabled = true;
  c.zns.zone_bytes = 2 * NativeBlockBytes(c);
  c.zns.zone_capacity_bytes = NativeBlockBytes(c) + 4096;
  c.zns.max_open = 12;
  c.zns.max_active = 0;
  c.zns.placement = "bhbdp_pre";
  c.zns.gc_victim = "cost_benefit";
  c.zns.gc_threshold = 0.125;
  c.zns.classes = 5;
  const std::string text = Written(c);
  ExpectContains(text,
                 R"("zns":{"zone_bytes":25165824,"zone_capacity_bytes":12587008,"max_open":12,)"
                 R"("max_active":0,"placement":"bhbdp_pre","gc_victim":"cost_benefit",)"
                 R"("gc_threshold":0.125,"classes":5},"ftl":)");
  const DeviceConfig back = ParseDevice(json::Parse(text, "w.json"), "w.json");
  EXPECT_TRUE(back.zns.enabled);
  EXPECT_EQ(back.zns.zone_bytes, c.zns.zone_bytes);
  EXPECT_EQ(back.zns.zone_capacity_bytes, c.zns.zone_capacity_bytes);
  EXPECT_EQ(back.zns.max_open, c.zns.max_open);
  EXPECT_EQ(back.zns.max_active, c.zns.max_active);
  EXPECT_EQ(back.zns.placement, c.zns.placement);
  EXPECT_EQ(back.zns.gc_victim, c.zns.gc_victim);
  EXPECT_EQ(back.zns.gc_threshold, c.zns.gc_threshold);
  EXPECT_EQ(back.zns.classes, c.zns.classes);
  EXPECT_EQ(Written(back), text);
}

constexpr const char* kSmallPageDevice =
    "{\"cell\": \"slc\",\n"
    "\"geometry\": {\"pages_per_block\": 64, \"page_bytes\": 2048},\n"
    "\"mapping_unit_bytes\": 2048,\n";

TEST(DeviceConfigClassic, DefaultsArePageMappingWithoutACache) {
  const DeviceConfig c = ParseText(R"({"cell": "tlc"})");
  EXPECT_EQ(c.ftl.mapping, "page");
  // Absent from the bag: the schemes' own defaults apply (written below).
  EXPECT_EQ(c.ftl.params.Find("cmt_entries"), nullptr);
  EXPECT_EQ(c.ftl.params.Find("log_blocks"), nullptr);
  EXPECT_EQ(c.cache.policy, "none");
  EXPECT_EQ(cache::WriteCacheConfigFrom(c.cache).block_space_blocks, 2u);
  EXPECT_EQ(cache::WriteCacheConfigFrom(c.cache).page_space_pages, 128u);
  EXPECT_FALSE(UsesClassicDevice(c));
  ExpectContains(Written(c),
                 "\"ftl\":{\"mapping\":\"page\",\"cmt_entries\":4096,\"log_blocks\":0}");
  ExpectContains(Written(c), "\"cache\":{\"policy\":\"none\",\"bytes\":0");
}

TEST(DeviceConfigClassic, ReadsEveryKeyAndRoundTrips) {
  const DeviceConfig c = ParseText(std::string(kSmallPageDevice) +
                                   "\"ftl\": {\"mapping\": \"dftl\", \"cmt_entries\": 512, "
                                   "\"log_blocks\": 3},\n"
                                   "\"cache\": {\"policy\": \"cflru\", \"bytes\": 65536, "
                                   "\"cflru_window_pages\": 8, \"block_space_blocks\": 3, "
                                   "\"page_space_pages\": 64}}");
  EXPECT_EQ(c.ftl.mapping, "dftl");
  EXPECT_EQ(c.ftl.params.Uint("cmt_entries", 0), 512u);
  EXPECT_EQ(c.ftl.params.Uint("log_blocks", 99), 3u);
  EXPECT_EQ(c.cache.policy, "cflru");
  EXPECT_EQ(cache::WriteCacheConfigFrom(c.cache).bytes, 65536u);
  EXPECT_EQ(cache::WriteCacheConfigFrom(c.cache).cflru_window_pages, 8u);
  EXPECT_EQ(cache::WriteCacheConfigFrom(c.cache).block_space_blocks, 3u);
  EXPECT_EQ(cache::WriteCacheConfigFrom(c.cache).page_space_pages, 64u);
  EXPECT_TRUE(UsesClassicDevice(c));
  const DeviceConfig again = ParseText(Written(c));
  EXPECT_EQ(Written(again), Written(c));
}

TEST(DeviceConfigClassic, SetSwitchesMappingAndCache) {
  const std::string text = std::string(kSmallPageDevice) + "\"seed\": 1}";
  const DeviceConfig fast = ParseDeviceText(text, "dev.json", {"ftl.mapping=fast"});
  EXPECT_EQ(fast.ftl.mapping, "fast");
  const DeviceConfig clash = ParseDeviceText(
      text, "dev.json", {"ftl.mapping=block", "cache.policy=clash", "cache.page_space_pages=32"});
  EXPECT_EQ(clash.cache.policy, "clash");
  EXPECT_EQ(cache::WriteCacheConfigFrom(clash.cache).page_space_pages, 32u);
  try {
    ParseDeviceText(text, "dev.json", {"ftl.mapping=hybrid"});
    FAIL() << "expected an error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "dev.json: unknown ftl.mapping \"hybrid\"; allowed: page, block, bast, fast, "
                 "dftl (from --set)");
  }
}

TEST(DeviceConfigClassic, ErrorsNameTheKeyAndLine) {
  const std::string head = kSmallPageDevice;
  EXPECT_EQ(ErrorOf(head + "\"cache\": {\"policy\": \"arc\"}}"),
            "dev.json:4: unknown cache.policy \"arc\"; allowed: none, lru, cflru, bplru, clash");
  EXPECT_EQ(ErrorOf(head + "\"ftl\": {\"cmt_entries\": 0}}"),
            "dev.json:4: ftl.cmt_entries must be > 0; got 0");
  EXPECT_EQ(ErrorOf(head + "\"ftl\": {\"mappng\": \"fast\"}}"),
            "dev.json:4: unknown key \"ftl.mappng\"; did you mean \"ftl.mapping\"?");
  // C-lash replaces the FTL: it runs over its direct block translation.
  ExpectContains(ErrorOf(head + "\"ftl\": {\"mapping\": \"page\"},\n\"cache\": {\"policy\": "
                                "\"clash\"}}"),
                 "dev.json:4: cache.policy \"clash\" replaces the FTL");
  // A byte-sized cache needs a size.
  ExpectContains(ErrorOf(head + "\"cache\": {\"policy\": \"lru\"}}"),
                 "dev.json:4: cache.bytes (0) must hold at least one page of 2048 bytes");
  // The schemes map whole pages.
  EXPECT_EQ(ErrorOf("{\"cell\": \"slc\",\n\"ftl\": {\"mapping\": \"fast\"}}"),
            "dev.json:2: ftl.mapping \"fast\" with cache.policy \"none\" maps whole flash pages: "
            "mapping_unit_bytes (4096) must equal geometry.page_bytes (16384)");
  // Zoned drives and SLC caches have FTLs of their own.
  ExpectContains(ErrorOf("{\"cell\": \"tlc\",\n\"zns\": {},\n\"ftl\": {\"mapping\": \"dftl\"}}"),
                 "dev.json:2: ftl.mapping other than \"page\" and cache.policy other than "
                 "\"none\" need a conventional drive");
  ExpectContains(
      ErrorOf("{\"cell\": \"tlc\",\n\"slc_cache\": {},\n\"cache\": {\"policy\": \"bplru\", "
              "\"bytes\": 1048576}}"),
      "dev.json:2: ftl.mapping other than \"page\" and cache.policy other than \"none\" "
      "cannot be combined with slc_cache");
}

TEST(DeviceConfigClassic, CodeBuiltConfigsAreCheckedToo) {
  DeviceConfig c;
  c.ftl.mapping = "bast";
  ExpectContains(ValidateError(c), "must equal geometry.page_bytes");
}

}  // namespace
}  // namespace flashscope
