// NandCounters: what the flash did, split by why it did it. Programs count
// flash pages (a wordline of a TLC block is 3 pages), including padding pages
// of partly filled wordlines, because that is what wears the cells and what
// the NAND bus carries.
#pragma once

#include <array>
#include <cstdint>

namespace flashscope {

// Causes of NAND work (DESIGN.md: host, GC, migration, mapping, refresh, wear
// levelling). Later issues fill the ones this FTL does not produce yet.
// kReadModifyWrite ("rmw"): the read of a mapping unit's old data that a
// host write covering only part of the unit needs first (reads only).
enum class Cause : uint8_t {
  kHost = 0,
  kGc,
  kMigration,
  kMapping,
  kRefresh,
  kWearLeveling,
  kReadModifyWrite
};
inline constexpr uint32_t kCauseCount = 7;
const char* CauseName(Cause cause);  // "host", "gc", ...

struct NandCounters {
  std::array<uint64_t, kCauseCount> page_reads{};
  std::array<uint64_t, kCauseCount> page_programs{};
  std::array<uint64_t, kCauseCount> block_erases{};
  // Mapping units of data programmed (padding excluded), by cause.
  std::array<uint64_t, kCauseCount> units_programmed{};

  uint64_t TotalReads() const { return Sum(page_reads); }
  uint64_t TotalPrograms() const { return Sum(page_programs); }
  uint64_t TotalErases() const { return Sum(block_erases); }

  NandCounters operator-(const NandCounters& earlier) const {
    NandCounters d;
    for (uint32_t i = 0; i < kCauseCount; ++i) {
      d.page_reads[i] = page_reads[i] - earlier.page_reads[i];
      d.page_programs[i] = page_programs[i] - earlier.page_programs[i];
      d.block_erases[i] = block_erases[i] - earlier.block_erases[i];
      d.units_programmed[i] = units_programmed[i] - earlier.units_programmed[i];
    }
    return d;
  }

 private:
  static uint64_t Sum(const std::array<uint64_t, kCauseCount>& a) {
    uint64_t s = 0;
    for (uint64_t v : a) s += v;
    return s;
  }
};

}  // namespace flashscope
