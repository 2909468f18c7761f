// ParseGeneratorWorkload (workload/generator_workload.h): the "workload"
// object, every key checked where it stands.
#include "workload/generator_workload.h"

#include <algorithm>
#include <array>
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

  // A DiskSim distribution: {"type": NAME, fields...} or DiskSim's list
  // [NAME, a, b(, c)] (synthetic_generator.h gives each field's meaning).
  SyntheticDistribution Distribution(const json::Value& v, const std::string& key) const {
    using Type = SyntheticDistributionType;
    // Each type's fields in DiskSim's list order (a, b, c), in
    // kSyntheticDistributionNames order.
    static const std::array<std::vector<std::string_view>, 5> kFields = {{
        {"min", "max"},
        {"mean", "stddev"},
        {"base", "mean"},
        {"base", "mean"},
        {"default", "second", "second_prob"},
    }};
    std::string names;
    for (std::string_view name : kSyntheticDistributionNames) {
      names += (names.empty() ? "" : ", ") + std::string(name);
    }
    const std::string shape =
        " must be a distribution: {\"type\": \"exponential\", \"mean\": 8} "
        "or [\"exponential\", 0, 8]";
    const json::Value* type_value = nullptr;
    if (v.is_object()) {
      type_value = v.Find("type");
      if (!type_value) Fail(v, key + ".type is missing (" + names + ")");
    } else if (v.is_array()) {
      if (v.items().empty()) Fail(v, key + shape);
      type_value = &v.items()[0];
    } else {
      Fail(v, key + shape);
    }
    if (!type_value->is_string()) Fail(*type_value, key + ".type must be a string (" + names + ")");
    const auto named = std::find(kSyntheticDistributionNames.begin(),
                                 kSyntheticDistributionNames.end(), type_value->as_string());
    if (named == kSyntheticDistributionNames.end()) {
      Fail(*type_value,
           key + ".type \"" + type_value->as_string() + "\" is unknown; allowed: " + names);
    }
    const size_t type_index = static_cast<size_t>(named - kSyntheticDistributionNames.begin());
    const std::vector<std::string_view>& fields = kFields[type_index];
    std::string listed;
    for (std::string_view field : fields) listed += ", " + std::string(field);
    double values[3] = {0.0, 0.0, 0.0};
    if (v.is_array()) {
      if (v.items().size() != fields.size() + 1) {
        Fail(v, key + " [" + type_value->as_string() + listed + "] needs " +
                    std::to_string(fields.size()) + " numbers after the type");
      }
      for (size_t i = 0; i < fields.size(); ++i) {
        values[i] = Number(v.items()[i + 1], key + "." + std::string(fields[i]));
      }
    } else {
      for (const auto& [field, fv] : v.members()) {
        if (field == "type") continue;
        const auto at = std::find(fields.begin(), fields.end(), field);
        if (at == fields.end()) {
          throw InputError(
              file_, fv.line(),
              "unknown key \"workload." + key + "." + field + "\" (type" + listed + ")");
        }
        values[at - fields.begin()] = Number(fv, key + "." + field);
      }
      for (size_t i = 0; i < fields.size(); ++i) {
        // An exponential's or Poisson's base defaults to 0.
        if (!v.Find(fields[i]) && fields[i] != "base") {
          Fail(v, key + "." + std::string(fields[i]) + " is missing (" + type_value->as_string() +
                      ": " + listed.substr(2) + ")");
        }
      }
    }
    const SyntheticDistribution d{static_cast<Type>(type_index), values[0], values[1], values[2]};
    auto field_line = [&](size_t i) -> const json::Value& {
      if (v.is_array()) return v.items()[i + 1];
      const json::Value* fv = v.Find(fields[i]);
      return fv ? *fv : v;
    };
    switch (d.type) {
      case Type::kUniform:
        if (d.b < d.a) {
          Fail(field_line(1),
               key + ".max (" + Format(d.b) + ") is below min (" + Format(d.a) + ")");
        }
        break;
      case Type::kNormal:
        if (d.b < 0) Fail(field_line(1), key + ".stddev must be >= 0; got " + Format(d.b));
        break;
      case Type::kExponential:
        if (d.b < 0) Fail(field_line(1), key + ".mean must be >= 0; got " + Format(d.b));
        break;
      case Type::kPoisson:
        if (d.b < 0 || d.b > SyntheticWorkloadParams::kMaxPoissonMean) {
          Fail(field_line(1), key + ".mean must be in [0, " +
                                  Format(SyntheticWorkloadParams::kMaxPoissonMean) + "]; got " +
                                  Format(d.b));
        }
        break;
      case Type::kTwoValue:
        if (d.c < 0 || d.c > 1) {
          Fail(field_line(2), key + ".second_prob must be in [0, 1]; got " + Format(d.c));
        }
        break;
    }
    return d;
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
  using Read = std::function<void(const json::Value&, const std::string&)>;
  using Keys = std::vector<std::pair<std::string_view, Read>>;
  const Read read_generator = [&](const json::Value& v, const std::string& key) {
    if (!v.is_string()) r.Fail(v, key + " must be a string");
    if (std::find(kGeneratorNames.begin(), kGeneratorNames.end(), v.as_string()) ==
        kGeneratorNames.end()) {
      std::string allowed;
      for (std::string_view name : kGeneratorNames) {
        allowed += (allowed.empty() ? "" : ", ") + std::string(name);
      }
      r.Fail(v, key + " \"" + v.as_string() + "\" is unknown; allowed: " + allowed);
    }
    workload.generator = v.as_string();
  };
  const Read read_iodepth = [&](const json::Value& v, const std::string& key) {
    workload.iodepth = static_cast<uint32_t>(r.Integer(v, key, 0, 65536));
  };
  const Read read_seed = [&](const json::Value& v, const std::string& key) {
    workload.seed = r.Integer(v, key, 0, kMaxExactInteger);
    workload.seed_set = true;
  };

  CloudBlockWorkloadParams& p = workload.params;
  const Keys cloud_block_keys = {
      {"generator", read_generator},
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
      {"iodepth", read_iodepth},
      {"seed", read_seed},
  };

  SyntheticWorkloadParams& s = workload.synthetic;
  auto distribution = [&](SyntheticDistribution SyntheticWorkloadParams::*field) -> Read {
    return [&s, &r, field](const json::Value& v, const std::string& key) {
      s.*field = r.Distribution(v, key);
    };
  };
  auto probability = [&](double SyntheticWorkloadParams::*field) -> Read {
    return [&s, &r, field](const json::Value& v, const std::string& key) {
      s.*field = r.Share(v, key);
    };
  };
  const Keys disksim_keys = {
      {"generator", read_generator},
      {"preset", [](const json::Value&, const std::string&) {}},  // applied first, below
      {"capacity_sectors",
       [&](const json::Value& v, const std::string& key) {
         s.capacity_sectors = r.Integer(v, key, 1, kMaxExactInteger);
         workload.capacity_sectors_set = true;
         workload.capacity_sectors_line = v.line();
       }},
      {"blocking_factor",
       [&](const json::Value& v, const std::string& key) {
         s.blocking_factor = static_cast<uint32_t>(r.Integer(v, key, 1, 8388607.0));
       }},
      {"num_requests",
       [&](const json::Value& v, const std::string& key) {
         s.num_requests = r.Integer(v, key, 0, kMaxExactInteger);
       }},
      {"max_time_ms",
       [&](const json::Value& v, const std::string& key) {
         s.max_time_ms = r.Number(v, key);
         if (s.max_time_ms < 0) {
           r.Fail(v, key + " must be >= 0 (0: no limit); got " + json::FormatNumber(s.max_time_ms));
         }
       }},
      {"sequential_prob", probability(&SyntheticWorkloadParams::sequential_prob)},
      {"local_prob", probability(&SyntheticWorkloadParams::local_prob)},
      {"write_prob", probability(&SyntheticWorkloadParams::write_prob)},
      {"interarrival_ms", distribution(&SyntheticWorkloadParams::interarrival_ms)},
      {"sequential_interarrival_ms",
       distribution(&SyntheticWorkloadParams::sequential_interarrival_ms)},
      {"local_interarrival_ms", distribution(&SyntheticWorkloadParams::local_interarrival_ms)},
      {"local_distance_sectors", distribution(&SyntheticWorkloadParams::local_distance_sectors)},
      {"size_sectors", distribution(&SyntheticWorkloadParams::size_sectors)},
      {"iodepth", read_iodepth},
      {"seed", read_seed},
  };

  // The generator decides which keys are known; read it first.
  if (const json::Value* generator = value.Find("generator"))
    read_generator(*generator, "generator");
  const bool disksim = workload.generator == "disksim";
  if (const json::Value* preset = disksim ? value.Find("preset") : nullptr) {
    if (!preset->is_string()) r.Fail(*preset, "preset must be a string");
    const SyntheticPreset* found = FindSyntheticPreset(preset->as_string());
    if (!found) {
      std::string names;
      for (const SyntheticPreset& known : kSyntheticPresets) {
        names += (names.empty() ? "" : ", ") + std::string(known.name);
      }
      r.Fail(*preset, "preset \"" + preset->as_string() + "\" is unknown; allowed: " + names);
    }
    s = ParamsForPreset(*found);
    workload.preset = preset->as_string();
  }
  const Keys& keys = disksim ? disksim_keys : cloud_block_keys;
  for (const auto& [key, v] : value.members()) {
    if (key == "generator") continue;
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
