// The C boundary (api/flashscope_api.h): a registry of sessions by handle and
// one guard that turns every exception into fs_last_error() JSON, so none
// crosses into JavaScript (where it would surface as an opaque abort).
#include "api/flashscope_api.h"

#include <cmath>
#include <exception>
#include <map>
#include <memory>
#include <string>

#include "api/api_guard.h"
#include "api/session.h"
#include "api/stability_session.h"
#include "api/trace_input.h"
#include "trace/trace_summary.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {
namespace {

// protocol.ts PROTOCOL_VERSION; 2 added traces (fs_trace_*, options.trace,
// meta.trace), 3 the stability flow (fs_stability_*).
constexpr uint32_t kApiVersion = 3;

// One fs_trace_open: the inspector and the summary text handed out.
struct Inspection {
  std::unique_ptr<TraceInspector> inspector;
  std::string summary;
  std::string failure;  // what a failed scan threw: its state is not to be trusted
};

// Single-threaded by contract (one worker per wasm instance; natively, one
// caller), so plain statics. Function-local to avoid static init order.
struct ApiState {
  std::map<uint32_t, std::unique_ptr<Session>> sessions;
  std::map<uint32_t, Inspection> inspections;
  std::map<uint32_t, std::unique_ptr<StabilitySession>> stability_runs;
  // Shared by sessions, inspections and stability runs: never confused.
  uint32_t next_handle = 1;
  std::string last_error = "null";
  // Set when even the error JSON could not be built (out of memory).
  const char* last_error_fallback = nullptr;
  std::string scenario_result;  // fs_run_scenario's answer
};

constexpr const char* kOutOfMemoryError =
    R"({"kind":"internal","message":"out of memory while reporting an error"})";

ApiState& State() {
  static ApiState state;
  return state;
}

std::string InputErrorJson(const InputError& e) {
  json::Writer out;
  out.BeginObject();
  out.FieldString("kind", "input");
  out.FieldString("message", e.what());
  out.FieldString("file", e.file());
  out.FieldUint("line", e.line());
  out.FieldString("problem", e.problem());
  out.EndObject();
  return out.Take();
}

std::string InternalErrorJson(const char* what) {
  json::Writer out;
  out.BeginObject();
  out.FieldString("kind", "internal");
  out.FieldString("message", what);
  out.EndObject();
  return out.Take();
}

// Stores the error JSON of the exception being handled. Building it can
// itself run out of memory, so that is caught too: nothing escapes.
void RecordCurrentException() noexcept {
  ApiState& state = State();
  try {
    state.last_error_fallback = nullptr;
    try {
      throw;
    } catch (const InputError& e) {
      state.last_error = InputErrorJson(e);
    } catch (const std::exception& e) {
      state.last_error = InternalErrorJson(e.what());
    } catch (...) {
      state.last_error = InternalErrorJson("unknown exception");
    }
  } catch (...) {
    state.last_error_fallback = kOutOfMemoryError;
  }
}

// Runs body(); on an exception records its JSON for fs_last_error() and
// returns on_error. Resets the error on success so a stale one is never read.
template <typename Result, typename Body>
Result Guard(Result on_error, Body&& body) noexcept {
  try {
    Result result = body();
    ApiState& state = State();
    state.last_error_fallback = nullptr;
    state.last_error = "null";  // short: no allocation
    return result;
  } catch (...) {
    RecordCurrentException();
  }
  return on_error;
}

Session& Find(uint32_t handle) {
  ApiState& state = State();
  const auto it = state.sessions.find(handle);
  if (it == state.sessions.end()) {
    throw std::invalid_argument("no session with handle " + std::to_string(handle));
  }
  return *it->second;
}

StabilitySession& FindStabilityRun(uint32_t handle) {
  ApiState& state = State();
  const auto it = state.stability_runs.find(handle);
  if (it == state.stability_runs.end()) {
    throw std::invalid_argument("no stability run with handle " + std::to_string(handle));
  }
  return *it->second;
}

Inspection& FindInspection(uint32_t handle) {
  ApiState& state = State();
  const auto it = state.inspections.find(handle);
  if (it == state.inspections.end()) {
    throw std::invalid_argument("no trace inspection with handle " + std::to_string(handle));
  }
  return it->second;
}

// A JavaScript number -> uint64: negative and NaN to 0, past 2^64 (and
// Infinity) saturate.
uint64_t ToU64(double value) {
  if (!(value > 0)) return 0;
  if (value >= 18446744073709551616.0) return UINT64_MAX;
  return static_cast<uint64_t>(value);
}

}  // namespace

// api/api_guard.h: the same error state for exports defined in other files.
void RecordApiException() noexcept { RecordCurrentException(); }
void ClearApiError() noexcept {
  ApiState& state = State();
  state.last_error_fallback = nullptr;
  state.last_error = "null";
}

}  // namespace flashscope

using flashscope::Guard;
using flashscope::Session;
using flashscope::State;

extern "C" {

uint32_t fs_api_version() { return flashscope::kApiVersion; }

uint32_t fs_create(const char* device_json, const char* fio_text, const char* options_json) {
  return Guard<uint32_t>(0, [&]() -> uint32_t {
    const flashscope::SessionOptions options =
        flashscope::ParseSessionOptions(options_json ? options_json : "");
    auto session = std::make_unique<Session>(device_json ? device_json : "",
                                             fio_text ? fio_text : "", options);
    flashscope::ApiState& state = State();
    const uint32_t handle = state.next_handle++;
    state.sessions.emplace(handle, std::move(session));
    return handle;
  });
}

void fs_destroy(uint32_t session) {
  Guard<int32_t>(-1, [&] {
    State().sessions.erase(session);
    State().stability_runs.erase(session);
    return 0;
  });
}

int32_t fs_precondition(uint32_t session) {
  return Guard<int32_t>(-1, [&] {
    flashscope::Find(session).Precondition();
    return 0;
  });
}

int32_t fs_advance(uint32_t session, double until_ns, double max_events) {
  return Guard<int32_t>(-1, [&] {
    switch (flashscope::Find(session).Advance(flashscope::ToU64(until_ns),
                                              flashscope::ToU64(max_events))) {
      case flashscope::StopReason::kTimeReached:
        return 0;
      case flashscope::StopReason::kEventBudget:
        return 1;
      case flashscope::StopReason::kFinished:
        return 2;
    }
    return -1;
  });
}

double fs_now_ns(uint32_t session) {
  return Guard<double>(
      -1, [&] { return static_cast<double>(flashscope::Find(session).sim().now_ns()); });
}

const char* fs_describe(uint32_t session) {
  return Guard<const char*>(nullptr, [&] { return flashscope::Find(session).Describe().c_str(); });
}

uintptr_t fs_snapshot(uint32_t session) {
  return Guard<uintptr_t>(
      0, [&] { return reinterpret_cast<uintptr_t>(flashscope::Find(session).Snapshot().data()); });
}

uint32_t fs_snapshot_size(uint32_t session) {
  return Guard<uint32_t>(
      0, [&] { return static_cast<uint32_t>(flashscope::Find(session).snapshot_buffer().size()); });
}

const char* fs_snapshot_meta(uint32_t session) {
  return Guard<const char*>(nullptr,
                            [&] { return flashscope::Find(session).SnapshotMeta().c_str(); });
}

const char* fs_result_json(uint32_t session) {
  return Guard<const char*>(nullptr,
                            [&] { return flashscope::Find(session).ResultJson().c_str(); });
}

const char* fs_run_scenario(const char* device_json, const char* fio_text,
                            const char* workload_name) {
  flashscope::ApiState& state = State();
  const char* result = Guard<const char*>(nullptr, [&] {
    flashscope::SessionOptions options;
    // The CLI's defaults, so the result is what `flashscope run --json` prints.
    options.series_interval_ms = 100;
    if (workload_name && *workload_name) options.workload_name = workload_name;
    // On the heap: a session holds ~50 KB of latency histograms, too much
    // for a WebAssembly stack frame.
    const auto session = std::make_unique<Session>(device_json ? device_json : "",
                                                   fio_text ? fio_text : "", options);
    session->Precondition();
    session->Advance(UINT64_MAX, UINT64_MAX);
    state.scenario_result = session->ResultJson();
    return state.scenario_result.c_str();
  });
  if (result) return result;
  // Wrapped by hand, not by Guard, so fs_last_error() keeps the error.
  try {
    state.scenario_result = std::string("{\"error\":") + fs_last_error() + "}";
    return state.scenario_result.c_str();
  } catch (...) {
    return flashscope::kOutOfMemoryError;
  }
}

const char* fs_last_error() {
  const flashscope::ApiState& state = State();
  return state.last_error_fallback ? state.last_error_fallback : state.last_error.c_str();
}

uint32_t fs_trace_open(const char* trace_json) {
  return Guard<uint32_t>(0, [&]() -> uint32_t {
    constexpr const char* kFile = "trace options";
    const flashscope::json::Value object =
        flashscope::json::Parse(trace_json ? trace_json : "", kFile);
    const flashscope::TraceInputSpec spec = flashscope::ParseTraceInputSpec(object, kFile);
    flashscope::Inspection inspection;
    inspection.inspector = std::make_unique<flashscope::TraceInspector>(
        flashscope::OpenTraceInput(spec, kFile), spec.options);
    flashscope::ApiState& state = State();
    const uint32_t handle = state.next_handle++;
    state.inspections.emplace(handle, std::move(inspection));
    return handle;
  });
}

int32_t fs_trace_scan(uint32_t inspection, double max_bytes) {
  return Guard<int32_t>(-1, [&] {
    flashscope::Inspection& found = flashscope::FindInspection(inspection);
    if (!found.failure.empty()) {
      throw std::logic_error("the trace scan failed earlier: " + found.failure);
    }
    try {
      return found.inspector->Scan(flashscope::ToU64(max_bytes)) ? 1 : 0;
    } catch (const std::exception& e) {
      found.failure = e.what();
      throw;
    }
  });
}

const char* fs_trace_summary(uint32_t inspection) {
  return Guard<const char*>(nullptr, [&] {
    flashscope::Inspection& found = flashscope::FindInspection(inspection);
    found.summary = found.inspector->SummaryJson();
    return found.summary.c_str();
  });
}

void fs_trace_close(uint32_t inspection) {
  Guard<int32_t>(-1, [&] {
    State().inspections.erase(inspection);
    return 0;
  });
}

uint32_t fs_stability_create(const char* device_json, const char* fio_text,
                             const char* options_json) {
  return Guard<uint32_t>(0, [&]() -> uint32_t {
    const flashscope::StabilitySessionOptions options =
        flashscope::ParseStabilityOptions(options_json ? options_json : "");
    auto run = std::make_unique<flashscope::StabilitySession>(device_json ? device_json : "",
                                                              fio_text ? fio_text : "", options);
    flashscope::ApiState& state = State();
    const uint32_t handle = state.next_handle++;
    state.stability_runs.emplace(handle, std::move(run));
    return handle;
  });
}

int32_t fs_stability_advance(uint32_t run, double slices) {
  return Guard<int32_t>(-1, [&] {
    return flashscope::FindStabilityRun(run).Advance(flashscope::ToU64(slices)) ? 1 : 0;
  });
}

const char* fs_stability_progress(uint32_t run) {
  return Guard<const char*>(
      nullptr, [&] { return flashscope::FindStabilityRun(run).ProgressJson().c_str(); });
}

const char* fs_stability_result(uint32_t run) {
  return Guard<const char*>(nullptr,
                            [&] { return flashscope::FindStabilityRun(run).ResultJson().c_str(); });
}

const char* fs_stability_defaults() { return flashscope::StabilityDefaultsJson().c_str(); }

}  // extern "C"
