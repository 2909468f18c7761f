#include "cli/schema_command.h"

#include <cstdio>
#include <string>

#include "schema/device_schema.h"

namespace flashscope {

int SchemaCommand() {
  const std::string& schema = DeviceJsonSchema();
  std::fwrite(schema.data(), 1, schema.size(), stdout);
  return 0;
}

}  // namespace flashscope
