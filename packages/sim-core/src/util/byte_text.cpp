#include "util/byte_text.h"

#include <cstddef>
#include <cstdio>
#include <initializer_list>

namespace flashscope {
namespace {

// `bytes` in the largest unit (each `step` times the one before) that keeps
// the value at least 1; whole bytes, else one decimal.
std::string ByteText(double bytes, double step, std::initializer_list<const char*> units) {
  const char* const* unit = units.begin();
  while (bytes >= step && unit + 1 != units.end()) {
    bytes /= step;
    ++unit;
  }
  char text[48];
  std::snprintf(text, sizeof text, unit == units.begin() ? "%.0f %s" : "%.1f %s", bytes, *unit);
  return text;
}

}  // namespace

std::string DecimalByteText(double bytes) {
  return ByteText(bytes, 1000, {"B", "kB", "MB", "GB", "TB"});
}

std::string BinaryByteText(double bytes) {
  return ByteText(bytes, 1024, {"B", "KiB", "MiB", "GiB", "TiB", "PiB"});
}

}  // namespace flashscope
