#include "nand/allocation_order.h"

#include <stdexcept>

namespace flashscope {

std::vector<uint32_t> PlanesInAllocationOrder(const DeviceLayout& layout, std::string_view order) {
  if (order.size() != 4) throw std::invalid_argument("allocation_order: four letters of cwdp");
  std::vector<uint32_t> planes(layout.planes);
  for (uint32_t i = 0; i < layout.planes; ++i) {
    // Digits of i, the first letter's the least significant.
    uint32_t rest = i;
    uint32_t channel = 0, way = 0, plane_in_die = 0;
    for (const char level : order) {
      const uint32_t size = level == 'c'   ? layout.channels
                            : level == 'w' ? layout.dies_per_channel
                            : level == 'p' ? layout.planes_per_die
                                           : 1;  // 'd': one die per chip
      const uint32_t digit = rest % size;
      rest /= size;
      if (level == 'c') channel = digit;
      if (level == 'w') way = digit;
      if (level == 'p') plane_in_die = digit;
    }
    const uint32_t die = channel * layout.dies_per_channel + way;
    planes[i] = die * layout.planes_per_die + plane_in_die;
  }
  return planes;
}

}  // namespace flashscope
