// NandCounters: what the flash did, split by why it did it. Programs count
// flash pages (a wordline of a TLC block is 3 pages), including the padding
// of partly filled wordlines (cause "padding"), because that is what wears
// the cells and what the NAND bus carries.
#pragma once

#include <array>
#include <cstdint>

namespace flashscope {

// Causes of NAND work (docs/conventions.md: host, GC, migration, mapping, refresh, wear
// levelling). Later issues fill the ones this FTL does not produce yet.
// kReadModifyWrite ("rmw"): the read of a mapping unit's old data that a
// host write covering only part of the unit needs first (reads only).
// kPadding ("padding"): the dummy data that closes a partial wordline when
// it must leave before it is full (an idle or end-of-run flush, a host
// flush, the no-DRAM wait, a GC run's last wordline); programs only, and
// no flash operation carries it as its cause (CountWordline splits a
// wordline's pages).
enum class Cause : uint8_t {
  kHost = 0,
  kGc,
  kMigration,
  kMapping,
  kRefresh,
  kWearLeveling,
  kReadModifyWrite,
  kPadding
};
inline constexpr uint32_t kCauseCount = 8;
const char* CauseName(Cause cause);  // "host", "gc", ...

struct NandCounters {
  std::array<uint64_t, kCauseCount> page_reads{};
  std::array<uint64_t, kCauseCount> page_programs{};
  std::array<uint64_t, kCauseCount> block_erases{};
  // Mapping units of data programmed (padding excluded), by cause.
  std::array<uint64_t, kCauseCount> units_programmed{};
  // Mapping-unit slots of programmed wordlines that padding filled.
  uint64_t padding_units = 0;

  // Counts one programmed wordline of `pages` pages (of `units_per_page`
  // units each) that carries `data_units` units of data for `cause`: the
  // units padding filled count under kPadding in whole pages, as
  // padding_units accumulates them (page_programs[kPadding] is always
  // padding_units / units_per_page, rounded down), the other pages under
  // `cause`. So padding's share of the flash is exact to a page however
  // the partial pages fall, and the pages still add up to the wordlines.
  void CountWordline(Cause cause, uint32_t pages, uint32_t data_units, uint32_t units_per_page) {
    const uint64_t padding_pages_before = padding_units / units_per_page;
    padding_units += uint64_t{pages} * units_per_page - data_units;
    const uint64_t padding_pages = padding_units / units_per_page - padding_pages_before;
    page_programs[static_cast<uint32_t>(Cause::kPadding)] += padding_pages;
    page_programs[static_cast<uint32_t>(cause)] += pages - padding_pages;
  }

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
    d.padding_units = padding_units - earlier.padding_units;
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
