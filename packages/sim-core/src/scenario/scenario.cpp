#include "scenario/scenario.h"

#include <fstream>
#include <sstream>

#include "schema/device_schema.h"
#include "util/input_error.h"
#include "util/json.h"
#include "workload/fio_job_file.h"

namespace flashscope {

std::string ReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot read the file (does it exist?)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

namespace {

std::string Beside(const std::string& scenario_path, const std::string& relative) {
  if (!relative.empty() && relative[0] == '/') return relative;
  const size_t slash = scenario_path.rfind('/');
  return slash == std::string::npos ? relative : scenario_path.substr(0, slash + 1) + relative;
}

const json::Value& Require(const json::Value& root, const char* key, json::Type type,
                           const std::string& file) {
  const json::Value* v = root.Find(key);
  if (!v) throw InputError(file, root.line(), std::string("scenario needs \"") + key + "\"");
  if (v->type() != type) {
    throw InputError(file, v->line(), std::string(key) + " must be " + json::TypeName(type));
  }
  return *v;
}

}  // namespace

Scenario LoadScenario(const std::string& path, const std::string& presets_dir,
                      const std::vector<std::string>& overrides) {
  const json::Value root = json::Parse(ReadTextFile(path), path);
  if (!root.is_object()) throw InputError(path, root.line(), "a scenario must be a JSON object");
  Scenario scenario;
  scenario.file = path;
  std::vector<std::string> sets;
  for (const auto& [key, value] : root.members()) {
    if (key == "name" || key == "description") {
      if (!value.is_string()) throw InputError(path, value.line(), key + " must be a string");
      (key == "name" ? scenario.name : scenario.description) = value.as_string();
    } else if (key == "set") {
      if (!value.is_object()) throw InputError(path, value.line(), "set must be an object");
      for (const auto& [dotted, v] : value.members()) {
        json::Writer w;
        w.Raw(v);
        sets.push_back(dotted + "=" + w.str());
      }
    } else if (key == "sources") {
      // For people, not the simulator: where the scenario's figures come from.
      bool texts = value.is_array();
      if (texts) {
        for (const json::Value& item : value.items()) texts = texts && item.is_string();
      }
      if (!texts) throw InputError(path, value.line(), "sources must be a list of strings");
    } else if (key == "cli") {
      // For people: the command line that runs or varies the scenario.
      if (!value.is_string()) throw InputError(path, value.line(), "cli must be a string");
    } else if (key != "device" && key != "fio" && key != "fio_job" && key != "trace" &&
               key != "workload") {
      throw InputError(path, value.line(), "unknown key \"" + key + "\" in a scenario");
    }
  }
  for (const std::string& o : overrides) sets.push_back(o);

  const json::Value* device = root.Find("device");
  if (!device) throw InputError(path, root.line(), "scenario needs \"device\"");
  if (device->is_string()) {
    const std::string& spec = device->as_string();
    scenario.device =
        LoadDevice(spec.rfind("preset:", 0) == 0 ? spec : Beside(path, spec), presets_dir, sets);
  } else if (device->is_object()) {
    json::Value tree = *device;
    for (const std::string& o : sets) ApplyOverride(tree, o);
    scenario.device = ParseDevice(tree, path);
    scenario.device.file = path;
    Validate(scenario.device);
  } else {
    throw InputError(path, device->line(), "device must be \"preset:NAME\", a path or an object");
  }

  // The second workload key named is the one reported.
  int workloads = 0;
  for (const auto& [key, value] : root.members()) {
    if (key != "fio" && key != "fio_job" && key != "trace" && key != "workload") continue;
    if (++workloads > 1) {
      throw InputError(path, value.line(),
                       "a scenario has one workload: \"fio\", \"fio_job\", \"trace\" or "
                       "\"workload\"");
    }
  }
  if (const json::Value* workload = root.Find("workload")) {
    scenario.workload = ParseGeneratorWorkload(*workload, path);
  } else if (const json::Value* trace = root.Find("trace")) {
    if (!trace->is_object()) {
      throw InputError(path, trace->line(),
                       "trace must be an object: {\"path\": FILE, ...trace options}");
    }
    const json::Value* trace_path = trace->Find("path");
    if (!trace_path || !trace_path->is_string()) {
      throw InputError(path, trace_path ? trace_path->line() : trace->line(),
                       "trace needs \"path\": the trace file (relative to the scenario)");
    }
    scenario.trace = ScenarioTrace{Beside(path, trace_path->as_string()),
                                   ParseTraceOptions(*trace, path, {"path"})};
  } else if (root.Find("fio")) {
    const std::string job_path =
        Beside(path, Require(root, "fio", json::Type::kString, path).as_string());
    scenario.jobs = ParseFioJobFile(job_path);
  } else if (root.Find("fio_job")) {
    const json::Value& text = Require(root, "fio_job", json::Type::kString, path);
    // Errors in inline jobs name the scenario; lines count from the text.
    scenario.jobs = ParseFioJobs(text.as_string(), path + " (fio_job)");
  } else {
    throw InputError(path, root.line(),
                     "scenario needs \"fio\" (a job file), \"fio_job\" (its text), \"trace\" "
                     "or \"workload\" (a generator)");
  }
  return scenario;
}

}  // namespace flashscope
