// zstd through libzstd's streaming decoder, which reads frame after frame
// (and skips skippable frames) by itself, as `zstd -d` does.
#ifndef __EMSCRIPTEN__

#include <zstd.h>

#include <new>

#include "trace/decoders/decoders.h"

namespace flashscope {
namespace {

class ZstdDecoder final : public IStreamDecoder {
 public:
  ZstdDecoder() : stream_(ZSTD_createDStream()) {
    if (stream_ == nullptr || ZSTD_isError(ZSTD_initDStream(stream_))) throw std::bad_alloc();
  }
  ~ZstdDecoder() override { ZSTD_freeDStream(stream_); }
  ZstdDecoder(const ZstdDecoder&) = delete;
  ZstdDecoder& operator=(const ZstdDecoder&) = delete;

  DecodeStep Decode(std::span<const uint8_t> input, std::span<uint8_t> output,
                    bool input_ends) override {
    DecodeStep step;
    if (input.empty() && at_frame_end_) {
      step.finished = input_ends;
      return step;
    }
    ZSTD_inBuffer in{input.data(), input.size(), 0};
    ZSTD_outBuffer out{output.data(), output.size(), 0};
    const size_t rc = ZSTD_decompressStream(stream_, &out, &in);
    if (ZSTD_isError(rc)) throw DecodeError(ZSTD_getErrorName(rc), in.pos);
    step.consumed = in.pos;
    step.produced = out.pos;
    // 0: a frame was decoded and flushed to its last byte; the next byte
    // (if any) starts another frame.
    if (step.consumed > 0 || step.produced > 0) at_frame_end_ = rc == 0;
    return step;
  }

 private:
  ZSTD_DStream* stream_;
  bool at_frame_end_ = false;
};

}  // namespace

std::unique_ptr<IStreamDecoder> MakeZstdDecoder() { return std::make_unique<ZstdDecoder>(); }

}  // namespace flashscope

#endif  // __EMSCRIPTEN__
