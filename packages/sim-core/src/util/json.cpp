// JSON values (see json.h): the constructors and object helpers. The reader
// is json_reader.cpp, the writer json_writer.cpp.
#include "util/json.h"

#include <string>
#include <utility>

namespace flashscope::json {

const char* TypeName(Type type) {
  switch (type) {
    case Type::kNull:
      return "null";
    case Type::kBool:
      return "a boolean";
    case Type::kNumber:
      return "a number";
    case Type::kString:
      return "a string";
    case Type::kArray:
      return "an array";
    case Type::kObject:
      return "an object";
  }
  return "an unknown type";
}

Value Value::Bool(bool b) {
  Value value;
  value.type_ = Type::kBool;
  value.bool_ = b;
  return value;
}

Value Value::Number(double d) {
  Value value;
  value.type_ = Type::kNumber;
  value.number_ = d;
  return value;
}

Value Value::String(std::string s) {
  Value value;
  value.type_ = Type::kString;
  value.string_ = std::move(s);
  return value;
}

Value Value::Array() {
  Value value;
  value.type_ = Type::kArray;
  return value;
}

Value Value::Object() {
  Value value;
  value.type_ = Type::kObject;
  return value;
}

const Value* Value::Find(std::string_view key) const {
  for (const auto& [name, value] : members_) {
    if (name == key) return &value;
  }
  return nullptr;
}

Value* Value::Find(std::string_view key) {
  for (auto& [name, value] : members_) {
    if (name == key) return &value;
  }
  return nullptr;
}

Value& Value::Set(std::string_view key, Value value) {
  if (Value* existing = Find(key)) {
    *existing = std::move(value);
    return *existing;
  }
  members_.emplace_back(std::string(key), std::move(value));
  return members_.back().second;
}

}  // namespace flashscope::json
