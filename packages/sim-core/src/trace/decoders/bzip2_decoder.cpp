// bzip2 through libbz2, stream after stream: pbzip2 and lbzip2 write one
// stream per block group, and `cat a.bz2 b.bz2` is valid, as bunzip2 reads.
#ifndef __EMSCRIPTEN__

#include <bzlib.h>

#include <algorithm>
#include <climits>
#include <new>

#include "trace/decoders/decoders.h"

namespace flashscope {
namespace {

class Bzip2Decoder final : public IStreamDecoder {
 public:
  Bzip2Decoder() { Start(); }
  ~Bzip2Decoder() override { BZ2_bzDecompressEnd(&stream_); }
  Bzip2Decoder(const Bzip2Decoder&) = delete;
  Bzip2Decoder& operator=(const Bzip2Decoder&) = delete;

  DecodeStep Decode(std::span<const uint8_t> input, std::span<uint8_t> output,
                    bool input_ends) override {
    DecodeStep step;
    if (between_streams_) {
      step.consumed = LeadingZeroBytes(input);
      input = input.subspan(step.consumed);
      if (input.empty()) {
        step.finished = input_ends;
        return step;
      }
      if (input[0] != 'B' || (input.size() > 1 && input[1] != 'Z')) {
        ThrowTrailingData("bzip2", step.consumed);
      }
      BZ2_bzDecompressEnd(&stream_);
      Start();
      between_streams_ = false;
    }
    // libbz2 takes char* but does not write through next_in.
    stream_.next_in = reinterpret_cast<char*>(const_cast<uint8_t*>(input.data()));
    stream_.avail_in = static_cast<unsigned>(std::min<size_t>(input.size(), UINT_MAX));
    stream_.next_out = reinterpret_cast<char*>(output.data());
    stream_.avail_out = static_cast<unsigned>(std::min<size_t>(output.size(), UINT_MAX));
    const int rc = BZ2_bzDecompress(&stream_);
    const size_t consumed =
        static_cast<size_t>(reinterpret_cast<const uint8_t*>(stream_.next_in) - input.data());
    step.consumed += consumed;
    step.produced =
        static_cast<size_t>(reinterpret_cast<uint8_t*>(stream_.next_out) - output.data());
    switch (rc) {
      case BZ_OK:
        return step;
      case BZ_STREAM_END:
        between_streams_ = true;
        step.finished = input_ends && consumed == input.size() && step.produced == 0;
        return step;
      case BZ_MEM_ERROR:
        throw std::bad_alloc();
      case BZ_DATA_ERROR_MAGIC:
        throw DecodeError("not bzip2 data (bad stream header)", step.consumed);
      case BZ_DATA_ERROR:
        throw DecodeError("a block is damaged (its CRC or structure is wrong)", step.consumed);
      default:
        throw DecodeError("libbz2 error " + std::to_string(rc), step.consumed);
    }
  }

 private:
  void Start() {
    stream_ = bz_stream{};
    if (BZ2_bzDecompressInit(&stream_, /*verbosity=*/0, /*small=*/0) != BZ_OK) {
      throw std::bad_alloc();
    }
  }

  bz_stream stream_{};
  bool between_streams_ = false;
};

}  // namespace

std::unique_ptr<IStreamDecoder> MakeBzip2Decoder() { return std::make_unique<Bzip2Decoder>(); }

}  // namespace flashscope

#endif  // __EMSCRIPTEN__
