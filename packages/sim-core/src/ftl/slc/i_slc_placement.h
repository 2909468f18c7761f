// ISlcPlacement: where a host write goes on a drive with an SLC cache while
// the cache has room — into pSLC (true) or straight to native blocks. One
// of the seed-000 policies per implementation, chosen by name
// (slc_cache.placement, kSlcPlacementNames).
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

// Registry (slc_placement_registry.cpp): the policy named `name`, or nullptr.
std::unique_ptr<ISlcPlacement> MakeSlcPlacement(std::string_view name, const SlcCacheConfig& config,
                                                uint32_t unit_bytes);

// The registry's entries in the order the UI offers them: name, label,
// one-line description and the parameters each declares (config/setting.h).
std::vector<PolicyInfo> SlcPlacementInfos();

}  // namespace flashscope
