// IByteInput: the bytes of a trace, read front to back in chunks, so a trace
// larger than memory can be inspected and replayed (a file natively, a Blob
// read through JavaScript in the browser: api/js_byte_input.h, a generator in
// tests). Rewind lets a pre-pass (format detection, compact address mapping)
// read the input again from the start.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace flashscope {

class IByteInput {
 public:
  virtual ~IByteInput() = default;
  // Up to `max` bytes at the current position; 0 at the end. InputError on a
  // read failure.
  virtual size_t Read(uint8_t* destination, size_t max) = 0;
  virtual uint64_t size_bytes() const = 0;      // UINT64_MAX when unknown
  virtual const std::string& name() const = 0;  // the file name errors cite
  virtual void Rewind() = 0;                    // back to byte 0 (pre-passes)

  // An input that decodes a compressed file (trace/compressed_input.h) says
  // which compression and how far through the stored file it is, since
  // its own size (the decoded size) is unknown until the end: progress is
  // measured against the stored file. Plain inputs: "none", and progress
  // is their own bytes.
  virtual std::string_view compression() const { return "none"; }
  virtual uint64_t compressed_bytes_read() const { return 0; }
  virtual uint64_t compressed_size_bytes() const { return UINT64_MAX; }
};

// A file, read with stdio. InputError naming `path` when it cannot be opened
// (or is a directory).
std::unique_ptr<IByteInput> OpenFileInput(const std::string& path);

// Bytes held in memory (tests, small inputs), cited as `name`.
std::unique_ptr<IByteInput> MakeMemoryInput(std::string name, std::string bytes);

}  // namespace flashscope
