// ParamBag: a section's plug-in parameter values, by key. A plug-in declares
// its parameters next to its code (config/setting.h: the key, range and
// default) and reads its own values from its section's bag, so adding a
// plug-in with parameters adds no field to DeviceConfig. A key the device
// JSON left out is absent: the reader asks with the plug-in's default.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace flashscope {

class ParamBag {
 public:
  // Integers and times (as nanoseconds) are uint64_t.
  using Value = std::variant<bool, uint64_t, double, std::string>;

  // The value given for `key`, or nullptr.
  const Value* Find(std::string_view key) const {
    for (const auto& [name, value] : values_) {
      if (name == key) return &value;
    }
    return nullptr;
  }

  // Replaces the value of `key`, or appends it.
  void Set(std::string_view key, Value value) {
    for (auto& [name, held] : values_) {
      if (name == key) {
        held = std::move(value);
        return;
      }
    }
    values_.emplace_back(std::string(key), std::move(value));
  }

  // The value of `key`, or `fallback` (the plug-in's default) when absent.
  uint64_t Uint(std::string_view key, uint64_t fallback) const { return Get(key, fallback); }
  double Number(std::string_view key, double fallback) const { return Get(key, fallback); }
  bool Bool(std::string_view key, bool fallback) const { return Get(key, fallback); }

 private:
  template <typename T>
  T Get(std::string_view key, T fallback) const {
    const Value* value = Find(key);
    const T* typed = value != nullptr ? std::get_if<T>(value) : nullptr;
    return typed != nullptr ? *typed : fallback;
  }

  std::vector<std::pair<std::string, Value>> values_;  // in the order first set
};

}  // namespace flashscope
