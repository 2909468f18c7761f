// Magic bytes of the compressed formats (trace/compression.h), from each
// format's specification: RFC 1952 (gzip), the bzip2 file header "BZh" plus
// block size '1'..'9', the .xz file format 1.1.0 section 2.1.1.1, RFC 8878
// section 3.1.1 (zstd).
#include "trace/compression.h"

#include <cstring>

namespace flashscope {

namespace {

bool StartsWith(const uint8_t* head, size_t size, const char* magic, size_t magic_size) {
  return size >= magic_size && std::memcmp(head, magic, magic_size) == 0;
}

}  // namespace

std::string_view CompressionName(Compression compression) {
  switch (compression) {
    case Compression::kNone:
      return "none";
    case Compression::kGzip:
      return "gzip";
    case Compression::kBzip2:
      return "bzip2";
    case Compression::kXz:
      return "xz";
    case Compression::kZstd:
      return "zstd";
  }
  return "none";
}

Compression SniffCompression(const uint8_t* head, size_t size) {
  if (StartsWith(head, size, "\x1f\x8b", 2)) return Compression::kGzip;
  if (StartsWith(head, size, "BZh", 3) && size >= 4 && head[3] >= '1' && head[3] <= '9') {
    return Compression::kBzip2;
  }
  if (StartsWith(head, size,
                 "\xfd"
                 "7zXZ\0",
                 6))
    return Compression::kXz;
  if (StartsWith(head, size, "\x28\xb5\x2f\xfd", 4)) return Compression::kZstd;
  return Compression::kNone;
}

std::string_view SniffUnsupportedCompression(const uint8_t* head, size_t size) {
  if (StartsWith(head, size, "PK\x03\x04", 4)) return "a zip archive";
  if (StartsWith(head, size, "7z\xbc\xaf\x27\x1c", 6)) return "a 7-Zip archive";
  if (StartsWith(head, size, "\x04\x22\x4d\x18", 4)) return "lz4-compressed";
  if (StartsWith(head, size, "LZIP\x01", 5)) return "lzip-compressed";
  if (StartsWith(head, size, "\x1f\x9d", 2)) return "compress(1)-compressed (.Z)";
  return "";
}

}  // namespace flashscope
