// Relations between device keys (see device_schema.h: FindDeviceProblem).
// Each check is written once: the reader reports the zns and classic ones at
// the line of their key (device_reader.cpp), Validate reports every one for
// code-built configs, and fs_effective_device reports them at their key.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "cache/i_write_cache.h"
#include "schema/device_relations.h"
#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

constexpr std::array<std::string_view, 4> kCellModeNames = {"slc", "mlc", "tlc", "qlc"};
constexpr uint64_t kMaxU32 = std::numeric_limits<uint32_t>::max();

// Open blocks per plane that hold no garbage GC could reclaim: the host
// frontier and the GC frontier, each partly written. The spare space must
// cover them and the free-block reserve, or a full drive can reach a state
// where every full block is fully valid and GC has no victim.
constexpr uint32_t kOpenBlocksPerPlane = 2;

// The logical block of a zoned drive (issue 6 contract: LBA = 4 KiB = the
// host FTL's mapping unit).
constexpr uint64_t kZnsBlockBytes = 4096;

template <typename Names>
std::string JoinAll(const Names& names) {
  return JoinNames(std::vector<std::string_view>(names.begin(), names.end()));
}

// The first broken relation, thrown by Invalid and caught by
// FindDeviceProblem, so each check stays one statement.
struct Broken {
  DeviceProblem problem;
};

[[noreturn]] void Invalid(std::vector<std::string> keys, const std::string& problem) {
  throw Broken{DeviceProblem{std::move(keys), problem}};
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
    Invalid({"geometry.blocks_per_plane", "gc.free_block_threshold"},
            "the GC reserve of " + Percent(threshold) + " of " +
                std::to_string(g.blocks_per_plane) +
                " blocks per plane leaves no room; need at least " + std::to_string(minimum) +
                " blocks per plane: " + why);
  }
  const double plane_units =
      static_cast<double>(PlaneCount(g)) * static_cast<double>(UnitsPerBlock(config));
  const auto spare_blocks = [&](const DeviceConfig& c) {
    return static_cast<double>(g.blocks_per_plane - static_slc) -
           static_cast<double>(LogicalUnits(c)) / plane_units;
  };
  const double spare = spare_blocks(config);
  if (spare > static_cast<double>(needed)) return;
  char spare_text[32];
  std::snprintf(spare_text, sizeof spare_text, "%.2f", spare);
  Invalid({"overprovision"},
          "overprovision " + json::FormatNumber(config.overprovision) + " leaves " + spare_text +
              " spare blocks per plane, but GC needs more than " + std::to_string(needed) + ": " +
              why + "; use overprovision >= " + json::FormatNumber(MinimumOverprovision(config)));
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
    Invalid({"slc_cache.static_bytes", "slc_cache"},
            "slc_cache.static_bytes " + std::to_string(slc.static_bytes) + " needs " +
                std::to_string((slc.static_bytes + block_bytes - 1) / block_bytes) +
                " pSLC blocks per plane, more than half of the " +
                std::to_string(g.blocks_per_plane) + " blocks per plane");
  }
  if (config.cell == CellMode::kSlc) {
    Invalid({"cell", "slc_cache"},
            "slc_cache needs a multi-bit cell (mlc, tlc or qlc): an slc drive has no "
            "pSLC mode to cache in");
  }
  if (slc.persistent_bytes > slc.static_bytes + slc.dynamic_max_bytes) {
    Invalid({"slc_cache.persistent_bytes", "slc_cache"},
            "slc_cache.persistent_bytes (" + std::to_string(slc.persistent_bytes) +
                ") must not exceed the cache (static_bytes + dynamic_max_bytes = " +
                std::to_string(slc.static_bytes + slc.dynamic_max_bytes) + ")");
  }
}

void CheckDevice(const DeviceConfig& config) {
  const Geometry& g = config.geometry;
  const uint32_t bits = BitsPerCell(config.cell);
  if (bits < 1 || bits > 4) {
    Invalid({"cell"}, "cell must be one of " + JoinAll(kCellModeNames));
  }
  // Every key's own range and choices, as the reader words them (a config
  // read from JSON passed them already; a code-built one may not have).
  if (const auto range = FindRangeProblem(DeviceSettings(), config)) {
    Invalid({range->first}, range->second);
  }
  if (g.page_bytes % config.mapping_unit_bytes != 0) {
    Invalid({"geometry.page_bytes", "mapping_unit_bytes"},
            "page_bytes (" + std::to_string(g.page_bytes) +
                ") must be a multiple of mapping_unit_bytes (" +
                std::to_string(config.mapping_unit_bytes) + ")");
  }
  if (g.pages_per_block % bits != 0) {
    Invalid({"geometry.pages_per_block", "cell"},
            "pages_per_block (" + std::to_string(g.pages_per_block) + ") must be a multiple of " +
                std::to_string(bits) + " bits per cell for " + CellModeName(config.cell) +
                " (a wordline holds " + std::to_string(bits) + " pages, programmed together)");
  }
  const double foreground = config.gc.free_block_threshold;
  const double background = config.gc.background_free_block_threshold;
  if (background < foreground) {
    Invalid({"gc.background_free_block_threshold", "gc.free_block_threshold"},
            "gc.background_free_block_threshold (" + json::FormatNumber(background) +
                ") must be >= gc.free_block_threshold (" + json::FormatNumber(foreground) +
                "): background GC must start before the drive runs "
                "short enough to stall the host");
  }

  // Mapping units are addressed with 32 bits.
  uint64_t blocks = 0;
  uint64_t units = 0;
  const bool fits = MultiplyChecked(PlaneCount(g), g.blocks_per_plane, blocks) &&
                    MultiplyChecked(blocks, UnitsPerBlock(config), units);
  if (!fits || units > kMaxU32) {
    Invalid({"geometry"},
            "device has " +
                (fits ? std::to_string(units)
                      : "more than " + std::to_string(std::numeric_limits<uint64_t>::max())) +
                " mapping units; at most " + std::to_string(kMaxU32) + " are supported");
  }
  if (std::optional<DeviceProblem> problem = FindZnsProblem(config)) throw Broken{*problem};
  if (std::optional<DeviceProblem> problem = FindClassicProblem(config)) throw Broken{*problem};
  ValidateSlcCache(config);
  if (LogicalUnits(config) == 0) {
    Invalid({"overprovision", "geometry"}, "device has no logical capacity (" +
                                               std::to_string(units) + " physical mapping units)");
  }
  // A zoned drive has no device-side GC: its spare space is the host FTL's,
  // which checks its own room (ZnsHostFtl::MaxLogicalBlocks).
  if (!config.zns.enabled) ValidateGcReserve(config);
}

}  // namespace

// Checks every zns key and their relations to each other and to the rest of
// the device; nullopt when the zoned drive is consistent. Shared by the
// reader (which reports the key's line) and Validate (code-built configs).
std::optional<DeviceProblem> FindZnsProblem(const DeviceConfig& config) {
  const ZnsConfig& zns = config.zns;
  if (!zns.enabled) return std::nullopt;
  if (config.slc_cache.enabled) {
    return DeviceProblem{{"zns", "slc_cache"},
                         "zns cannot be combined with slc_cache: a zoned drive has no SLC cache "
                         "(set slc_cache to null)"};
  }
  if (config.mapping_unit_bytes != kZnsBlockBytes) {
    return DeviceProblem{{"mapping_unit_bytes", "zns"},
                         "a zoned drive (zns) addresses 4096-byte logical blocks: "
                         "mapping_unit_bytes must be 4096; got " +
                             std::to_string(config.mapping_unit_bytes)};
  }
  const Geometry& g = config.geometry;
  uint64_t block_bytes = 0;
  uint64_t dies_bytes = 0;
  uint64_t drive_bytes = 0;
  const uint64_t dies = uint64_t{g.channels} * g.dies_per_channel;
  if (!MultiplyChecked(g.page_bytes, g.pages_per_block, block_bytes) ||
      !MultiplyChecked(block_bytes, dies, dies_bytes) ||
      !MultiplyChecked(block_bytes, PlaneCount(g) * g.blocks_per_plane, drive_bytes)) {
    return DeviceProblem{{"geometry"}, "the drive's size in bytes does not fit 64 bits"};
  }
  if (zns.zone_bytes % block_bytes != 0) {
    return DeviceProblem{{"zns.zone_bytes"},
                         "zns.zone_bytes (" + std::to_string(zns.zone_bytes) +
                             ") must be a multiple of the erase block (page_bytes * "
                             "pages_per_block = " +
                             std::to_string(block_bytes) + " bytes)"};
  }
  const uint64_t zone_bytes = zns.zone_bytes != 0 ? zns.zone_bytes : dies_bytes;
  if (zone_bytes > drive_bytes) {
    return DeviceProblem{{"zns.zone_bytes"},
                         "zns.zone_bytes (" + std::to_string(zone_bytes) +
                             ") is larger than the drive (" + std::to_string(drive_bytes) +
                             " bytes): no zone fits"};
  }
  if (zns.zone_capacity_bytes > zone_bytes) {
    return DeviceProblem{
        {"zns.zone_capacity_bytes", "zns.zone_bytes"},
        "zns.zone_capacity_bytes (" + std::to_string(zns.zone_capacity_bytes) + ") must be <= " +
            (zns.zone_bytes != 0 ? "zns.zone_bytes (" + std::to_string(zone_bytes) + ")"
                                 : "the zone size (" + std::to_string(zone_bytes) +
                                       " bytes: one erase block per die, zns.zone_bytes 0)")};
  }
  if (zns.zone_capacity_bytes % kZnsBlockBytes != 0) {
    return DeviceProblem{{"zns.zone_capacity_bytes"},
                         "zns.zone_capacity_bytes (" + std::to_string(zns.zone_capacity_bytes) +
                             ") must be a multiple of the 4096-byte logical block"};
  }
  if (zns.max_open != 0 && zns.max_active != 0 && zns.max_active < zns.max_open) {
    return DeviceProblem{{"zns.max_active", "zns.max_open"},
                         "zns.max_active (" + std::to_string(zns.max_active) +
                             ") must be >= zns.max_open (" + std::to_string(zns.max_open) +
                             ") when both are limited: an open zone is also active"};
  }
  // Each class keeps a zone open to append to.
  const uint32_t open_limit = zns.max_open != 0 ? zns.max_open : zns.max_active;
  if (open_limit != 0 && zns.classes > open_limit) {
    const std::string limit = zns.max_open != 0 ? "max_open" : "max_active";
    return DeviceProblem{{"zns.classes", "zns." + limit},
                         "zns.classes (" + std::to_string(zns.classes) + ") must be <= zns." +
                             limit + " (" + std::to_string(open_limit) +
                             "): each open zone class keeps a zone open"};
  }
  return std::nullopt;
}

// The classic device's relations (ftl and cache keys, classic/classic_device.h):
// nullopt when the conventional controller runs or the keys are consistent.
// Shares DeviceProblem's shape: the message and the keys to report it at.
std::optional<DeviceProblem> FindClassicProblem(const DeviceConfig& config) {
  if (!UsesClassicDevice(config)) return std::nullopt;
  const std::vector<std::string> keys = {"ftl.mapping", "cache.policy", "ftl", "cache"};
  const auto with = [&keys](std::vector<std::string> first) {
    first.insert(first.end(), keys.begin(), keys.end());
    return first;
  };
  if (config.zns.enabled) {
    return DeviceProblem{with({"zns"}),
                         "ftl.mapping other than \"page\" and cache.policy other than \"none\" "
                         "need a conventional drive: a zoned drive (zns) has its own host FTL "
                         "(set zns to null)"};
  }
  if (config.slc_cache.enabled) {
    return DeviceProblem{with({"slc_cache"}),
                         "ftl.mapping other than \"page\" and cache.policy other than \"none\" "
                         "cannot be combined with slc_cache (set slc_cache to null)"};
  }
  if (config.mapping_unit_bytes != config.geometry.page_bytes) {
    return DeviceProblem{
        with({"mapping_unit_bytes", "geometry.page_bytes"}),
        "ftl.mapping \"" + config.ftl.mapping + "\" with cache.policy \"" + config.cache.policy +
            "\" maps whole flash pages: mapping_unit_bytes (" +
            std::to_string(config.mapping_unit_bytes) + ") must equal geometry.page_bytes (" +
            std::to_string(config.geometry.page_bytes) + ")"};
  }
  if (config.cache.policy == "clash" && config.ftl.mapping != "block") {
    return DeviceProblem{
        {"ftl.mapping", "cache.policy", "ftl", "cache"},
        "cache.policy \"clash\" replaces the FTL (seed 002 \u00a75.1): its blocks map "
        "straight onto flash blocks, so it needs ftl.mapping \"block\"; got \"" +
            config.ftl.mapping + "\""};
  }
  const cache::CacheGeometry geometry{config.geometry.page_bytes, config.geometry.pages_per_block};
  if (std::string problem =
          cache::CacheConfigProblem(cache::WriteCacheConfigFrom(config.cache), geometry);
      !problem.empty()) {
    return DeviceProblem{{"cache.bytes", "cache.block_space_blocks", "cache.page_space_pages",
                          "cache.cflru_window_pages", "cache.policy", "cache"},
                         problem};
  }
  return std::nullopt;
}

// Reads one device tree into a config, checking each key where it stands so

double MinimumOverprovision(const DeviceConfig& config) {
  if (config.zns.enabled) return 0;
  const Geometry& g = config.geometry;
  const uint64_t reserve = FreeBlockReserve(config.gc.free_block_threshold, g.blocks_per_plane);
  const uint64_t open_blocks = kOpenBlocksPerPlane + (config.slc_cache.enabled ? 1 : 0);
  const uint64_t static_slc = StaticSlcBlocksPerPlane(config);
  const uint64_t needed = reserve + open_blocks;  // spare must exceed
  if (g.blocks_per_plane <= needed + static_slc || config.mapping_unit_bytes == 0) {
    return std::numeric_limits<double>::quiet_NaN();  // no over-provisioning is enough
  }
  const double plane_units =
      static_cast<double>(PlaneCount(g)) * static_cast<double>(UnitsPerBlock(config));
  const auto spare_blocks = [&](const DeviceConfig& c) {
    return static_cast<double>(g.blocks_per_plane - static_slc) -
           static_cast<double>(LogicalUnits(c)) / plane_units;
  };
  // 1 + op > blocks / (blocks - needed); the next 0.001 that works.
  const double blocks = static_cast<double>(g.blocks_per_plane);
  const double native = blocks - static_cast<double>(static_slc);
  const double minimum_op = static_cast<double>(needed) / (native - static_cast<double>(needed));
  DeviceConfig trial = config;
  trial.overprovision = std::ceil(minimum_op * 1000) / 1000;
  for (int i = 0; i < 1000 && spare_blocks(trial) <= static_cast<double>(needed); ++i) {
    trial.overprovision += 0.001;
  }
  return trial.overprovision;
}

std::optional<DeviceProblem> FindDeviceProblem(const DeviceConfig& config) {
  try {
    CheckDevice(config);
  } catch (const Broken& broken) {
    return broken.problem;
  }
  return std::nullopt;
}

void Validate(const DeviceConfig& config) {
  if (std::optional<DeviceProblem> problem = FindDeviceProblem(config)) {
    throw InputError(config.file, 0, problem->problem);
  }
}

}  // namespace flashscope
