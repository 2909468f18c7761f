// gzip (RFC 1952) through zlib's inflate, member after member: `cat a.gz
// b.gz` decodes to both texts, as gunzip does.
#ifndef __EMSCRIPTEN__

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <new>

#include "trace/decoders/decoders.h"

namespace flashscope {
namespace {

class GzipDecoder final : public IStreamDecoder {
 public:
  GzipDecoder() {
    // 15 + 16: the largest window, gzip wrapper only (the magic was sniffed).
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) throw std::bad_alloc();
  }
  ~GzipDecoder() override { inflateEnd(&stream_); }
  GzipDecoder(const GzipDecoder&) = delete;
  GzipDecoder& operator=(const GzipDecoder&) = delete;

  DecodeStep Decode(std::span<const uint8_t> input, std::span<uint8_t> output,
                    bool input_ends) override {
    DecodeStep step;
    if (between_members_) {
      step.consumed = LeadingZeroBytes(input);
      input = input.subspan(step.consumed);
      if (input.empty()) {
        step.finished = input_ends;
        return step;
      }
      if (input[0] != 0x1f || (input.size() > 1 && input[1] != 0x8b)) {
        ThrowTrailingData("gzip", step.consumed);
      }
      inflateReset(&stream_);
      between_members_ = false;
    }
    stream_.next_in = const_cast<Bytef*>(input.data());
    stream_.avail_in = static_cast<uInt>(std::min<size_t>(input.size(), UINT_MAX));
    stream_.next_out = output.data();
    stream_.avail_out = static_cast<uInt>(std::min<size_t>(output.size(), UINT_MAX));
    const int rc = inflate(&stream_, Z_NO_FLUSH);
    const size_t consumed = static_cast<size_t>(stream_.next_in - input.data());
    step.consumed += consumed;
    step.produced = static_cast<size_t>(stream_.next_out - output.data());
    switch (rc) {
      case Z_OK:
      case Z_BUF_ERROR:  // no progress possible now: more input (or room) needed
        return step;
      case Z_STREAM_END:
        between_members_ = true;
        step.finished = input_ends && consumed == input.size() && step.produced == 0;
        return step;
      case Z_MEM_ERROR:
        throw std::bad_alloc();
      case Z_NEED_DICT:
        throw DecodeError("the data needs a preset dictionary (not a gzip file)", step.consumed);
      default:
        throw DecodeError(stream_.msg ? stream_.msg : "invalid deflate data", step.consumed);
    }
  }

 private:
  z_stream stream_{};
  bool between_members_ = false;  // the last member ended; the next may start
};

}  // namespace

std::unique_ptr<IStreamDecoder> MakeGzipDecoder() { return std::make_unique<GzipDecoder>(); }

}  // namespace flashscope

#endif  // __EMSCRIPTEN__
