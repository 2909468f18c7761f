// Allocation order (striping): the order in which consecutive flash pages of
// a write stream visit the planes, named as MQSim names its plane allocation
// schemes (Address_Mapping_Unit_Base.h, Flash_Plane_Allocation_Scheme_Type):
// four letters, C (channel), W (way: a die on a channel), D (die within a
// chip) and P (plane within a die), the first varying fastest. "cwdp" puts
// consecutive pages on channel 0, 1, ... first, then on the next die of each
// channel, then on the next plane, as real drives stripe. FlashScope has no
// chip/die distinction (a die is what sits on a channel), so D is a level of
// size 1: "cwdp" and "cdwp" give the same order.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "nand/layout.h"

namespace flashscope {

// The planes (linear ids, nand/layout.h) in the order consecutive pages visit
// them: element i is the plane of the stream's page i (mod planes). `order`
// is one of the 24 the setting offers (config/device_settings.cpp checks it).
std::vector<uint32_t> PlanesInAllocationOrder(const DeviceLayout& layout, std::string_view order);

}  // namespace flashscope
