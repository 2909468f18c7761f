// Test helper: a figure of /proc/self/status in kB (VmRSS, VmHWM), for the
// tests that check memory stays flat however much a run reads or writes.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

namespace flashscope::testing {

inline uint64_t StatusKb(const char* key) {
  std::ifstream status("/proc/self/status");
  std::string line;
  const size_t key_size = std::strlen(key);
  while (std::getline(status, line)) {
    if (line.compare(0, key_size, key) == 0 && line[key_size] == ':') {
      return std::stoull(line.substr(key_size + 1));
    }
  }
  return 0;
}

}  // namespace flashscope::testing
