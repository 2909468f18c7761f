// Placeholder of `flashscope schema` (see schema_command.h): an empty
// schema, which accepts any device, until the device schema lands.
#include "cli/schema_command.h"

#include <cstdio>

namespace flashscope {

int SchemaCommand() {
  std::fputs("{}\n", stdout);
  return 0;
}

}  // namespace flashscope
