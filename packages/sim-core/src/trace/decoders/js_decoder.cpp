// The WebAssembly build's IStreamDecoder: every compression is decoded by
// JavaScript (packages/wasm/src/trace_decoders.ts, installed on the module
// as Module.fsDecoderOpen / fsDecoderDecode / fsDecoderClose by session.ts),
// called synchronously like the trace reader (api/js_byte_input.cpp): the
// line reader's Read runs inside a wasm call and cannot wait on a Promise.
// Emscripten's ports of zlib, bzip2 and friends would be the same C code as
// natively, but they download their sources at build time and this build
// has no network. Compiled only by Emscripten.
#ifdef __EMSCRIPTEN__

#include <emscripten/emscripten.h>

#include <array>
#include <new>
#include <string>

#include "trace/decoders/decoders.h"

// A decoder for `compression` ("gzip", ...): its id, or -1 when JavaScript
// threw (message kept for fs_js_decoder_error).
// clang-format off
EM_JS(int, fs_js_decoder_open, (const char* compression), {
  try {
    return Module["fsDecoderOpen"](UTF8ToString(compression));
  } catch (error) {
    Module["fsDecoderError"] = error && error.message ? error.message : String(error);
    return -1;
  }
});

// Decodes from `input` into `output`; writes {consumed, produced, finished}
// to `step` (three uint32). 0, or -1 when the data is corrupt (message kept).
// The decoders copy what they keep of the input view and never allocate in
// this module's heap, so HEAPU8 stays current through the call.
EM_JS(int, fs_js_decoder_decode, (int decoder, const uint8_t* input, uint32_t input_bytes,
                                  int input_ends, uint8_t* output, uint32_t output_bytes,
                                  uint32_t* step), {
  try {
    var result = Module["fsDecoderDecode"](decoder, HEAPU8.subarray(input, input + input_bytes),
                                           input_ends !== 0, output_bytes);
    var produced = Math.min(result.output.length, output_bytes);
    HEAPU8.set(result.output.subarray(0, produced), output);
    HEAPU32[step >> 2] = result.consumed;
    HEAPU32[(step >> 2) + 1] = produced;
    HEAPU32[(step >> 2) + 2] = result.finished ? 1 : 0;
    return 0;
  } catch (error) {
    Module["fsDecoderError"] = error && error.message ? error.message : String(error);
    return -1;
  }
});

EM_JS(void, fs_js_decoder_close, (int decoder), {
  Module["fsDecoderClose"](decoder);
});

EM_JS(void, fs_js_decoder_error, (char* out, int capacity), {
  stringToUTF8(String(Module["fsDecoderError"] || "unknown error"), out, capacity);
});
// clang-format on

namespace flashscope {
namespace {

std::string LastError() {
  std::array<char, 512> message{};
  fs_js_decoder_error(message.data(), static_cast<int>(message.size()));
  return message.data();
}

class JsDecoder final : public IStreamDecoder {
 public:
  explicit JsDecoder(Compression compression) {
    const std::string name(CompressionName(compression));
    id_ = fs_js_decoder_open(name.c_str());
    if (id_ < 0) throw DecodeError("cannot start the " + name + " decoder: " + LastError(), 0);
  }
  ~JsDecoder() override { fs_js_decoder_close(id_); }
  JsDecoder(const JsDecoder&) = delete;
  JsDecoder& operator=(const JsDecoder&) = delete;

  DecodeStep Decode(std::span<const uint8_t> input, std::span<uint8_t> output,
                    bool input_ends) override {
    std::array<uint32_t, 3> step{};
    if (fs_js_decoder_decode(id_, input.data(), static_cast<uint32_t>(input.size()),
                             input_ends ? 1 : 0, output.data(),
                             static_cast<uint32_t>(output.size()), step.data()) != 0) {
      // JavaScript decoders do not say where in their input they failed.
      throw DecodeError(LastError(), 0);
    }
    return DecodeStep{step[0], step[1], step[2] != 0};
  }

 private:
  int id_ = -1;
};

}  // namespace

std::unique_ptr<IStreamDecoder> MakeJsDecoder(Compression compression) {
  return std::make_unique<JsDecoder>(compression);
}

}  // namespace flashscope

#endif  // __EMSCRIPTEN__
