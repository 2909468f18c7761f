// PluginTable: a registry's one list of plug-ins. Each entry carries what the
// UI and the schema show (name, label, description, declared parameters:
// PolicyInfo) and the factory that builds the plug-in, so `Make...`, the
// registry's `...Infos()` and its names list all read the same table and
// cannot drift apart. The factory's signature is the registry's own (a
// mapping scheme takes a MappingConfig, a ZNS placement its setup, ...).
#pragma once

#include <string_view>
#include <vector>

#include "config/setting.h"

namespace flashscope {

template <typename Factory>
struct PluginEntry {
  PolicyInfo info;
  Factory make;
};

// The entry named `name`, or nullptr.
template <typename Entry>
const Entry* FindPlugin(const std::vector<Entry>& table, std::string_view name) {
  for (const Entry& entry : table) {
    if (entry.info.name == name) return &entry;
  }
  return nullptr;
}

// The table's infos, in table order.
template <typename Entry>
std::vector<PolicyInfo> PluginInfos(const std::vector<Entry>& table) {
  std::vector<PolicyInfo> infos;
  infos.reserve(table.size());
  for (const Entry& entry : table) infos.push_back(entry.info);
  return infos;
}

// The table's names, in table order; they view the table's strings, so the
// table must outlive them (registries keep theirs in a function static).
template <typename Entry>
std::vector<std::string_view> PluginNames(const std::vector<Entry>& table) {
  std::vector<std::string_view> names;
  names.reserve(table.size());
  for (const Entry& entry : table) names.emplace_back(entry.info.name);
  return names;
}

}  // namespace flashscope
