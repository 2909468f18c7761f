// StabilitySession: the stability test flow (stability/stability_flow.h)
// behind the C API's fs_stability_* calls. It builds the flow exactly as
// `flashscope stability --device FILE [--fio FILE] --json` does (same device
// parsing and --set overrides, the same default measurement round, the same
// option ranges), so its result JSON is byte-identical to the CLI's for the
// same inputs; and it runs the flow in the same event slices, so how a
// caller spreads them over time changes nothing.
//
// Lifecycle: construct (parses and validates, may throw InputError) ->
// Advance() in slices until it returns true -> ResultJson(). ProgressJson()
// may be asked for at any point.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stability/stability_flow.h"

namespace flashscope {

// The options_json of fs_stability_create. Every key is optional:
//   set                 array of "dotted.key=value" device overrides, applied
//                       in order like the CLI's --set
//   rounds_max          rounds run at most without steady state, a whole
//                       number 1..100 (default 25, the CLI's --rounds-max)
//   qos_read_us         QoS read latency limit, > 0 (default 1000, seed 001)
//   qos_write_us        QoS write latency limit, > 0 (default 200, seed 001)
//   qos_percentile      check the limits at this percentile (0 < P <= 100)
//                       instead of the mean latency; null or absent: the mean
//   series_interval_ms  IOPS sampling interval, >= 0.001 (default 10)
//   random_precondition times the user capacity of 4 KiB random writes
//                       after the sequential preconditioning, 0-10 (default
//                       2, seed 001; the CLI's --random-precondition)
//   device_name         names the device text in errors ("device.json")
//   workload_name       plays the CLI's --fio path: named in errors and the
//                       result's "workload" ("measure.fio"); not used when the
//                       fio text is empty (the default round,
//                       "stability:default")
struct StabilitySessionOptions {
  stability::StabilityOptions flow;
  std::vector<std::string> sets;
  std::string device_name = "device.json";
  std::string workload_name = "measure.fio";
};

// Parses options_json ("" means all defaults). Unknown keys, wrong types and
// values out of range are InputErrors naming "options" and the line.
StabilitySessionOptions ParseStabilityOptions(std::string_view options_json);

// fs_stability_defaults' text (api/flashscope_api.h): the defaults and
// ranges ParseStabilityOptions applies, and the --compare variants. Built
// once; the reference lives for the program.
const std::string& StabilityDefaultsJson();

class StabilitySession {
 public:
  // fio_text "" (or only blanks): the default measurement round.
  StabilitySession(std::string_view device_json, std::string_view fio_text,
                   const StabilitySessionOptions& options);

  // Runs up to `slices` slices of the flow; true once it has ended. A
  // session whose Advance threw refuses further calls (std::logic_error).
  bool Advance(uint64_t slices);
  bool done() const { return run_->done(); }

  // {"phase": "precondition" | "rounds" | "done", "sim_time_ms",
  //  "user_capacity_bytes", "precondition_bytes" (written so far, of
  //  2x the user capacity), "rounds_max", "rounds": [{round, start_ms,
  //  end_ms, iops, read_iops, write_iops, waf}], "steady_state": {reached,
  //  round (null if not reached)}}.
  const std::string& ProgressJson();
  // Exactly what `flashscope stability --json` prints (trailing newline
  // included); std::logic_error before the flow has ended.
  const std::string& ResultJson();

 private:
  std::unique_ptr<stability::StabilityRun> run_;
  std::string failure_;  // what a failed Advance threw
  std::string progress_text_;
  std::string result_text_;
};

}  // namespace flashscope
