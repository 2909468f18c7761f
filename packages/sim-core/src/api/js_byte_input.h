// JsByteInput: an IByteInput over a trace that lives in JavaScript (a Blob
// the user dropped in the browser, a buffer in Node), for the WebAssembly
// build only. Each Read is one synchronous call to
//   Module.fsReadTrace(input, offset, length) -> Uint8Array
// (packages/wasm/src/session.ts installs it; the worker answers with
// FileReaderSync over the Blob), whose bytes are copied straight into the
// reader's buffer in the wasm heap. So the trace is never held whole in
// memory on either side: the line reader asks for 4 MiB at a time.
//
// A read that throws in JavaScript (the file changed or vanished since it
// was picked) and a file shorter than the size it was opened with are
// InputErrors naming the file. Natively there is no JavaScript: the trace
// object's "input" key is refused (api/trace_input.cpp) and tests use
// "path".
#pragma once

#ifdef __EMSCRIPTEN__

#include <cstdint>
#include <memory>
#include <string>

#include "trace/byte_input.h"

namespace flashscope {

// `input` is the id JavaScript registered the trace under, `size_bytes`
// its size (Blob.size), `name` what errors cite.
std::unique_ptr<IByteInput> MakeJsByteInput(uint32_t input, std::string name, uint64_t size_bytes);

}  // namespace flashscope

#endif  // __EMSCRIPTEN__
