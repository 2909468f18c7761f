// The IStreamDecoder implementations (trace/i_stream_decoder.h) and helpers
// they share. Natively each wraps the Debian library of its format; in
// WebAssembly one class forwards to JavaScript decoders
// (packages/wasm/src/trace_decoders.ts), since Emscripten's ports of these
// libraries are downloaded at build time and the build has no network.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "trace/i_stream_decoder.h"

namespace flashscope {

#ifdef __EMSCRIPTEN__
std::unique_ptr<IStreamDecoder> MakeJsDecoder(Compression compression);
#else
std::unique_ptr<IStreamDecoder> MakeGzipDecoder();   // zlib
std::unique_ptr<IStreamDecoder> MakeBzip2Decoder();  // libbz2
std::unique_ptr<IStreamDecoder> MakeXzDecoder();     // liblzma
std::unique_ptr<IStreamDecoder> MakeZstdDecoder();   // libzstd
#endif

// Between two concatenated streams: NUL bytes are padding (tape blocking,
// some archivers), skipped as gzip(1) and bzip2(1) skip them; returns how
// many lead `input`.
inline size_t LeadingZeroBytes(std::span<const uint8_t> input) {
  size_t zeros = 0;
  while (zeros < input.size() && input[zeros] == 0) ++zeros;
  return zeros;
}

// DecodeError for bytes after the end of the last stream that do not start
// another one.
[[noreturn]] inline void ThrowTrailingData(const std::string& format, size_t consumed) {
  throw DecodeError("unexpected bytes after the end of the " + format + " data", consumed);
}

}  // namespace flashscope
