// What a drive reports besides the host-facing counters of IDeviceFrontEnd:
// plain figures the reports and the snapshot meta read through IDrive
// (drive/i_drive.h), whichever kind of drive runs.
#pragma once

#include <cstdint>

#include "metrics/nand_counters.h"

namespace flashscope {

// What preconditioning did (untimed; not part of the timed figures).
struct PreconditionStats {
  uint64_t fill_units = 0;
  uint64_t random_units = 0;
  NandCounters nand;
  uint64_t gc_runs = 0;
  double waf = 0;  // of the random phase
};

// Logical units preconditioning's sequential fill writes (from unit 0): a
// `fill` fraction of `logical_units`, at most all of them.
inline uint64_t PreconditionFillUnits(double fill, uint64_t logical_units) {
  const auto units = static_cast<uint64_t>(fill * static_cast<double>(logical_units));
  return units > logical_units ? logical_units : units;
}

// What the SLC cache has done so far (zeros without a cache).
struct SlcStats {
  uint64_t host_units_to_slc = 0;       // host units programmed into pSLC
  uint64_t host_units_to_native = 0;    // host units programmed natively
  uint64_t migrated_units = 0;          // units folded pSLC -> native
  uint64_t migrations = 0;              // pSLC blocks emptied and erased
  uint64_t promoted_units = 0;          // native units copied into pSLC
  uint64_t persistent_flushes = 0;      // times the persistent cache was emptied
  bool started = false;                 // the host has issued I/O
  uint64_t dynamic_bytes_at_start = 0;  // capacity when the host started
  bool exhausted = false;               // no pSLC room right now
  bool cliff_seen = false;
  uint64_t first_cliff_ns = 0;
  uint64_t first_cliff_host_units = 0;  // host units admitted before it
};

// The SLC cache now: its counters and capacities (IDrive::slc_now).
struct SlcFigures {
  SlcStats stats;
  uint64_t static_capacity_bytes = 0;
  uint64_t dynamic_capacity_bytes = 0;  // the dynamic allowance now
  // The most the dynamic allowance can be on this drive: its allowance
  // when empty (dynamic_max_bytes in whole pSLC blocks, within user space).
  uint64_t dynamic_max_capacity_bytes = 0;
  uint64_t persistent_capacity_bytes = 0;  // persistent_bytes configured
  uint64_t persistent_bytes = 0;           // what idle migration would keep now
};

// Read-disturb refreshes and static wear-levelling moves so far (zeros when
// those options are off, and on drives without them).
struct ReliabilityStats {
  uint64_t refreshes = 0;        // blocks refreshed (emptied and erased)
  uint64_t refreshed_units = 0;  // units they moved
  uint64_t static_wl_moves = 0;  // cold blocks emptied by static WL
  uint64_t static_wl_units = 0;  // units they moved
};

}  // namespace flashscope
