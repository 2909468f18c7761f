// fio's normal text output (`--output-format=normal`) for a FlashScope run,
// in fio 3.33's layout (stat.c show_thread_status_normal, show_ddir_status,
// show_clat_percentiles, show_latencies, show_group_stats): per job the
// "name: (groupid=0, jobs=1): err= 0: ..." block with IOPS, BW, clat/lat,
// the clat percentile table, bw/iops sample statistics and the latency
// distribution, then the "Run status group N (all jobs):" lines. Numbers
// are written with fio's num2str (4 significant figures, KiB/MiB with the
// decimal alternative in parentheses). Where fio prints the host's disk
// statistics, FlashScope prints one "flashscope" line per job with the
// drive's NAND work, WAF and GC runs. The figures are those of the JSON
// (report/fio_group.h says how each is derived); pid is 0 and the time is
// the epoch, so the text is byte-identical per seed.
#pragma once

#include <cstdint>
#include <string>

#include "sim/simulator.h"
#include "workload/fio_job.h"

namespace flashscope {

std::string FioTextOutput(const Simulator& sim, const FioJobFile* jobs);

// fio lib/num2str.c num2str(num, maxlen, base = 1, pow2, units): at most
// `max_digits` digits (the point included), scaled by 1000 (or 1024 when
// pow2) with k/M/G (Ki/Mi/Gi) prefixes, fio's carry rounding included.
std::string FioNum2Str(uint64_t num, int max_digits, bool pow2, const char* units);

}  // namespace flashscope
