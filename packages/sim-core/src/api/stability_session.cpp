// StabilitySession (api/stability_session.h): options parsing with the CLI's
// ranges, the flow in slices, and its progress and result texts.
#include "api/stability_session.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "config/device_config.h"
#include "schema/device_schema.h"
#include "stability/stability_comparison.h"
#include "util/input_error.h"
#include "util/json.h"
#include "workload/fio_job.h"

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

double Number(const json::Value& value, const std::string& key) {
  ExpectType(value, json::Type::kNumber, key);
  return value.as_number();
}

double Ms(uint64_t ns) { return static_cast<double>(ns) / 1e6; }

}  // namespace

StabilitySessionOptions ParseStabilityOptions(std::string_view options_json) {
  StabilitySessionOptions options;
  if (options_json.find_first_not_of(" \t\r\n") == std::string_view::npos) return options;
  const json::Value root = json::Parse(options_json, kOptionsFile);
  ExpectType(root, json::Type::kObject, "options");
  for (const auto& [key, value] : root.members()) {
    // The ranges are the CLI's (cli/stability_command.cpp). Structured
    // bindings cannot be captured by a lambda in clang 14 (Emscripten).
    const auto out_of_range = [line = value.line(), name = key](const std::string& what) {
      return InputError(kOptionsFile, line, name + ": " + what);
    };
    if (key == "set") {
      ExpectType(value, json::Type::kArray, key);
      for (const json::Value& item : value.items()) {
        ExpectType(item, json::Type::kString, key + " entry");
        options.sets.push_back(item.as_string());
      }
    } else if (key == "rounds_max") {
      const double n = Number(value, key);
      if (n != std::floor(n) || n < 1 || n > stability::kMaxRoundsLimit) {
        throw out_of_range("needs a whole number of rounds from 1 to 100");
      }
      options.flow.rule.max_rounds = static_cast<uint32_t>(n);
    } else if (key == "qos_read_us" || key == "qos_write_us") {
      const double us = Number(value, key);
      if (!(us > 0)) throw out_of_range("needs a positive latency in microseconds");
      (key == "qos_read_us" ? options.flow.qos.read_limit_us : options.flow.qos.write_limit_us) =
          us;
    } else if (key == "qos_percentile") {
      if (value.is_null()) {
        options.flow.qos.percentile.reset();
        continue;
      }
      const double p = Number(value, key);
      if (!(p > 0 && p <= 100)) throw out_of_range("needs 0 < P <= 100");
      options.flow.qos.percentile = p;
    } else if (key == "series_interval_ms") {
      const double ms = Number(value, key);
      if (!(ms >= 0.001 && ms <= 1e12)) throw out_of_range("needs 0.001 to 1e12 ms");
      options.flow.series_interval_ns = static_cast<uint64_t>(std::llround(ms * 1e6));
    } else if (key == "random_precondition") {
      const double x = Number(value, key);
      if (!(x >= 0 && x <= stability::kMaxRandomPreconditionCapacity)) {
        throw out_of_range("needs 0 to 10 times the capacity");
      }
      options.flow.random_precondition_capacity = x;
    } else if (key == "device_name") {
      ExpectType(value, json::Type::kString, key);
      options.device_name = value.as_string();
    } else if (key == "workload_name") {
      ExpectType(value, json::Type::kString, key);
      options.workload_name = value.as_string();
    } else {
      throw InputError(kOptionsFile, value.line(),
                       "unknown key '" + key +
                           "' (set, rounds_max, qos_read_us, qos_write_us, qos_percentile, "
                           "series_interval_ms, random_precondition, device_name, "
                           "workload_name)");
    }
  }
  return options;
}

const std::string& StabilityDefaultsJson() {
  static const std::string text = [] {
    const stability::StabilityOptions flow;
    json::Writer out;
    out.BeginObject();
    out.FieldUint("rounds_max", flow.rule.max_rounds);
    out.FieldUint("rounds_max_limit", stability::kMaxRoundsLimit);
    // The steady-state rule (SNIA PTS), which the panel states in words.
    out.FieldUint("window_rounds", flow.rule.window_rounds);
    out.Field("max_range_fraction", flow.rule.max_range_fraction);
    out.Field("max_slope_excursion_fraction", flow.rule.max_slope_excursion_fraction);
    out.Field("qos_read_us", flow.qos.read_limit_us);
    out.Field("qos_write_us", flow.qos.write_limit_us);
    out.Field("series_interval_ms", Ms(flow.series_interval_ns));
    out.Field("random_precondition", flow.random_precondition_capacity);
    out.Field("random_precondition_max", stability::kMaxRandomPreconditionCapacity);
    out.Key("variants").BeginArray();
    for (const stability::ComparisonVariant& variant : stability::StandardVariants()) {
      out.BeginObject();
      out.FieldString("name", variant.name);
      out.FieldString("label", variant.label);
      out.Key("overrides").BeginArray();
      for (const std::string& override_text : variant.overrides) out.String(override_text);
      out.EndArray();
      out.EndObject();
    }
    out.EndArray();
    out.EndObject();
    return out.Take();
  }();
  return text;
}

StabilitySession::StabilitySession(std::string_view device_json, std::string_view fio_text,
                                   const StabilitySessionOptions& options) {
  const DeviceConfig device = ParseDeviceText(device_json, options.device_name, options.sets);
  const bool default_round = fio_text.find_first_not_of(" \t\r\n") == std::string_view::npos;
  const FioJobFile measure = default_round ? stability::DefaultMeasureJobs()
                                           : ParseFioJobs(fio_text, options.workload_name);
  run_ = std::make_unique<stability::StabilityRun>(device, measure, options.flow);
}

bool StabilitySession::Advance(uint64_t slices) {
  if (!failure_.empty()) {
    throw std::logic_error("the stability run failed earlier: " + failure_);
  }
  try {
    for (uint64_t i = 0; i < slices && !run_->done(); ++i) run_->Advance();
  } catch (const std::exception& e) {
    failure_ = e.what();
    throw;
  }
  return run_->done();
}

const std::string& StabilitySession::ProgressJson() {
  const stability::StabilityRun& run = *run_;
  json::Writer out;
  out.BeginObject();
  out.FieldString("phase",
                  run.done() ? "done"
                  : run.rounds().empty() && run.host_write_bytes() < run.precondition_bytes_total()
                      ? "precondition"
                      : "rounds");
  out.Field("sim_time_ms", Ms(run.now_ns()));
  out.FieldUint("user_capacity_bytes", run.user_capacity_bytes());
  const uint64_t precondition_total = run.precondition_bytes_total();
  out.FieldUint("precondition_bytes", std::min(run.host_write_bytes(), precondition_total));
  out.FieldUint("precondition_total_bytes", precondition_total);
  out.FieldUint("rounds_max", run.rounds_max());
  out.Key("rounds").BeginArray();
  for (const stability::RoundResult& round : run.rounds()) {
    out.BeginObject();
    out.FieldUint("round", round.round);
    out.Field("start_ms", Ms(round.start_ns));
    out.Field("end_ms", Ms(round.end_ns));
    out.Field("iops", round.iops);
    out.Field("read_iops", round.read_iops);
    out.Field("write_iops", round.write_iops);
    out.Key("waf");  // null: the round wrote or programmed nothing
    if (round.waf > 0)
      out.Number(round.waf);
    else
      out.Null();
    out.EndObject();
  }
  out.EndArray();
  out.Key("steady_state").BeginObject();
  out.FieldBool("reached", run.steady_state().reached);
  out.Key("round");
  if (run.steady_state().reached)
    out.Uint(run.steady_state().round);
  else
    out.Null();
  out.EndObject();
  out.EndObject();
  progress_text_ = out.Take();
  return progress_text_;
}

const std::string& StabilitySession::ResultJson() {
  if (!failure_.empty()) {
    throw std::logic_error("the stability run failed earlier: " + failure_);
  }
  if (result_text_.empty()) result_text_ = stability::StabilityJson(run_->Result(), false);
  return result_text_;
}

}  // namespace flashscope
