// The setting-descriptor machinery: reader, writer and JSON Schema from one
// table (see setting.h).
//
// Every error names the file and the line of the offending key, because the
// first thing a user does with a device file is edit it by hand. Values that
// came from --set carry no line (ApplyOverride clears it) and say so.
#include "config/setting.h"

#include <algorithm>
#include <cmath>

#include "config/device_config.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

using json::Value;

// Caps times so the conversion to integer nanoseconds cannot overflow.
constexpr double kMaxMicros = 1e12;
constexpr double kMaxMillis = 1e9;

// Optimal string alignment distance: Levenshtein plus adjacent
// transpositions, so "vicitm" is one edit from "victim".
size_t EditDistance(std::string_view a, std::string_view b) {
  const size_t rows = a.size() + 1;
  const size_t cols = b.size() + 1;
  std::vector<size_t> d(rows * cols);
  for (size_t i = 0; i < rows; ++i) d[i * cols] = i;
  for (size_t j = 0; j < cols; ++j) d[j] = j;
  for (size_t i = 1; i < rows; ++i) {
    for (size_t j = 1; j < cols; ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      size_t best = std::min(
          {d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        best = std::min(best, d[(i - 2) * cols + j - 2] + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1];
}

std::pair<std::string_view, std::string_view> SplitLastDot(std::string_view path) {
  const size_t dot = path.rfind('.');
  if (dot == std::string_view::npos) return {"", path};
  return {path.substr(0, dot), path.substr(dot + 1)};
}

void CollectPaths(const std::vector<Setting>& settings, const std::string& prefix,
                  std::vector<std::string>& paths) {
  for (const Setting& setting : settings) {
    if (!setting.written) continue;
    const std::string path = prefix.empty() ? setting.key : prefix + "." + setting.key;
    paths.push_back(path);
    CollectPaths(setting.children, path, paths);
  }
}

std::string Got(double x) { return "; got " + json::FormatNumber(x); }

// The range phrase of a number setting: " must be in [0, 1)", " must be > 0".
std::string RangePhrase(const Setting& s) {
  if (s.minimum && s.maximum) {
    return std::string(" must be in ") + (s.exclusive_minimum ? "(" : "[") +
           json::FormatNumber(*s.minimum) + ", " + json::FormatNumber(*s.maximum) +
           (s.exclusive_maximum ? ")" : "]");
  }
  if (s.minimum) {
    return std::string(s.exclusive_minimum ? " must be > " : " must be >= ") +
           json::FormatNumber(*s.minimum);
  }
  if (s.maximum) {
    return std::string(s.exclusive_maximum ? " must be < " : " must be <= ") +
           json::FormatNumber(*s.maximum);
  }
  return "";
}

bool InRange(const Setting& s, double x) {
  if (s.minimum && (s.exclusive_minimum ? x <= *s.minimum : x < *s.minimum)) return false;
  if (s.maximum && (s.exclusive_maximum ? x >= *s.maximum : x > *s.maximum)) return false;
  return true;
}

std::vector<std::string_view> ChoiceValues(const Setting& s) {
  std::vector<std::string_view> values;
  for (const SettingChoice& choice : s.choices) values.push_back(choice.value);
  return values;
}

class SettingReader {
 public:
  SettingReader(DeviceConfig& config, const std::string& file, bool tree_from_text,
                const std::vector<Setting>& root)
      : config_(config), file_(file), tree_from_text_(tree_from_text), paths_(SettingPaths(root)) {}

  void ReadObject(const Value& object, const std::string& prefix,
                  const std::vector<Setting>& settings) const {
    RequireType(object, prefix, json::Type::kObject);
    for (const auto& [key, value] : object.members()) {
      const std::string path = prefix.empty() ? key : prefix + "." + key;
      const Setting* setting = FindSetting(settings, key);
      if (setting == nullptr) {
        const std::string suggestion = SuggestKey(path);
        Fail(value, path,
             "unknown key " + Quoted(path) +
                 (suggestion.empty() ? "" : "; did you mean " + Quoted(suggestion) + "?"));
      }
      Read(*setting, value, path);
    }
  }

 private:
  [[noreturn]] void Fail(const Value& at, const std::string& path,
                         const std::string& problem) const {
    // In a tree read from a file, a value without a line was put there by
    // ApplyOverride.
    const bool from_set = tree_from_text_ && at.line() == 0;
    throw InputError(file_, at.line(), from_set ? problem + " (from --set)" : problem, path);
  }

  // A known key for an unknown one: a sibling within typo distance, else the
  // same name at another level ("victim" -> "gc.victim").
  std::string SuggestKey(std::string_view path) const {
    const auto [parent, leaf] = SplitLastDot(path);
    std::vector<std::string_view> siblings;
    for (const std::string& known : paths_) {
      const auto [known_parent, known_leaf] = SplitLastDot(known);
      if (known_parent == parent) siblings.push_back(known_leaf);
    }
    const std::string sibling = ClosestName(leaf, siblings);
    if (!sibling.empty()) {
      return parent.empty() ? sibling : std::string(parent) + "." + sibling;
    }
    for (const std::string& known : paths_) {
      if (SplitLastDot(known).second == leaf) return known;
    }
    return "";
  }

  void RequireType(const Value& value, const std::string& path, json::Type type) const {
    if (value.type() != type) {
      Fail(value, path,
           (path.empty() ? std::string("a device") : path) + " must be " + json::TypeName(type));
    }
  }

  double Number(const Value& value, const std::string& path) const {
    RequireType(value, path, json::Type::kNumber);
    if (!std::isfinite(value.as_number())) Fail(value, path, path + " must be a finite number");
    return value.as_number();
  }

  uint64_t Integer(const Value& value, const std::string& path, const Setting& s) const {
    const double x = Number(value, path);
    if (x != std::floor(x)) Fail(value, path, path + " must be a whole number" + Got(x));
    const double min = s.minimum.value_or(0);
    if (x < min) {
      Fail(value, path,
           path +
               (min == 1 ? std::string(" must be > 0")
                         : " must be >= " + std::to_string(static_cast<uint64_t>(min))) +
               Got(x));
    }
    const double max = s.maximum.value_or(static_cast<double>(kMaxExactInteger));
    if (x > max) {
      Fail(value, path,
           path + " must be at most " + std::to_string(static_cast<uint64_t>(max)) + Got(x));
    }
    return static_cast<uint64_t>(x);
  }

  // Microseconds in the JSON (possibly fractional, e.g. 130.9) to integer
  // nanoseconds, rounded to nearest.
  uint64_t Nanos(const Value& value, const std::string& path, bool allow_zero) const {
    const double micros = Number(value, path);
    if (micros < 0 || (!allow_zero && micros == 0)) {
      Fail(
          value, path,
          path + (allow_zero ? " must be >= 0" : " must be > 0") + " (microseconds)" + Got(micros));
    }
    if (micros > kMaxMicros) {
      Fail(value, path, path + " must be at most 1000000000000 microseconds" + Got(micros));
    }
    const double nanos = std::round(micros * 1000.0);
    if (!allow_zero && nanos < 1) {
      Fail(value, path, path + " must be at least 0.001 microseconds (1 ns)" + Got(micros));
    }
    return static_cast<uint64_t>(nanos);
  }

  uint64_t MillisToNanos(const Value& value, const std::string& path) const {
    const double ms = Number(value, path);
    if (ms < 0) Fail(value, path, path + " must be >= 0" + Got(ms));
    if (ms > kMaxMillis) Fail(value, path, path + " must be at most 1000000000 ms" + Got(ms));
    return static_cast<uint64_t>(std::round(ms * 1e6));
  }

  std::string Choice(const Value& value, const std::string& path, const Setting& s) const {
    RequireType(value, path, json::Type::kString);
    const std::string& name = value.as_string();
    const std::vector<std::string_view> allowed = ChoiceValues(s);
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      const std::string suggestion = ClosestName(name, allowed);
      Fail(value, path,
           "unknown " + path + " " + Quoted(name) +
               (suggestion.empty() ? "" : " (did you mean " + Quoted(suggestion) + "?)") +
               "; allowed: " + JoinNames(allowed));
    }
    return name;
  }

  void StoreUint(const Setting& s, uint64_t x) const {
    if (s.bag) {
      s.bag(config_).Set(s.key, x);
      return;
    }
    SettingRef ref = s.at(config_);
    if (auto* p = std::get_if<uint32_t*>(&ref)) {
      **p = static_cast<uint32_t>(x);
    } else {
      **std::get_if<uint64_t*>(&ref) = x;
    }
  }

  void Read(const Setting& s, const Value& value, const std::string& path) const {
    switch (s.type) {
      case SettingType::kBool:
        RequireType(value, path, json::Type::kBool);
        if (s.bag) {
          s.bag(config_).Set(s.key, value.as_bool());
        } else {
          *std::get<bool*>(s.at(config_)) = value.as_bool();
        }
        return;
      case SettingType::kString:
        RequireType(value, path, json::Type::kString);
        if (s.bag) {
          s.bag(config_).Set(s.key, value.as_string());
        } else if (s.at) {
          *std::get<std::string*>(s.at(config_)) = value.as_string();
        }
        return;
      case SettingType::kChoice: {
        const std::string name = Choice(value, path, s);
        if (s.bag) {
          s.bag(config_).Set(s.key, name);
          return;
        }
        SettingRef ref = s.at(config_);
        if (auto* mode = std::get_if<CellMode*>(&ref)) {
          const std::vector<std::string_view> values = ChoiceValues(s);
          const auto at = std::find(values.begin(), values.end(), name);
          **mode = static_cast<CellMode>(at - values.begin() + 1);
        } else {
          *std::get<std::string*>(ref) = name;
        }
        return;
      }
      case SettingType::kInteger:
        StoreUint(s, Integer(value, path, s));
        return;
      case SettingType::kNumber: {
        const double x = Number(value, path);
        if (!InRange(s, x)) Fail(value, path, path + RangePhrase(s) + s.range_note + Got(x));
        if (s.bag) {
          s.bag(config_).Set(s.key, x);
        } else {
          *std::get<double*>(s.at(config_)) = x;
        }
        return;
      }
      case SettingType::kMicros:
        StoreUint(s, Nanos(value, path, /*allow_zero=*/!s.exclusive_minimum));
        return;
      case SettingType::kMillis:
        StoreUint(s, MillisToNanos(value, path));
        return;
      case SettingType::kSection:
        ReadObject(value, path, s.children);
        return;
      case SettingType::kNullableSection:
        // null: off; an object (even {}) turns it on.
        s.reset(config_);
        if (value.is_null()) return;
        s.enabled(config_) = true;
        ReadObject(value, path, s.children);
        return;
    }
  }

  DeviceConfig& config_;
  const std::string& file_;
  bool tree_from_text_;
  std::vector<std::string> paths_;
};

// A plug-in parameter's value in the JSON shape.
void WriteParameter(json::Writer& out, const Setting& s, DeviceConfig& config) {
  const ParamBag::Value* given = s.bag(config).Find(s.key);
  const ParamBag::Value& value = given != nullptr ? *given : s.fallback;
  if (const auto* flag = std::get_if<bool>(&value)) {
    out.Bool(*flag);
  } else if (const auto* text = std::get_if<std::string>(&value)) {
    out.String(*text);
  } else if (const auto* number = std::get_if<double>(&value)) {
    out.Number(*number);
  } else {
    const uint64_t x = std::get<uint64_t>(value);
    if (s.type == SettingType::kMicros) {
      out.Number(static_cast<double>(x) / 1000.0);
    } else if (s.type == SettingType::kMillis) {
      out.Number(static_cast<double>(x) / 1e6);
    } else {
      out.Uint(x);
    }
  }
}

uint64_t LoadUint(const Setting& s, DeviceConfig& config) {
  SettingRef ref = s.at(config);
  if (auto* p = std::get_if<uint32_t*>(&ref)) return **p;
  return **std::get_if<uint64_t*>(&ref);
}

// A leaf's value in the JSON shape (what WriteDevice writes and the
// schema's "default").
void WriteValue(json::Writer& out, const Setting& s, DeviceConfig& config) {
  if (s.bag) {
    WriteParameter(out, s, config);
    return;
  }
  switch (s.type) {
    case SettingType::kBool:
      out.Bool(*std::get<bool*>(s.at(config)));
      return;
    case SettingType::kString:
      out.String(*std::get<std::string*>(s.at(config)));
      return;
    case SettingType::kChoice: {
      SettingRef ref = s.at(config);
      if (auto* mode = std::get_if<CellMode*>(&ref)) {
        out.String(CellModeName(**mode));
      } else {
        out.String(*std::get<std::string*>(ref));
      }
      return;
    }
    case SettingType::kInteger:
      out.Uint(LoadUint(s, config));
      return;
    case SettingType::kNumber:
      out.Number(*std::get<double*>(s.at(config)));
      return;
    case SettingType::kMicros:
      out.Number(static_cast<double>(LoadUint(s, config)) / 1000.0);
      return;
    case SettingType::kMillis:
      out.Number(static_cast<double>(LoadUint(s, config)) / 1e6);
      return;
    case SettingType::kSection:
    case SettingType::kNullableSection:
      if (s.type == SettingType::kNullableSection && !s.enabled(config)) {
        out.Null();
        return;
      }
      out.BeginObject();
      for (const Setting& child : s.children) {
        if (!child.written) continue;
        out.Key(child.key);
        WriteValue(out, child, config);
      }
      out.EndObject();
      return;
  }
}

void WriteBound(json::Writer& out, const Setting& s, const std::optional<double>& bound,
                bool exclusive, std::string_view inclusive_key, std::string_view exclusive_key) {
  if (!bound) return;
  out.Key(exclusive ? exclusive_key : inclusive_key);
  if (s.type == SettingType::kInteger) {
    out.Uint(static_cast<uint64_t>(*bound));
  } else {
    out.Number(*bound);
  }
}

void WriteSchema(json::Writer& out, const Setting& s, DeviceConfig& defaults) {
  out.BeginObject();
  switch (s.type) {
    case SettingType::kBool:
      out.FieldString("type", "boolean");
      break;
    case SettingType::kString:
    case SettingType::kChoice:
      out.FieldString("type", "string");
      break;
    case SettingType::kInteger:
      out.FieldString("type", "integer");
      break;
    case SettingType::kNumber:
    case SettingType::kMicros:
    case SettingType::kMillis:
      out.FieldString("type", "number");
      break;
    case SettingType::kSection:
      out.FieldString("type", "object");
      break;
    case SettingType::kNullableSection:
      out.Key("type").BeginArray().String("object").String("null").EndArray();
      break;
  }
  out.FieldString("description", s.description);
  if (s.written) {
    out.Key("default");
    if (s.type == SettingType::kNullableSection) {
      out.Null();
    } else if (s.type == SettingType::kSection) {
      out.BeginObject().EndObject();
    } else {
      WriteValue(out, s, defaults);
    }
  }
  if (!s.unit.empty()) out.FieldString("x-unit", s.unit);
  if (s.type == SettingType::kMicros && s.exclusive_minimum) {
    // > 0 after rounding to whole nanoseconds: 0.0005 us is 1 ns.
    out.Field("minimum", 0.0005);
  } else {
    WriteBound(out, s, s.minimum, s.exclusive_minimum, "minimum", "exclusiveMinimum");
  }
  WriteBound(out, s, s.maximum, s.exclusive_maximum, "maximum", "exclusiveMaximum");
  if (s.type == SettingType::kChoice) {
    out.Key("enum").BeginArray();
    for (const SettingChoice& choice : s.choices) out.String(choice.value);
    out.EndArray();
    out.Key("x-choices").BeginArray();
    for (const SettingChoice& choice : s.choices) {
      out.BeginObject()
          .FieldString("value", choice.value)
          .FieldString("label", choice.label)
          .FieldString("description", choice.description)
          .EndObject();
    }
    out.EndArray();
  }
  if (s.type == SettingType::kSection || s.type == SettingType::kNullableSection) {
    out.FieldBool("additionalProperties", false);
    out.Key("properties").BeginObject();
    WriteSettingsSchema(out, s.children, defaults);
    out.EndObject();
  }
  out.EndObject();
}

// A stored value as a number (integers, times in nanoseconds, numbers).
std::optional<double> StoredNumber(const Setting& s, DeviceConfig& config) {
  if (s.bag) {
    const ParamBag::Value* given = s.bag(config).Find(s.key);
    const ParamBag::Value& value = given != nullptr ? *given : s.fallback;
    if (const auto* x = std::get_if<uint64_t>(&value)) return static_cast<double>(*x);
    if (const auto* x = std::get_if<double>(&value)) return *x;
    return std::nullopt;
  }
  SettingRef ref = s.at(config);
  if (auto* x = std::get_if<uint32_t*>(&ref)) return **x;
  if (auto* x = std::get_if<uint64_t*>(&ref)) return static_cast<double>(**x);
  if (auto* x = std::get_if<double*>(&ref)) return **x;
  return std::nullopt;
}

std::string StoredString(const Setting& s, DeviceConfig& config) {
  if (s.bag) {
    const ParamBag::Value* given = s.bag(config).Find(s.key);
    const ParamBag::Value& value = given != nullptr ? *given : s.fallback;
    const auto* text = std::get_if<std::string>(&value);
    return text != nullptr ? *text : "";
  }
  SettingRef ref = s.at(config);
  if (auto* mode = std::get_if<CellMode*>(&ref)) return CellModeName(**mode);
  return *std::get<std::string*>(ref);
}

// The reader's wording for a stored value out of range ("" when in range).
std::string RangeProblem(const Setting& s, const std::string& path, DeviceConfig& config) {
  switch (s.type) {
    case SettingType::kChoice: {
      const std::string name = StoredString(s, config);
      const std::vector<std::string_view> allowed = ChoiceValues(s);
      if (std::find(allowed.begin(), allowed.end(), name) != allowed.end()) return "";
      const std::string suggestion = ClosestName(name, allowed);
      return "unknown " + path + " " + Quoted(name) +
             (suggestion.empty() ? "" : " (did you mean " + Quoted(suggestion) + "?)") +
             "; allowed: " + JoinNames(allowed);
    }
    case SettingType::kInteger: {
      const double x = StoredNumber(s, config).value_or(0);
      const double min = s.minimum.value_or(0);
      if (x < min) {
        return path +
               (min == 1 ? std::string(" must be > 0")
                         : " must be >= " + std::to_string(static_cast<uint64_t>(min))) +
               Got(x);
      }
      const double max = s.maximum.value_or(static_cast<double>(kMaxExactInteger));
      if (x > max)
        return path + " must be at most " + std::to_string(static_cast<uint64_t>(max)) + Got(x);
      return "";
    }
    case SettingType::kNumber: {
      const double x = StoredNumber(s, config).value_or(0);
      if (!std::isfinite(x)) return path + " must be a finite number";
      return InRange(s, x) ? "" : path + RangePhrase(s) + s.range_note + Got(x);
    }
    case SettingType::kMicros: {
      const double micros = StoredNumber(s, config).value_or(0) / 1000.0;
      if (s.exclusive_minimum && micros <= 0)
        return path + " must be > 0 (microseconds)" + Got(micros);
      if (micros > kMaxMicros)
        return path + " must be at most 1000000000000 microseconds" + Got(micros);
      return "";
    }
    case SettingType::kMillis: {
      const double ms = StoredNumber(s, config).value_or(0) / 1e6;
      return ms > kMaxMillis ? path + " must be at most 1000000000 ms" + Got(ms) : "";
    }
    default:
      return "";
  }
}

std::optional<std::pair<std::string, std::string>> FindRangeProblemIn(
    const std::vector<Setting>& settings, const std::string& prefix, DeviceConfig& config) {
  for (const Setting& s : settings) {
    if (!s.written) continue;
    const std::string path = prefix.empty() ? s.key : prefix + "." + s.key;
    if (s.type == SettingType::kSection ||
        (s.type == SettingType::kNullableSection && s.enabled(config))) {
      if (auto problem = FindRangeProblemIn(s.children, path, config)) return problem;
      continue;
    }
    if (std::string problem = RangeProblem(s, path, config); !problem.empty()) {
      return std::pair{path, problem};
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::pair<std::string, std::string>> FindRangeProblem(
    const std::vector<Setting>& root, const DeviceConfig& config) {
  // The accessors hand out pointers into the config; checking only reads them.
  return FindRangeProblemIn(root, "", const_cast<DeviceConfig&>(config));
}

Setting BoolSetting(std::string key, std::string description,
                    std::function<SettingRef(DeviceConfig&)> at) {
  Setting s;
  s.key = std::move(key);
  s.type = SettingType::kBool;
  s.description = std::move(description);
  s.at = std::move(at);
  return s;
}

Setting StringSetting(std::string key, std::string description,
                      std::function<SettingRef(DeviceConfig&)> at) {
  Setting s = BoolSetting(std::move(key), std::move(description), std::move(at));
  s.type = SettingType::kString;
  return s;
}

Setting IntegerSetting(std::string key, std::string description, std::string unit, uint64_t minimum,
                       uint64_t maximum, std::function<SettingRef(DeviceConfig&)> at) {
  Setting s = BoolSetting(std::move(key), std::move(description), std::move(at));
  s.type = SettingType::kInteger;
  s.unit = std::move(unit);
  s.minimum = static_cast<double>(minimum);
  s.maximum = static_cast<double>(maximum);
  return s;
}

Setting NumberSetting(std::string key, std::string description, std::string unit,
                      std::optional<double> minimum, bool exclusive_minimum,
                      std::optional<double> maximum, bool exclusive_maximum,
                      std::function<SettingRef(DeviceConfig&)> at, std::string range_note) {
  Setting s = BoolSetting(std::move(key), std::move(description), std::move(at));
  s.type = SettingType::kNumber;
  s.unit = std::move(unit);
  s.minimum = minimum;
  s.exclusive_minimum = exclusive_minimum;
  s.maximum = maximum;
  s.exclusive_maximum = exclusive_maximum;
  s.range_note = std::move(range_note);
  return s;
}

Setting MicrosSetting(std::string key, std::string description, bool allow_zero,
                      std::function<SettingRef(DeviceConfig&)> at) {
  Setting s = BoolSetting(std::move(key), std::move(description), std::move(at));
  s.type = SettingType::kMicros;
  s.unit = "us";
  s.minimum = 0;
  s.exclusive_minimum = !allow_zero;
  s.maximum = kMaxMicros;
  return s;
}

Setting MillisSetting(std::string key, std::string description,
                      std::function<SettingRef(DeviceConfig&)> at) {
  Setting s = BoolSetting(std::move(key), std::move(description), std::move(at));
  s.type = SettingType::kMillis;
  s.unit = "ms";
  s.minimum = 0;
  s.maximum = kMaxMillis;
  return s;
}

Setting ChoiceSetting(std::string key, std::string description, std::vector<SettingChoice> choices,
                      std::function<SettingRef(DeviceConfig&)> at) {
  Setting s = BoolSetting(std::move(key), std::move(description), std::move(at));
  s.type = SettingType::kChoice;
  s.choices = std::move(choices);
  return s;
}

Setting SectionSetting(std::string key, std::string description, std::vector<Setting> children) {
  Setting s;
  s.key = std::move(key);
  s.type = SettingType::kSection;
  s.description = std::move(description);
  s.children = std::move(children);
  return s;
}

Setting InParamBag(Setting setting, std::function<ParamBag&(DeviceConfig&)> bag,
                   ParamBag::Value fallback) {
  setting.at = nullptr;
  setting.bag = std::move(bag);
  setting.fallback = std::move(fallback);
  return setting;
}

const Setting* FindSetting(const std::vector<Setting>& settings, std::string_view key) {
  const auto it = std::find_if(settings.begin(), settings.end(),
                               [key](const Setting& s) { return s.key == key; });
  return it == settings.end() ? nullptr : &*it;
}

Setting* FindSetting(std::vector<Setting>& settings, std::string_view key) {
  const auto it = std::find_if(settings.begin(), settings.end(),
                               [key](const Setting& s) { return s.key == key; });
  return it == settings.end() ? nullptr : &*it;
}

void ReadSettings(const json::Value& tree, const std::vector<Setting>& root, DeviceConfig& config,
                  const std::string& file, bool tree_from_text) {
  SettingReader(config, file, tree_from_text, root).ReadObject(tree, "", root);
}

void WriteSettings(json::Writer& out, const std::vector<Setting>& settings,
                   const DeviceConfig& config) {
  // The accessors hand out pointers into the config; writing only reads them.
  DeviceConfig& readable = const_cast<DeviceConfig&>(config);
  out.BeginObject();
  for (const Setting& s : settings) {
    if (!s.written) continue;
    out.Key(s.key);
    WriteValue(out, s, readable);
  }
  out.EndObject();
}

void WriteSettingsSchema(json::Writer& out, const std::vector<Setting>& settings,
                         const DeviceConfig& defaults) {
  DeviceConfig& readable = const_cast<DeviceConfig&>(defaults);
  for (const Setting& s : settings) {
    out.Key(s.key);
    WriteSchema(out, s, readable);
  }
}

std::vector<std::string> SettingPaths(const std::vector<Setting>& root) {
  std::vector<std::string> paths;
  CollectPaths(root, "", paths);
  return paths;
}

std::string ClosestName(std::string_view word, const std::vector<std::string_view>& names) {
  std::string best;
  size_t best_distance = 3;
  for (const auto& name : names) {
    const size_t distance = EditDistance(word, name);
    if (distance < best_distance && 2 * distance <= word.size()) {
      best = std::string(name);
      best_distance = distance;
    }
  }
  return best;
}

std::string JoinNames(const std::vector<std::string_view>& names) {
  std::string joined;
  for (const auto& name : names) {
    if (!joined.empty()) joined += ", ";
    joined += name;
  }
  return joined;
}

std::string Quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

}  // namespace flashscope
