// The decoding IByteInput (trace/compressed_input.h).
#include "trace/compressed_input.h"

#include <string>
#include <vector>

#include "trace/i_stream_decoder.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

class DecompressingInput final : public IByteInput {
 public:
  DecompressingInput(std::unique_ptr<IByteInput> stored, Compression compression,
                     size_t chunk_bytes)
      : stored_(std::move(stored)),
        compression_(compression),
        decoder_(NewDecoder()),
        buffer_(chunk_bytes == 0 ? 1 : chunk_bytes) {}

  size_t Read(uint8_t* destination, size_t max) override {
    if (finished_ || max == 0) return 0;
    while (true) {
      const std::span<const uint8_t> input(buffer_.data() + begin_, end_ - begin_);
      DecodeStep step;
      try {
        step = decoder_->Decode(input, std::span<uint8_t>(destination, max), stored_ended_);
      } catch (const DecodeError& error) {
        throw InputError(name(), 0,
                         Format() + " data is corrupt near compressed byte " +
                             std::to_string(InputOffset() + error.consumed()) + ": " +
                             error.what());
      }
      begin_ += step.consumed;
      if (step.produced > 0) return step.produced;
      if (step.finished) {
        finished_ = true;
        return 0;
      }
      if (step.consumed > 0) continue;
      if (begin_ < end_) {
        // The contract (i_stream_decoder.h) rules this out; say so rather
        // than loop.
        throw InputError(
            name(), 0,
            Format() + " decoder stopped at compressed byte " + std::to_string(InputOffset()));
      }
      // The next stored chunk is read only once the decoder can give
      // nothing more from the last: then compressed_bytes_read() moves at
      // the same points of the text whichever decoder runs (native or
      // JavaScript), and so do the results that report it.
      if (!stored_ended_) {
        Refill();
        continue;
      }
      throw InputError(name(), 0,
                       Format() + " data ends early (a truncated file?) after compressed byte " +
                           std::to_string(read_bytes_));
    }
  }

  uint64_t size_bytes() const override { return UINT64_MAX; }
  const std::string& name() const override { return stored_->name(); }
  void Rewind() override {
    stored_->Rewind();
    decoder_ = NewDecoder();
    begin_ = end_ = 0;
    read_bytes_ = 0;
    stored_ended_ = finished_ = false;
  }
  std::string_view compression() const override { return CompressionName(compression_); }
  uint64_t compressed_bytes_read() const override { return read_bytes_; }
  uint64_t compressed_size_bytes() const override { return stored_->size_bytes(); }

 private:
  std::string Format() const { return std::string(CompressionName(compression_)); }
  std::unique_ptr<IStreamDecoder> NewDecoder() const {
    try {
      return MakeStreamDecoder(compression_);
    } catch (const DecodeError& error) {  // the browser's decoder failed to load
      throw InputError(name(), 0, error.what());
    }
  }
  // Stored offset of buffer_[begin_].
  uint64_t InputOffset() const { return read_bytes_ - (end_ - begin_); }

  void Refill() {
    const size_t n = stored_->Read(buffer_.data(), buffer_.size());
    begin_ = 0;
    end_ = n;
    read_bytes_ += n;
    if (n == 0) stored_ended_ = true;
  }

  std::unique_ptr<IByteInput> stored_;
  Compression compression_;
  std::unique_ptr<IStreamDecoder> decoder_;
  std::vector<uint8_t> buffer_;  // stored bytes [begin_, end_) not yet decoded
  size_t begin_ = 0;
  size_t end_ = 0;
  uint64_t read_bytes_ = 0;    // stored bytes read so far
  bool stored_ended_ = false;  // the stored file has no more bytes
  bool finished_ = false;      // the last stream ended cleanly
};

}  // namespace

std::unique_ptr<IByteInput> MakeDecompressingInput(std::unique_ptr<IByteInput> stored,
                                                   Compression compression,
                                                   size_t stored_chunk_bytes) {
  return std::make_unique<DecompressingInput>(std::move(stored), compression, stored_chunk_bytes);
}

std::unique_ptr<IByteInput> DecompressIfCompressed(std::unique_ptr<IByteInput> input) {
  uint8_t head[kCompressionSniffBytes];
  size_t have = 0;
  while (have < sizeof head) {
    const size_t n = input->Read(head + have, sizeof head - have);
    if (n == 0) break;
    have += n;
  }
  input->Rewind();
  const Compression compression = SniffCompression(head, have);
  if (compression == Compression::kNone) {
    const std::string_view unsupported = SniffUnsupportedCompression(head, have);
    if (!unsupported.empty()) {
      throw InputError(input->name(), 0,
                       "the file is " + std::string(unsupported) +
                           ", which is not read here (gzip, bzip2, xz and zstd are): unpack it "
                           "first");
    }
    return input;
  }
  return MakeDecompressingInput(std::move(input), compression);
}

}  // namespace flashscope
