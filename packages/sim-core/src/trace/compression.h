// Compression: how a trace file is stored. Traces are distributed compressed
// (SNIA IOTTA's MSR Cambridge, SYSTOR'17, Alibaba and Tencent archives: .gz,
// .bz2, .xz, .zst); a reader recognises them by their magic bytes, never by
// the file name, so a renamed or extension-less download still reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace flashscope {

enum class Compression { kNone, kGzip, kBzip2, kXz, kZstd };

// "none", "gzip", "bzip2", "xz", "zstd": the values of the summary's
// "compression" key.
std::string_view CompressionName(Compression compression);

// The magic bytes a stream of each compression starts with. kSniffBytes is
// enough to tell them all apart.
inline constexpr size_t kCompressionSniffBytes = 6;

// The compression `head` (the first bytes of a file, up to
// kCompressionSniffBytes) starts with; kNone for anything else, text
// included.
Compression SniffCompression(const uint8_t* head, size_t size);

// A compressed format no decoder here reads (zip, 7z, lz4, lzip, Unix
// compress): its name, for an error that says what to do, or "" when
// `head` is none of them.
std::string_view SniffUnsupportedCompression(const uint8_t* head, size_t size);

}  // namespace flashscope
