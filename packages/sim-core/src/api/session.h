// Session: one simulated drive behind the C API (api/flashscope_api.h). It
// builds its Simulator exactly as `flashscope run --device FILE --fio FILE`
// does (same device parsing and --set overrides, same fio parsing, same
// JobsFromFio, same RunInfo and ignored options), so its result JSON is
// byte-identical to the CLI's for the same inputs, seed and series interval.
// With a trace object in its options the workload is that trace instead, as
// `flashscope run --device FILE --trace FILE [trace options]` builds it
// (JobFromTrace, RunInfoForTrace), read in chunks while the run goes on.
// It also owns what the UI reads per frame: the snapshot buffer (reused, no
// allocation after the first frame), the snapshot meta writer with its
// cursors, and the strings the C API hands out.
//
// Lifecycle: construct (parses and validates, may throw InputError) ->
// Precondition() once, optionally -> Advance() in slices until kFinished ->
// ResultJson(). Snapshots and meta may be taken at any point.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/snapshot.h"
#include "api/snapshot_meta.h"
#include "api/trace_input.h"
#include "report/result_json.h"
#include "sim/simulator.h"
#include "sim/trace_jobs.h"
#include "workload/fio_job.h"
#include "workload/generator_workload.h"

namespace flashscope {

// The options_json of fs_create. Every key is optional:
//   series_interval_ms  first sampling interval of the time series,
//                       simulated ms, 1e-6..1e12 (default 10 for sessions;
//                       the CLI's default is 100); doubled whenever the
//                       series reaches kSeriesMaxPoints points, so a live
//                       run's memory stays flat (sim/simulator.h)
//   device_name         names the device text in error messages ("device.json")
//   workload_name       plays the CLI's --fio path: named in errors and the
//                       result's "workload" ("job.fio")
//   set                 array of "dotted.key=value" device overrides, applied
//                       in order like the CLI's --set
//   include_events      the result JSON's "events" list (default false):
//                       the newest kRetainedEvents events, and events_total
//                       (the CLI's --events streams every one instead)
//   trace               the workload is this trace, not the fio text (which
//                       must then be empty): the trace object of
//                       api/trace_input.h; workload_name is not used (the
//                       trace's name is what the result cites)
//   workload            the workload is this generator, not the fio text
//                       (which must then be empty): a scenario's "workload"
//                       object (workload/generator_workload.h), one job
//                       "cloud_block"; workload_name names it in the result.
//                       Not together with trace.
struct SessionOptions {
  double series_interval_ms = 10;
  std::string device_name = "device.json";
  std::string workload_name = "job.fio";
  std::vector<std::string> sets;
  bool include_events = false;
  std::optional<TraceInputSpec> trace;
  std::optional<GeneratorWorkload> workload;
};

// Parses options_json ("" means all defaults). Unknown keys and wrong types
// are InputErrors naming "options" and the line.
SessionOptions ParseSessionOptions(std::string_view options_json);

class Session {
 public:
  // Throws InputError for bad device JSON, overrides, options or fio text.
  Session(std::string_view device_json, std::string_view fio_text, const SessionOptions& options);

  // Untimed preconditioning per the device's "precondition" key; at most
  // once, before the first Advance (std::logic_error otherwise).
  // If Precondition or Advance throws, the session refuses both from then on.
  void Precondition();

  // Runs events up to simulated time until_ns (never moving time backwards:
  // an until_ns before now_ns() returns kTimeReached at once) or at most
  // max_events of them.
  StopReason Advance(uint64_t until_ns, uint64_t max_events);

  const Simulator& sim() const { return *sim_; }
  const SessionOptions& options() const { return options_; }
  // The trace being replayed (owned by the simulator's job), or nullptr.
  const TraceSource* trace() const { return trace_; }

  // {"device": <WriteDevice>, "layout": <protocol.ts Layout>}.
  const std::string& Describe();
  // Builds the next frame (see flashscope_api.h for the layout); the
  // returned buffer keeps its address for the session's lifetime.
  const std::vector<uint8_t>& Snapshot();
  // The latest frame (empty before the first Snapshot()).
  const std::vector<uint8_t>& snapshot_buffer() const { return snapshot_.buffer(); }
  // Figures so far plus the series points and events since the last call.
  const std::string& SnapshotMeta();
  // Exactly what `flashscope run --json` prints (trailing newline included).
  const std::string& ResultJson();

 private:
  SessionOptions options_;
  RunInfo info_;
  std::unique_ptr<Simulator> sim_;
  const TraceSource* trace_ = nullptr;
  void CheckHealthy() const;

  bool preconditioned_ = false;
  std::string failure_;  // what a failed Precondition/Advance threw
  uint32_t frame_ = 0;   // of the latest snapshot
  SnapshotBuilder snapshot_;
  SnapshotMetaWriter meta_;
  std::string describe_text_;
  std::string meta_text_;
  std::string result_text_;
};

}  // namespace flashscope
