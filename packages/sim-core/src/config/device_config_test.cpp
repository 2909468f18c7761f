// Tests for device JSON: defaults, the error messages users see (with their
// line), --set overrides, the WriteDevice round trip and preset lookup.
#include "config/device_config.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

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

TEST(DeviceConfig, CellAloneIsAValidDeviceWithDocumentedDefaults) {
  const DeviceConfig c = ParseText(R"({"cell": "tlc"})");
  EXPECT_EQ(c.file, "dev.json");
  EXPECT_EQ(c.name, "device");
  EXPECT_EQ(c.seed, 1u);
  EXPECT_EQ(c.cell, CellMode::kTlc);
  EXPECT_EQ(c.geometry.channels, 8u);
  EXPECT_EQ(c.geometry.dies_per_channel, 2u);
  EXPECT_EQ(c.geometry.planes_per_die, 2u);
  EXPECT_EQ(c.geometry.blocks_per_plane, 128u);
  EXPECT_EQ(c.geometry.pages_per_block, 768u);
  EXPECT_EQ(c.geometry.page_bytes, 16384u);
  EXPECT_EQ(c.TimingFor(CellMode::kSlc).read_ns, 30'000u);
  EXPECT_EQ(c.TimingFor(CellMode::kMlc).program_ns, 900'000u);
  EXPECT_EQ(c.TimingFor(CellMode::kTlc).program_ns, 1'800'000u);
  EXPECT_EQ(c.TimingFor(CellMode::kQlc).erase_ns, 10'000'000u);
  EXPECT_EQ(c.endurance_pe[1], 30000u);
  EXPECT_EQ(c.endurance_pe[4], 1000u);
  EXPECT_EQ(c.channel_mbps, 1200);
  EXPECT_EQ(c.host_mbps, 3500);
  EXPECT_EQ(c.overprovision, 0.07);
  EXPECT_EQ(c.write_buffer_bytes, 67108864u);
  EXPECT_EQ(c.write_buffer_idle_flush_ns, 2'000'000u);
  EXPECT_EQ(c.mapping_unit_bytes, 4096u);
  EXPECT_EQ(c.scheduler, "fifo");
  EXPECT_EQ(c.gc.victim, "greedy");
  EXPECT_EQ(c.gc.free_block_threshold, 0.02);
  EXPECT_TRUE(c.gc.background);
  EXPECT_EQ(c.gc.background_free_block_threshold, 0.05);
  EXPECT_EQ(c.gc.idle_ns, 1'000'000u);
  EXPECT_EQ(c.gc.params.Find("d_choices"), nullptr);  // the policy's default, written as 10
  EXPECT_TRUE(c.wear_leveling.dynamic);
  EXPECT_EQ(c.precondition.fill, 0);
  EXPECT_EQ(c.precondition.random_writes, 0);
  EXPECT_NO_THROW(ParseText("{}"));
}

TEST(DeviceConfig, LogicalUnitsFollowOverprovision) {
  // 4096 blocks x 3072 units = 12582912 physical units; / 1.07, floored.
  DeviceConfig c;
  EXPECT_EQ(LogicalUnits(c), 11759730u);
  c.overprovision = 0.28;
  EXPECT_EQ(LogicalUnits(c), 9830400u);  // 12582912 / 1.28 exactly
}

TEST(DeviceConfig, ReadsEveryKey) {
  const DeviceConfig c = ParseText(R"({
    "$schema": "../schema/device.schema.json",
    "name": "qlc-1tb", "source": "datasheet", "description": "test drive",
    "seed": 42, "cell": "qlc",
    "geometry": {"channels": 4, "dies_per_channel": 4, "planes_per_die": 1,
                 "blocks_per_plane": 256, "pages_per_block": 384,
                 "page_bytes": 8192},
    "timing_us": {"qlc": {"read": 130.9, "erase": 12000},
                  "slc": {"program": 180}},
    "endurance_pe": {"qlc": 600},
    "channel_mbps": 800, "host_mbps": 2000.5, "overprovision": 0.28,
    "write_buffer_bytes": 0, "mapping_unit_bytes": 8192,
    "scheduler": "read_priority",
    "gc": {"victim": "d_choices", "free_block_threshold": 0.02,
           "background": false, "background_free_block_threshold": 0.2,
           "idle_us": 0, "d_choices": 4},
    "wear_leveling": {"dynamic": false},
    "precondition": {"fill": 1, "random_writes": 2.5},
    "slc_cache": null, "zns": null
  })");
  EXPECT_EQ(c.name, "qlc-1tb");
  EXPECT_EQ(c.source, "datasheet");
  EXPECT_EQ(c.description, "test drive");
  EXPECT_EQ(c.seed, 42u);
  EXPECT_EQ(c.cell, CellMode::kQlc);
  EXPECT_EQ(c.geometry.channels, 4u);
  EXPECT_EQ(c.geometry.planes_per_die, 1u);
  EXPECT_EQ(c.geometry.blocks_per_plane, 256u);
  EXPECT_EQ(c.geometry.pages_per_block, 384u);
  EXPECT_EQ(c.geometry.page_bytes, 8192u);
  // Fractional microseconds round to nanoseconds; unnamed fields keep defaults.
  EXPECT_EQ(c.TimingFor(CellMode::kQlc).read_ns, 130'900u);
  EXPECT_EQ(c.TimingFor(CellMode::kQlc).program_ns, 3'000'000u);
  EXPECT_EQ(c.TimingFor(CellMode::kQlc).erase_ns, 12'000'000u);
  EXPECT_EQ(c.TimingFor(CellMode::kSlc).read_ns, 30'000u);
  EXPECT_EQ(c.TimingFor(CellMode::kSlc).program_ns, 180'000u);
  EXPECT_EQ(c.TimingFor(CellMode::kTlc).read_ns, 60'000u);
  EXPECT_EQ(c.endurance_pe[4], 600u);
  EXPECT_EQ(c.endurance_pe[3], 3000u);
  EXPECT_EQ(c.channel_mbps, 800);
  EXPECT_EQ(c.host_mbps, 2000.5);
  EXPECT_EQ(c.overprovision, 0.28);
  EXPECT_EQ(c.write_buffer_bytes, 0u);
  EXPECT_EQ(c.mapping_unit_bytes, 8192u);
  EXPECT_EQ(c.scheduler, "read_priority");
  EXPECT_EQ(c.gc.victim, "d_choices");
  EXPECT_EQ(c.gc.free_block_threshold, 0.02);
  EXPECT_FALSE(c.gc.background);
  EXPECT_EQ(c.gc.background_free_block_threshold, 0.2);
  EXPECT_EQ(c.gc.idle_ns, 0u);
  EXPECT_EQ(c.gc.params.Uint("d_choices", 0), 4u);
  EXPECT_FALSE(c.wear_leveling.dynamic);
  EXPECT_EQ(c.precondition.fill, 1);
  EXPECT_EQ(c.precondition.random_writes, 2.5);
}

TEST(DeviceConfigErrors, WrongTypeNamesKeyAndLine) {
  EXPECT_EQ(ErrorOf("{\n  \"gc\": {\n    \"victim\": 5\n  }\n}"),
            "dev.json:3: gc.victim must be a string");
  EXPECT_EQ(ErrorOf("{\n\"geometry\": [8]}"), "dev.json:2: geometry must be an object");
  EXPECT_EQ(ErrorOf("{\"geometry\": {\n\"channels\": \"8\"}}"),
            "dev.json:2: geometry.channels must be a number");
  EXPECT_EQ(ErrorOf("{\"gc\": {\"background\": \"yes\"}}"),
            "dev.json:1: gc.background must be a boolean");
  EXPECT_EQ(ErrorOf("{\"timing_us\": {\"tlc\": 60}}"),
            "dev.json:1: timing_us.tlc must be an object");
  EXPECT_EQ(ErrorOf("[1]"), "dev.json:1: a device must be an object");
}

TEST(DeviceConfigErrors, UnknownKeySuggestsTheNearestKnownKey) {
  EXPECT_EQ(ErrorOf("{\n\"gc\": {\"victm\": \"fifo\"}}"),
            "dev.json:2: unknown key \"gc.victm\"; did you mean \"gc.victim\"?");
  EXPECT_EQ(ErrorOf("{\"cel\": \"tlc\"}"),
            "dev.json:1: unknown key \"cel\"; did you mean \"cell\"?");
  // Right name, wrong level.
  EXPECT_EQ(ErrorOf("{\n\n\"victim\": \"fifo\"}"),
            "dev.json:3: unknown key \"victim\"; did you mean \"gc.victim\"?");
  EXPECT_EQ(ErrorOf("{\"timing_us\": {\"tlcc\": {}}}"),
            "dev.json:1: unknown key \"timing_us.tlcc\"; did you mean "
            "\"timing_us.tlc\"?");
  EXPECT_EQ(ErrorOf("{\"timing_us\": {\"tlc\": {\"reed\": 1}}}"),
            "dev.json:1: unknown key \"timing_us.tlc.reed\"; did you mean "
            "\"timing_us.tlc.read\"?");
  // Nothing close: no suggestion.
  EXPECT_EQ(ErrorOf("{\"x\": 1}"), "dev.json:1: unknown key \"x\"");
  EXPECT_EQ(ErrorOf("{\"buffer\": {}}"), "dev.json:1: unknown key \"buffer\"");
}

TEST(DeviceConfigErrors, UnknownEnumListsAllowedNames) {
  EXPECT_EQ(ErrorOf("{\"cell\": \"plc\"}"),
            "dev.json:1: unknown cell \"plc\" (did you mean \"slc\"?); "
            "allowed: slc, mlc, tlc, qlc");
  EXPECT_EQ(ErrorOf("{\"gc\": {\n\"victim\": \"gredy\"}}"),
            "dev.json:2: unknown gc.victim \"gredy\" (did you mean "
            "\"greedy\"?); allowed: greedy, cost_benefit, fifo, random, "
            "d_choices");
  EXPECT_EQ(ErrorOf("{\"scheduler\": \"deadline\"}"),
            "dev.json:1: unknown scheduler \"deadline\"; allowed: fifo, "
            "read_priority");
}

TEST(DeviceConfigErrors, OutOfRangeValuesNameKeyAndLine) {
  EXPECT_EQ(ErrorOf("{\"geometry\": {\"channels\": 0}}"),
            "dev.json:1: geometry.channels must be > 0; got 0");
  EXPECT_EQ(ErrorOf("{\"geometry\": {\"channels\": -2}}"),
            "dev.json:1: geometry.channels must be > 0; got -2");
  EXPECT_EQ(ErrorOf("{\"geometry\": {\"channels\": 2.5}}"),
            "dev.json:1: geometry.channels must be a whole number; got 2.5");
  EXPECT_EQ(ErrorOf("{\"geometry\": {\"page_bytes\": 5000000000}}"),
            "dev.json:1: geometry.page_bytes must be at most 4294967295; got "
            "5000000000");
  EXPECT_EQ(ErrorOf("{\n\"overprovision\": -0.1}"),
            "dev.json:2: overprovision must be > 0 (physical/logical - 1); got "
            "-0.1");
  EXPECT_EQ(ErrorOf("{\"overprovision\": 0}"),
            "dev.json:1: overprovision must be > 0 (physical/logical - 1); got "
            "0");
  EXPECT_EQ(ErrorOf("{\"seed\": -1}"), "dev.json:1: seed must be >= 0; got -1");
  EXPECT_EQ(ErrorOf("{\"channel_mbps\": 0}"), "dev.json:1: channel_mbps must be > 0; got 0");
  EXPECT_EQ(ErrorOf("{\"timing_us\": {\"slc\": {\"read\": 0}}}"),
            "dev.json:1: timing_us.slc.read must be > 0 (microseconds); got 0");
  EXPECT_EQ(ErrorOf("{\"timing_us\": {\"slc\": {\"read\": 0.0001}}}"),
            "dev.json:1: timing_us.slc.read must be at least 0.001 "
            "microseconds (1 ns); got 0.0001");
  EXPECT_EQ(ErrorOf("{\"gc\": {\"idle_us\": -1}}"),
            "dev.json:1: gc.idle_us must be >= 0 (microseconds); got -1");
  EXPECT_EQ(ErrorOf("{\"endurance_pe\": {\"tlc\": 0}}"),
            "dev.json:1: endurance_pe.tlc must be > 0; got 0");
  EXPECT_EQ(ErrorOf("{\"gc\": {\"free_block_threshold\": 1}}"),
            "dev.json:1: gc.free_block_threshold must be in [0, 1); got 1");
  EXPECT_EQ(ErrorOf("{\"gc\": {\"d_choices\": 0}}"), "dev.json:1: gc.d_choices must be > 0; got 0");
  EXPECT_EQ(ErrorOf("{\"precondition\": {\"fill\": 1.5}}"),
            "dev.json:1: precondition.fill must be in [0, 1] (a fraction of "
            "the logical capacity); got 1.5");
  EXPECT_EQ(ErrorOf("{\"precondition\": {\"random_writes\": -1}}"),
            "dev.json:1: precondition.random_writes must be >= 0; got -1");
  EXPECT_EQ(ErrorOf("{\"write_buffer_bytes\": -4096}"),
            "dev.json:1: write_buffer_bytes must be >= 0; got -4096");
  EXPECT_EQ(ErrorOf("{\"write_buffer_idle_flush_us\": -1}"),
            "dev.json:1: write_buffer_idle_flush_us must be >= 0 (microseconds); got -1");
}
TEST(DeviceConfigValidate, RelationsBetweenKeysAreExplained) {
  // A file-level problem has no single line: "dev.json: problem".
  EXPECT_EQ(ErrorOf(R"({"mapping_unit_bytes": 3000})"),
            "dev.json: page_bytes (16384) must be a multiple of "
            "mapping_unit_bytes (3000)");
  EXPECT_EQ(ErrorOf(R"({"geometry": {"pages_per_block": 100}})"),
            "dev.json: pages_per_block (100) must be a multiple of 3 bits per "
            "cell for tlc (a wordline holds 3 pages, programmed together)");
  EXPECT_NO_THROW(ParseText(R"({"cell": "mlc", "geometry": {"pages_per_block": 100}})"));
  EXPECT_EQ(ErrorOf(R"({"gc": {"background_free_block_threshold": 0.01}})"),
            "dev.json: gc.background_free_block_threshold (0.01) must be >= "
            "gc.free_block_threshold (0.02): background GC must start before "
            "the drive runs short enough to stall the host");
  EXPECT_EQ(ErrorOf(R"({"geometry": {"channels": 16, "dies_per_channel": 8,
                        "planes_per_die": 4, "blocks_per_plane": 4000}})"),
            "dev.json: device has 6291456000 mapping units; at most "
            "4294967295 are supported");
}

TEST(DeviceConfigValidate, OverprovisionMustLeaveTheGcReserve) {
  // 1% OP leaves 1.27 spare blocks of 128 per plane; GC keeps 3 free
  // (ceil 2% of 128) and 2 open blocks (host and GC frontiers).
  const std::string message = ErrorOf(R"({"overprovision": 0.01})");
  EXPECT_EQ(message,
            "dev.json: overprovision 0.01 leaves 1.27 spare blocks per plane, "
            "but GC needs more than 5: GC keeps 3 free blocks (2% of 128, "
            "rounded up, at least 2) plus 2 open blocks per plane (host and GC "
            "frontiers); use overprovision >= 0.041");
  // The suggested value is accepted, and the one just below it is not.
  EXPECT_NO_THROW(ParseText(R"({"overprovision": 0.041})"));
  EXPECT_NE(ErrorOf(R"({"overprovision": 0.040})"), "(no error)");
  // A larger threshold needs more spare.
  ExpectContains(ErrorOf(R"({"gc": {"free_block_threshold": 0.1,
                         "background_free_block_threshold": 0.1}})"),
                 "GC keeps 13 free blocks (10% of 128");
  // Too few blocks per plane: no overprovision can help.
  EXPECT_EQ(ErrorOf(R"({"geometry": {"blocks_per_plane": 3}})"),
            "dev.json: the GC reserve of 2% of 3 blocks per plane leaves no "
            "room; need at least 5 blocks per plane: GC keeps 2 free blocks "
            "(2% of 3, rounded up, at least 2) plus 2 open blocks per plane "
            "(host and GC frontiers)");
  EXPECT_EQ(ErrorOf(R"({"geometry": {"blocks_per_plane": 9},
                        "gc": {"free_block_threshold": 0.8,
                               "background_free_block_threshold": 0.8}})"),
            "dev.json: the GC reserve of 80% of 9 blocks per plane leaves no "
            "room; need at least 15 blocks per plane: GC keeps 8 free blocks "
            "(80% of 9, rounded up, at least 2) plus 2 open blocks per plane "
            "(host and GC frontiers)");
  // Enough blocks make room, at a price in overprovision.
  ExpectContains(ErrorOf(R"({"geometry": {"blocks_per_plane": 15},
                        "gc": {"free_block_threshold": 0.8,
                               "background_free_block_threshold": 0.8}})"),
                 "leaves 0.98 spare blocks per plane, but GC needs more than "
                 "14: GC keeps 12 free blocks");
}

TEST(DeviceConfigValidate, CodeBuiltConfigsAreCheckedToo) {
  DeviceConfig c;
  c.file = "built.json";
  EXPECT_NO_THROW(Validate(c));
  c.overprovision = -0.1;
  EXPECT_EQ(ValidateError(c),
            "built.json: overprovision must be > 0 (physical/logical - 1); got "
            "-0.1");
  c = DeviceConfig();
  c.gc.victim = "lru";
  ExpectContains(ValidateError(c), "unknown gc.victim \"lru\"; allowed: greedy");
  c = DeviceConfig();
  c.scheduler = "";
  ExpectContains(ValidateError(c), "unknown scheduler \"\"");
  c = DeviceConfig();
  c.mapping_unit_bytes = 0;
  EXPECT_EQ(ValidateError(c), "<input>: mapping_unit_bytes must be > 0; got 0");
  c = DeviceConfig();
  c.timing[2].erase_ns = 0;
  EXPECT_EQ(ValidateError(c), "<input>: timing_us.mlc.erase must be > 0 (microseconds); got 0");
  c = DeviceConfig();
  c.gc.free_block_threshold = 1.0;
  ExpectContains(ValidateError(c), "gc.free_block_threshold must be in [0, 1)");
}

TEST(DeviceConfigOverride, SetsNestedKeysAndCreatesObjects) {
  json::Value root = json::Parse(R"({"cell": "tlc", "gc": {"victim": "greedy",
      "background": true}, "slc_cache": null})",
                                 "dev.json");
  ApplyOverride(root, "gc.victim=fifo");                      // bare string
  ApplyOverride(root, "geometry.channels=4");                 // creates "geometry"
  ApplyOverride(root, "overprovision=0.28");                  // number
  ApplyOverride(root, "name=my drive");                       // text with a space
  ApplyOverride(root, "description=\"42\"");                  // quoted: a string
  ApplyOverride(root, "wear_leveling={\"dynamic\": false}");  // object
  ApplyOverride(root, "slc_cache.static_bytes=1");            // null grows keys
  EXPECT_EQ(root.Find("gc")->Find("victim")->as_string(), "fifo");
  EXPECT_EQ(root.Find("gc")->members()[0].first, "victim");  // kept in place
  EXPECT_EQ(root.Find("geometry")->Find("channels")->as_number(), 4);
  EXPECT_EQ(root.Find("overprovision")->as_number(), 0.28);
  EXPECT_EQ(root.Find("name")->as_string(), "my drive");
  EXPECT_EQ(root.Find("description")->as_string(), "42");
  EXPECT_TRUE(root.Find("slc_cache")->is_object());

  root.Set("slc_cache", json::Value::Null());
  const DeviceConfig c = ParseDevice(root, "dev.json");
  EXPECT_EQ(c.gc.victim, "fifo");
  EXPECT_EQ(c.geometry.channels, 4u);
  EXPECT_EQ(c.overprovision, 0.28);
  EXPECT_EQ(c.name, "my drive");
  EXPECT_EQ(c.description, "42");
  EXPECT_FALSE(c.wear_leveling.dynamic);
}

TEST(DeviceConfigOverride, BadValuesFromSetSayWhereTheyCameFrom) {
  json::Value root = json::Parse("{\n\"gc\": {\"victim\": \"greedy\"}}", "dev.json");
  ApplyOverride(root, "gc.victim=5");
  ApplyOverride(root, "gc.victm=fifo");
  try {
    ParseDevice(root, "dev.json");
    FAIL() << "expected an error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 0u);
    EXPECT_STREQ(error.what(), "dev.json: gc.victim must be a string (from --set)");
  }
  root.Find("gc")->Set("victim", json::Value::String("fifo"));
  try {
    ParseDevice(root, "dev.json");
    FAIL() << "expected an error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "dev.json: unknown key \"gc.victm\"; did you mean "
                 "\"gc.victim\"? (from --set)");
  }
}

TEST(DeviceConfigOverride, MalformedAssignmentsAreRejected) {
  json::Value root = json::Parse(R"({"geometry": {"channels": 8}})", "f");
  const auto error_of = [&](std::string_view assignment) -> std::string {
    try {
      ApplyOverride(root, assignment);
    } catch (const InputError& error) {
      EXPECT_EQ(error.file(), "--set");
      return error.what();
    }
    return "(no error)";
  };
  EXPECT_EQ(error_of("gc.victim"), "--set: expected KEY=VALUE, got \"gc.victim\"");
  EXPECT_EQ(error_of("=fifo"), "--set: missing key before '=' in \"=fifo\"");
  EXPECT_EQ(error_of("gc..victim=fifo"), "--set: empty key component in \"gc..victim\"");
  EXPECT_EQ(error_of("gc.=fifo"), "--set: empty key component in \"gc.\"");
  EXPECT_EQ(error_of("geometry.channels.count=1"),
            "--set: cannot set geometry.channels.count: geometry.channels is "
            "a number, not an object");
  // The value may itself contain '='.
  EXPECT_EQ(error_of("name=a=b"), "(no error)");
  EXPECT_EQ(root.Find("name")->as_string(), "a=b");
}

TEST(DeviceConfigWrite, WritesEveryKeyAndReadsBackEqual) {
  DeviceConfig c;
  c.name = "round \"trip\"";
  c.source = "src";
  c.description = "line1\nline2";
  c.seed = 9007199254740992ull;
  c.cell = CellMode::kQlc;
  c.geometry = {4, 2, 1, 512, 256, 8192};
  c.timing[1] = {25'500, 150'000, 3'000'001};
  c.timing[4] = {130'900, 2'999'999, 9'000'000};
  c.endurance_pe = {0, 20000, 2000, 1500, 700};
  c.channel_mbps = 1066.5;
  c.host_mbps = 7000;
  c.overprovision = 0.125;
  c.write_buffer_bytes = 0;
  c.mapping_unit_bytes = 8192;
  c.scheduler = "read_priority";
  c.gc = {"cost_benefit", 0.03, false, 0.125, 2'500, {}};
  c.gc.params.Set("d_choices", uint64_t{3});
  c.gc.pacing = "proportional";
  c.wear_leveling.dynamic = false;
  c.precondition = {0.75, 1.5};
  c.file = "ignored";

  const std::string text = Written(c, /*pretty=*/true);
  const DeviceConfig back = ParseDevice(json::Parse(text, "w.json"), "w.json");
  EXPECT_EQ(back.name, c.name);
  EXPECT_EQ(back.source, c.source);
  EXPECT_EQ(back.description, c.description);
  EXPECT_EQ(back.seed, c.seed);
  EXPECT_EQ(back.cell, c.cell);
  EXPECT_EQ(back.geometry.channels, 4u);
  EXPECT_EQ(back.geometry.blocks_per_plane, 512u);
  EXPECT_EQ(back.geometry.page_bytes, 8192u);
  for (int bits = 1; bits <= 4; ++bits) {
    EXPECT_EQ(back.timing[bits].read_ns, c.timing[bits].read_ns) << bits;
    EXPECT_EQ(back.timing[bits].program_ns, c.timing[bits].program_ns) << bits;
    EXPECT_EQ(back.timing[bits].erase_ns, c.timing[bits].erase_ns) << bits;
  }
  EXPECT_EQ(back.endurance_pe, c.endurance_pe);
  EXPECT_EQ(back.channel_mbps, c.channel_mbps);
  EXPECT_EQ(back.host_mbps, c.host_mbps);
  EXPECT_EQ(back.overprovision, c.overprovision);
  EXPECT_EQ(back.write_buffer_bytes, c.write_buffer_bytes);
  EXPECT_EQ(back.mapping_unit_bytes, c.mapping_unit_bytes);
  EXPECT_EQ(back.scheduler, c.scheduler);
  EXPECT_EQ(back.gc.victim, c.gc.victim);
  EXPECT_EQ(back.gc.free_block_threshold, c.gc.free_block_threshold);
  EXPECT_EQ(back.gc.background, c.gc.background);
  EXPECT_EQ(back.gc.background_free_block_threshold, c.gc.background_free_block_threshold);
  EXPECT_EQ(back.gc.idle_ns, c.gc.idle_ns);
  EXPECT_EQ(back.gc.params.Uint("d_choices", 0), 3u);
  EXPECT_EQ(back.gc.pacing, "proportional");
  EXPECT_EQ(back.wear_leveling.dynamic, c.wear_leveling.dynamic);
  EXPECT_EQ(back.precondition.fill, c.precondition.fill);
  EXPECT_EQ(back.precondition.random_writes, c.precondition.random_writes);
  // Writing what was read gives the same bytes.
  EXPECT_EQ(Written(back, true), text);
}

// Read/write conflict controls (issue 7): off by default, so existing
// devices simulate exactly as before.
TEST(DeviceConfigConflicts, DefaultsAreOff) {
  const DeviceConfig c = ParseText("{}");
  EXPECT_FALSE(c.suspend.program);
  EXPECT_FALSE(c.suspend.erase);
  EXPECT_FALSE(c.suspend.enabled());
  EXPECT_EQ(c.suspend.suspend_ns, 20'000u);
  EXPECT_EQ(c.suspend.resume_ns, 20'000u);
  EXPECT_EQ(c.suspend.max_per_op, 4u);
  EXPECT_FALSE(c.read_disturb.enabled);
  EXPECT_EQ(c.read_disturb.threshold_reads[1], 1'000'000u);
  EXPECT_EQ(c.read_disturb.threshold_reads[2], 100'000u);
  EXPECT_EQ(c.read_disturb.threshold_reads[3], 50'000u);
  EXPECT_EQ(c.read_disturb.threshold_reads[4], 20'000u);  // lowest for QLC
  EXPECT_FALSE(c.wear_leveling.static_enabled);
  EXPECT_EQ(c.wear_leveling.static_threshold, 100u);
}

TEST(DeviceConfigConflicts, ReadsEveryKeyAndWritesItBack) {
  const DeviceConfig c = ParseText(R"({
    "wear_leveling": {"dynamic": true, "static_enabled": true, "static_threshold": 16},
    "suspend": {"program": true, "erase": true, "suspend_us": 12.5,
                "resume_us": 0, "max_per_op": 2},
    "read_disturb": {"enabled": true, "threshold_reads": {"qlc": 5000}}
  })");
  EXPECT_TRUE(c.wear_leveling.static_enabled);
  EXPECT_EQ(c.wear_leveling.static_threshold, 16u);
  EXPECT_TRUE(c.suspend.program);
  EXPECT_TRUE(c.suspend.erase);
  EXPECT_EQ(c.suspend.suspend_ns, 12'500u);
  EXPECT_EQ(c.suspend.resume_ns, 0u);
  EXPECT_EQ(c.suspend.max_per_op, 2u);
  EXPECT_TRUE(c.read_disturb.enabled);
  EXPECT_EQ(c.read_disturb.threshold_reads[4], 5'000u);
  EXPECT_EQ(c.read_disturb.threshold_reads[3], 50'000u);  // others keep defaults
  const std::string text = Written(c);
  const DeviceConfig back = ParseDevice(json::Parse(text, "w.json"), "w.json");
  EXPECT_EQ(Written(back), text);
  EXPECT_EQ(back.suspend.suspend_ns, 12'500u);
  EXPECT_EQ(back.read_disturb.threshold_reads, c.read_disturb.threshold_reads);
  // --set reaches them like any key.
  const DeviceConfig set =
      ParseDeviceText("{}", "d.json", {"suspend.erase=true", "wear_leveling.static_enabled=true"});
  EXPECT_TRUE(set.suspend.erase);
  EXPECT_TRUE(set.wear_leveling.static_enabled);
}

TEST(DeviceConfigConflicts, BadValuesNameKeyAndLine) {
  EXPECT_EQ(ErrorOf("{\n\"suspend\": {\"max_per_op\": 0}}"),
            "dev.json:2: suspend.max_per_op must be > 0; got 0");
  EXPECT_EQ(ErrorOf("{\"suspend\": {\"suspend_us\": -1}}"),
            "dev.json:1: suspend.suspend_us must be >= 0 (microseconds); got -1");
  EXPECT_EQ(ErrorOf("{\"suspend\": {\"erase\": 1}}"),
            "dev.json:1: suspend.erase must be a boolean");
  EXPECT_EQ(ErrorOf("{\n\n\"read_disturb\": {\"threshold_reads\": {\"qlc\": 0}}}"),
            "dev.json:3: read_disturb.threshold_reads.qlc must be > 0; got 0");
  EXPECT_EQ(ErrorOf("{\"wear_leveling\": {\"static_threshold\": 0}}"),
            "dev.json:1: wear_leveling.static_threshold must be > 0; got 0");
  ExpectContains(ErrorOf("{\"suspend\": {\"resum_us\": 1}}"),
                 "unknown key \"suspend.resum_us\"; did you mean \"suspend.resume_us\"?");
}

TEST(DeviceConfigWrite, DefaultsInTheDocumentedShape) {
  EXPECT_EQ(Written(DeviceConfig()),
            R"({"name":"device","source":"","description":"","seed":1,)"
            R"("cell":"tlc","geometry":{"channels":8,"dies_per_channel":2,)"
            R"("planes_per_die":2,"blocks_per_plane":128,"pages_per_block":768,)"
            R"("page_bytes":16384},"timing_us":{)"
            R"("slc":{"read":30,"program":200,"erase":3500},)"
            R"("mlc":{"read":50,"program":900,"erase":4000},)"
            R"("tlc":{"read":60,"program":1800,"erase":5000},)"
            R"("qlc":{"read":120,"program":3000,"erase":10000}},)"
            R"("endurance_pe":{"slc":30000,"mlc":3000,"tlc":3000,"qlc":1000},)"
            R"("channel_mbps":1200,"host_mbps":3500,"overprovision":0.07,)"
            R"("write_buffer_bytes":67108864,"write_buffer_idle_flush_us":2000,)"
            R"("trim_us":10,"power_loss_protection":false,)"
            R"("mapping_unit_bytes":4096,"read_modify_write":true,)"
            R"("scheduler":"fifo","allocation_order":"cwdp","gc":{"victim":"greedy",)"
            R"("free_block_threshold":0.02,"background":true,)"
            R"("background_free_block_threshold":0.05,"idle_us":1000,)"
            R"("d_choices":10,"pacing":"none"},"wear_leveling":{"dynamic":true,)"
            R"("static_enabled":false,)"
            R"("static_threshold":100},"suspend":{"program":false,"erase":false,)"
            R"("suspend_us":20,"resume_us":20,"max_per_op":4},)"
            R"("read_disturb":{"enabled":false,"threshold_reads":{"slc":1000000,)"
            R"("mlc":100000,"tlc":50000,"qlc":20000}},)"
            R"("precondition":{"fill":0,"random_writes":0},)"
            R"("slc_cache":null,"zns":null,"ftl":{"mapping":"page","cmt_entries":4096,)"
            R"("log_blocks":0},"cache":{"policy":"none","bytes":0,"block_space_blocks":2,)"
            R"("page_space_pages":128,"cflru_window_pages":0}})");
}

// A scratch presets directory, removed after each test.
class DeviceConfigLoad : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("flashscope_device_config_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    Write("tlc-small.json", R"({"name": "tlc-small", "cell": "tlc",
      "geometry": {"channels": 2}})");
    Write("qlc-big.json", "{\n  \"cell\": \"qlc\",\n  \"seed\": \"x\"\n}");
    Write("notes.txt", "not a preset");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  std::string Dir() const { return dir_.string(); }
  std::string LoadError(const std::string& spec) {
    try {
      LoadDevice(spec, Dir(), {});
    } catch (const InputError& error) {
      return error.what();
    }
    return "(no error)";
  }

  std::filesystem::path dir_;
};

TEST_F(DeviceConfigLoad, PresetByNameWithOverrides) {
  const DeviceConfig c = LoadDevice("preset:tlc-small", Dir(), {"gc.victim=fifo", "seed=7"});
  EXPECT_EQ(c.file, "preset:tlc-small");
  EXPECT_EQ(c.name, "tlc-small");
  EXPECT_EQ(c.geometry.channels, 2u);
  EXPECT_EQ(c.gc.victim, "fifo");
  EXPECT_EQ(c.seed, 7u);
}

TEST_F(DeviceConfigLoad, PathLoadsAndRemembersThePath) {
  const std::string path = Dir() + "/tlc-small.json";
  const DeviceConfig c = LoadDevice(path, Dir(), {});
  EXPECT_EQ(c.file, path);
  EXPECT_EQ(c.geometry.channels, 2u);
}

TEST_F(DeviceConfigLoad, UnknownPresetListsTheAvailableOnes) {
  EXPECT_EQ(LoadError("preset:tlc-smal"),
            "preset:tlc-smal: unknown preset \"tlc-smal\" (did you mean "
            "\"tlc-small\"?); available presets: qlc-big, tlc-small");
  EXPECT_EQ(LoadError("preset:../etc"),
            "preset:../etc: unknown preset \"../etc\"; available presets: "
            "qlc-big, tlc-small");
  try {
    LoadDevice("preset:x", Dir() + "/missing", {});
    FAIL();
  } catch (const InputError& error) {
    ExpectContains(error.what(), "unknown preset \"x\"; no presets found in");
  }
}

TEST_F(DeviceConfigLoad, ErrorsInAPresetNameItsFileAndLine) {
  EXPECT_EQ(LoadError("preset:qlc-big"), Dir() + "/qlc-big.json:3: seed must be a number");
}

TEST_F(DeviceConfigLoad, UnreadableOrMalformedFiles) {
  EXPECT_EQ(LoadError(Dir() + "/none.json"), Dir() + "/none.json: no such device file");
  // A preset name given as a path gets a hint.
  EXPECT_EQ(LoadError("tlc-small"),
            "tlc-small: no such device file; did you mean "
            "\"preset:tlc-small\"?");
  EXPECT_EQ(LoadError(Dir()), Dir() + ": is a directory, not a device file");
  Write("array.json", "\n[1, 2]");
  EXPECT_EQ(LoadError(Dir() + "/array.json"),
            Dir() +
                "/array.json:2: a device file must hold a JSON object; "
                "got an array");
  Write("broken.json", "{\n  \"cell\": \"tlc\"\n  \"seed\": 1\n}");
  EXPECT_EQ(LoadError(Dir() + "/broken.json"),
            Dir() +
                "/broken.json:3: expected ',' or '}' after object member "
                "\"cell\"; found '\"'");
}

// Issue 7: the classic FTLs and write caches (ftl and cache objects).
}  // namespace
}  // namespace flashscope
