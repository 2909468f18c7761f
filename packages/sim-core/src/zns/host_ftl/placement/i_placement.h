// IPlacementPolicy: which open zone class a block goes to (seed 004 §3.2,
// §4.2.1). The host FTL asks once per appended block, for user writes and
// for GC relocations alike, and keeps one open zone per class.
//
// Contract: ClassFor returns a class in [0, classes). Policies may keep
// per-block state (sized logical_blocks at construction, never resized) and
// learn from reclaimed zones; they must not allocate per call. Classes are
// 0-based here; the thesis numbers them 1..N (class c here is its c + 1).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "config/plugin_table.h"
#include "config/setting.h"

namespace flashscope::zns {

struct PlacementSetup {
  uint64_t logical_blocks = 0;
  uint32_t classes = 7;
  uint64_t zone_blocks = 0;  // zone capacity in blocks (S_zone)
};

struct PlacementInput {
  uint64_t block = 0;
  uint64_t now = 0;         // logical clock: user block writes before this one
  uint64_t now_ns = 0;      // physical time (WARCIP)
  bool gc = false;          // a relocation, not a user write
  uint32_t from_class = 0;  // gc: the reclaimed zone's class
  // Logical time of the block's previous user write (for a user write: the
  // one this write replaces); kNeverWritten when there is none.
  uint64_t last_user_write = 0;
  // Logical time of the next user write of this block's current data
  // (future knowledge; kNeverWritten = never; only fk/zbopt read it).
  uint64_t next_write = 0;
};

class IPlacementPolicy {
 public:
  virtual ~IPlacementPolicy() = default;
  virtual uint32_t ClassFor(const PlacementInput& input) = 0;
  // A zone of class `cls` was reclaimed at `now`; it was first written at
  // `opened` and filled at `filled` (logical times).
  virtual void OnZoneReclaimed(uint32_t /*cls*/, uint64_t /*opened*/, uint64_t /*filled*/,
                               uint64_t /*now*/) {}
  virtual bool NeedsFutureKnowledge() const { return false; }
};

// A registry entry: the policy's name, label, description and parameters,
// and how to build it for `setup`.
using PlacementEntry =
    PluginEntry<std::unique_ptr<IPlacementPolicy> (*)(const PlacementSetup& setup)>;

// The registry (placement_registry.cpp): every policy, in the thesis's
// table order (Table 4.3), which --placements and the UI list.
const std::vector<PlacementEntry>& PlacementTable();

// The policy named `name` (one of PlacementNames()), or nullptr.
std::unique_ptr<IPlacementPolicy> MakePlacement(std::string_view name, const PlacementSetup& setup);

// The table's infos and names, in table order.
std::vector<PolicyInfo> PlacementInfos();
const std::vector<std::string_view>& PlacementNames();

}  // namespace flashscope::zns
