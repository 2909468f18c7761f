#include "trace/line_reader.h"

#include <cstring>
#include <string>

#include "trace/i_trace_format.h"
#include "util/input_error.h"

namespace flashscope {

LineReader::LineReader(IByteInput& input, size_t chunk_bytes)
    : input_(input), chunk_bytes_(chunk_bytes == 0 ? 1 : chunk_bytes) {
  // Room for one chunk after the unread start of a line, which is never
  // longer than a line may be ("\r" included) when Fill runs.
  buffer_.resize(chunk_bytes_ + kMaxTraceLineBytes + 1);
}

void LineReader::Rewind() {
  input_.Rewind();
  begin_ = end_ = scanned_ = 0;
  buffer_offset_ = read_bytes_ = consumed_bytes_ = line_number_ = 0;
  eof_ = unterminated_ = false;
}

void LineReader::ThrowBinary(uint64_t at_byte, const std::string& why) const {
  throw InputError(input_.name(), 0,
                   "binary data at byte " + std::to_string(at_byte) + NotATextTrace(input_) + why);
}

void LineReader::ThrowLongLine() const {
  ThrowBinary(buffer_offset_ + begin_ + kMaxTraceLineBytes,
              ": line " + std::to_string(line_number_ + 1) + " is longer than " +
                  std::to_string(kMaxTraceLineBytes) + " bytes");
}

bool LineReader::Fill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    buffer_offset_ += begin_;
    end_ -= begin_;
    scanned_ -= begin_;
    begin_ = 0;
  }
  const size_t n = input_.Read(reinterpret_cast<uint8_t*>(buffer_.data() + end_),
                               std::min(chunk_bytes_, buffer_.size() - end_));
  if (n == 0) {
    eof_ = true;
    return false;
  }
  // One pass over each chunk for NUL bytes, which no text trace holds
  // (compressed or binary files nearly always do, within the first bytes).
  if (const void* nul = std::memchr(buffer_.data() + end_, '\0', n)) {
    ThrowBinary(buffer_offset_ + (static_cast<const char*>(nul) - buffer_.data()), "");
  }
  end_ += n;
  read_bytes_ += n;
  return true;
}

bool LineReader::Next(std::string_view& line) {
  while (true) {
    const char* const base = buffer_.data();
    const void* newline =
        scanned_ < end_ ? std::memchr(base + scanned_, '\n', end_ - scanned_) : nullptr;
    size_t line_end;    // one past the line's last byte (before "\r\n")
    size_t next_begin;  // where the next line starts
    if (newline) {
      line_end = static_cast<const char*>(newline) - base;
      next_begin = line_end + 1;
      unterminated_ = false;
    } else {
      scanned_ = end_;
      if (end_ - begin_ > kMaxTraceLineBytes + 1) {
        ThrowLongLine();
      }
      if (!eof_ && Fill()) continue;
      if (begin_ == end_) return false;
      line_end = next_begin = end_;
      unterminated_ = true;
    }
    if (line_end > begin_ && base[line_end - 1] == '\r') --line_end;
    if (line_end - begin_ > kMaxTraceLineBytes) {
      ThrowLongLine();
    }
    line = std::string_view(base + begin_, line_end - begin_);
    if (line_number_ == 0) line.remove_prefix(LeadingByteOrderMarkBytes(line));
    consumed_bytes_ += next_begin - begin_;
    begin_ = scanned_ = next_begin;
    ++line_number_;
    return true;
  }
}

}  // namespace flashscope
