// The core device keys, one line each (see device_settings.h). Times in the
// JSON are microseconds (or milliseconds where the key says so), stored in
// DeviceConfig as nanoseconds.
#include "config/device_settings.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "config/device_config.h"

namespace flashscope {

namespace {

constexpr std::array<const char*, 4> kModes = {"slc", "mlc", "tlc", "qlc"};

std::vector<Setting> RootSettings() {
  Setting schema = StringSetting("$schema",
                                 "A JSON Schema reference for editors; accepted and ignored, "
                                 "not a device setting",
                                 nullptr);
  schema.written = false;
  return {
      schema,
      StringSetting("name", "The device's name, shown in results",
                    [](DeviceConfig& c) { return &c.name; }),
      StringSetting("source", "Where the figures come from (free text)",
                    [](DeviceConfig& c) { return &c.source; }),
      StringSetting("description", "What the device is (free text)",
                    [](DeviceConfig& c) { return &c.description; }),
      IntegerSetting("seed", "Seed of the run's random generator", "", 0, kMaxExactInteger,
                     [](DeviceConfig& c) { return &c.seed; }),
      ChoiceSetting("cell", "Cell type: bits per cell of the native blocks",
                    {{"slc", "SLC", "1 bit per cell"},
                     {"mlc", "MLC", "2 bits per cell"},
                     {"tlc", "TLC", "3 bits per cell"},
                     {"qlc", "QLC", "4 bits per cell"}},
                    [](DeviceConfig& c) { return &c.cell; }),
  };
}

std::vector<Setting> GeometrySettings() {
  const auto field = [](const char* key, const char* description, const char* unit,
                        uint32_t Geometry::*member) {
    return IntegerSetting(key, description, unit, 1, kMaxU32Setting,
                          [member](DeviceConfig& c) { return &(c.geometry.*member); });
  };
  return {
      field("channels", "Flash channels", "", &Geometry::channels),
      field("dies_per_channel", "Dies on each channel", "", &Geometry::dies_per_channel),
      field("planes_per_die", "Planes in each die", "", &Geometry::planes_per_die),
      field("blocks_per_plane", "Erase blocks in each plane", "blocks",
            &Geometry::blocks_per_plane),
      field("pages_per_block", "Pages per erase block in the cell's native mode", "pages",
            &Geometry::pages_per_block),
      field("page_bytes", "Bytes of one flash page", "bytes", &Geometry::page_bytes),
  };
}

// timing_us may give only some modes, and per mode only some of read,
// program and erase; the rest keep their defaults.
std::vector<Setting> TimingSettings() {
  std::vector<Setting> modes;
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    const auto time = [bits](const char* key, const char* description,
                             uint64_t ModeTiming::*member) {
      return MicrosSetting(key, description, /*allow_zero=*/false,
                           [bits, member](DeviceConfig& c) { return &(c.timing[bits].*member); });
    };
    const std::string mode = kModes[bits - 1];
    modes.push_back(
        SectionSetting(mode, "Latencies of a block used in " + mode + " mode",
                       {time("read", "Page read (array to register)", &ModeTiming::read_ns),
                        time("program",
                             "Program of one wordline in this mode (one page in SLC, bits pages "
                             "otherwise, one-shot)",
                             &ModeTiming::program_ns),
                        time("erase", "Block erase", &ModeTiming::erase_ns)}));
  }
  return modes;
}

std::vector<Setting> PerModeCounts(const char* what, uint32_t unit_min,
                                   std::array<uint32_t, 5> DeviceConfig::*member) {
  std::vector<Setting> modes;
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    modes.push_back(IntegerSetting(
        kModes[bits - 1], std::string(what) + " for a " + kModes[bits - 1] + " drive", "", unit_min,
        kMaxU32Setting, [bits, member](DeviceConfig& c) { return &(c.*member)[bits]; }));
  }
  return modes;
}

std::vector<Setting> GcSettings() {
  return {
      ChoiceSetting("victim", "Which full block GC empties next", {},
                    [](DeviceConfig& c) { return &c.gc.victim; }),
      NumberSetting("free_block_threshold",
                    "Fraction of a plane's blocks kept erased; foreground GC runs below it "
                    "(at least 2 blocks)",
                    "fraction", 0, false, 1, true,
                    [](DeviceConfig& c) { return &c.gc.free_block_threshold; }),
      BoolSetting("background", "Run GC while the host is idle",
                  [](DeviceConfig& c) { return &c.gc.background; }),
      NumberSetting("background_free_block_threshold",
                    "Fraction of a plane's blocks background GC keeps erased when idle "
                    "(>= free_block_threshold)",
                    "fraction", 0, false, 1, true,
                    [](DeviceConfig& c) { return &c.gc.background_free_block_threshold; }),
      MicrosSetting("idle_us", "Host quiet time before background GC starts", /*allow_zero=*/true,
                    [](DeviceConfig& c) { return &c.gc.idle_ns; }),
      ChoiceSetting(
          "pacing", "How host writes share the flash with foreground GC",
          {{"none", "None (bursty, client drives)",
            "The host writes until the free pool reaches the reserve, then waits for GC"},
           {"proportional", "Proportional (enterprise drives)",
            "GC starts a block before the reserve and runs beside host writes, each admitted in "
            "proportion to the reclaim work it owes, so the pool stays at the reserve and host "
            "IOPS stay flat"}},
          [](DeviceConfig& c) { return &c.gc.pacing; }),
  };
}

std::vector<Setting> WearLevelingSettings() {
  return {
      BoolSetting("dynamic", "Allocate the least-worn free block",
                  [](DeviceConfig& c) { return &c.wear_leveling.dynamic; }),
      BoolSetting("static_enabled",
                  "Move the data of the least-erased full block into the most-worn free "
                  "block when a plane's erase-count spread exceeds static_threshold",
                  [](DeviceConfig& c) { return &c.wear_leveling.static_enabled; }),
      IntegerSetting("static_threshold",
                     "Erase-count spread within a plane that triggers static "
                     "wear levelling",
                     "erases", 1, kMaxU32Setting,
                     [](DeviceConfig& c) { return &c.wear_leveling.static_threshold; }),
  };
}

std::vector<Setting> SuspendSettings() {
  return {
      BoolSetting("program", "A host read may suspend a program (Wu & He, FAST'12)",
                  [](DeviceConfig& c) { return &c.suspend.program; }),
      BoolSetting("erase", "A host read may suspend an erase",
                  [](DeviceConfig& c) { return &c.suspend.erase; }),
      MicrosSetting("suspend_us", "Time to reach a suspend point", /*allow_zero=*/true,
                    [](DeviceConfig& c) { return &c.suspend.suspend_ns; }),
      MicrosSetting("resume_us", "Time to resume the suspended operation", /*allow_zero=*/true,
                    [](DeviceConfig& c) { return &c.suspend.resume_ns; }),
      IntegerSetting("max_per_op", "Most suspensions of one operation", "", 1, kMaxU32Setting,
                     [](DeviceConfig& c) { return &c.suspend.max_per_op; }),
  };
}

std::vector<Setting> ReadDisturbSettings() {
  std::vector<Setting> modes;
  for (uint32_t bits = 1; bits <= 4; ++bits) {
    modes.push_back(IntegerSetting(kModes[bits - 1],
                                   std::string("Reads of a full block of a ") + kModes[bits - 1] +
                                       " drive after which its data is refreshed",
                                   "reads", 1, kMaxU32Setting, [bits](DeviceConfig& c) {
                                     return &c.read_disturb.threshold_reads[bits];
                                   }));
  }
  return {
      BoolSetting("enabled", "Refresh a block's valid data once its reads reach the threshold",
                  [](DeviceConfig& c) { return &c.read_disturb.enabled; }),
      SectionSetting("threshold_reads", "Read-disturb limits by the drive's cell", modes),
  };
}

std::vector<Setting> PreconditionSettings() {
  return {
      NumberSetting(
          "fill", "Fraction of the logical capacity written sequentially before the timed run",
          "fraction", 0, false, 1, false, [](DeviceConfig& c) { return &c.precondition.fill; },
          " (a fraction of the logical capacity)"),
      NumberSetting("random_writes",
                    "Then this many times the logical capacity of uniform random writes",
                    "capacities", 0, false, std::nullopt, false,
                    [](DeviceConfig& c) { return &c.precondition.random_writes; }),
  };
}

std::vector<Setting> SlcCacheSettings() {
  const auto bytes = [](const char* key, const char* description, uint64_t SlcCacheConfig::*m) {
    return IntegerSetting(key, description, "bytes", 0, kMaxExactInteger,
                          [m](DeviceConfig& c) { return &(c.slc_cache.*m); });
  };
  const auto fill = [](const char* key, const char* description, double SlcCacheConfig::*m) {
    return NumberSetting(
        key, description, "fraction", 0, false, 1, false,
        [m](DeviceConfig& c) { return &(c.slc_cache.*m); },
        " (a fraction of the logical capacity)");
  };
  return {
      bytes("static_bytes", "Permanently pSLC capacity, taken out of the drive",
            &SlcCacheConfig::static_bytes),
      bytes("dynamic_max_bytes", "Most pSLC capacity borrowed from free native blocks",
            &SlcCacheConfig::dynamic_max_bytes),
      fill("dynamic_shrink_start", "Drive fill where the dynamic part starts shrinking",
           &SlcCacheConfig::dynamic_shrink_start),
      fill("dynamic_shrink_end", "Drive fill where the dynamic part reaches zero",
           &SlcCacheConfig::dynamic_shrink_end),
      bytes("persistent_bytes", "Newest data idle migration leaves in SLC for fast reads",
            &SlcCacheConfig::persistent_bytes),
      MillisSetting("idle_flush_ms", "Host quiet time before the cache is migrated to native",
                    [](DeviceConfig& c) { return &c.slc_cache.idle_flush_ns; }),
      ChoiceSetting(
          "when_full", "What a write does when the SLC cache is full",
          {{"direct", "Write native directly (the cliff)", "Writes go straight to native blocks"},
           {"fold-then-write", "Fold SLC into native, then write SLC",
            "The cache is folded into native blocks first, then the write goes to SLC"}},
          [](DeviceConfig& c) { return &c.slc_cache.when_full; }),
      ChoiceSetting("placement", "Which writes go to the SLC cache", {},
                    [](DeviceConfig& c) { return &c.slc_cache.placement; }),
      BoolSetting("read_promotion", "Copy often-read native data into SLC",
                  [](DeviceConfig& c) { return &c.slc_cache.read_promotion; }),
      IntegerSetting("promotion_reads", "Reads of a unit before it is promoted", "reads", 1,
                     kMaxU32Setting, [](DeviceConfig& c) { return &c.slc_cache.promotion_reads; }),
      bytes("promotion_lru_bytes", "Capacity of the read-promotion candidate list",
            &SlcCacheConfig::promotion_lru_bytes),
      bytes("pin_small_bytes", "Writes at most this large stay in SLC (0 = none)",
            &SlcCacheConfig::pin_small_bytes),
  };
}

std::vector<Setting> ZnsSettings() {
  const auto bytes = [](const char* key, const char* description, uint64_t ZnsConfig::*m) {
    return IntegerSetting(key, description, "bytes", 0, kMaxExactInteger,
                          [m](DeviceConfig& c) { return &(c.zns.*m); });
  };
  const auto limit = [](const char* key, const char* description, uint32_t ZnsConfig::*m) {
    return IntegerSetting(key, description, "zones", 0, kMaxU32Setting,
                          [m](DeviceConfig& c) { return &(c.zns.*m); });
  };
  return {
      bytes("zone_bytes", "Zone size; 0 = one erase block per die, else a multiple of the block",
            &ZnsConfig::zone_bytes),
      bytes("zone_capacity_bytes", "Writable part of a zone (ZCAP); 0 = the zone size",
            &ZnsConfig::zone_capacity_bytes),
      limit("max_open", "Maximum Open Resources (0 = no limit)", &ZnsConfig::max_open),
      limit("max_active", "Maximum Active Resources (0 = no limit)", &ZnsConfig::max_active),
      ChoiceSetting("placement", "How the host FTL separates data into zone classes", {},
                    [](DeviceConfig& c) { return &c.zns.placement; }),
      ChoiceSetting("gc_victim", "Which zone the host FTL's GC reclaims next", {},
                    [](DeviceConfig& c) { return &c.zns.gc_victim; }),
      NumberSetting(
          "gc_threshold",
          "GC runs while the garbage proportion of the blocks held in zones exceeds it", "fraction",
          0, true, 1, true, [](DeviceConfig& c) { return &c.zns.gc_threshold; },
          " (a garbage proportion)"),
      // The host FTL keeps a zone's class in a byte.
      IntegerSetting("classes", "Open zone classes (<= max_open)", "", 1, 255,
                     [](DeviceConfig& c) { return &c.zns.classes; }),
  };
}

Setting NullableSection(std::string key, std::string description, std::vector<Setting> children,
                        std::function<bool&(DeviceConfig&)> enabled,
                        std::function<void(DeviceConfig&)> reset) {
  Setting s = SectionSetting(std::move(key), std::move(description), std::move(children));
  s.type = SettingType::kNullableSection;
  s.enabled = std::move(enabled);
  s.reset = std::move(reset);
  return s;
}

// MQSim's 24 plane allocation schemes, in its enum's order (CWDP first).
std::vector<SettingChoice> AllocationOrderChoices() {
  const auto level = [](char letter) -> std::string {
    switch (letter) {
      case 'c':
        return "channel";
      case 'w':
        return "die on the channel";
      case 'd':
        return "die in the chip (size 1)";
      default:
        return "plane";
    }
  };
  std::vector<SettingChoice> choices;
  std::string order = "cwdp";
  const auto rank = [](char a, char b) {
    return std::string_view("cwdp").find(a) < std::string_view("cwdp").find(b);
  };
  do {
    std::string upper = order;
    for (char& letter : upper) letter = static_cast<char>(letter - 'a' + 'A');
    choices.push_back({order, upper,
                       "Consecutive pages: " + level(order[0]) + " first, then " + level(order[1]) +
                           ", " + level(order[2]) + ", " + level(order[3])});
  } while (std::next_permutation(order.begin(), order.end(), rank));
  return choices;
}

}  // namespace

std::vector<Setting> CoreDeviceSettings() {
  std::vector<Setting> root = RootSettings();
  root.push_back(SectionSetting("geometry", "The flash array", GeometrySettings()));
  root.push_back(SectionSetting("timing_us", "Flash latencies by cell mode", TimingSettings()));
  root.push_back(SectionSetting("endurance_pe", "Rated program/erase cycles by the drive's cell",
                                PerModeCounts("Rated P/E cycles", 1, &DeviceConfig::endurance_pe)));
  root.push_back(NumberSetting("channel_mbps", "Bandwidth of one flash channel", "MB/s", 0, true,
                               std::nullopt, false,
                               [](DeviceConfig& c) { return &c.channel_mbps; }));
  root.push_back(NumberSetting(
      "host_mbps", "Bandwidth of the host link in each direction (full duplex, e.g. PCIe 3 x4)",
      "MB/s", 0, true, std::nullopt, false, [](DeviceConfig& c) { return &c.host_mbps; }));
  root.push_back(NumberSetting(
      "overprovision", "Spare space: physical/logical - 1", "fraction", 0, true, std::nullopt,
      false, [](DeviceConfig& c) { return &c.overprovision; }, " (physical/logical - 1)"));
  root.push_back(IntegerSetting("write_buffer_bytes", "DRAM write buffer (0 = none)", "bytes", 0,
                                kMaxExactInteger,
                                [](DeviceConfig& c) { return &c.write_buffer_bytes; }));
  root.push_back(MicrosSetting("write_buffer_idle_flush_us",
                               "Host quiet time after which the DRAM buffer is programmed "
                               "(0 = at once)",
                               /*allow_zero=*/true,
                               [](DeviceConfig& c) { return &c.write_buffer_idle_flush_ns; }));
  root.push_back(MicrosSetting("trim_us", "Controller firmware time per trim command",
                               /*allow_zero=*/true, [](DeviceConfig& c) { return &c.trim_ns; }));
  root.push_back(
      BoolSetting("power_loss_protection",
                  "The write buffer survives power loss: a flush completes at once, and idle "
                  "flushes pad no partial wordline",
                  [](DeviceConfig& c) { return &c.power_loss_protection; }));
  root.push_back(IntegerSetting("mapping_unit_bytes", "Bytes one mapping-table entry maps", "bytes",
                                1, kMaxU32Setting,
                                [](DeviceConfig& c) { return &c.mapping_unit_bytes; }));
  root.push_back(BoolSetting("read_modify_write",
                             "A write covering part of a mapping unit first reads the unit's old "
                             "data from flash",
                             [](DeviceConfig& c) { return &c.read_modify_write; }));
  root.push_back(ChoiceSetting("scheduler", "Order of the operations queued at a die", {},
                               [](DeviceConfig& c) { return &c.scheduler; }));
  root.push_back(ChoiceSetting(
      "allocation_order",
      "Order in which consecutive pages of written data visit the planes (MQSim's plane "
      "allocation schemes): C channel, W way (a die on a channel), D die within a chip, P "
      "plane; the first letter varies fastest. FlashScope has no chip/die distinction, so D is "
      "a level of size 1",
      AllocationOrderChoices(), [](DeviceConfig& c) { return &c.allocation_order; }));
  root.push_back(SectionSetting("gc", "Garbage collection", GcSettings()));
  root.push_back(SectionSetting("wear_leveling", "Wear levelling", WearLevelingSettings()));
  root.push_back(
      SectionSetting("suspend", "Program/erase suspend for host reads", SuspendSettings()));
  root.push_back(SectionSetting("read_disturb", "Read-disturb refresh", ReadDisturbSettings()));
  root.push_back(
      SectionSetting("precondition", "Writes before the timed run", PreconditionSettings()));
  root.push_back(NullableSection(
      "slc_cache", "The hybrid pSLC cache; null = none", SlcCacheSettings(),
      [](DeviceConfig& c) -> bool& { return c.slc_cache.enabled; },
      [](DeviceConfig& c) { c.slc_cache = SlcCacheConfig{}; }));
  root.push_back(NullableSection(
      "zns", "A Zoned Namespace drive with a host-side FTL; null = a conventional drive",
      ZnsSettings(), [](DeviceConfig& c) -> bool& { return c.zns.enabled; },
      [](DeviceConfig& c) { c.zns = ZnsConfig{}; }));
  root.push_back(SectionSetting("ftl",
                                "The address-mapping FTL (other than page: the classic device)",
                                {ChoiceSetting("mapping", "Address-mapping scheme", {},
                                               [](DeviceConfig& c) { return &c.ftl.mapping; })}));
  root.push_back(SectionSetting(
      "cache", "Write cache in front of the FTL (other than none: the classic device)",
      {ChoiceSetting("policy", "Write-cache policy", {},
                     [](DeviceConfig& c) { return &c.cache.policy; })}));
  return root;
}

}  // namespace flashscope
