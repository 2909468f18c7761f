// Where zones live: a zone's erase blocks on distinct dies (planes in round
// robin), its 4 KiB blocks striped over them a wordline at a time, and the
// configurations a zoned drive refuses.
#include "zns/zoned_layout.h"

#include <gtest/gtest.h>

#include <set>

#include "schema/device_schema.h"
#include "sim/simulator.h"
#include "util/input_error.h"

namespace flashscope::zns {
namespace {

// 2 channels x 2 dies x 2 planes x 32 blocks of 64 MLC pages of 4 KiB: a
// wordline holds 2 blocks (LBAs), an erase block 64, a die 4 of 256.
DeviceConfig ZonedDevice() {
  DeviceConfig c;
  c.file = "zoned.json";
  c.cell = CellMode::kMlc;
  c.geometry = Geometry{2, 2, 2, 32, 64, 4096};
  c.overprovision = 0.25;
  c.zns.enabled = true;
  return c;
}

TEST(ZonedLayout, DefaultZoneIsOneEraseBlockPerDieOnDistinctDies) {
  const DeviceConfig config = ZonedDevice();
  const DeviceLayout layout = DeviceLayout::From(config);
  const ZonedLayout zoned = ZonedLayout::From(config, layout);
  EXPECT_EQ(zoned.blocks_per_zone, 4u);         // 4 dies
  EXPECT_EQ(zoned.zone_bytes, 4u * 64 * 4096);  // 1 MiB
  EXPECT_EQ(zoned.zone_count, 256u / 4);        // every block in a zone
  EXPECT_EQ(zoned.zone_size_blocks, 256u);
  EXPECT_EQ(zoned.zone_capacity_blocks, 256u);
  std::set<uint32_t> used;
  for (uint32_t z = 0; z < zoned.zone_count; ++z) {
    std::set<uint32_t> dies;
    for (uint32_t j = 0; j < zoned.blocks_per_zone; ++j) {
      const uint32_t block = zoned.BlockOf(z, j);
      const uint32_t die = layout.DieOfPlane(layout.PlaneOfBlock(block));
      EXPECT_EQ(die, (z * zoned.blocks_per_zone + j) % layout.dies);
      dies.insert(die);
      EXPECT_TRUE(used.insert(block).second) << "block " << block << " in two zones";
    }
    EXPECT_EQ(dies.size(), 4u) << "zone " << z << " is not striped over every die";
  }
  // Planes of a die are taken in turn: zone 0 on plane 0 of each die, zone
  // 1 on plane 1, zone 2 on plane 0 again (its second block).
  EXPECT_EQ(layout.PlaneOfBlock(zoned.BlockOf(0, 0)), 0u);
  EXPECT_EQ(layout.PlaneOfBlock(zoned.BlockOf(1, 0)), 1u);
  EXPECT_EQ(zoned.BlockOf(2, 0), 1u);
  const ZoneGeometry geometry = zoned.Geometry();
  EXPECT_EQ(geometry.zone_count, 64u);
  EXPECT_EQ(geometry.zone_size_lbas, 256u);
  EXPECT_EQ(geometry.max_open_resources, 14u);
  EXPECT_EQ(geometry.max_active_resources, 14u);
}

TEST(ZonedLayout, ConsecutiveBlocksStripeOverTheZoneByWordline) {
  const DeviceConfig config = ZonedDevice();
  const DeviceLayout layout = DeviceLayout::From(config);
  const ZonedLayout zoned = ZonedLayout::From(config, layout);
  const uint32_t zone = 5;
  // LBAs 0,1: wordline 0 of block 0; 2,3: wordline 0 of block 1 (the next
  // die); ... 8,9: wordline 1 of block 0.
  EXPECT_EQ(zoned.SlotOf(zone, 0), layout.FirstSlot(zoned.BlockOf(zone, 0)));
  EXPECT_EQ(zoned.SlotOf(zone, 1), layout.FirstSlot(zoned.BlockOf(zone, 0)) + 1);
  EXPECT_EQ(zoned.SlotOf(zone, 2), layout.FirstSlot(zoned.BlockOf(zone, 1)));
  EXPECT_EQ(zoned.SlotOf(zone, 7), layout.FirstSlot(zoned.BlockOf(zone, 3)) + 1);
  EXPECT_EQ(zoned.SlotOf(zone, 8), layout.FirstSlot(zoned.BlockOf(zone, 0)) + 2);
  EXPECT_EQ(zoned.SlotOf(zone, 255), layout.FirstSlot(zoned.BlockOf(zone, 3)) + 63);
  // Every LBA of the zone has its own slot in the zone's blocks.
  std::set<uint32_t> slots;
  for (uint64_t offset = 0; offset < zoned.zone_size_blocks; ++offset) {
    const uint32_t slot = zoned.SlotOf(zone, offset);
    const uint32_t block = layout.BlockOfSlot(slot);
    bool in_zone = false;
    for (uint32_t j = 0; j < zoned.blocks_per_zone; ++j) in_zone |= zoned.BlockOf(zone, j) == block;
    EXPECT_TRUE(in_zone);
    slots.insert(slot);
  }
  EXPECT_EQ(slots.size(), zoned.zone_size_blocks);
}

TEST(ZonedLayout, ALargerZoneUsesSeveralPlanesOfEachDie) {
  DeviceConfig config = ZonedDevice();
  config.zns.zone_bytes = 8 * 64 * 4096;  // two erase blocks per die
  config.zns.zone_capacity_bytes = 500 * 4096;
  const DeviceLayout layout = DeviceLayout::From(config);
  const ZonedLayout zoned = ZonedLayout::From(config, layout);
  EXPECT_EQ(zoned.blocks_per_zone, 8u);
  EXPECT_EQ(zoned.zone_count, 32u);
  EXPECT_EQ(zoned.zone_capacity_blocks, 500u);
  EXPECT_EQ(zoned.capacity_wordlines(), 250u);
  // Blocks j and j + 4 share a die, on its two planes: multi-plane programs.
  for (uint32_t j = 0; j < 4; ++j) {
    const uint32_t a = layout.PlaneOfBlock(zoned.BlockOf(3, j));
    const uint32_t b = layout.PlaneOfBlock(zoned.BlockOf(3, j + 4));
    EXPECT_EQ(layout.DieOfPlane(a), layout.DieOfPlane(b));
    EXPECT_NE(a, b);
  }
  // The host FTL's space: 32 zones * 500 blocks / 1.25.
  EXPECT_EQ(layout.logical_units, 32u * 500 * 4 / 5);
}

TEST(ZonedLayout, LeftoverBlocksStayOutOfZones) {
  DeviceConfig config = ZonedDevice();
  config.zns.zone_bytes = 12 * 64 * 4096;  // 3 blocks per die: 256 / 12 = 21 zones
  const DeviceLayout layout = DeviceLayout::From(config);
  const ZonedLayout zoned = ZonedLayout::From(config, layout);
  EXPECT_EQ(zoned.zone_count, 21u);
  std::set<uint32_t> used(zoned.zone_blocks.begin(), zoned.zone_blocks.end());
  EXPECT_EQ(used.size(), 21u * 12);
}

// The key relations, each an InputError naming the device file and the
// key's line.
TEST(ZonedLayout, RefusesImpossibleZones) {
  const std::string base = R"({"cell": "mlc",
 "geometry": {"channels": 2, "dies_per_channel": 2, "planes_per_die": 2,
              "blocks_per_plane": 32, "pages_per_block": 64, "page_bytes": 4096},
 "overprovision": 0.25,
 "zns": )";
  const auto error = [&](const std::string& zns, const std::string& extra = "") {
    try {
      ParseDeviceText(base + zns + extra + "}", "zoned.json", {});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // A zone is whole erase blocks (256 KiB each).
  EXPECT_NE(error(R"({"zone_bytes": 300000})").find("zns.zone_bytes"), std::string::npos);
  EXPECT_NE(error(R"({"zone_bytes": 300000})").find("zoned.json:5"), std::string::npos);
  // Capacity at most the zone size, in whole 4 KiB blocks.
  EXPECT_NE(error(R"({"zone_capacity_bytes": 2097152})").find("zone_capacity_bytes"),
            std::string::npos);
  EXPECT_NE(error(R"({"zone_capacity_bytes": 6000})").find("zone_capacity_bytes"),
            std::string::npos);
  // 4 KiB logical blocks on a zoned drive.
  EXPECT_NE(error("{}", R"(, "mapping_unit_bytes": 2048)").find("mapping_unit_bytes"),
            std::string::npos);
  EXPECT_EQ(error("{}"), "no error");
}

TEST(ZonedLayout, TheHostFtlNeedsAZoneForEachClassAndRoomForGc) {
  DeviceConfig config = ZonedDevice();
  config.zns.zone_bytes = 32 * 64 * 4096;  // 8 zones of 8 MiB
  config.zns.classes = 7;                  // needs 16
  try {
    Simulator sim(config, {});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("zoned.json"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("at least 16 zones"), std::string::npos) << e.what();
  }
  config.zns.classes = 3;  // 8 zones: enough for one zone of data
  config.overprovision = 7.0;
  EXPECT_NO_THROW(Simulator(config, {}));
}

}  // namespace
}  // namespace flashscope::zns
