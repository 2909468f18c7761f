// fio's JSON output (`--output-format=json` and `json+`) for a FlashScope
// run, in the layout of fio 3.33's stat.c (show_thread_status_json,
// add_ddir_status_json, add_ddir_lat_json), so the readers written for fio
// (fio-plot, kbench-style jq queries, fio's tools/fio_jsonplus_clat2csv)
// read it as they read fio's.
//
// Where it departs from fio, and why:
//   - "fio version" is "flashscope-<version> (fio-3.33 layout)": the numbers
//     come from a simulated drive, and the readers only show this string;
//   - "timestamp", "timestamp_ms" are 0 and "time" is the epoch: the output
//     is byte-identical for the same inputs and seed;
//   - "disk_util" is empty (no host block device); the drive's own figures
//     (the whole `flashscope run --json` result: WAF, NAND counters, SLC,
//     ZNS, series, stability ...) are under the top-level key "flashscope",
//     and each job has a small "flashscope" object (its NAND work, WAF, GC
//     runs, members): keys fio's readers never look at;
//   - the figures fio measures on the host that a simulation has no
//     counterpart for (usr_cpu, sys_cpu, ctx, majf, minf, slat) are 0.
// How each figure is derived is in report/fio_group.h.
#pragma once

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
struct FioOutputFormats {
  bool normal = false;
  bool json = false;
  bool json_plus = false;  // json with each clat histogram's bins
  bool any() const { return normal || json || json_plus; }
};

// Throws InputError("flashscope", ...) naming an unknown format and the
// accepted ones (terse is fio's too, but FlashScope does not write it).
FioOutputFormats ParseFioOutputFormats(std::string_view spec);

// The JSON document, ending in a newline. `jobs` (may be nullptr) is the job
// file the run's jobs came from (report/fio_group.h FioReportEntries);
// `info` is what the embedded FlashScope result needs.
std::string FioJsonOutput(const Simulator& sim, const FioJobFile* jobs, const RunInfo& info,
                          bool json_plus);

}  // namespace flashscope
