// fio's JSON output (`--output-format=json` and `json+`) for a FlashScope
// run, in the layout of fio 3.33's stat.c (show_thread_status_json,
// add_ddir_status_json, add_ddir_lat_json), so the readers written for fio
// (fio-plot, kbench-style jq queries, fio's tools/fio_jsonplus_clat2csv)
// read it as they read fio's.
//
// Where it departs from fio, and why:
//   - "fio version" is "fio-3.33", the layout's release (tools that parse
//     it expect fio's form); FlashScope's own is "flashscope"."version";
//   - "timestamp", "timestamp_ms" and "time" give a fixed start,
//     kFioDefaultTimestamp (2024-01-01 UTC) unless `--timestamp` sets one:
//     the output is byte-identical for the same inputs and seed, and its
//     date parses;
//   - "disk_util" is empty (no host block device); the drive's own figures
//     (the whole `flashscope run --json` result: WAF, NAND counters, SLC,
//     ZNS, series, stability ...) are under the top-level key "flashscope",
//     and each job has a small "flashscope" object (its NAND work, WAF, GC
//     runs, members): keys fio's readers never look at;
//   - the figures fio measures on the host that a simulation has no
//     counterpart for (usr_cpu, sys_cpu, ctx, majf, minf, slat) are 0.
// How each figure is derived is in report/fio_group.h.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "report/result_json.h"
#include "sim/simulator.h"
#include "workload/fio_job.h"

namespace flashscope {

// The version FlashScope reports itself as.
inline constexpr const char* kFlashScopeVersion = "0.1.0";

// fio's --output-format: a comma-separated list of normal, json, json+
// (json+ includes json), written in fio's order: JSON first, then the text.
// When fio's JSON says the run started ("timestamp", "timestamp_ms",
// "time"), in Unix seconds: a simulated run has no wall-clock start, so a
// fixed one, 2024-01-01 00:00:00 UTC, keeps the output the same run after
// run, and a date tools can parse (`--timestamp` sets another).
inline constexpr uint64_t kFioDefaultTimestamp = 1'704'067'200;

struct FioOutputFormats {
  bool normal = false;
  bool json = false;
  bool json_plus = false;  // json with each clat histogram's bins
  uint64_t timestamp = kFioDefaultTimestamp;
  bool any() const { return normal || json || json_plus; }
};

// Throws InputError("flashscope", ...) naming an unknown format and the
// accepted ones (terse is fio's too, but FlashScope does not write it).
FioOutputFormats ParseFioOutputFormats(std::string_view spec);

// The JSON document, ending in a newline. `jobs` (may be nullptr) is the job
// file the run's jobs came from (report/fio_group.h FioReportEntries);
// `info` is what the embedded FlashScope result needs.
std::string FioJsonOutput(const Simulator& sim, const FioJobFile* jobs, const RunInfo& info,
                          bool json_plus, uint64_t timestamp = kFioDefaultTimestamp);

// fio's "time": `timestamp` as ctime writes it, in UTC ("Mon Jan  1
// 00:00:00 2024").
std::string FioTime(uint64_t timestamp);

}  // namespace flashscope
