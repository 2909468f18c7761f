// Test helper: a trace read as from a pipe (size unknown) whose text lines
// are made as they are read, `total_bytes` in all (the last line whole), so
// the trace tests can read gigabytes without a file. A subclass makes each
// line.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "trace/byte_input.h"

namespace flashscope::testing {

class GeneratedLinesInput : public IByteInput {
 public:
  static constexpr size_t kMaxLineBytes = 96;

  GeneratedLinesInput(std::string name, uint64_t total_bytes)
      : name_(std::move(name)), total_bytes_(total_bytes) {}

  size_t Read(uint8_t* destination, size_t max) final {
    size_t n = 0;
    while (n < max) {
      if (line_used_ == line_size_) {
        if (produced_bytes_ >= total_bytes_) break;
        line_size_ = MakeLine(line_);
        line_used_ = 0;
      }
      const size_t take = std::min(max - n, line_size_ - line_used_);
      std::memcpy(destination + n, line_ + line_used_, take);
      n += take;
      line_used_ += take;
      produced_bytes_ += take;
    }
    return n;
  }
  uint64_t size_bytes() const final { return UINT64_MAX; }
  const std::string& name() const final { return name_; }
  void Rewind() final {
    produced_bytes_ = 0;
    line_used_ = line_size_ = 0;
    RestartLines();
  }

  uint64_t produced_bytes() const { return produced_bytes_; }

 protected:
  // Writes the next line, '\n' included, into `line` (kMaxLineBytes of
  // room) and returns its size.
  virtual size_t MakeLine(char* line) = 0;
  // Back to the first line (on Rewind).
  virtual void RestartLines() = 0;

 private:
  std::string name_;
  uint64_t total_bytes_;
  uint64_t produced_bytes_ = 0;
  char line_[kMaxLineBytes];
  size_t line_size_ = 0;
  size_t line_used_ = 0;
};

}  // namespace flashscope::testing
