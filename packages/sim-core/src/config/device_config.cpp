// Device JSON -> DeviceConfig (see device_config.h for keys and defaults).
//
// Every error names the file and the line of the offending key, because the
// first thing a user does with a device file is edit it by hand. Values that
// came from --set carry no line (ApplyOverride clears it) and say so.
#include "config/device_config.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <optional>

#include "cache/cache_names.h"
#include "ftl/gc/victim_policy_names.h"
#include "ftl/slc/slc_policy_names.h"
#include "mapping/mapping_names.h"
#include "util/input_error.h"
#include "zns/host_ftl/placement/placement_names.h"
#include "zns/host_ftl/victim/zone_victim_names.h"

namespace flashscope {

namespace {

using json::Value;

constexpr std::array<std::string_view, 4> kCellModeNames = {"slc", "mlc", "tlc", "qlc"};
constexpr uint64_t kMaxU32 = std::numeric_limits<uint32_t>::max();
// JSON numbers are doubles: integers above 2^53 cannot be given exactly.
constexpr uint64_t kMaxExactInteger = uint64_t{1} << 53;
// Caps times so the conversion to integer nanoseconds cannot overflow.
constexpr double kMaxMicros = 1e12;
constexpr std::string_view kPresetPrefix = "preset:";

// Open blocks per plane that hold no garbage GC could reclaim: the host
// frontier and the GC frontier, each partly written. The spare space must
// cover them and the free-block reserve, or a full drive can reach a state
// where every full block is fully valid and GC has no victim.
constexpr uint32_t kOpenBlocksPerPlane = 2;

std::string Quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

// Optimal string alignment distance: Levenshtein plus adjacent
// transpositions, so "vicitm" is one edit from "victim".
size_t EditDistance(std::string_view a, std::string_view b) {
  const size_t rows = a.size() + 1;
  const size_t cols = b.size() + 1;
  std::vector<size_t> d(rows * cols);
  for (size_t i = 0; i < rows; ++i) d[i * cols] = i;
  for (size_t j = 0; j < cols; ++j) d[j] = j;
  for (size_t i = 1; i < rows; ++i) {
    for (size_t j = 1; j < cols; ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      size_t best = std::min(
          {d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        best = std::min(best, d[(i - 2) * cols + j - 2] + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1];
}

// The closest name within 2 edits, or "" when none is close enough to be a
// plausible typo (at most half the word may change: "x" suggests nothing).
template <typename Names>
std::string ClosestName(std::string_view word, const Names& names) {
  std::string best;
  size_t best_distance = 3;
  for (const auto& name : names) {
    const size_t distance = EditDistance(word, name);
    if (distance < best_distance && 2 * distance <= word.size()) {
      best = std::string(name);
      best_distance = distance;
    }
  }
  return best;
}

template <typename Names>
std::string JoinNames(const Names& names) {
  std::string joined;
  for (const auto& name : names) {
    if (!joined.empty()) joined += ", ";
    joined += name;
  }
  return joined;
}

std::pair<std::string_view, std::string_view> SplitLastDot(std::string_view path) {
  const size_t dot = path.rfind('.');
  if (dot == std::string_view::npos) return {"", path};
  return {path.substr(0, dot), path.substr(dot + 1)};
}

// Every key path ParseDevice accepts ("gc", "gc.victim", ...). Derived from
// WriteDevice, which writes every key, so the two cannot drift apart.
const std::vector<std::string>& KnownKeyPaths() {
  static const std::vector<std::string> paths = [] {
    json::Writer writer;
    DeviceConfig every_key;
    every_key.slc_cache.enabled = true;  // written as objects, not null
    every_key.zns.enabled = true;
    WriteDevice(writer, every_key);
    const Value root = json::Parse(writer.str(), "WriteDevice");
    std::vector<std::string> result;
    std::function<void(const Value&, const std::string&)> collect = [&](const Value& object,
                                                                        const std::string& prefix) {
      for (const auto& [key, value] : object.members()) {
        const std::string path = prefix.empty() ? key : prefix + "." + key;
        result.push_back(path);
        if (value.is_object()) collect(value, path);
      }
    };
    collect(root, "");
    return result;
  }();
  return paths;
}

// A known key for an unknown one: a sibling within typo distance, else the
// same name at another level ("victim" -> "gc.victim").
std::string SuggestKey(std::string_view path) {
  const auto [parent, leaf] = SplitLastDot(path);
  std::vector<std::string_view> siblings;
  for (const std::string& known : KnownKeyPaths()) {
    const auto [known_parent, known_leaf] = SplitLastDot(known);
    if (known_parent == parent) siblings.push_back(known_leaf);
  }
  const std::string sibling = ClosestName(leaf, siblings);
  if (!sibling.empty()) {
    return parent.empty() ? sibling : std::string(parent) + "." + sibling;
  }
  for (const std::string& known : KnownKeyPaths()) {
    if (SplitLastDot(known).second == leaf) return known;
  }
  return "";
}

// The logical block of a zoned drive (issue 6 contract: LBA = 4 KiB = the
// host FTL's mapping unit).
constexpr uint64_t kZnsBlockBytes = 4096;

bool MultiplyChecked(uint64_t a, uint64_t b, uint64_t& product);
uint64_t PlaneCount(const Geometry& g);

// A broken relation in a zoned drive's config: the message, and the keys
// whose line it is reported at (the first one the file has).
struct ZnsProblem {
  std::vector<std::string> keys;
  std::string problem;
};

// Checks every zns key and their relations to each other and to the rest of
// the device; nullopt when the zoned drive is consistent. Shared by the
// reader (which reports the key's line) and Validate (code-built configs).
std::optional<ZnsProblem> FindZnsProblem(const DeviceConfig& config) {
  const ZnsConfig& zns = config.zns;
  if (!zns.enabled) return std::nullopt;
  const auto known = [](const auto& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  if (config.slc_cache.enabled) {
    return ZnsProblem{{"zns", "slc_cache"},
                      "zns cannot be combined with slc_cache: a zoned drive has no SLC cache "
                      "(set slc_cache to null)"};
  }
  if (config.mapping_unit_bytes != kZnsBlockBytes) {
    return ZnsProblem{{"mapping_unit_bytes", "zns"},
                      "a zoned drive (zns) addresses 4096-byte logical blocks: "
                      "mapping_unit_bytes must be 4096; got " +
                          std::to_string(config.mapping_unit_bytes)};
  }
  if (!known(zns::kPlacementNames, zns.placement)) {
    return ZnsProblem{{"zns.placement"},
                      "unknown zns.placement " + Quoted(zns.placement) +
                          "; allowed: " + JoinNames(zns::kPlacementNames)};
  }
  if (!known(zns::kZoneVictimNames, zns.gc_victim)) {
    return ZnsProblem{{"zns.gc_victim"},
                      "unknown zns.gc_victim " + Quoted(zns.gc_victim) +
                          "; allowed: " + JoinNames(zns::kZoneVictimNames)};
  }
  if (!(zns.gc_threshold > 0 && zns.gc_threshold < 1)) {
    return ZnsProblem{{"zns.gc_threshold"},
                      "zns.gc_threshold must be in (0, 1) (a garbage proportion); got " +
                          json::FormatNumber(zns.gc_threshold)};
  }
  if (zns.classes < 1 || zns.classes > 255) {
    return ZnsProblem{{"zns.classes"},
                      "zns.classes must be in [1, 255]; got " + std::to_string(zns.classes)};
  }
  const Geometry& g = config.geometry;
  uint64_t block_bytes = 0;
  uint64_t dies_bytes = 0;
  uint64_t drive_bytes = 0;
  const uint64_t dies = uint64_t{g.channels} * g.dies_per_channel;
  if (!MultiplyChecked(g.page_bytes, g.pages_per_block, block_bytes) ||
      !MultiplyChecked(block_bytes, dies, dies_bytes) ||
      !MultiplyChecked(block_bytes, PlaneCount(g) * g.blocks_per_plane, drive_bytes)) {
    return ZnsProblem{{"geometry"}, "the drive's size in bytes does not fit 64 bits"};
  }
  if (zns.zone_bytes % block_bytes != 0) {
    return ZnsProblem{{"zns.zone_bytes"},
                      "zns.zone_bytes (" + std::to_string(zns.zone_bytes) +
                          ") must be a multiple of the erase block (page_bytes * "
                          "pages_per_block = " +
                          std::to_string(block_bytes) + " bytes)"};
  }
  const uint64_t zone_bytes = zns.zone_bytes != 0 ? zns.zone_bytes : dies_bytes;
  if (zone_bytes > drive_bytes) {
    return ZnsProblem{{"zns.zone_bytes"},
                      "zns.zone_bytes (" + std::to_string(zone_bytes) +
                          ") is larger than the drive (" + std::to_string(drive_bytes) +
                          " bytes): no zone fits"};
  }
  if (zns.zone_capacity_bytes > zone_bytes) {
    return ZnsProblem{
        {"zns.zone_capacity_bytes", "zns.zone_bytes"},
        "zns.zone_capacity_bytes (" + std::to_string(zns.zone_capacity_bytes) + ") must be <= " +
            (zns.zone_bytes != 0 ? "zns.zone_bytes (" + std::to_string(zone_bytes) + ")"
                                 : "the zone size (" + std::to_string(zone_bytes) +
                                       " bytes: one erase block per die, zns.zone_bytes 0)")};
  }
  if (zns.zone_capacity_bytes % kZnsBlockBytes != 0) {
    return ZnsProblem{{"zns.zone_capacity_bytes"},
                      "zns.zone_capacity_bytes (" + std::to_string(zns.zone_capacity_bytes) +
                          ") must be a multiple of the 4096-byte logical block"};
  }
  if (zns.max_open != 0 && zns.max_active != 0 && zns.max_active < zns.max_open) {
    return ZnsProblem{{"zns.max_active", "zns.max_open"},
                      "zns.max_active (" + std::to_string(zns.max_active) +
                          ") must be >= zns.max_open (" + std::to_string(zns.max_open) +
                          ") when both are limited: an open zone is also active"};
  }
  // Each class keeps a zone open to append to.
  const uint32_t open_limit = zns.max_open != 0 ? zns.max_open : zns.max_active;
  if (open_limit != 0 && zns.classes > open_limit) {
    const std::string limit = zns.max_open != 0 ? "max_open" : "max_active";
    return ZnsProblem{{"zns.classes", "zns." + limit},
                      "zns.classes (" + std::to_string(zns.classes) + ") must be <= zns." + limit +
                          " (" + std::to_string(open_limit) +
                          "): each open zone class keeps a zone open"};
  }
  return std::nullopt;
}

// The classic device's relations (ftl and cache keys, classic/classic_device.h):
// nullopt when the conventional controller runs or the keys are consistent.
// Shares ZnsProblem's shape: the message and the keys to report it at.
std::optional<ZnsProblem> FindClassicProblem(const DeviceConfig& config) {
  if (!UsesClassicDevice(config)) return std::nullopt;
  const std::vector<std::string> keys = {"ftl.mapping", "cache.policy", "ftl", "cache"};
  const auto with = [&keys](std::vector<std::string> first) {
    first.insert(first.end(), keys.begin(), keys.end());
    return first;
  };
  if (config.zns.enabled) {
    return ZnsProblem{with({"zns"}),
                      "ftl.mapping other than \"page\" and cache.policy other than \"none\" "
                      "need a conventional drive: a zoned drive (zns) has its own host FTL "
                      "(set zns to null)"};
  }
  if (config.slc_cache.enabled) {
    return ZnsProblem{with({"slc_cache"}),
                      "ftl.mapping other than \"page\" and cache.policy other than \"none\" "
                      "cannot be combined with slc_cache (set slc_cache to null)"};
  }
  if (config.mapping_unit_bytes != config.geometry.page_bytes) {
    return ZnsProblem{with({"mapping_unit_bytes", "geometry.page_bytes"}),
                      "ftl.mapping \"" + config.ftl.mapping + "\" with cache.policy \"" +
                          config.cache.policy + "\" maps whole flash pages: mapping_unit_bytes (" +
                          std::to_string(config.mapping_unit_bytes) +
                          ") must equal geometry.page_bytes (" +
                          std::to_string(config.geometry.page_bytes) + ")"};
  }
  if (config.cache.policy == "clash" && config.ftl.mapping != "block") {
    return ZnsProblem{
        {"ftl.mapping", "cache.policy", "ftl", "cache"},
        "cache.policy \"clash\" replaces the FTL (seed 002 \u00a75.1): its blocks map "
        "straight onto flash blocks, so it needs ftl.mapping \"block\"; got \"" +
            config.ftl.mapping + "\""};
  }
  const cache::CacheGeometry geometry{config.geometry.page_bytes, config.geometry.pages_per_block};
  if (std::string problem = cache::CacheConfigProblem(config.cache, geometry); !problem.empty()) {
    return ZnsProblem{{"cache.bytes", "cache.block_space_blocks", "cache.page_space_pages",
                       "cache.cflru_window_pages", "cache.policy", "cache"},
                      problem};
  }
  return std::nullopt;
}

// Reads one device tree into a config, checking each key where it stands so
// errors come in file order with the key's line.
class DeviceReader {
 public:
  using Handler = std::function<void(const Value&, const std::string& path)>;
  struct Field {
    std::string_view key;
    Handler read;
  };

  DeviceReader(DeviceConfig& config, const std::string& file, bool tree_from_text)
      : config_(config), file_(file), tree_from_text_(tree_from_text) {}

  void ReadRoot(const Value& root);

 private:
  [[noreturn]] void Fail(const Value& at, const std::string& problem) const {
    // In a tree read from a file, a value without a line was put there by
    // ApplyOverride.
    const bool from_set = tree_from_text_ && at.line() == 0;
    throw InputError(file_, at.line(), from_set ? problem + " (from --set)" : problem);
  }

  void ReadObject(const Value& object, const std::string& prefix,
                  const std::vector<Field>& fields) const {
    RequireType(object, prefix, json::Type::kObject);
    for (const auto& [key, value] : object.members()) {
      const std::string path = prefix.empty() ? key : prefix + "." + key;
      const auto field = std::find_if(fields.begin(), fields.end(),
                                      [&key = key](const Field& f) { return f.key == key; });
      if (field == fields.end()) {
        const std::string suggestion = SuggestKey(path);
        Fail(value, "unknown key " + Quoted(path) +
                        (suggestion.empty() ? "" : "; did you mean " + Quoted(suggestion) + "?"));
      }
      field->read(value, path);
    }
  }

  void RequireType(const Value& value, const std::string& path, json::Type type) const {
    if (value.type() != type) {
      Fail(value,
           (path.empty() ? std::string("a device") : path) + " must be " + json::TypeName(type));
    }
  }

  std::string String(const Value& value, const std::string& path) const {
    RequireType(value, path, json::Type::kString);
    return value.as_string();
  }

  bool Bool(const Value& value, const std::string& path) const {
    RequireType(value, path, json::Type::kBool);
    return value.as_bool();
  }

  double Number(const Value& value, const std::string& path) const {
    RequireType(value, path, json::Type::kNumber);
    if (!std::isfinite(value.as_number())) {
      Fail(value, path + " must be a finite number");
    }
    return value.as_number();
  }

  std::string Got(double x) const { return "; got " + json::FormatNumber(x); }

  uint64_t Integer(const Value& value, const std::string& path, uint64_t min, uint64_t max) const {
    const double x = Number(value, path);
    if (x != std::floor(x)) {
      Fail(value, path + " must be a whole number" + Got(x));
    }
    if (x < static_cast<double>(min)) {
      Fail(value,
           path + (min == 1 ? std::string(" must be > 0") : " must be >= " + std::to_string(min)) +
               Got(x));
    }
    if (x > static_cast<double>(max)) {
      Fail(value, path + " must be at most " + std::to_string(max) + Got(x));
    }
    return static_cast<uint64_t>(x);
  }

  double Positive(const Value& value, const std::string& path) const {
    const double x = Number(value, path);
    if (x <= 0) Fail(value, path + " must be > 0" + Got(x));
    return x;
  }

  double NonNegative(const Value& value, const std::string& path) const {
    const double x = Number(value, path);
    if (x < 0) Fail(value, path + " must be >= 0" + Got(x));
    return x;
  }

  // A fraction of a plane's blocks: 1 would mean "keep every block free".
  double Threshold(const Value& value, const std::string& path) const {
    const double x = Number(value, path);
    if (x < 0 || x >= 1) Fail(value, path + " must be in [0, 1)" + Got(x));
    return x;
  }

  // Microseconds in the JSON (possibly fractional, e.g. 130.9) to integer
  // nanoseconds, rounded to nearest.
  uint64_t Nanos(const Value& value, const std::string& path, bool allow_zero) const {
    const double micros = Number(value, path);
    if (micros < 0 || (!allow_zero && micros == 0)) {
      Fail(value, path + (allow_zero ? " must be >= 0" : " must be > 0") + " (microseconds)" +
                      Got(micros));
    }
    if (micros > kMaxMicros) {
      Fail(value, path + " must be at most 1000000000000 microseconds" + Got(micros));
    }
    const double nanos = std::round(micros * 1000.0);
    if (!allow_zero && nanos < 1) {
      Fail(value, path + " must be at least 0.001 microseconds (1 ns)" + Got(micros));
    }
    return static_cast<uint64_t>(nanos);
  }

  template <typename Names>
  std::string Name(const Value& value, const std::string& path, const Names& allowed) const {
    const std::string name = String(value, path);
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      const std::string suggestion = ClosestName(name, allowed);
      Fail(value, "unknown " + path + " " + Quoted(name) +
                      (suggestion.empty() ? "" : " (did you mean " + Quoted(suggestion) + "?)") +
                      "; allowed: " + JoinNames(allowed));
    }
    return name;
  }

  // The value at a dotted key path of the tree, or nullptr.
  static const Value* FindPath(const Value& root, std::string_view path) {
    const Value* node = &root;
    while (node != nullptr && !path.empty()) {
      const size_t dot = path.find('.');
      node = node->is_object() ? node->Find(path.substr(0, dot)) : nullptr;
      path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
    }
    return node;
  }

  // The zns relations, reported at the line of the first key involved that
  // the file gives (else the zns object).
  void CheckZns(const Value& root) const {
    std::optional<ZnsProblem> problem = FindZnsProblem(config_);
    if (!problem) problem = FindClassicProblem(config_);
    if (!problem) return;
    for (const std::string& key : problem->keys) {
      if (const Value* at = FindPath(root, key)) Fail(*at, problem->problem);
    }
    Fail(root, problem->problem);
  }

  std::vector<Field> GeometryFields();
  std::vector<Field> TimingFields();
  std::vector<Field> EnduranceFields();
  std::vector<Field> GcFields();
  std::vector<Field> SuspendFields();
  std::vector<Field> ReadDisturbFields();
  std::vector<Field> PreconditionFields();
  std::vector<Field> SlcCacheFields();
  std::vector<Field> ZnsFields();
  std::vector<Field> FtlFields();
  std::vector<Field> CacheFields();

  DeviceConfig& config_;
  const std::string& file_;
  bool tree_from_text_;
};

void DeviceReader::ReadRoot(const Value& root) {
  DeviceConfig& c = config_;
  ReadObject(
      root, "",
      {
          // Editors put a schema reference in JSON data files; it is not a
          // device setting, so it is accepted and ignored.
          {"$schema", [this](auto& v, auto& p) { String(v, p); }},
          {"name", [&](auto& v, auto& p) { c.name = String(v, p); }},
          {"source", [&](auto& v, auto& p) { c.source = String(v, p); }},
          {"description", [&](auto& v, auto& p) { c.description = String(v, p); }},
          {"seed", [&](auto& v, auto& p) { c.seed = Integer(v, p, 0, kMaxExactInteger); }},
          {"cell",
           [&](auto& v, auto& p) {
             const std::string name = Name(v, p, kCellModeNames);
             const auto at = std::find(kCellModeNames.begin(), kCellModeNames.end(), name);
             c.cell = static_cast<CellMode>(at - kCellModeNames.begin() + 1);
           }},
          {"geometry", [&](auto& v, auto& p) { ReadObject(v, p, GeometryFields()); }},
          {"timing_us", [&](auto& v, auto& p) { ReadObject(v, p, TimingFields()); }},
          {"endurance_pe", [&](auto& v, auto& p) { ReadObject(v, p, EnduranceFields()); }},
          {"channel_mbps", [&](auto& v, auto& p) { c.channel_mbps = Positive(v, p); }},
          {"host_mbps", [&](auto& v, auto& p) { c.host_mbps = Positive(v, p); }},
          {"overprovision",
           [&](auto& v, auto& p) {
             c.overprovision = Number(v, p);
             if (c.overprovision <= 0) {
               Fail(v, "overprovision must be > 0 (physical/logical - 1)" + Got(c.overprovision));
             }
           }},
          {"write_buffer_bytes",
           [&](auto& v, auto& p) { c.write_buffer_bytes = Integer(v, p, 0, kMaxExactInteger); }},
          {"write_buffer_idle_flush_us",
           [&](auto& v, auto& p) {
             c.write_buffer_idle_flush_ns = Nanos(v, p, /*allow_zero=*/true);
           }},
          {"trim_us", [&](auto& v, auto& p) { c.trim_ns = Nanos(v, p, /*allow_zero=*/true); }},
          {"power_loss_protection",
           [&](auto& v, auto& p) { c.power_loss_protection = Bool(v, p); }},
          {"mapping_unit_bytes",
           [&](auto& v, auto& p) {
             c.mapping_unit_bytes = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
           }},
          {"scheduler", [&](auto& v, auto& p) { c.scheduler = Name(v, p, kSchedulerNames); }},
          {"gc", [&](auto& v, auto& p) { ReadObject(v, p, GcFields()); }},
          {"wear_leveling",
           [&](auto& v, auto& p) {
             ReadObject(
                 v, p,
                 {{"dynamic", [&](auto& v2, auto& p2) { c.wear_leveling.dynamic = Bool(v2, p2); }},
                  {"static_enabled",
                   [&](auto& v2, auto& p2) { c.wear_leveling.static_enabled = Bool(v2, p2); }},
                  {"static_threshold", [&](auto& v2, auto& p2) {
                     c.wear_leveling.static_threshold =
                         static_cast<uint32_t>(Integer(v2, p2, 1, kMaxU32));
                   }}});
           }},
          {"suspend", [&](auto& v, auto& p) { ReadObject(v, p, SuspendFields()); }},
          {"read_disturb", [&](auto& v, auto& p) { ReadObject(v, p, ReadDisturbFields()); }},
          {"precondition", [&](auto& v, auto& p) { ReadObject(v, p, PreconditionFields()); }},
          {"slc_cache",
           [&](auto& v, auto& p) {
             // null: no SLC cache; an object (even {}) turns it on.
             c.slc_cache = SlcCacheConfig{};
             if (v.is_null()) return;
             c.slc_cache.enabled = true;
             ReadObject(v, p, SlcCacheFields());
           }},
          {"zns",
           [&](auto& v, auto& p) {
             // null: a conventional drive; an object (even {}) a zoned one.
             c.zns = ZnsConfig{};
             if (v.is_null()) return;
             c.zns.enabled = true;
             ReadObject(v, p, ZnsFields());
           }},
          {"ftl", [&](auto& v, auto& p) { ReadObject(v, p, FtlFields()); }},
          {"cache", [&](auto& v, auto& p) { ReadObject(v, p, CacheFields()); }},
      });
  CheckZns(root);
}

std::vector<DeviceReader::Field> DeviceReader::FtlFields() {
  FtlConfig& f = config_.ftl;
  return {
      {"mapping", [&](auto& v, auto& p) { f.mapping = Name(v, p, mapping::kMappingSchemeNames); }},
      {"cmt_entries",
       [&](auto& v, auto& p) { f.cmt_entries = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32)); }},
      {"log_blocks",
       [&](auto& v, auto& p) { f.log_blocks = static_cast<uint32_t>(Integer(v, p, 0, kMaxU32)); }},
  };
}

std::vector<DeviceReader::Field> DeviceReader::CacheFields() {
  cache::WriteCacheConfig& c = config_.cache;
  return {
      {"policy", [&](auto& v, auto& p) { c.policy = Name(v, p, cache::kWriteCacheNames); }},
      {"bytes", [&](auto& v, auto& p) { c.bytes = Integer(v, p, 0, kMaxExactInteger); }},
      {"block_space_blocks",
       [&](auto& v, auto& p) {
         c.block_space_blocks = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
       }},
      {"page_space_pages",
       [&](auto& v, auto& p) {
         c.page_space_pages = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
       }},
      {"cflru_window_pages",
       [&](auto& v, auto& p) { c.cflru_window_pages = Integer(v, p, 0, kMaxExactInteger); }},
  };
}

std::vector<DeviceReader::Field> DeviceReader::SuspendFields() {
  SuspendConfig& s = config_.suspend;
  return {
      {"program", [&](auto& v, auto& p) { s.program = Bool(v, p); }},
      {"erase", [&](auto& v, auto& p) { s.erase = Bool(v, p); }},
      {"suspend_us", [&](auto& v, auto& p) { s.suspend_ns = Nanos(v, p, /*allow_zero=*/true); }},
      {"resume_us", [&](auto& v, auto& p) { s.resume_ns = Nanos(v, p, /*allow_zero=*/true); }},
      {"max_per_op",
       [&](auto& v, auto& p) { s.max_per_op = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32)); }},
  };
}

std::vector<DeviceReader::Field> DeviceReader::ReadDisturbFields() {
  ReadDisturbConfig& r = config_.read_disturb;
  std::vector<Field> modes;
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    uint32_t& target = r.threshold_reads[bits];
    modes.push_back(Field{kCellModeNames[bits - 1], [this, &target](auto& v, auto& p) {
                            target = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
                          }});
  }
  return {
      {"enabled", [&](auto& v, auto& p) { r.enabled = Bool(v, p); }},
      {"threshold_reads", [this, modes](auto& v, auto& p) { ReadObject(v, p, modes); }},
  };
}

std::vector<DeviceReader::Field> DeviceReader::GeometryFields() {
  Geometry& g = config_.geometry;
  const auto field = [this](std::string_view key, uint32_t& target) {
    return Field{key, [this, &target](const Value& v, const std::string& p) {
                   target = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
                 }};
  };
  return {field("channels", g.channels),
          field("dies_per_channel", g.dies_per_channel),
          field("planes_per_die", g.planes_per_die),
          field("blocks_per_plane", g.blocks_per_plane),
          field("pages_per_block", g.pages_per_block),
          field("page_bytes", g.page_bytes)};
}

// timing_us may give only some modes, and per mode only some of read,
// program and erase; the rest keep their defaults.
std::vector<DeviceReader::Field> DeviceReader::TimingFields() {
  std::vector<Field> modes;
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    ModeTiming& timing = config_.timing[bits];
    const auto time = [this](std::string_view key, uint64_t& target) {
      return Field{key, [this, &target](const Value& v, const std::string& p) {
                     target = Nanos(v, p, /*allow_zero=*/false);
                   }};
    };
    modes.push_back(Field{
        kCellModeNames[bits - 1], [this, time, &timing](const Value& v, const std::string& p) {
          ReadObject(v, p,
                     {time("read", timing.read_ns), time("program", timing.program_ns),
                      time("erase", timing.erase_ns)});
        }});
  }
  return modes;
}

std::vector<DeviceReader::Field> DeviceReader::EnduranceFields() {
  std::vector<Field> modes;
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    uint32_t& target = config_.endurance_pe[bits];
    modes.push_back(
        Field{kCellModeNames[bits - 1], [this, &target](const Value& v, const std::string& p) {
                target = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
              }});
  }
  return modes;
}

std::vector<DeviceReader::Field> DeviceReader::PreconditionFields() {
  PreconditionConfig& pre = config_.precondition;
  return {
      {"fill",
       [this, &pre](auto& v, auto& p) {
         pre.fill = Number(v, p);
         if (pre.fill < 0 || pre.fill > 1) {
           Fail(v, p + " must be in [0, 1] (a fraction of the logical capacity)" + Got(pre.fill));
         }
       }},
      {"random_writes", [this, &pre](auto& v, auto& p) { pre.random_writes = NonNegative(v, p); }},
  };
}

std::vector<DeviceReader::Field> DeviceReader::GcFields() {
  GcConfig& gc = config_.gc;
  return {
      {"victim", [this, &gc](auto& v, auto& p) { gc.victim = Name(v, p, kVictimPolicyNames); }},
      {"free_block_threshold",
       [this, &gc](auto& v, auto& p) { gc.free_block_threshold = Threshold(v, p); }},
      {"background", [this, &gc](auto& v, auto& p) { gc.background = Bool(v, p); }},
      {"background_free_block_threshold",
       [this, &gc](auto& v, auto& p) { gc.background_free_block_threshold = Threshold(v, p); }},
      {"idle_us", [this, &gc](auto& v, auto& p) { gc.idle_ns = Nanos(v, p, /*allow_zero=*/true); }},
      {"d_choices",
       [this, &gc](auto& v, auto& p) {
         gc.d_choices = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
       }},
  };
}

std::vector<DeviceReader::Field> DeviceReader::SlcCacheFields() {
  SlcCacheConfig& slc = config_.slc_cache;
  const auto bytes = [this](std::string_view key, uint64_t& target) {
    return Field{key, [this, &target](const Value& v, const std::string& p) {
                   target = Integer(v, p, 0, kMaxExactInteger);
                 }};
  };
  const auto fill = [this](std::string_view key, double& target) {
    return Field{
        key, [this, &target](const Value& v, const std::string& p) {
          target = Number(v, p);
          if (target < 0 || target > 1) {
            Fail(v, p + " must be in [0, 1] (a fraction of the logical capacity)" + Got(target));
          }
        }};
  };
  const auto millis = [this](std::string_view key, uint64_t& target) {
    return Field{key, [this, &target](const Value& v, const std::string& p) {
                   const double ms = NonNegative(v, p);
                   if (ms > 1e9) Fail(v, p + " must be at most 1000000000 ms" + Got(ms));
                   target = static_cast<uint64_t>(std::round(ms * 1e6));
                 }};
  };
  return {
      bytes("static_bytes", slc.static_bytes),
      bytes("dynamic_max_bytes", slc.dynamic_max_bytes),
      fill("dynamic_shrink_start", slc.dynamic_shrink_start),
      fill("dynamic_shrink_end", slc.dynamic_shrink_end),
      bytes("persistent_bytes", slc.persistent_bytes),
      millis("idle_flush_ms", slc.idle_flush_ns),
      {"when_full",
       [this, &slc](auto& v, auto& p) { slc.when_full = Name(v, p, kSlcWhenFullNames); }},
      {"placement",
       [this, &slc](auto& v, auto& p) { slc.placement = Name(v, p, kSlcPlacementNames); }},
      bytes("size_split_bytes", slc.size_split_bytes),
      millis("hyflex_horizon_ms", slc.hyflex_horizon_ns),
      {"read_promotion", [this, &slc](auto& v, auto& p) { slc.read_promotion = Bool(v, p); }},
      {"promotion_reads",
       [this, &slc](auto& v, auto& p) {
         slc.promotion_reads = static_cast<uint32_t>(Integer(v, p, 1, kMaxU32));
       }},
      bytes("promotion_lru_bytes", slc.promotion_lru_bytes),
      bytes("pin_small_bytes", slc.pin_small_bytes),
  };
}

std::vector<DeviceReader::Field> DeviceReader::ZnsFields() {
  ZnsConfig& zns = config_.zns;
  const auto bytes = [this](std::string_view key, uint64_t& target) {
    return Field{key, [this, &target](const Value& v, const std::string& p) {
                   target = Integer(v, p, 0, kMaxExactInteger);
                 }};
  };
  const auto limit = [this](std::string_view key, uint32_t& target) {
    return Field{key, [this, &target](const Value& v, const std::string& p) {
                   target = static_cast<uint32_t>(Integer(v, p, 0, kMaxU32));
                 }};
  };
  return {
      bytes("zone_bytes", zns.zone_bytes),
      bytes("zone_capacity_bytes", zns.zone_capacity_bytes),
      limit("max_open", zns.max_open),
      limit("max_active", zns.max_active),
      {"placement",
       [this, &zns](auto& v, auto& p) { zns.placement = Name(v, p, zns::kPlacementNames); }},
      {"gc_victim",
       [this, &zns](auto& v, auto& p) { zns.gc_victim = Name(v, p, zns::kZoneVictimNames); }},
      {"gc_threshold",
       [this, &zns](auto& v, auto& p) {
         zns.gc_threshold = Number(v, p);
         if (!(zns.gc_threshold > 0 && zns.gc_threshold < 1)) {
           Fail(v, p + " must be in (0, 1) (a garbage proportion)" + Got(zns.gc_threshold));
         }
       }},
      // The host FTL keeps a zone's class in a byte.
      {"classes",
       [this, &zns](auto& v, auto& p) {
         zns.classes = static_cast<uint32_t>(Integer(v, p, 1, 255));
       }},
  };
}

[[noreturn]] void Invalid(const DeviceConfig& config, const std::string& problem) {
  throw InputError(config.file, 0, problem);
}

// a * b, or nullopt-like false when it overflows uint64.
bool MultiplyChecked(uint64_t a, uint64_t b, uint64_t& product) {
  if (a != 0 && b > std::numeric_limits<uint64_t>::max() / a) return false;
  product = a * b;
  return true;
}

uint64_t UnitsPerBlock(const DeviceConfig& config) {
  const Geometry& g = config.geometry;
  return uint64_t{g.pages_per_block} * g.page_bytes / config.mapping_unit_bytes;
}

uint64_t PlaneCount(const Geometry& g) {
  return uint64_t{g.channels} * g.dies_per_channel * g.planes_per_die;
}

// Free blocks GC keeps per plane: ceil(threshold * blocks), at least 2. The
// small epsilon keeps 0.07 * 100 (7.000000000000001 in binary) at 7.
uint64_t FreeBlockReserve(double threshold, uint64_t blocks_per_plane) {
  const double blocks = threshold * static_cast<double>(blocks_per_plane);
  return std::max<uint64_t>(2, static_cast<uint64_t>(std::ceil(blocks - 1e-9)));
}

std::string Percent(double fraction) { return json::FormatNumber(fraction * 100) + "%"; }

// The GC needs its reserve of free blocks plus the open host block to come
// out of spare (over-provisioned) space; otherwise it can never restore the
// reserve once the logical space is full.
void ValidateGcReserve(const DeviceConfig& config) {
  const Geometry& g = config.geometry;
  const double threshold = config.gc.free_block_threshold;
  const uint64_t reserve = FreeBlockReserve(threshold, g.blocks_per_plane);
  const bool slc = config.slc_cache.enabled;
  const uint64_t open_blocks = kOpenBlocksPerPlane + (slc ? 1 : 0);
  const uint64_t static_slc = StaticSlcBlocksPerPlane(config);
  const uint64_t needed = reserve + open_blocks;  // spare must exceed
  const std::string why =
      "GC keeps " + std::to_string(reserve) + " free blocks (" + Percent(threshold) + " of " +
      std::to_string(g.blocks_per_plane) + ", rounded up, at least 2) plus " +
      std::to_string(open_blocks) + " open blocks per plane (host and GC frontiers" +
      (slc ? ", and the SLC migration destination" : "") + ")" +
      (static_slc > 0 ? ", and the SLC cache takes " + std::to_string(static_slc) +
                            " static pSLC blocks per plane"
                      : "");
  if (g.blocks_per_plane <= needed + static_slc) {
    uint64_t minimum = g.blocks_per_plane + 1;
    while (minimum <= FreeBlockReserve(threshold, minimum) + open_blocks + static_slc) ++minimum;
    Invalid(config, "the GC reserve of " + Percent(threshold) + " of " +
                        std::to_string(g.blocks_per_plane) +
                        " blocks per plane leaves no room; need at least " +
                        std::to_string(minimum) + " blocks per plane: " + why);
  }
  const double plane_units =
      static_cast<double>(PlaneCount(g)) * static_cast<double>(UnitsPerBlock(config));
  const auto spare_blocks = [&](const DeviceConfig& c) {
    return static_cast<double>(g.blocks_per_plane - static_slc) -
           static_cast<double>(LogicalUnits(c)) / plane_units;
  };
  const double spare = spare_blocks(config);
  if (spare > static_cast<double>(needed)) return;
  // 1 + op > blocks / (blocks - needed); suggest the next 0.001 that works.
  const double blocks = static_cast<double>(g.blocks_per_plane);
  const double native = blocks - static_cast<double>(static_slc);
  const double minimum_op = static_cast<double>(needed) / (native - static_cast<double>(needed));
  DeviceConfig trial = config;
  trial.overprovision = std::ceil(minimum_op * 1000) / 1000;
  for (int i = 0; i < 1000 && spare_blocks(trial) <= static_cast<double>(needed); ++i) {
    trial.overprovision += 0.001;
  }
  char spare_text[32];
  std::snprintf(spare_text, sizeof spare_text, "%.2f", spare);
  Invalid(config, "overprovision " + json::FormatNumber(config.overprovision) + " leaves " +
                      spare_text + " spare blocks per plane, but GC needs more than " +
                      std::to_string(needed) + ": " + why +
                      "; use overprovision >= " + json::FormatNumber(trial.overprovision));
}

// The SLC cache must leave native blocks to hold the logical capacity, and
// its policy names must be ones the controller knows.
void ValidateSlcCache(const DeviceConfig& config) {
  const SlcCacheConfig& slc = config.slc_cache;
  if (!slc.enabled) return;
  const Geometry& g = config.geometry;
  const uint64_t block_bytes =
      uint64_t{g.pages_per_block} / BitsPerCell(config.cell) * g.page_bytes * PlaneCount(g);
  if (slc.static_bytes > 0 && StaticSlcBlocksPerPlane(config) * 2 > g.blocks_per_plane) {
    Invalid(config, "slc_cache.static_bytes " + std::to_string(slc.static_bytes) + " needs " +
                        std::to_string((slc.static_bytes + block_bytes - 1) / block_bytes) +
                        " pSLC blocks per plane, more than half of the " +
                        std::to_string(g.blocks_per_plane) + " blocks per plane");
  }
  if (config.cell == CellMode::kSlc) {
    Invalid(config,
            "slc_cache needs a multi-bit cell (mlc, tlc or qlc): an slc drive has no "
            "pSLC mode to cache in");
  }
  if (slc.persistent_bytes > slc.static_bytes + slc.dynamic_max_bytes) {
    Invalid(config, "slc_cache.persistent_bytes (" + std::to_string(slc.persistent_bytes) +
                        ") must not exceed the cache (static_bytes + dynamic_max_bytes = " +
                        std::to_string(slc.static_bytes + slc.dynamic_max_bytes) + ")");
  }
  const auto known = [](const auto& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  if (!known(kSlcWhenFullNames, slc.when_full)) {
    Invalid(config, "unknown slc_cache.when_full " + Quoted(slc.when_full) +
                        "; allowed: " + JoinNames(kSlcWhenFullNames));
  }
  if (!known(kSlcPlacementNames, slc.placement)) {
    Invalid(config, "unknown slc_cache.placement " + Quoted(slc.placement) +
                        "; allowed: " + JoinNames(kSlcPlacementNames));
  }
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Names of presets_dir/*.json, sorted; empty when the directory is missing.
std::vector<std::string> ListPresets(const std::string& presets_dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code error;
  fs::directory_iterator it(presets_dir.empty() ? "." : presets_dir, error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    const std::string file_name = it->path().filename().string();
    if (EndsWith(file_name, ".json") && it->is_regular_file(error)) {
      names.push_back(file_name.substr(0, file_name.size() - 5));
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string PresetPath(const std::string& presets_dir, const std::string& name) {
  return presets_dir.empty() ? name + ".json" : presets_dir + "/" + name + ".json";
}

std::string ResolvePreset(const std::string& spec, const std::string& presets_dir) {
  const std::string name = spec.substr(kPresetPrefix.size());
  const std::vector<std::string> available = ListPresets(presets_dir);
  const bool plain_name =
      !name.empty() && name[0] != '.' && name.find_first_of("/\\") == std::string::npos;
  if (plain_name && std::find(available.begin(), available.end(), name) != available.end()) {
    return PresetPath(presets_dir, name);
  }
  if (available.empty()) {
    throw InputError(
        spec, 0, "unknown preset " + Quoted(name) + "; no presets found in " + Quoted(presets_dir));
  }
  const std::string suggestion = ClosestName(name, available);
  throw InputError(spec, 0,
                   "unknown preset " + Quoted(name) +
                       (suggestion.empty() ? "" : " (did you mean " + Quoted(suggestion) + "?)") +
                       "; available presets: " + JoinNames(available));
}

std::string ReadDeviceFile(const std::string& path, const std::string& spec,
                           const std::string& presets_dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::exists(path, error)) {
    // "--device qlc" for "--device preset:qlc" is an easy slip.
    const auto presets = ListPresets(presets_dir);
    const bool is_preset = std::find(presets.begin(), presets.end(), spec) != presets.end();
    throw InputError(path, 0,
                     "no such device file" +
                         (is_preset ? "; did you mean \"preset:" + spec + "\"?" : std::string()));
  }
  if (fs::is_directory(path, error)) {
    throw InputError(path, 0, "is a directory, not a device file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError(path, 0, std::string("cannot open the device file: ") + std::strerror(errno));
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError(path, 0, "error while reading the device file");
  return text;
}

// Values from --set have no line in the file; clearing the one ParseLoose
// gave them (line 1 of the --set text) keeps errors from pointing at a wrong
// line of the device file.
void ClearPositions(Value& value) {
  value.set_position(0, 0);
  for (Value& item : value.items()) ClearPositions(item);
  if (value.is_object()) {
    std::vector<std::string> keys;
    for (const auto& member : value.members()) keys.push_back(member.first);
    for (const std::string& key : keys) ClearPositions(*value.Find(key));
  }
}

}  // namespace

const char* CellModeName(CellMode mode) {
  const uint32_t bits = BitsPerCell(mode);
  return bits >= 1 && bits <= 4 ? kCellModeNames[bits - 1].data() : "unknown";
}

DeviceConfig::DeviceConfig() {
  timing[BitsPerCell(CellMode::kSlc)] = {30'000, 200'000, 3'500'000};
  timing[BitsPerCell(CellMode::kMlc)] = {50'000, 900'000, 4'000'000};
  timing[BitsPerCell(CellMode::kTlc)] = {60'000, 1'800'000, 5'000'000};
  timing[BitsPerCell(CellMode::kQlc)] = {120'000, 3'000'000, 10'000'000};
  endurance_pe[BitsPerCell(CellMode::kSlc)] = 30000;
  endurance_pe[BitsPerCell(CellMode::kMlc)] = 3000;
  endurance_pe[BitsPerCell(CellMode::kTlc)] = 3000;
  endurance_pe[BitsPerCell(CellMode::kQlc)] = 1000;
}

uint32_t StaticSlcBlocksPerPlane(const DeviceConfig& config) {
  const SlcCacheConfig& slc = config.slc_cache;
  const Geometry& g = config.geometry;
  const uint64_t block_bytes =
      uint64_t{g.pages_per_block} / BitsPerCell(config.cell) * g.page_bytes * PlaneCount(g);
  if (!slc.enabled || slc.static_bytes == 0 || block_bytes == 0) return 0;
  const uint64_t blocks = (slc.static_bytes + block_bytes - 1) / block_bytes;
  return static_cast<uint32_t>(std::min<uint64_t>(blocks, g.blocks_per_plane));
}

uint64_t LogicalUnits(const DeviceConfig& config) {
  if (config.mapping_unit_bytes == 0 || !(config.overprovision > -1)) return 0;
  const Geometry& g = config.geometry;
  const uint64_t native_blocks = g.blocks_per_plane - StaticSlcBlocksPerPlane(config);
  const uint64_t physical_units = PlaneCount(g) * native_blocks * UnitsPerBlock(config);
  return static_cast<uint64_t>(
      std::floor(static_cast<double>(physical_units) / (1.0 + config.overprovision)));
}

uint64_t NativeBlockBytes(const DeviceConfig& config) {
  return uint64_t{config.geometry.page_bytes} * config.geometry.pages_per_block;
}

uint64_t ZnsZoneBytes(const DeviceConfig& config) {
  if (config.zns.zone_bytes != 0) return config.zns.zone_bytes;
  const Geometry& g = config.geometry;
  return NativeBlockBytes(config) * g.channels * g.dies_per_channel;
}

uint64_t ZnsZoneCapacityBytes(const DeviceConfig& config) {
  return config.zns.zone_capacity_bytes != 0 ? config.zns.zone_capacity_bytes
                                             : ZnsZoneBytes(config);
}

uint32_t ZnsZoneCount(const DeviceConfig& config) {
  const uint64_t block_bytes = NativeBlockBytes(config);
  if (block_bytes == 0 || ZnsZoneBytes(config) == 0) return 0;
  const uint64_t blocks_per_zone = ZnsZoneBytes(config) / block_bytes;
  const uint64_t blocks = PlaneCount(config.geometry) * config.geometry.blocks_per_plane;
  return static_cast<uint32_t>(blocks / blocks_per_zone);
}

uint64_t ZnsHostLogicalBlocks(const DeviceConfig& config) {
  if (!(config.overprovision > -1)) return 0;
  const uint64_t blocks = uint64_t{ZnsZoneCount(config)} * (ZnsZoneCapacityBytes(config) / 4096);
  return static_cast<uint64_t>(
      std::floor(static_cast<double>(blocks) / (1.0 + config.overprovision)));
}

DeviceConfig ParseDevice(const json::Value& root, const std::string& file) {
  DeviceConfig config;
  config.file = file;
  DeviceReader(config, file, root.line() > 0).ReadRoot(root);
  Validate(config);
  return config;
}

void Validate(const DeviceConfig& config) {
  const Geometry& g = config.geometry;
  const uint32_t bits = BitsPerCell(config.cell);
  if (bits < 1 || bits > 4) {
    Invalid(config, "cell must be one of " + JoinNames(kCellModeNames));
  }
  const std::pair<const char*, uint32_t> positive[] = {
      {"geometry.channels", g.channels},
      {"geometry.dies_per_channel", g.dies_per_channel},
      {"geometry.planes_per_die", g.planes_per_die},
      {"geometry.blocks_per_plane", g.blocks_per_plane},
      {"geometry.pages_per_block", g.pages_per_block},
      {"geometry.page_bytes", g.page_bytes},
      {"mapping_unit_bytes", config.mapping_unit_bytes},
      {"gc.d_choices", config.gc.d_choices}};
  for (const auto& [name, value] : positive) {
    if (value == 0) Invalid(config, std::string(name) + " must be > 0");
  }
  if (g.page_bytes % config.mapping_unit_bytes != 0) {
    Invalid(config, "page_bytes (" + std::to_string(g.page_bytes) +
                        ") must be a multiple of mapping_unit_bytes (" +
                        std::to_string(config.mapping_unit_bytes) + ")");
  }
  if (g.pages_per_block % bits != 0) {
    Invalid(config, "pages_per_block (" + std::to_string(g.pages_per_block) +
                        ") must be a multiple of " + std::to_string(bits) + " bits per cell for " +
                        CellModeName(config.cell) + " (a wordline holds " + std::to_string(bits) +
                        " pages, programmed together)");
  }
  if (!(config.overprovision > 0) || !std::isfinite(config.overprovision)) {
    Invalid(config, "overprovision must be > 0 (physical/logical - 1); got " +
                        json::FormatNumber(config.overprovision));
  }
  for (uint32_t mode_bits = 1; mode_bits <= 4; ++mode_bits) {
    const ModeTiming& t = config.timing[mode_bits];
    const std::string mode = kCellModeNames[mode_bits - 1].data();
    if (t.read_ns == 0 || t.program_ns == 0 || t.erase_ns == 0) {
      Invalid(config, "timing_us." + mode + " read, program and erase must be > 0");
    }
    if (config.endurance_pe[mode_bits] == 0) {
      Invalid(config, "endurance_pe." + mode + " must be > 0");
    }
  }
  for (const auto& [name, mbps] :
       {std::pair{"channel_mbps", config.channel_mbps}, std::pair{"host_mbps", config.host_mbps}}) {
    if (!(mbps > 0) || !std::isfinite(mbps)) {
      Invalid(config, std::string(name) + " must be > 0; got " + json::FormatNumber(mbps));
    }
  }
  const double foreground = config.gc.free_block_threshold;
  const double background = config.gc.background_free_block_threshold;
  for (const auto& [name, threshold] :
       {std::pair{"gc.free_block_threshold", foreground},
        std::pair{"gc.background_free_block_threshold", background}}) {
    if (!(threshold >= 0 && threshold < 1)) {
      Invalid(config,
              std::string(name) + " must be in [0, 1); got " + json::FormatNumber(threshold));
    }
  }
  if (background < foreground) {
    Invalid(config, "gc.background_free_block_threshold (" + json::FormatNumber(background) +
                        ") must be >= gc.free_block_threshold (" + json::FormatNumber(foreground) +
                        "): background GC must start before the drive runs "
                        "short enough to stall the host");
  }
  if (std::find(kVictimPolicyNames.begin(), kVictimPolicyNames.end(), config.gc.victim) ==
      kVictimPolicyNames.end()) {
    Invalid(config, "unknown gc.victim " + Quoted(config.gc.victim) +
                        "; allowed: " + JoinNames(kVictimPolicyNames));
  }
  if (std::find(kSchedulerNames.begin(), kSchedulerNames.end(), config.scheduler) ==
      kSchedulerNames.end()) {
    Invalid(config, "unknown scheduler " + Quoted(config.scheduler) +
                        "; allowed: " + JoinNames(kSchedulerNames));
  }
  const PreconditionConfig& pre = config.precondition;
  if (!(pre.fill >= 0 && pre.fill <= 1)) {
    Invalid(config, "precondition.fill must be in [0, 1]; got " + json::FormatNumber(pre.fill));
  }
  if (!(pre.random_writes >= 0) || !std::isfinite(pre.random_writes)) {
    Invalid(config, "precondition.random_writes must be >= 0; got " +
                        json::FormatNumber(pre.random_writes));
  }

  // Mapping units are addressed with 32 bits.
  uint64_t blocks = 0;
  uint64_t units = 0;
  const bool fits = MultiplyChecked(PlaneCount(g), g.blocks_per_plane, blocks) &&
                    MultiplyChecked(blocks, UnitsPerBlock(config), units);
  if (!fits || units > kMaxU32) {
    Invalid(config,
            "device has " +
                (fits ? std::to_string(units)
                      : "more than " + std::to_string(std::numeric_limits<uint64_t>::max())) +
                " mapping units; at most " + std::to_string(kMaxU32) + " are supported");
  }
  if (const std::optional<ZnsProblem> problem = FindZnsProblem(config)) {
    Invalid(config, problem->problem);
  }
  if (const std::optional<ZnsProblem> problem = FindClassicProblem(config)) {
    Invalid(config, problem->problem);
  }
  ValidateSlcCache(config);
  if (LogicalUnits(config) == 0) {
    Invalid(config, "device has no logical capacity (" + std::to_string(units) +
                        " physical mapping units)");
  }
  // A zoned drive has no device-side GC: its spare space is the host FTL's,
  // which checks its own room (ZnsHostFtl::MaxLogicalBlocks).
  if (!config.zns.enabled) ValidateGcReserve(config);
}

void ApplyOverride(json::Value& root, std::string_view assignment) {
  const auto fail = [&](const std::string& problem) { throw InputError("--set", 0, problem); };
  const size_t equals = assignment.find('=');
  if (equals == std::string_view::npos) {
    fail("expected KEY=VALUE, got " + Quoted(assignment));
  }
  const std::string_view key = assignment.substr(0, equals);
  const std::string_view text = assignment.substr(equals + 1);
  if (key.empty()) fail("missing key before '=' in " + Quoted(assignment));
  if (!root.is_object()) {
    fail("cannot apply " + Quoted(assignment) + ": the device is " + json::TypeName(root.type()) +
         ", not an object");
  }
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    const size_t dot = key.find('.', start);
    parts.push_back(key.substr(start, dot - start));
    if (parts.back().empty()) fail("empty key component in " + Quoted(key));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  Value* node = &root;
  std::string path;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    path += (i == 0 ? "" : ".") + std::string(parts[i]);
    Value* child = node->Find(parts[i]);
    // null stands for "absent" (e.g. "slc_cache": null), so it may grow keys.
    if (child == nullptr || child->is_null()) {
      child = &node->Set(parts[i], Value::Object());
    } else if (!child->is_object()) {
      fail("cannot set " + std::string(key) + ": " + path + " is " + json::TypeName(child->type()) +
           ", not an object");
    }
    node = child;
  }
  Value value = json::ParseLoose(text);
  ClearPositions(value);
  node->Set(parts.back(), std::move(value));
}

DeviceConfig ParseDeviceText(std::string_view text, const std::string& file,
                             const std::vector<std::string>& overrides) {
  Value root = json::Parse(text, file);
  if (!root.is_object()) {
    throw InputError(
        file, root.line(),
        std::string("a device file must hold a JSON object; got ") + json::TypeName(root.type()));
  }
  for (const std::string& assignment : overrides) ApplyOverride(root, assignment);
  DeviceConfig config = ParseDevice(root, file);
  config.file = file;
  return config;
}

DeviceConfig LoadDevice(const std::string& spec, const std::string& presets_dir,
                        const std::vector<std::string>& overrides) {
  const bool is_preset = spec.compare(0, kPresetPrefix.size(), kPresetPrefix) == 0;
  const std::string path = is_preset ? ResolvePreset(spec, presets_dir) : spec;
  // Errors name the file the user can open (the preset's path); the config
  // remembers how it was asked for.
  DeviceConfig config = ParseDeviceText(ReadDeviceFile(path, spec, presets_dir), path, overrides);
  config.file = spec;
  return config;
}

void WriteDevice(json::Writer& out, const DeviceConfig& config) {
  const auto micros = [](uint64_t nanos) { return static_cast<double>(nanos) / 1000.0; };
  const Geometry& g = config.geometry;
  out.BeginObject()
      .FieldString("name", config.name)
      .FieldString("source", config.source)
      .FieldString("description", config.description)
      .FieldUint("seed", config.seed)
      .FieldString("cell", CellModeName(config.cell));
  out.Key("geometry")
      .BeginObject()
      .FieldUint("channels", g.channels)
      .FieldUint("dies_per_channel", g.dies_per_channel)
      .FieldUint("planes_per_die", g.planes_per_die)
      .FieldUint("blocks_per_plane", g.blocks_per_plane)
      .FieldUint("pages_per_block", g.pages_per_block)
      .FieldUint("page_bytes", g.page_bytes)
      .EndObject();
  out.Key("timing_us").BeginObject();
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    const ModeTiming& t = config.timing[bits];
    out.Key(kCellModeNames[bits - 1])
        .BeginObject()
        .Field("read", micros(t.read_ns))
        .Field("program", micros(t.program_ns))
        .Field("erase", micros(t.erase_ns))
        .EndObject();
  }
  out.EndObject();
  out.Key("endurance_pe").BeginObject();
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    out.FieldUint(kCellModeNames[bits - 1], config.endurance_pe[bits]);
  }
  out.EndObject();
  out.Field("channel_mbps", config.channel_mbps)
      .Field("host_mbps", config.host_mbps)
      .Field("overprovision", config.overprovision)
      .FieldUint("write_buffer_bytes", config.write_buffer_bytes)
      .Field("write_buffer_idle_flush_us", micros(config.write_buffer_idle_flush_ns))
      .Field("trim_us", micros(config.trim_ns))
      .FieldBool("power_loss_protection", config.power_loss_protection)
      .FieldUint("mapping_unit_bytes", config.mapping_unit_bytes)
      .FieldString("scheduler", config.scheduler);
  out.Key("gc")
      .BeginObject()
      .FieldString("victim", config.gc.victim)
      .Field("free_block_threshold", config.gc.free_block_threshold)
      .FieldBool("background", config.gc.background)
      .Field("background_free_block_threshold", config.gc.background_free_block_threshold)
      .Field("idle_us", micros(config.gc.idle_ns))
      .FieldUint("d_choices", config.gc.d_choices)
      .EndObject();
  out.Key("wear_leveling")
      .BeginObject()
      .FieldBool("dynamic", config.wear_leveling.dynamic)
      .FieldBool("static_enabled", config.wear_leveling.static_enabled)
      .FieldUint("static_threshold", config.wear_leveling.static_threshold)
      .EndObject();
  out.Key("suspend")
      .BeginObject()
      .FieldBool("program", config.suspend.program)
      .FieldBool("erase", config.suspend.erase)
      .Field("suspend_us", micros(config.suspend.suspend_ns))
      .Field("resume_us", micros(config.suspend.resume_ns))
      .FieldUint("max_per_op", config.suspend.max_per_op)
      .EndObject();
  out.Key("read_disturb").BeginObject().FieldBool("enabled", config.read_disturb.enabled);
  out.Key("threshold_reads").BeginObject();
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    out.FieldUint(kCellModeNames[bits - 1], config.read_disturb.threshold_reads[bits]);
  }
  out.EndObject().EndObject();
  out.Key("precondition")
      .BeginObject()
      .Field("fill", config.precondition.fill)
      .Field("random_writes", config.precondition.random_writes)
      .EndObject();
  const SlcCacheConfig& slc = config.slc_cache;
  if (slc.enabled) {
    const auto millis = [](uint64_t nanos) { return static_cast<double>(nanos) / 1e6; };
    out.Key("slc_cache")
        .BeginObject()
        .FieldUint("static_bytes", slc.static_bytes)
        .FieldUint("dynamic_max_bytes", slc.dynamic_max_bytes)
        .Field("dynamic_shrink_start", slc.dynamic_shrink_start)
        .Field("dynamic_shrink_end", slc.dynamic_shrink_end)
        .FieldUint("persistent_bytes", slc.persistent_bytes)
        .Field("idle_flush_ms", millis(slc.idle_flush_ns))
        .FieldString("when_full", slc.when_full)
        .FieldString("placement", slc.placement)
        .FieldUint("size_split_bytes", slc.size_split_bytes)
        .Field("hyflex_horizon_ms", millis(slc.hyflex_horizon_ns))
        .FieldBool("read_promotion", slc.read_promotion)
        .FieldUint("promotion_reads", slc.promotion_reads)
        .FieldUint("promotion_lru_bytes", slc.promotion_lru_bytes)
        .FieldUint("pin_small_bytes", slc.pin_small_bytes)
        .EndObject();
  } else {
    out.Key("slc_cache").Null();
  }
  const ZnsConfig& zns = config.zns;
  if (zns.enabled) {
    out.Key("zns")
        .BeginObject()
        .FieldUint("zone_bytes", zns.zone_bytes)
        .FieldUint("zone_capacity_bytes", zns.zone_capacity_bytes)
        .FieldUint("max_open", zns.max_open)
        .FieldUint("max_active", zns.max_active)
        .FieldString("placement", zns.placement)
        .FieldString("gc_victim", zns.gc_victim)
        .Field("gc_threshold", zns.gc_threshold)
        .FieldUint("classes", zns.classes)
        .EndObject();
  } else {
    out.Key("zns").Null();
  }
  out.Key("ftl")
      .BeginObject()
      .FieldString("mapping", config.ftl.mapping)
      .FieldUint("cmt_entries", config.ftl.cmt_entries)
      .FieldUint("log_blocks", config.ftl.log_blocks)
      .EndObject();
  out.Key("cache")
      .BeginObject()
      .FieldString("policy", config.cache.policy)
      .FieldUint("bytes", config.cache.bytes)
      .FieldUint("block_space_blocks", config.cache.block_space_blocks)
      .FieldUint("page_space_pages", config.cache.page_space_pages)
      .FieldUint("cflru_window_pages", config.cache.cflru_window_pages)
      .EndObject();
  out.EndObject();
}

}  // namespace flashscope
