// The one list of stream decoders (trace/i_stream_decoder.h): natively the
// Debian libraries, in WebAssembly the JavaScript decoders.
#include "trace/decoders/decoders.h"

namespace flashscope {

std::unique_ptr<IStreamDecoder> MakeStreamDecoder(Compression compression) {
#ifdef __EMSCRIPTEN__
  return MakeJsDecoder(compression);
#else
  switch (compression) {
    case Compression::kGzip:
      return MakeGzipDecoder();
    case Compression::kBzip2:
      return MakeBzip2Decoder();
    case Compression::kXz:
      return MakeXzDecoder();
    case Compression::kZstd:
      return MakeZstdDecoder();
    case Compression::kNone:
      break;
  }
  return nullptr;
#endif
}

}  // namespace flashscope
