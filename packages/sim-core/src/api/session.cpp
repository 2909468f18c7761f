// Session (api/session.h): options parsing and the one way a session's
// simulator is built, from a fio job or a trace.
#include "api/session.h"

#include <cmath>
#include <stdexcept>

#include "classic/classic_device.h"
#include "schema/device_schema.h"
#include "sim/fio_jobs.h"
#include "sim/generator_jobs.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {

namespace {

constexpr const char* kOptionsFile = "options";

void ExpectType(const json::Value& value, json::Type type, const std::string& key) {
  if (value.type() != type) {
    throw InputError(
        kOptionsFile, value.line(),
        key + ": expected " + json::TypeName(type) + ", got " + json::TypeName(value.type()));
  }
}

}  // namespace

SessionOptions ParseSessionOptions(std::string_view options_json) {
  SessionOptions options;
  bool blank = true;
  for (char c : options_json) blank &= c == ' ' || c == '\t' || c == '\n' || c == '\r';
  if (blank) return options;
  const json::Value root = json::Parse(options_json, kOptionsFile);
  ExpectType(root, json::Type::kObject, "options");
  for (const auto& [key, value] : root.members()) {
    if (key == "series_interval_ms") {
      ExpectType(value, json::Type::kNumber, key);
      // At least a nanosecond (the simulator's tick), at most ~31 years.
      if (!(value.as_number() >= 1e-6 && value.as_number() <= 1e12)) {
        throw InputError(kOptionsFile, value.line(), key + ": must be between 1e-6 and 1e12");
      }
      options.series_interval_ms = value.as_number();
    } else if (key == "device_name") {
      ExpectType(value, json::Type::kString, key);
      options.device_name = value.as_string();
    } else if (key == "workload_name") {
      ExpectType(value, json::Type::kString, key);
      options.workload_name = value.as_string();
    } else if (key == "set") {
      ExpectType(value, json::Type::kArray, key);
      for (const json::Value& item : value.items()) {
        ExpectType(item, json::Type::kString, key + " entry");
        options.sets.push_back(item.as_string());
      }
    } else if (key == "include_events") {
      ExpectType(value, json::Type::kBool, key);
      options.include_events = value.as_bool();
    } else if (key == "trace") {
      options.trace = ParseTraceInputSpec(value, kOptionsFile);
    } else if (key == "workload") {
      options.workload = ParseGeneratorWorkload(value, kOptionsFile);
    } else {
      throw InputError(kOptionsFile, value.line(),
                       "unknown key '" + key +
                           "' (series_interval_ms, device_name, workload_name, set, "
                           "include_events, trace, workload)");
    }
  }
  if (options.trace && options.workload) {
    throw InputError(kOptionsFile, options.workload->line,
                     "workload: give one workload, a trace or a generator, not both");
  }
  return options;
}

Session::Session(std::string_view device_json, std::string_view fio_text,
                 const SessionOptions& options)
    : options_(options) {
  const DeviceConfig device = ParseDeviceText(device_json, options_.device_name, options_.sets);
  const DeviceLayout layout = DeviceLayout::From(device);
  SimOptions sim_options;
  // As the CLI converts --series-interval-ms.
  sim_options.series_interval_ns = static_cast<uint64_t>(options_.series_interval_ms * 1e6);
  // A zero interval would sample forever at one instant.
  if (sim_options.series_interval_ns == 0) sim_options.series_interval_ns = 1;
  if (options_.trace) {
    // One workload per session: text beside a trace is a caller's mistake
    // that would otherwise be silently ignored.
    if (fio_text.find_first_not_of(" \t\r\n") != std::string_view::npos) {
      throw InputError(kOptionsFile, options_.trace->line,
                       "trace: the workload is the trace, so the fio text must be empty");
    }
    TraceJob trace_job = JobFromTrace(OpenTraceInput(*options_.trace, kOptionsFile),
                                      options_.trace->options, layout);
    trace_ = trace_job.source;
    info_ = RunInfoForTrace(trace_job.job.name, *trace_, options_.include_events);
    std::vector<JobSpec> jobs;
    jobs.push_back(std::move(trace_job.job));
    // As the CLI: the fk / zbopt placements' pre-pass reads the trace again.
    sim_options.jobs_again = [spec = *options_.trace, layout] {
      std::vector<JobSpec> again;
      again.push_back(JobFromTrace(OpenTraceInput(spec, kOptionsFile), spec.options, layout).job);
      return again;
    };
    sim_ = std::make_unique<Simulator>(device, std::move(jobs), sim_options);
    return;
  }
  if (options_.workload) {
    if (fio_text.find_first_not_of(" \t\r\n") != std::string_view::npos) {
      throw InputError(kOptionsFile, options_.workload->line,
                       "workload: the workload is the generator, so the fio text must be empty");
    }
    info_.workload = options_.workload_name;
    info_.include_events = options_.include_events;
    std::vector<JobSpec> jobs;
    jobs.push_back(JobFromGenerator(*options_.workload, device, layout));
    sim_options.jobs_again = [spec = *options_.workload, device, layout] {
      std::vector<JobSpec> again;
      again.push_back(JobFromGenerator(spec, device, layout));
      return again;
    };
    sim_ = std::make_unique<Simulator>(device, std::move(jobs), sim_options);
    return;
  }
  const FioJobFile jobs = ParseFioJobs(fio_text, options_.workload_name);
  info_ = RunInfoFor(jobs, options_.workload_name, options_.include_events);
  // Leading fill_device jobs become the untimed preconditioning, as in the
  // CLI (sim/fio_jobs.h).
  DeviceConfig fio_device = device;
  PreconditionFromFio(jobs, fio_device);
  sim_options.jobs_again = [jobs, fio_device, layout] {
    return JobsFromFio(jobs, fio_device, layout);
  };
  sim_ =
      std::make_unique<Simulator>(fio_device, JobsFromFio(jobs, fio_device, layout), sim_options);
}

void Session::CheckHealthy() const {
  if (!failure_.empty()) throw std::logic_error("the session failed earlier: " + failure_);
}

void Session::Precondition() {
  CheckHealthy();
  if (preconditioned_) throw std::logic_error("fs_precondition: the session is preconditioned");
  preconditioned_ = true;
  try {
    sim_->Precondition();
  } catch (const std::exception& e) {
    failure_ = e.what();
    throw;
  }
}

StopReason Session::Advance(uint64_t until_ns, uint64_t max_events) {
  CheckHealthy();
  // Simulator::Advance would set its clock to an earlier until_ns.
  if (until_ns < sim_->now_ns()) until_ns = sim_->now_ns();
  try {
    return sim_->Advance(until_ns, max_events);
  } catch (const std::exception& e) {
    // The simulator stopped mid-event: its state is not to be trusted, so
    // later calls report this instead of running on.
    failure_ = e.what();
    throw;
  }
}

const std::string& Session::Describe() {
  const DeviceLayout& layout = sim_->layout();
  json::Writer out;
  out.BeginObject();
  out.Key("device");
  WriteDevice(out, sim_->config());
  out.Key("layout").BeginObject();
  out.FieldUint("channels", layout.channels);
  out.FieldUint("dies_per_channel", layout.dies_per_channel);
  out.FieldUint("planes_per_die", layout.planes_per_die);
  out.FieldUint("blocks_per_plane", layout.blocks_per_plane);
  out.FieldUint("blocks", layout.blocks);
  out.FieldUint("planes", layout.planes);
  out.FieldUint("pages_per_block", layout.pages_per_block);
  out.FieldUint("units_per_page", layout.units_per_page);
  out.FieldUint("units_per_block", layout.units_per_block);
  // A pSLC block's units (1 bit per cell: units_per_block / bits), so the
  // UI keeps no bits-per-cell table of its own.
  out.FieldUint("slc_units_per_block", layout.slc_units_per_block);
  out.FieldUint("unit_bytes", layout.unit_bytes);
  out.FieldUint("logical_bytes", layout.logical_bytes);
  out.FieldUint("physical_bytes", layout.physical_units * layout.unit_bytes);
  out.EndObject();
  out.EndObject();
  describe_text_ = out.Take();
  return describe_text_;
}

const std::vector<uint8_t>& Session::Snapshot() {
  ++frame_;
  if (const classic::ClassicDevice* classic = sim_->drive().classic()) {
    return snapshot_.Build(*classic, sim_->layout(), frame_);
  }
  return snapshot_.Build(sim_->ftl(), frame_, &sim_->drive());
}

const std::string& Session::SnapshotMeta() {
  meta_text_ = meta_.Write(*sim_, frame_, trace_);
  return meta_text_;
}

const std::string& Session::ResultJson() {
  result_text_ = RunResultJson(*sim_, info_, false);
  return result_text_;
}

}  // namespace flashscope
