// A JSON Schema validator for the subset DeviceJsonSchema emits: "type"
// (a name or a list; "integer" = a whole number), "enum" of strings,
// "minimum"/"maximum" and their exclusive forms, "properties" and
// "additionalProperties": false. Enough to check that a device file is one
// the schema accepts, independently of the reader.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "util/json.h"

namespace flashscope::testing {

inline bool SchemaTypeMatches(const json::Value& value, const std::string& type) {
  if (type == "object") return value.is_object();
  if (type == "null") return value.is_null();
  if (type == "string") return value.is_string();
  if (type == "boolean") return value.is_bool();
  if (type == "number") return value.is_number();
  if (type == "integer") {
    return value.is_number() && value.as_number() == std::floor(value.as_number());
  }
  return false;
}

// Appends "path: problem" for every way `value` breaks `schema`.
inline void ValidateAgainstSchema(const json::Value& schema, const json::Value& value,
                                  const std::string& path, std::vector<std::string>& problems) {
  const std::string at = path.empty() ? "(root)" : path;
  if (const json::Value* type = schema.Find("type")) {
    bool matches = false;
    if (type->is_string()) {
      matches = SchemaTypeMatches(value, type->as_string());
    } else {
      for (const json::Value& name : type->items()) {
        matches |= SchemaTypeMatches(value, name.as_string());
      }
    }
    if (!matches) {
      problems.push_back(at + ": wrong type");
      return;
    }
  }
  if (const json::Value* allowed = schema.Find("enum")) {
    bool found = false;
    for (const json::Value& option : allowed->items()) {
      found |= value.is_string() && option.as_string() == value.as_string();
    }
    if (!found) problems.push_back(at + ": not one of the enum");
  }
  if (value.is_number()) {
    const double x = value.as_number();
    const auto bound = [&schema](const char* key) { return schema.Find(key); };
    if (const json::Value* b = bound("minimum"); b && x < b->as_number()) {
      problems.push_back(at + ": below minimum");
    }
    if (const json::Value* b = bound("exclusiveMinimum"); b && x <= b->as_number()) {
      problems.push_back(at + ": not above exclusiveMinimum");
    }
    if (const json::Value* b = bound("maximum"); b && x > b->as_number()) {
      problems.push_back(at + ": above maximum");
    }
    if (const json::Value* b = bound("exclusiveMaximum"); b && x >= b->as_number()) {
      problems.push_back(at + ": not below exclusiveMaximum");
    }
  }
  if (value.is_object()) {
    const json::Value* properties = schema.Find("properties");
    const json::Value* additional = schema.Find("additionalProperties");
    const bool closed = additional != nullptr && additional->is_bool() && !additional->as_bool();
    for (const auto& [key, member] : value.members()) {
      const std::string member_path = path.empty() ? key : path + "." + key;
      const json::Value* member_schema = properties ? properties->Find(key) : nullptr;
      if (member_schema == nullptr) {
        if (closed) problems.push_back(member_path + ": not allowed (additionalProperties)");
        continue;
      }
      ValidateAgainstSchema(*member_schema, member, member_path, problems);
    }
  }
}

}  // namespace flashscope::testing
