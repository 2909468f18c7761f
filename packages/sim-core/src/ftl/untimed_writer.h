// UntimedWriter: the functional (untimed) write path used to bring a drive to
// a state before the timed run — a sequential fill, then random overwrites
// with garbage collection — at memory speed. It applies the same mapping,
// allocation, victim policy and GC reserve as the timed engine, but places
// units one at a time on each plane's frontier (no wordline padding, no
// timing), so a 512 GiB drive reaches GC steady state in seconds. Host data
// is striped a flash page at a time over the planes in the device's
// allocation order (nand/allocation_order.h), as the timed write buffer does.
//
// With static wear levelling on, it levels wear by the timed drive's rule
// (ftl/static_wear_leveling.h) after every erase, so a preconditioned drive
// starts the timed run with the wear its firmware would have left; its
// moves count under Cause::kWearLeveling in the preconditioning's counters
// (and in its WAF).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ftl/ftl_state.h"
#include "ftl/gc/i_victim_policy.h"
#include "metrics/nand_counters.h"
#include "util/rng.h"

namespace flashscope {

class UntimedWriter {
 public:
  // allocation_order: the device's (nand/allocation_order.h);
  // static_wl_threshold: wear_leveling.static_threshold, 0 when static wear
  // levelling is off.
  UntimedWriter(FtlState& ftl, IVictimPolicy& victims, Rng& rng, NandCounters& counters,
                std::string_view allocation_order = "cwdp", uint32_t static_wl_threshold = 0);

  // Writes logical units [first, first + count) in order.
  void WriteSequential(uint64_t first, uint64_t count);
  // Writes `count` units at uniformly random logical addresses.
  void WriteRandom(uint64_t count);
  // Writes one unit (host cause).
  void Write(uint64_t lpn);

  uint64_t gc_runs() const { return gc_runs_; }
  uint64_t static_wl_moves() const { return static_wl_moves_; }

 private:
  uint32_t NextSlot(uint32_t plane, Stream stream);
  void Collect(uint32_t plane);
  // Moves `victim`'s valid units through `stream` and erases it.
  void Empty(uint32_t plane, uint32_t victim, Stream stream, Cause cause);
  void LevelWear(uint32_t plane);
  void EnsureReserve(uint32_t plane);

  FtlState& ftl_;
  IVictimPolicy& victims_;
  Rng& rng_;
  NandCounters& counters_;
  const DeviceLayout& layout_;
  // Per plane and stream: next slot in the current wordline and how many
  // slots of it remain.
  std::vector<uint32_t> cursor_;
  std::vector<uint32_t> remaining_;
  std::vector<uint32_t> plane_order_;  // planes in allocation order
  uint32_t stripe_position_ = 0;       // index into plane_order_ of the next page
  uint32_t units_in_page_ = 0;         // units already on the current page
  uint32_t static_wl_threshold_;
  uint64_t gc_runs_ = 0;
  uint64_t static_wl_moves_ = 0;
  std::vector<uint32_t> move_slots_;  // scratch for Collect, sized once
};

}  // namespace flashscope
