// ParseGeneratorWorkload (workload/generator_workload.h): the "workload"
// object, every key checked where it stands.
#include "workload/generator_workload.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "util/input_error.h"

namespace flashscope {

namespace {

// JSON numbers are doubles: integers above 2^53 cannot be given exactly.
constexpr double kMaxExactInteger = 9007199254740992.0;

class WorkloadReader {
 public:
  explicit WorkloadReader(const std::string& file) : file_(file) {}

  [[noreturn]] void Fail(const json::Value& at, const std::string& problem) const {
    throw InputError(file_, at.line(), "workload." + problem);
  }

  double Number(const json::Value& v, const std::string& key) const {
    if (!v.is_number()) Fail(v, key + " must be a number");
    if (!std::isfinite(v.as_number())) Fail(v, key + " must be a finite number");
    return v.as_number();
  }

  uint64_t Integer(const json::Value& v, const std::string& key, double min, double max) const {
    const double x = Number(v, key);
    if (x != std::floor(x)) Fail(v, key + " must be a whole number; got " + Format(x));
    if (x < min || x > max) {
      Fail(v, key + " must be in [" + Format(min) + ", " + Format(max) + "]; got " + Format(x));
    }
    return static_cast<uint64_t>(x);
  }

  double Share(const json::Value& v, const std::string& key) const {
    const double x = Number(v, key);
    if (x < 0 || x > 1) Fail(v, key + " must be in [0, 1]; got " + Format(x));
    return x;
  }

 private:
  static std::string Format(double x) { return json::FormatNumber(x); }
  const std::string& file_;
};

}  // namespace

GeneratorWorkload ParseGeneratorWorkload(const json::Value& value, const std::string& file) {
  GeneratorWorkload workload;
  workload.file = file;
  workload.line = value.line();
  if (!value.is_object()) {
    throw InputError(file, value.line(),
                     "workload must be an object: {\"generator\": \"cloud_block\", ...}");
  }
  const WorkloadReader r(file);
  CloudBlockWorkloadParams& p = workload.params;
  using Read = std::function<void(const json::Value&, const std::string&)>;
  const std::vector<std::pair<std::string_view, Read>> keys = {
      {"generator",
       [&](const json::Value& v, const std::string& key) {
         if (!v.is_string()) r.Fail(v, key + " must be a string");
         if (std::find(kGeneratorNames.begin(), kGeneratorNames.end(), v.as_string()) ==
             kGeneratorNames.end()) {
           r.Fail(v, key + " \"" + v.as_string() + "\" is unknown; allowed: cloud_block");
         }
         workload.generator = v.as_string();
       }},
      {"num_blocks",
       [&](const json::Value& v, const std::string& key) {
         p.num_blocks = r.Integer(v, key, 1, 4294967296.0);
         workload.num_blocks_set = true;
         workload.num_blocks_line = v.line();
       }},
      {"num_writes",
       [&](const json::Value& v, const std::string& key) {
         p.num_writes = r.Integer(v, key, 0, kMaxExactInteger);
         workload.num_writes_set = true;
       }},
      {"zipf_exponent",
       [&](const json::Value& v, const std::string& key) {
         p.zipf_exponent = r.Number(v, key);
         if (p.zipf_exponent < 0) {
           r.Fail(v, key + " must be >= 0; got " + json::FormatNumber(p.zipf_exponent));
         }
       }},
      {"write_once_share",
       [&](const json::Value& v, const std::string& key) { p.write_once_share = r.Share(v, key); }},
      {"hot_set_share",
       [&](const json::Value& v, const std::string& key) { p.hot_set_share = r.Share(v, key); }},
      {"hot_shifts",
       [&](const json::Value& v, const std::string& key) {
         p.hot_shifts = static_cast<uint32_t>(r.Integer(v, key, 0, 4294967295.0));
       }},
      {"hot_shift_fraction",
       [&](const json::Value& v, const std::string& key) {
         p.hot_shift_fraction = r.Share(v, key);
       }},
      {"write_iops", [&](const json::Value& v,
                         const std::string& key) { p.write_iops = r.Integer(v, key, 1, 1e12); }},
      {"iodepth",
       [&](const json::Value& v, const std::string& key) {
         workload.iodepth = static_cast<uint32_t>(r.Integer(v, key, 0, 65536));
       }},
      {"seed",
       [&](const json::Value& v, const std::string& key) {
         workload.seed = r.Integer(v, key, 0, kMaxExactInteger);
         workload.seed_set = true;
       }},
  };
  for (const auto& [key, v] : value.members()) {
    const auto reader = std::find_if(
        keys.begin(), keys.end(), [&key = key](const auto& entry) { return entry.first == key; });
    if (reader == keys.end()) {
      std::string known;
      for (const auto& entry : keys)
        known += (known.empty() ? "" : ", ") + std::string(entry.first);
      throw InputError(file, v.line(), "unknown key \"workload." + key + "\" (" + known + ")");
    }
    reader->second(v, key);
  }
  if (!value.Find("generator")) {
    throw InputError(file, value.line(), "workload needs \"generator\": \"cloud_block\"");
  }
  return workload;
}

}  // namespace flashscope
