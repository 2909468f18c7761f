// xz through liblzma. LZMA_CONCATENATED makes liblzma read concatenated
// streams and the stream padding between them itself, as `xz -d` does; it
// then needs to be told where the input ends (LZMA_FINISH).
#ifndef __EMSCRIPTEN__

#include <lzma.h>

#include <new>

#include "trace/decoders/decoders.h"

namespace flashscope {
namespace {

class XzDecoder final : public IStreamDecoder {
 public:
  XzDecoder() {
    // No memory limit: a trace's dictionary is what its compressor chose
    // (xz -9: 64 MiB), and the user asked for this file.
    if (lzma_stream_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
      throw std::bad_alloc();
    }
  }
  ~XzDecoder() override { lzma_end(&stream_); }
  XzDecoder(const XzDecoder&) = delete;
  XzDecoder& operator=(const XzDecoder&) = delete;

  DecodeStep Decode(std::span<const uint8_t> input, std::span<uint8_t> output,
                    bool input_ends) override {
    DecodeStep step;
    if (ended_) {
      step.finished = true;
      return step;
    }
    stream_.next_in = input.data();
    stream_.avail_in = input.size();
    stream_.next_out = output.data();
    stream_.avail_out = output.size();
    const lzma_ret rc = lzma_code(&stream_, input_ends ? LZMA_FINISH : LZMA_RUN);
    step.consumed = static_cast<size_t>(stream_.next_in - input.data());
    step.produced = static_cast<size_t>(stream_.next_out - output.data());
    switch (rc) {
      case LZMA_OK:
      case LZMA_BUF_ERROR:  // no progress: truncated when the input ends
        return step;
      case LZMA_STREAM_END:
        ended_ = true;
        step.finished = step.produced == 0;
        return step;
      case LZMA_MEM_ERROR:
        throw std::bad_alloc();
      case LZMA_FORMAT_ERROR:
        throw DecodeError("not xz data (bad stream header)", step.consumed);
      case LZMA_OPTIONS_ERROR:
        throw DecodeError("unsupported compression options", step.consumed);
      case LZMA_DATA_ERROR:
        throw DecodeError("compressed data is corrupt (or a check does not match)", step.consumed);
      default:
        throw DecodeError("liblzma error " + std::to_string(static_cast<int>(rc)), step.consumed);
    }
  }

 private:
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool ended_ = false;  // LZMA_STREAM_END seen: lzma_code must not run again
};

}  // namespace

std::unique_ptr<IStreamDecoder> MakeXzDecoder() { return std::make_unique<XzDecoder>(); }

}  // namespace flashscope

#endif  // __EMSCRIPTEN__
