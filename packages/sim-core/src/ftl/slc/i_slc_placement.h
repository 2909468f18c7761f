// ISlcPlacement: where a host write goes on a drive with an SLC cache while
// the cache has room — into pSLC (true) or straight to native blocks. One
// of the seed-000 policies per implementation, chosen by name
// (slc_cache.placement, SlcPlacementNames()).
//
// Contract: Place is called once per write request as it is admitted, with
// the request's first logical unit and size in mapping units. It must not
// change the FTL; it may keep state (HyFlex measures growth over time).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "config/device_config.h"
#include "config/plugin_table.h"
#include "config/setting.h"
#include "ftl/ftl_state.h"

namespace flashscope {

// What a placement policy may look at: the FTL, and how much pSLC room the
// cache has left (in mapping units, over every plane).
class ISlcRoom {
 public:
  virtual ~ISlcRoom() = default;
  virtual uint64_t FreeSlcUnits() const = 0;
};

class ISlcPlacement {
 public:
  virtual ~ISlcPlacement() = default;
  virtual bool Place(const FtlState& ftl, const ISlcRoom& room, uint64_t first_lpn, uint32_t units,
                     uint64_t now_ns) = 0;
};

// A registry entry: the policy's name, label, description and parameters,
// and how to build it from the slc_cache section (its parameters) for a
// mapping unit of `unit_bytes`.
using SlcPlacementEntry = PluginEntry<std::unique_ptr<ISlcPlacement> (*)(
    const SlcCacheConfig& config, uint32_t unit_bytes)>;

// The registry (slc_placement_registry.cpp): every policy, in the order the
// UI offers them.
const std::vector<SlcPlacementEntry>& SlcPlacementTable();

// The policy named `name` (one of SlcPlacementNames()), or nullptr.
std::unique_ptr<ISlcPlacement> MakeSlcPlacement(std::string_view name, const SlcCacheConfig& config,
                                                uint32_t unit_bytes);

// The table's infos and names, in table order.
std::vector<PolicyInfo> SlcPlacementInfos();
const std::vector<std::string_view>& SlcPlacementNames();

}  // namespace flashscope
