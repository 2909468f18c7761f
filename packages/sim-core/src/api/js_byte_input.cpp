// JsByteInput (api/js_byte_input.h): reads through EM_JS into the wasm heap.
// Compiled only by Emscripten; the native build sees an empty file.
#include "api/js_byte_input.h"

#ifdef __EMSCRIPTEN__

#include <emscripten/emscripten.h>

#include <algorithm>
#include <array>

#include "util/input_error.h"

// Copies at most `length` bytes of trace `input` at `offset` to
// `destination`; returns how many, or -1 when JavaScript threw (the message
// is kept for fs_js_read_trace_error). HEAPU8 is read after the call:
// fsReadTrace does not allocate in the wasm heap, so it is current. Offsets
// cross as doubles, exact up to 2^53 bytes.
// clang-format off
EM_JS(int, fs_js_read_trace, (uint32_t input, double offset, double length, uint8_t* destination), {
  try {
    var bytes = Module["fsReadTrace"](input, offset, length);
    if (bytes.length > length) bytes = bytes.subarray(0, length);
    HEAPU8.set(bytes, destination);
    return bytes.length;
  } catch (error) {
    Module["fsReadTraceError"] =
        error && error.message ? (error.name ? error.name + ": " : "") + error.message : String(error);
    return -1;
  }
});

// The message of the last failed fs_js_read_trace, as NUL-terminated UTF-8
// in `out` (truncated to `capacity` bytes).
EM_JS(void, fs_js_read_trace_error, (char* out, int capacity), {
  stringToUTF8(String(Module["fsReadTraceError"] || "unknown error"), out, capacity);
});
// clang-format on

namespace flashscope {
namespace {

class JsByteInput final : public IByteInput {
 public:
  JsByteInput(uint32_t input, std::string name, uint64_t size_bytes)
      : input_(input), name_(std::move(name)), size_bytes_(size_bytes) {}

  size_t Read(uint8_t* destination, size_t max) override {
    if (position_ >= size_bytes_ || max == 0) return 0;
    const size_t want = static_cast<size_t>(std::min<uint64_t>(max, size_bytes_ - position_));
    const int got = fs_js_read_trace(input_, static_cast<double>(position_),
                                     static_cast<double>(want), destination);
    if (got < 0) {
      std::array<char, 512> message{};
      fs_js_read_trace_error(message.data(), static_cast<int>(message.size()));
      throw InputError(name_, 0, std::string("cannot read the file: ") + message.data());
    }
    if (got == 0) {
      throw InputError(name_, 0,
                       "the file ended at byte " + std::to_string(position_) + " of " +
                           std::to_string(size_bytes_) + " (it changed while being read)");
    }
    position_ += static_cast<uint64_t>(got);
    return static_cast<size_t>(got);
  }

  uint64_t size_bytes() const override { return size_bytes_; }
  const std::string& name() const override { return name_; }
  void Rewind() override { position_ = 0; }

 private:
  uint32_t input_;
  std::string name_;
  uint64_t size_bytes_;
  uint64_t position_ = 0;
};

}  // namespace

std::unique_ptr<IByteInput> MakeJsByteInput(uint32_t input, std::string name, uint64_t size_bytes) {
  return std::make_unique<JsByteInput>(input, std::move(name), size_bytes);
}

}  // namespace flashscope

#endif  // __EMSCRIPTEN__
