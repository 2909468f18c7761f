// Compressed traces, read transparently: DecompressIfCompressed looks at the
// first bytes of an input and, when they are gzip, bzip2, xz or zstd magic,
// returns an input that decodes it (trace/i_stream_decoder.h) in bounded
// chunks: the stored file is read 1 MiB at a time and decoded as the line
// reader asks, so a 2 GB .gz is never whole in memory, natively or in the
// browser.
//
// The decoding input's size_bytes() is unknown (UINT64_MAX: the decoded
// size is only known at the end); compression(), compressed_bytes_read()
// and compressed_size_bytes() describe the stored file, which progress bars
// measure. name() is the stored file's. Rewind restarts decoding from the
// first stored byte.
//
// Bad data is an InputError naming the file: "gzip data is corrupt near
// compressed byte N: <the decoder's reason>", or "... ends early (a
// truncated file?) after compressed byte N" when the file stops inside a
// stream.
#pragma once

#include <memory>

#include "trace/byte_input.h"
#include "trace/compression.h"

namespace flashscope {

// Stored bytes read at once from the compressed file.
inline constexpr size_t kCompressedChunkBytes = size_t{1} << 20;

// `input` itself when it is not compressed (rewound to byte 0 either way).
std::unique_ptr<IByteInput> DecompressIfCompressed(std::unique_ptr<IByteInput> input);

// A decoding input over `stored`, which holds `compression` data.
// `stored_chunk_bytes`: tests pass tiny chunks to cut streams anywhere.
std::unique_ptr<IByteInput> MakeDecompressingInput(
    std::unique_ptr<IByteInput> stored, Compression compression,
    size_t stored_chunk_bytes = kCompressedChunkBytes);

}  // namespace flashscope
