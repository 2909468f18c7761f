// IStreamDecoder: one compression's decoder, fed compressed bytes and
// draining decoded bytes in bounded pieces, so a compressed trace is decoded
// chunk by chunk and never held whole (trace/compressed_input.h drives it).
//
// Contract, as zlib's inflate and liblzma's lzma_code work:
//   - Decode takes what it can of `input` and writes what it can to
//     `output`, and says how much of each. Given both room and input, it
//     consumes or produces something (else the data cannot continue:
//     the caller reports it).
//   - `input_ends` says no byte follows `input`. A decoder must then finish
//     what it holds; `finished` is true once the data ended cleanly at the
//     end of a stream and everything decoded has been written.
//   - Streams may be concatenated (`cat a.gz b.gz`, pbzip2's and pixz's
//     output, zstd frames): the decoder reads them one after the other as
//     the format's own tools do.
//   - Corrupt data throws DecodeError with the library's reason and how much
//     of `input` was consumed before it was found.
// Implementations: natively the Debian libraries (trace/decoders/), in
// WebAssembly JavaScript decoders (trace/decoders/js_decoder.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "trace/compression.h"

namespace flashscope {

struct DecodeStep {
  size_t consumed = 0;    // bytes of `input` taken
  size_t produced = 0;    // bytes written to `output`
  bool finished = false;  // the data ended cleanly; nothing more will come
};

class DecodeError : public std::runtime_error {
 public:
  DecodeError(const std::string& reason, size_t consumed)
      : std::runtime_error(reason), consumed_(consumed) {}
  size_t consumed() const { return consumed_; }

 private:
  size_t consumed_;
};

class IStreamDecoder {
 public:
  virtual ~IStreamDecoder() = default;
  virtual DecodeStep Decode(std::span<const uint8_t> input, std::span<uint8_t> output,
                            bool input_ends) = 0;
};

// A fresh decoder for `compression` (not kNone).
std::unique_ptr<IStreamDecoder> MakeStreamDecoder(Compression compression);

}  // namespace flashscope
