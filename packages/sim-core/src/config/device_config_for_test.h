// Helpers shared by the device JSON tests (device_config_test.cpp and
// device_config_kinds_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "schema/device_schema.h"
#include "util/input_error.h"

namespace flashscope::testing {

inline DeviceConfig ParseText(std::string_view text) {
  return ParseDevice(json::Parse(text, "dev.json"), "dev.json");
}

// Parses device text expected to be rejected and returns the full message
// ("dev.json:LINE: problem").
inline std::string ErrorOf(std::string_view text) {
  try {
    ParseText(text);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

inline std::string ValidateError(const DeviceConfig& config) {
  try {
    Validate(config);
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 0u);
    return error.what();
  }
  return "(no error)";
}

inline void ExpectContains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "\"" << text << "\" lacks \"" << part << "\"";
}

inline std::string Written(const DeviceConfig& config, bool pretty = false) {
  json::Writer writer(pretty);
  WriteDevice(writer, config);
  return writer.Take();
}

}  // namespace flashscope::testing
