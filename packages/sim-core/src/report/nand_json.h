// The flash's work by cause in JSON: the result's "nand" objects (the run's
// and each job's) and the counts by cause that the end of run and the live
// snapshot meta report with the same names (metrics/nand_counters.h
// CauseName: host, gc, migration, mapping, refresh, wear_leveling, rmw,
// padding).
#pragma once

#include <array>
#include <cstdint>

#include "metrics/nand_counters.h"
#include "util/json.h"

namespace flashscope {

// {"host": n, "gc": n, ...}: one count per cause.
void WriteByCause(json::Writer& out, const std::array<uint64_t, kCauseCount>& values);

// {page_reads, page_programs, block_erases, write_bytes, programs_by_cause,
//  reads_by_cause, erases_by_cause}.
void WriteNand(json::Writer& out, const NandCounters& nand, uint32_t page_bytes);

}  // namespace flashscope
