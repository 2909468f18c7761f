// `flashscope schema`: prints the device JSON Schema (draft 2020-12) the
// simulator's own tables produce (schema/device_schema.h), the text
// public/schema/device.schema.json holds:
//
//   flashscope schema > public/schema/device.schema.json
#pragma once

namespace flashscope {

inline constexpr const char* kSchemaUsage =
    "  flashscope schema        print the device JSON Schema (draft 2020-12)\n";

int SchemaCommand();

}  // namespace flashscope
