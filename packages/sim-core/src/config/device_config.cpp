// DeviceConfig's defaults and derived arithmetic (see device_config.h).
// Reading, checking and writing device JSON is schema/device_schema.h's.
#include "config/device_config.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>

namespace flashscope {

namespace {

constexpr std::array<std::string_view, 4> kCellModeNames = {"slc", "mlc", "tlc", "qlc"};

}  // namespace

uint64_t UnitsPerBlock(const DeviceConfig& config) {
  const Geometry& g = config.geometry;
  return uint64_t{g.pages_per_block} * g.page_bytes / config.mapping_unit_bytes;
}

uint64_t PlaneCount(const Geometry& g) {
  return uint64_t{g.channels} * g.dies_per_channel * g.planes_per_die;
}

bool MultiplyChecked(uint64_t a, uint64_t b, uint64_t& product) {
  if (a != 0 && b > std::numeric_limits<uint64_t>::max() / a) return false;
  product = a * b;
  return true;
}

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

}  // namespace flashscope
