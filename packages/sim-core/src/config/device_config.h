// DeviceConfig: the drive a run simulates, as read from device JSON
// (docs/conventions.md "Device JSON"), and the arithmetic derived from it. The keys,
// their ranges, units and one-line descriptions are setting tables
// (config/device_settings.h and the plug-ins' own declarations); reading,
// checking and writing device JSON is schema/device_schema.h's. The defaults
// are the initialisers below.
//
// Notes the tables' one-liners leave out:
//   write_buffer_idle_flush_us: once the host has had nothing outstanding
//     for this long, the conventional drive programs what its DRAM buffer
//     still holds, partial wordlines padded, as real drives do within
//     milliseconds (not with power_loss_protection). A finished run always
//     ends with the buffer drained.
//   trim_us: the controller's firmware time per trim/deallocate command (a
//     mapping-table update, no flash work); an estimate of the same order as
//     a small command's firmware overhead, not a datasheet figure. Without
//     it a time-based trim job never advances the clock.
//   power_loss_protection: true, as on enterprise drives with capacitors:
//     the write buffer survives power loss, so a flush completes at once,
//     and the idle flush pads nothing: partial wordlines wait in the buffer
//     for the data that fills them (the end of a run still drains them);
//     false, as on client drives: a flush waits until every write accepted
//     before it is programmed.
//   read_modify_write: a conventional drive's host write that covers only
//     part of a mapping unit (smaller than it, or unaligned: its first or
//     last unit) first reads the unit's old data from flash when that data
//     is on flash (not when it was never written or is still in the write
//     buffer); the write's latency includes that read (cause "rmw"). false:
//     the partial unit is written whole without the read (as before issue
//     17). The classic device and zoned drives write whole units either way.
//   wear_leveling.static_enabled: when a plane's erase-count spread (max over
//     its native blocks - min over its full native blocks) exceeds
//     static_threshold, the least-erased full block's (cold) data is moved
//     into the most-worn free block and the young block rejoins the pool
//     (ftl/static_wear_leveling.h); the timed drive and the preconditioning
//     both do it. Moves count under cause "wear_leveling".
//   suspend (seed 000 §2.2.3, Wu & He FAST'12): a host read arriving at a die
//     busy with a program/erase suspends it after suspend_us, runs, then the
//     operation resumes after resume_us with its remaining time.
//   read_disturb.threshold_reads: reads of a full block, by the drive's cell,
//     after which its valid data is refreshed (GC cause "refresh").
//   ftl.mapping other than "page" or cache.policy other than "none" runs the
//     classic device (classic/classic_device.h); it needs mapping_unit_bytes
//     == page_bytes and no slc_cache or zns.
//   zns: a zoned drive has no SLC cache and 4096-byte logical blocks; its
//     `overprovision` is the host FTL's spare space (config/zns_config.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config/param_bag.h"
#include "config/zns_config.h"

namespace flashscope {

// Cell mode of a block; the value is bits per cell. A native QLC block used in
// pSLC mode has mode kSlc.
enum class CellMode : uint8_t { kSlc = 1, kMlc = 2, kTlc = 3, kQlc = 4 };

inline uint32_t BitsPerCell(CellMode mode) { return static_cast<uint32_t>(mode); }
const char* CellModeName(CellMode mode);  // "slc", "mlc", "tlc", "qlc"

struct Geometry {
  uint32_t channels = 8;
  uint32_t dies_per_channel = 2;
  uint32_t planes_per_die = 2;
  uint32_t blocks_per_plane = 128;
  uint32_t pages_per_block = 768;  // in the native mode of the cell
  uint32_t page_bytes = 16384;
};

struct ModeTiming {
  uint64_t read_ns = 0;
  uint64_t program_ns = 0;  // per wordline in that mode
  uint64_t erase_ns = 0;
};

struct GcConfig {
  std::string victim = "greedy";
  // Fractions of a plane's blocks kept erased (at least 2 blocks). Small by
  // default: every reserved block is over-provisioning GC cannot use, and a
  // 5 % reserve on a 7 % over-provisioned drive would leave 2 % of spare.
  double free_block_threshold = 0.02;
  bool background = true;
  double background_free_block_threshold = 0.05;
  uint64_t idle_ns = 1'000'000;
  // The victim policies' own parameters (gc.d_choices: ftl/gc/impl).
  ParamBag params;
  // How host writes share the flash with GC: "none" (the host writes until
  // the pool reaches the reserve, then waits for GC: bursts, as client
  // drives) or "proportional" (host writes admitted in proportion to the
  // reclaim work owed: conventional/write_buffer_wordlines.cpp).
  std::string pacing = "none";
};

struct WearLevelingConfig {
  bool dynamic = true;  // allocate the least-worn free block
  // Static wear levelling (seed 000 §1: "GC of blocks long left unerased"):
  // off by default so results without it are unchanged.
  bool static_enabled = false;
  uint32_t static_threshold = 100;  // erase-count spread within a plane
};

// Program/erase suspend and resume (seed 000 §2.2.3). Latencies follow the
// tens of microseconds Wu & He (FAST'12) assume for a suspend point.
struct SuspendConfig {
  bool program = false;
  bool erase = false;
  uint64_t suspend_ns = 20'000;
  uint64_t resume_ns = 20'000;
  uint32_t max_per_op = 4;
  bool enabled() const { return program || erase; }
};

// Read-disturb refresh (seed 000 §2.2.2 and §4.2, Werner et al.: refresh a
// region once its read count reaches the disturb limit). The seed gives no
// figures; the defaults are orders of magnitude from Cai et al., DSN 2015
// (MLC ~1e5 reads), scaled down for denser cells as the seed says QLC
// suffers more.
struct ReadDisturbConfig {
  bool enabled = false;
  // Indexed by bits per cell, 1..4 (the drive's native cell).
  std::array<uint32_t, 5> threshold_reads{0, 1'000'000, 100'000, 50'000, 20'000};
};

struct PreconditionConfig {
  double fill = 0;           // fraction of logical capacity, 0..1
  double random_writes = 0;  // multiples of logical capacity
};

// The hybrid SLC cache (seeds 000 and 003). Capacities are in bytes of SLC
// data: a pSLC block holds 1/bits of its native capacity.
struct SlcCacheConfig {
  bool enabled = false;
  // Permanently pSLC blocks, taken out of the drive (over-provisioning
  // applies to the rest, which holds the logical capacity).
  uint64_t static_bytes = 0;
  // pSLC borrowed from free native blocks. Bounded by the firmware curve
  // below and always by the free user space (logical - mapped data): the
  // cache never eats the over-provisioning native GC needs.
  uint64_t dynamic_max_bytes = 0;
  // Fill (mapped / logical) where the dynamic part starts shrinking
  // linearly, and where it reaches zero (Intel 660p: only the static part
  // at >= 75 % full). start >= end: no firmware shrink.
  double dynamic_shrink_start = 1;
  double dynamic_shrink_end = 1;
  // Seed 003's persistent cache: the newest data idle migration leaves in
  // SLC for fast reads; emptied in full once the cache has filled.
  uint64_t persistent_bytes = 0;
  uint64_t idle_flush_ns = 50'000'000;
  std::string when_full = "direct";     // direct | fold-then-write
  std::string placement = "slc_first";  // slc_first | size_split | hyflex
  // The placements' own parameters (size_split_bytes, hyflex_horizon_ms:
  // ftl/slc/impl).
  ParamBag params;
  bool read_promotion = false;
  uint32_t promotion_reads = 2;
  uint64_t promotion_lru_bytes = 64ull << 20;
  uint64_t pin_small_bytes = 0;
};

// The address-mapping FTL (device JSON `ftl`; names:
// mapping::MappingSchemeNames()). "page" is the conventional controller's own.
struct FtlConfig {
  std::string mapping = "page";
  // The schemes' own parameters (cmt_entries, log_blocks: mapping/impl).
  ParamBag params;
};

// The classic device's write cache (device JSON `cache`; names:
// cache::WriteCacheNames()). "none" with mapping "page" is the conventional
// controller.
struct CacheConfig {
  std::string policy = "none";
  // The caches' own parameters (bytes, cflru_window_pages,
  // block_space_blocks, page_space_pages: cache/impl).
  ParamBag params;
};

struct DeviceConfig {
  std::string file;  // where it was read from ("preset:NAME" or a path)
  std::string name = "device";
  std::string source;
  std::string description;
  uint64_t seed = 1;
  CellMode cell = CellMode::kTlc;
  Geometry geometry;
  std::array<ModeTiming, 5> timing{};      // indexed by bits per cell, 1..4
  std::array<uint32_t, 5> endurance_pe{};  // indexed by bits per cell, 1..4
  double channel_mbps = 1200;
  double host_mbps = 3500;
  double overprovision = 0.07;
  uint64_t write_buffer_bytes = 64ull << 20;
  // Host quiet time after which the DRAM buffer is flushed (see above).
  uint64_t write_buffer_idle_flush_ns = 2'000'000;
  uint64_t trim_ns = 10'000;  // per trim command (see above)
  bool power_loss_protection = false;
  uint32_t mapping_unit_bytes = 4096;
  bool read_modify_write = true;  // see above
  std::string scheduler = "fifo";
  // The order consecutive pages of a write stream visit the planes
  // (nand/allocation_order.h): MQSim's names, channel first by default.
  std::string allocation_order = "cwdp";
  GcConfig gc;
  WearLevelingConfig wear_leveling;
  SuspendConfig suspend;
  ReadDisturbConfig read_disturb;
  PreconditionConfig precondition;
  SlcCacheConfig slc_cache;
  ZnsConfig zns;  // zns.enabled: a zoned drive
  FtlConfig ftl;
  CacheConfig cache;

  DeviceConfig();  // fills timing and endurance defaults

  const ModeTiming& TimingFor(CellMode mode) const { return timing[BitsPerCell(mode)]; }
};

// True when the device runs the classic device (a mapping other than "page"
// or a write cache) instead of the conventional controller.
inline bool UsesClassicDevice(const DeviceConfig& config) {
  return config.ftl.mapping != "page" || config.cache.policy != "none";
}

// Permanently pSLC blocks per plane for slc_cache.static_bytes (rounded up),
// 0 without an SLC cache.
uint32_t StaticSlcBlocksPerPlane(const DeviceConfig& config);

// Logical capacity in mapping units: floor(physical_units / (1 +
// overprovision)), where physical_units = channels * dies_per_channel *
// planes_per_die * (blocks_per_plane - static pSLC blocks per plane) *
// (pages_per_block * page_bytes / mapping_unit_bytes). The simulator sizes its mapping table with
// this, and Validate checks the GC reserve with it, so both agree. Assumes a config that passed
// Validate (returns 0 if mapping_unit_bytes is 0).
uint64_t LogicalUnits(const DeviceConfig& config);

// Zoned drive arithmetic (issue 6 contract), for a config with zns enabled
// that passed Validate. A zone is whole erase blocks striped over dies.
// Bytes of one native erase block: page_bytes * pages_per_block.
uint64_t NativeBlockBytes(const DeviceConfig& config);
// zns.zone_bytes, or its default: one erase block per die.
uint64_t ZnsZoneBytes(const DeviceConfig& config);
// zns.zone_capacity_bytes, or its default: the zone size.
uint64_t ZnsZoneCapacityBytes(const DeviceConfig& config);
// Zones: every native block of the drive / blocks per zone (floor).
uint32_t ZnsZoneCount(const DeviceConfig& config);
// The host FTL's logical space in 4 KiB blocks:
// floor(zones * zone capacity blocks / (1 + overprovision)).
uint64_t ZnsHostLogicalBlocks(const DeviceConfig& config);

// Mapping units in one native erase block (page_bytes * pages_per_block /
// mapping_unit_bytes); planes of the drive; a * b unless it overflows 64 bits.
uint64_t UnitsPerBlock(const DeviceConfig& config);
uint64_t PlaneCount(const Geometry& g);
bool MultiplyChecked(uint64_t a, uint64_t b, uint64_t& product);

}  // namespace flashscope
