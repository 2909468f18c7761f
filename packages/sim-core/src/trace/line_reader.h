// LineReader: the lines of an IByteInput, read in chunks (4 MiB by default)
// so memory stays bounded however large the trace is. Lines may span chunks;
// "\n" and "\r\n" end lines; a last line without a line break is a line. A
// UTF-8 byte order mark before the first line is dropped.
//
// Not a text trace: a NUL byte, or a line longer than kMaxTraceLineBytes,
// throws InputError("NAME", 0, "binary data at byte N (not a text trace)...")
// with N the 0-based offset of the NUL (or of the first byte past the limit).
// Only the last line of the input can lack its line break;
// last_line_unterminated() tells the caller, which reports a truncated file
// when that line does not parse.
//
// Next() returns a view into the reader's buffer, valid until the next call;
// it never allocates (the buffer is sized once).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trace/byte_input.h"

namespace flashscope {

inline constexpr size_t kTraceChunkBytes = size_t{4} << 20;  // 4 MiB

// Bytes of a UTF-8 byte order mark at the start of `text` (3 or 0): editors
// on Windows put one before the first line of CSV files; it is not part of
// the line.
inline size_t LeadingByteOrderMarkBytes(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
}

// What follows "binary data at byte N" in the error: " (not a text trace)",
// or for a compressed input, whose garbage a damaged block can decode to
// before its check fails, that the bytes are the decoded ones and the file
// may be corrupt.
inline std::string NotATextTrace(const IByteInput& input) {
  if (input.compression() == "none") return " (not a text trace)";
  const std::string format(input.compression());
  return " of the decompressed " + format + " text (not a text trace, or a corrupt " + format +
         " file)";
}

class LineReader {
 public:
  // `chunk_bytes` is how much is read at once; tests pass tiny chunks to put
  // lines across chunk boundaries.
  explicit LineReader(IByteInput& input, size_t chunk_bytes = kTraceChunkBytes);

  // The next line without its terminator; false at the end of the input.
  bool Next(std::string_view& line);

  // 1-based number of the line Next returned last (0 before the first).
  uint64_t line_number() const { return line_number_; }
  // Bytes of the input up to and including the line Next returned last.
  uint64_t bytes_consumed() const { return consumed_bytes_; }
  // Bytes taken from the input so far (at most one chunk ahead of consumed).
  uint64_t bytes_read() const { return read_bytes_; }
  // The line Next returned last ended at the end of the input without a
  // line break.
  bool last_line_unterminated() const { return unterminated_; }
  bool at_end() const { return eof_ && begin_ == end_; }

  // Back to the first line (rewinds the input).
  void Rewind();

 private:
  // Moves the unread tail to the front and reads one more chunk; false at
  // the end of the input.
  bool Fill();
  [[noreturn]] void ThrowBinary(uint64_t at_byte, const std::string& why) const;
  [[noreturn]] void ThrowLongLine() const;

  IByteInput& input_;
  size_t chunk_bytes_;
  std::vector<char> buffer_;
  size_t begin_ = 0;            // first unread byte in buffer_
  size_t end_ = 0;              // one past the last valid byte
  size_t scanned_ = 0;          // [begin_, scanned_) is known to hold no '\n'
  uint64_t buffer_offset_ = 0;  // input offset of buffer_[0]
  uint64_t read_bytes_ = 0;
  uint64_t consumed_bytes_ = 0;
  uint64_t line_number_ = 0;
  bool eof_ = false;
  bool unterminated_ = false;
};

}  // namespace flashscope
