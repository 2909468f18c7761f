#include "metrics/nand_counters.h"

namespace flashscope {

const char* CauseName(Cause cause) {
  switch (cause) {
    case Cause::kHost:
      return "host";
    case Cause::kGc:
      return "gc";
    case Cause::kMigration:
      return "migration";
    case Cause::kMapping:
      return "mapping";
    case Cause::kRefresh:
      return "refresh";
    case Cause::kWearLeveling:
      return "wear_leveling";
    case Cause::kReadModifyWrite:
      return "rmw";
    case Cause::kPadding:
      return "padding";
  }
  return "unknown";
}

}  // namespace flashscope
