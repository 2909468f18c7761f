// The device JSON Schema: generated from the same tables as the reader, so
// it accepts what ships, refuses what the reader refuses, carries the
// reader's defaults and every plug-in's parameters, and the copy in
// public/schema cannot drift from the code.
#include "schema/device_schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cache/i_write_cache.h"
#include "config/device_settings.h"
#include "config/plugin_table.h"
#include "ftl/gc/i_victim_policy.h"
#include "ftl/slc/i_slc_placement.h"
#include "mapping/i_mapping_scheme.h"
#include "sched/i_die_scheduler.h"
#include "schema/json_schema_for_test.h"
#include "util/input_error.h"
#include "zns/host_ftl/placement/i_placement.h"
#include "zns/host_ftl/victim/i_zone_victim.h"

namespace flashscope {
namespace {

namespace fs = std::filesystem;

const std::string kRepo = FLASHSCOPE_REPO_ROOT;

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const json::Value& Schema() {
  static const json::Value schema = json::Parse(DeviceJsonSchema(), "schema");
  return schema;
}

const json::Value& Property(std::string_view dotted) {
  const json::Value* node = &Schema();
  while (!dotted.empty()) {
    const size_t dot = dotted.find('.');
    node = node->Find("properties")->Find(dotted.substr(0, dot));
    EXPECT_NE(node, nullptr) << dotted;
    dotted = dot == std::string_view::npos ? std::string_view() : dotted.substr(dot + 1);
  }
  return *node;
}

std::vector<std::string> Problems(const json::Value& device) {
  std::vector<std::string> problems;
  testing::ValidateAgainstSchema(Schema(), device, "", problems);
  return problems;
}

std::string Joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// A scenario's or lesson's device: the object, or the preset it names, with
// the scenario's "set" overrides applied as the scenario loader does.
json::Value ScenarioDevice(const json::Value& scenario) {
  const json::Value& device = *scenario.Find("device");
  json::Value tree =
      device.is_string()
          ? json::Parse(
                ReadText(kRepo + "/public/presets/devices/" +
                         device.as_string().substr(std::string("preset:").size()) + ".json"),
                device.as_string())
          : device;
  if (const json::Value* sets = scenario.Find("set")) {
    for (const auto& [key, value] : sets->members()) {
      json::Writer text;
      text.Raw(value);
      ApplyOverride(tree, key + "=" + text.str());
    }
  }
  return tree;
}

std::vector<fs::path> JsonFiles(const std::string& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kRepo + "/" + dir)) {
    if (entry.path().extension() == ".json" && entry.path().filename() != "index.json") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(DeviceSchema, PublicCopyIsTheGeneratedSchema) {
  const std::string path = kRepo + "/public/schema/device.schema.json";
  EXPECT_EQ(ReadText(path), DeviceJsonSchema())
      << path << " is out of date; regenerate it with\n"
      << "  flashscope schema > public/schema/device.schema.json";
}

TEST(DeviceSchema, EveryShippedPresetScenarioAndLessonDeviceValidates) {
  size_t checked = 0;
  for (const fs::path& preset : JsonFiles("public/presets/devices")) {
    const json::Value device = json::Parse(ReadText(preset.string()), preset.string());
    EXPECT_EQ(Joined(Problems(device)), "") << preset;
    EXPECT_NO_THROW(ParseDevice(device, preset.string())) << preset;
    ++checked;
  }
  for (const fs::path& file : JsonFiles("public/scenarios")) {
    const json::Value scenario = json::Parse(ReadText(file.string()), file.string());
    EXPECT_EQ(Joined(Problems(ScenarioDevice(scenario))), "") << file;
    ++checked;
  }
  for (const fs::path& file : JsonFiles("public/lessons")) {
    const json::Value lesson = json::Parse(ReadText(file.string()), file.string());
    const json::Value& scenario_ref = *lesson.Find("scenario");
    const json::Value scenario =
        scenario_ref.is_string()
            ? json::Parse(ReadText((file.parent_path() / scenario_ref.as_string()).string()),
                          scenario_ref.as_string())
            : scenario_ref;
    EXPECT_EQ(Joined(Problems(ScenarioDevice(scenario))), "") << file;
    ++checked;
  }
  EXPECT_GE(checked, 11u + 11u + 4u);
}

// The object at `key` of `root`, created when the file leaves it out.
json::Value& Section(json::Value& root, std::string_view key) {
  json::Value* section = root.Find(key);
  return section != nullptr ? *section : root.Set(key, json::Value::Object());
}

TEST(DeviceSchema, RefusesWhatTheReaderRefuses) {
  json::Value device =
      json::Parse(ReadText(kRepo + "/public/presets/devices/tlc-8g.json"), "tlc-8g.json");
  ASSERT_EQ(Joined(Problems(device)), "");
  json::Value typo = device;
  Section(typo, "gc").Set("vicitm", json::Value::String("greedy"));
  EXPECT_EQ(Joined(Problems(typo)), "gc.vicitm: not allowed (additionalProperties)\n");
  EXPECT_THROW(ParseDevice(typo, "typo.json"), InputError);

  json::Value unknown_choice = device;
  Section(unknown_choice, "gc").Set("victim", json::Value::String("oldest"));
  EXPECT_EQ(Joined(Problems(unknown_choice)), "gc.victim: not one of the enum\n");

  json::Value out_of_range = device;
  out_of_range.Set("overprovision", json::Value::Number(0));
  EXPECT_EQ(Joined(Problems(out_of_range)), "overprovision: not above exclusiveMinimum\n");
  json::Value fraction = device;
  Section(fraction, "gc").Set("free_block_threshold", json::Value::Number(1));
  EXPECT_EQ(Joined(Problems(fraction)), "gc.free_block_threshold: not below exclusiveMaximum\n");
  json::Value whole = device;
  Section(whole, "geometry").Set("channels", json::Value::Number(2.5));
  EXPECT_EQ(Joined(Problems(whole)), "geometry.channels: wrong type\n");
}

// Walks every setting: each has a description, and each written one a
// default equal to what ParseDevice({}) gives (the nullable sections'
// members: what ParseDevice gives for {"slc_cache": {}} / {"zns": {}}).
void CheckDefaults(const json::Value& properties, const json::Value& effective,
                   const std::string& prefix, size_t& settings) {
  for (const auto& [key, property] : properties.members()) {
    const std::string path = prefix.empty() ? key : prefix + "." + key;
    ASSERT_NE(property.Find("description"), nullptr) << path;
    EXPECT_FALSE(property.Find("description")->as_string().empty()) << path;
    if (key == "$schema") continue;  // not a setting: read and ignored
    ++settings;
    const json::Value* value = effective.Find(key);
    ASSERT_NE(value, nullptr) << path << " is not written by WriteDevice";
    const json::Value* fallback = property.Find("default");
    ASSERT_NE(fallback, nullptr) << path;
    if (const json::Value* children = property.Find("properties")) {
      if (!value->is_null()) CheckDefaults(*children, *value, path, settings);
      continue;
    }
    json::Writer want;
    want.Raw(*value);
    json::Writer got;
    got.Raw(*fallback);
    EXPECT_EQ(got.str(), want.str()) << path;
  }
}

json::Value Effective(const std::string& device_text) {
  json::Writer out;
  WriteDevice(out, ParseDeviceText(device_text, "defaults.json", {}));
  return json::Parse(out.str(), "WriteDevice");
}

TEST(DeviceSchema, DefaultsAreWhatTheReaderFillsIn) {
  size_t settings = 0;
  const json::Value& properties = *Schema().Find("properties");
  CheckDefaults(properties, Effective("{}"), "", settings);
  EXPECT_TRUE(Property("slc_cache").Find("default")->is_null());
  EXPECT_TRUE(Property("zns").Find("default")->is_null());
  CheckDefaults(*Property("slc_cache").Find("properties"),
                *Effective(R"({"slc_cache": {}})").Find("slc_cache"), "slc_cache", settings);
  CheckDefaults(*Property("zns").Find("properties"), *Effective(R"({"zns": {}})").Find("zns"),
                "zns", settings);
  // Every key WriteDevice writes has a schema entry, and nothing more.
  EXPECT_GE(settings, 100u);
}

TEST(DeviceSchema, PluginParametersSitInTheirSectionWithTheirDefault) {
  EXPECT_EQ(Property("gc.d_choices").Find("default")->as_number(), 10);
  EXPECT_EQ(Property("gc.d_choices").Find("minimum")->as_number(), 1);
  EXPECT_EQ(Property("ftl.cmt_entries").Find("default")->as_number(), 4096);
  EXPECT_EQ(Property("ftl.log_blocks").Find("default")->as_number(), 0);
  EXPECT_EQ(Property("slc_cache.size_split_bytes").Find("default")->as_number(), 131072);
  EXPECT_EQ(Property("slc_cache.size_split_bytes").Find("x-unit")->as_string(), "bytes");
  EXPECT_EQ(Property("slc_cache.hyflex_horizon_ms").Find("default")->as_number(), 1000);
  EXPECT_EQ(Property("slc_cache.hyflex_horizon_ms").Find("x-unit")->as_string(), "ms");
  EXPECT_EQ(Property("cache.block_space_blocks").Find("default")->as_number(), 2);
  EXPECT_EQ(Property("cache.page_space_pages").Find("default")->as_number(), 128);
  EXPECT_EQ(Property("cache.cflru_window_pages").Find("default")->as_number(), 0);
  EXPECT_EQ(Property("cache.bytes").Find("default")->as_number(), 0);

  const json::Value& victims = *Property("gc.victim").Find("x-choices");
  ASSERT_EQ(victims.items().size(), VictimPolicyNames().size());
  const json::Value& d_choices = victims.items().back();
  EXPECT_EQ(d_choices.Find("value")->as_string(), "d_choices");
  EXPECT_EQ(d_choices.Find("label")->as_string(), "d-choices (best of d random)");
  EXPECT_FALSE(d_choices.Find("description")->as_string().empty());
}

TEST(DeviceSchema, RootAcceptsSchemaReferenceAndClosesEveryObject) {
  EXPECT_EQ(Schema().Find("$schema")->as_string(), "https://json-schema.org/draft/2020-12/schema");
  EXPECT_EQ(Property("$schema").Find("type")->as_string(), "string");
  EXPECT_FALSE(Schema().Find("additionalProperties")->as_bool());
  for (const char* section : {"geometry", "timing_us", "timing_us.tlc", "gc", "slc_cache", "zns",
                              "ftl", "cache", "read_disturb.threshold_reads"}) {
    EXPECT_FALSE(Property(section).Find("additionalProperties")->as_bool()) << section;
  }
  const json::Value& slc_type = *Property("slc_cache").Find("type");
  ASSERT_EQ(slc_type.items().size(), 2u);
  EXPECT_EQ(slc_type.items()[1].as_string(), "null");
  EXPECT_EQ(Property("gc.free_block_threshold").Find("exclusiveMaximum")->as_number(), 1);
  EXPECT_EQ(Property("zns.gc_threshold").Find("exclusiveMinimum")->as_number(), 0);
  EXPECT_EQ(Property("timing_us.tlc.read").Find("x-unit")->as_string(), "us");
  EXPECT_EQ(Property("host_mbps").Find("x-unit")->as_string(), "MB/s");
}

std::vector<std::string> InfoNames(const std::vector<PolicyInfo>& infos) {
  std::vector<std::string> names;
  for (const PolicyInfo& info : infos) {
    EXPECT_FALSE(info.label.empty()) << info.name;
    EXPECT_FALSE(info.description.empty()) << info.name;
    names.push_back(info.name);
  }
  return names;
}

// A registry's Infos and Names come from its table, in its order, with no
// name twice (FindPlugin would hide the second).
std::vector<std::string> CheckedNames(const std::vector<PolicyInfo>& infos,
                                      const std::vector<std::string_view>& names) {
  std::vector<std::string> listed(names.begin(), names.end());
  EXPECT_EQ(InfoNames(infos), listed);
  std::vector<std::string> sorted = listed;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "a name twice";
  return listed;
}

using Names = std::vector<std::string>;

// The schema's choices, the reader's "allowed:" lists, the UI and
// --placements list the registries' names in table order: it is pinned here.
TEST(DeviceSchema, RegistriesListEveryNameOnceInOrder) {
  EXPECT_EQ(CheckedNames(VictimPolicyInfos(), VictimPolicyNames()),
            (Names{"greedy", "cost_benefit", "fifo", "random", "d_choices"}));
  EXPECT_EQ(CheckedNames(DieSchedulerInfos(), DieSchedulerNames()),
            (Names{"fifo", "read_priority"}));
  EXPECT_EQ(CheckedNames(SlcPlacementInfos(), SlcPlacementNames()),
            (Names{"slc_first", "size_split", "hyflex"}));
  EXPECT_EQ(CheckedNames(mapping::MappingSchemeInfos(), mapping::MappingSchemeNames()),
            (Names{"page", "block", "bast", "fast", "dftl"}));
  EXPECT_EQ(CheckedNames(cache::WriteCacheInfos(), cache::WriteCacheNames()),
            (Names{"none", "lru", "cflru", "bplru", "clash"}));
  EXPECT_EQ(CheckedNames(zns::PlacementInfos(), zns::PlacementNames()),
            (Names{"normal", "warcip", "sepbit", "bhbdp_pre", "bhbdp", "fk", "zbopt"}));
  EXPECT_EQ(CheckedNames(zns::ZoneVictimInfos(), zns::ZoneVictimNames()),
            (Names{"cbe", "greedy", "cost_benefit"}));
}

// Adding a policy is its entry in a table: a test-only entry in a copy of
// the GC victim table is built by name, listed by the table's infos, and
// offered by the schema assembled from them, its parameter read from a
// device like any other.
TEST(DeviceSchema, AnEntryAddedToATableIsBuiltListedAndReadable) {
  std::vector<VictimPolicyEntry> table = VictimPolicyTable();
  table.push_back({{"test_only",
                    "Test only",
                    "A policy only this test registers",
                    {InParamBag(
                        IntegerSetting("test_only_blocks", "Blocks the test policy looks at",
                                       "blocks", 1, kMaxU32Setting, nullptr),
                        [](DeviceConfig& c) -> ParamBag& { return c.gc.params; }, uint64_t{3})}},
                   [](const ParamBag& params) { return MakeVictimPolicy("greedy", params); }});

  ASSERT_NE(FindPlugin(table, "test_only"), nullptr);
  EXPECT_NE(FindPlugin(table, "test_only")->make(ParamBag{}), nullptr);
  const std::vector<PolicyInfo> infos = PluginInfos(table);
  ASSERT_EQ(infos.size(), VictimPolicyNames().size() + 1);
  EXPECT_EQ(infos.back().label, "Test only");
  EXPECT_EQ(PluginNames(table).back(), "test_only");

  std::vector<Setting> root = CoreDeviceSettings();
  std::vector<Setting>& gc = FindSetting(root, "gc")->children;
  AddRegistry(gc, "victim", infos);
  const std::vector<SettingChoice>& choices = FindSetting(gc, "victim")->choices;
  ASSERT_EQ(choices.size(), infos.size());
  EXPECT_EQ(choices.back().value, "test_only");
  EXPECT_EQ(choices.back().label, "Test only");
  ASSERT_NE(FindSetting(gc, "test_only_blocks"), nullptr);

  DeviceConfig config;
  ReadSettings(
      json::Parse(R"({"gc": {"victim": "test_only", "test_only_blocks": 7}})", "device.json"), root,
      config, "device.json", false);
  EXPECT_EQ(config.gc.victim, "test_only");
  EXPECT_EQ(config.gc.params.Uint("test_only_blocks", 0), 7u);
}

}  // namespace
}  // namespace flashscope
