// Compressed traces read transparently: the real traces as SNIA IOTTA
// distributes them (SYSTOR'17 gzip, Tencent CBS bzip2) inspect with exactly
// the counts of their decompressed text; xz and zstd copies of the real MSR
// sample (made here with liblzma and libzstd) likewise; concatenated
// streams, tiny chunks, and truncated or corrupt files named in the error.
#include "trace/compressed_input.h"

#include <bzlib.h>
#include <gtest/gtest.h>
#include <lzma.h>
#include <sys/resource.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "trace/trace_summary.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kReal = FLASHSCOPE_REPO_ROOT "/../shared/traces/real/";
const std::string kSystorGz = kReal + "systor17_sample.csv.gz";
const std::string kTencentBz2 = kReal + "tencent_cbs_sample.csv.bz2";
const std::string kMsr = kReal + "msr_hm0_sample.csv";
// SYSTOR'17: Timestamp,Response,IOType,LUN,Offset,Size (seconds, bytes).
const char* kSystorColumns = "time=0:s,op=2,device=3,offset=4:bytes,length=5:bytes,header=1";

std::string FileBytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file) << path;
  return std::string(std::istreambuf_iterator<char>(file), {});
}

// Decoded with the libraries directly (one call), as the reference text.
std::string Gunzip(const std::string& data) {
  z_stream z{};
  inflateInit2(&z, 15 + 16);
  std::string text(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(text.data());
  z.avail_out = static_cast<uInt>(text.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  text.resize(z.total_out);
  inflateEnd(&z);
  return text;
}

std::string Bunzip2(const std::string& data) {
  std::string text(8 << 20, '\0');
  unsigned size = static_cast<unsigned>(text.size());
  EXPECT_EQ(BZ2_bzBuffToBuffDecompress(text.data(), &size, const_cast<char*>(data.data()),
                                       static_cast<unsigned>(data.size()), 0, 0),
            BZ_OK);
  text.resize(size);
  return text;
}

std::string Gzip(const std::string& text) {
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, text.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string Bzip2(const std::string& text) {
  std::string out(text.size() + text.size() / 100 + 600, '\0');
  unsigned size = static_cast<unsigned>(out.size());
  EXPECT_EQ(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(text.data()),
                                     static_cast<unsigned>(text.size()), 9, 0, 0),
            BZ_OK);
  out.resize(size);
  return out;
}

std::string Xz(const std::string& text) {
  std::string out(lzma_stream_buffer_bound(text.size()), '\0');
  size_t size = 0;
  EXPECT_EQ(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr,
                                    reinterpret_cast<const uint8_t*>(text.data()), text.size(),
                                    reinterpret_cast<uint8_t*>(out.data()), &size, out.size()),
            LZMA_OK);
  out.resize(size);
  return out;
}

std::string Zstd(const std::string& text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const size_t size = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
  EXPECT_FALSE(ZSTD_isError(size));
  out.resize(size);
  return out;
}

// Every byte an input yields, read `read_bytes` at a time.
std::string ReadAll(IByteInput& input, size_t read_bytes = 1 << 16) {
  std::string all;
  std::string chunk(read_bytes, '\0');
  while (size_t n = input.Read(reinterpret_cast<uint8_t*>(chunk.data()), chunk.size())) {
    all.append(chunk.data(), n);
  }
  return all;
}

json::Value Inspect(std::unique_ptr<IByteInput> input, const TraceOptions& options = {}) {
  TraceInspector inspector(std::move(input), options);
  EXPECT_TRUE(inspector.Scan(UINT64_MAX));
  return json::Parse(inspector.SummaryJson(), "summary");
}

uint64_t U(const json::Value& s, const char* key) {
  const json::Value* v = s.Find(key);
  EXPECT_NE(v, nullptr) << key;
  return v ? static_cast<uint64_t>(v->as_number()) : 0;
}

// The figures a user compares: equal for a compressed trace and its text.
void ExpectSameCounts(const json::Value& compressed, const json::Value& text) {
  for (const char* key :
       {"lines", "requests", "reads", "writes", "trims", "read_bytes", "write_bytes",
        "footprint_bytes", "max_offset_bytes", "bad_lines", "skipped_lines", "out_of_order"}) {
    EXPECT_EQ(U(compressed, key), U(text, key)) << key;
  }
  EXPECT_EQ(compressed.Find("format")->as_string(), text.Find("format")->as_string());
  EXPECT_EQ(compressed.Find("duration_s")->as_number(), text.Find("duration_s")->as_number());
}

std::string ErrorOf(std::unique_ptr<IByteInput> input, const TraceOptions& options = {}) {
  try {
    Inspect(std::move(input), options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(CompressedTrace, SniffsEachFormatByItsMagicBytesNotItsName) {
  for (const auto& [bytes, name] : {std::pair<std::string, std::string_view>{Gzip("x"), "gzip"},
                                    {Bzip2("x"), "bzip2"},
                                    {Xz("x"), "xz"},
                                    {Zstd("x"), "zstd"},
                                    {"1,2,3\n", "none"}}) {
    EXPECT_EQ(CompressionName(
                  SniffCompression(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())),
              name);
  }
}

TEST(CompressedTrace, RealSystorGzipInspectsExactlyLikeItsText) {
  const std::string stored = FileBytes(kSystorGz);
  const std::string text = Gunzip(stored);
  ASSERT_EQ(text.size(), 56626u);  // gzip -l: uncompressed 56626
  TraceOptions options;
  options.format = "csv";
  options.format_options.csv_columns = kSystorColumns;
  const json::Value gz = Inspect(OpenFileInput(kSystorGz), options);
  const json::Value plain = Inspect(MakeMemoryInput(kSystorGz, text), options);
  ExpectSameCounts(gz, plain);
  // zcat | tail -n +2 | awk -F, '$3=="R"{r++} $3=="W"{w++} END{print r, w}'  -> 826 173
  EXPECT_EQ(U(gz, "lines"), 1000u);
  EXPECT_EQ(U(gz, "requests"), 999u);
  EXPECT_EQ(U(gz, "reads"), 826u);
  EXPECT_EQ(U(gz, "writes"), 173u);
  EXPECT_EQ(gz.Find("compression")->as_string(), "gzip");
  EXPECT_EQ(plain.Find("compression")->as_string(), "none");
  // Progress counts the file as stored; the text read is decompressed_bytes.
  EXPECT_EQ(U(gz, "bytes_read"), 14312u);
  EXPECT_EQ(U(gz, "size_bytes"), 14312u);
  EXPECT_EQ(U(gz, "decompressed_bytes"), 56626u);
  EXPECT_EQ(U(plain, "bytes_read"), 56626u);
  EXPECT_EQ(U(plain, "decompressed_bytes"), 56626u);
}

TEST(CompressedTrace, RealTencentBzip2InspectsExactlyLikeItsText) {
  const std::string text = Bunzip2(FileBytes(kTencentBz2));
  ASSERT_EQ(text.size(), 1462954u);  // bzcat | wc -c
  const json::Value bz2 = Inspect(OpenFileInput(kTencentBz2));
  const json::Value plain = Inspect(MakeMemoryInput(kTencentBz2, text));
  ExpectSameCounts(bz2, plain);
  EXPECT_EQ(bz2.Find("format")->as_string(), "tencent");
  EXPECT_EQ(bz2.Find("compression")->as_string(), "bzip2");
  // bzcat | awk -F, '$5==0{r++} $5==1{w++} END{print NR, r, w}'  -> 50000 24521 25479
  EXPECT_EQ(U(bz2, "lines"), 50000u);
  EXPECT_EQ(U(bz2, "reads"), 24521u);
  EXPECT_EQ(U(bz2, "writes"), 25479u);
  EXPECT_EQ(U(bz2, "bytes_read"), 247292u);
  EXPECT_EQ(U(bz2, "decompressed_bytes"), 1462954u);
  // The preview shows text, not compressed bytes.
  EXPECT_EQ(bz2.Find("preview")->items()[0].as_string(), "1538323200,4247200,128,1,1058");
}

TEST(CompressedTrace, XzAndZstdCopiesOfTheRealMsrSampleInspectLikeItsText) {
  const std::string text = FileBytes(kMsr);
  const json::Value plain = Inspect(MakeMemoryInput("hm0.csv", text));
  EXPECT_EQ(U(plain, "requests"), 1000u);
  for (const auto& [stored, name] : {std::pair<std::string, const char*>{Xz(text), "xz"},
                                     {Zstd(text), "zstd"},
                                     {Gzip(text), "gzip"},
                                     {Bzip2(text), "bzip2"}}) {
    const json::Value s = Inspect(MakeMemoryInput("hm0.csv.z", stored));
    ExpectSameCounts(s, plain);
    EXPECT_EQ(s.Find("compression")->as_string(), name);
    EXPECT_EQ(U(s, "bytes_read"), stored.size()) << name;
    EXPECT_EQ(U(s, "decompressed_bytes"), text.size()) << name;
  }
}

TEST(CompressedTrace, ConcatenatedStreamsDecodeToBothTextsInEveryFormat) {
  const std::string text = FileBytes(kMsr);
  const std::string first = text.substr(0, 20000);
  const std::string second = text.substr(20000);
  for (auto compress : {Gzip, Bzip2, Xz, Zstd}) {
    // `cat a.gz b.gz`, with NUL padding between the gzip members as tape
    // archives leave it (xz's stream padding is a multiple of 4 bytes).
    const std::string stored = compress(first) + std::string(4, '\0') + compress(second);
    const bool padding_allowed = stored[0] != '\x28';  // zstd frames take no padding
    const std::string input = padding_allowed ? stored : compress(first) + compress(second);
    auto decoded = DecompressIfCompressed(MakeMemoryInput("two.z", input));
    EXPECT_EQ(ReadAll(*decoded), text) << decoded->compression();
    decoded->Rewind();
    EXPECT_EQ(ReadAll(*decoded, 4096), text) << decoded->compression() << " after Rewind";
  }
}

TEST(CompressedTrace, TinyStoredAndReadChunksCutStreamsAnywhere) {
  const std::string text = FileBytes(kMsr);
  for (auto compress : {Gzip, Bzip2, Xz, Zstd}) {
    const std::string stored = compress(text) + compress("");
    const Compression kind =
        SniffCompression(reinterpret_cast<const uint8_t*>(stored.data()), stored.size());
    for (size_t chunk : {size_t{1}, size_t{7}, size_t{4096}}) {
      auto input = MakeDecompressingInput(MakeMemoryInput("t", stored), kind, chunk);
      EXPECT_EQ(ReadAll(*input, chunk == 1 ? 3 : 1000), text)
          << CompressionName(kind) << " chunk " << chunk;
      EXPECT_EQ(input->compressed_bytes_read(), stored.size());
    }
  }
}

TEST(CompressedTrace, TruncatedFilesNameTheFileAndWhereTheyEnd) {
  const std::string text = FileBytes(kMsr);
  for (auto compress : {Gzip, Bzip2, Xz, Zstd}) {
    const std::string stored = compress(text);
    const std::string cut = stored.substr(0, stored.size() / 2);
    const std::string error = ErrorOf(MakeMemoryInput("cut.trace.z", cut));
    EXPECT_NE(error.find("cut.trace.z: "), std::string::npos) << error;
    EXPECT_NE(error.find("data ends early (a truncated file?) after compressed byte " +
                         std::to_string(cut.size())),
              std::string::npos)
        << error;
  }
}

TEST(CompressedTrace, CorruptDataIsAnInputErrorNamingTheFileAndTheFormat) {
  std::string stored = FileBytes(kSystorGz);
  for (size_t i = 5000; i < 5100; ++i) stored[i] = static_cast<char>(stored[i] ^ 0x5a);
  const std::string gz_error = ErrorOf(MakeMemoryInput("bad.csv.gz", stored));
  EXPECT_NE(gz_error.find("bad.csv.gz: gzip data is corrupt near compressed byte "),
            std::string::npos)
      << gz_error;

  // bzip2 checks a block's CRC only after writing it out, so a damaged
  // block can first decode to garbage, which the line reader meets first:
  // the error then says the decoded text is binary and the file may be
  // corrupt.
  std::string bz2 = FileBytes(kTencentBz2);
  for (size_t i = 100000; i < 100100; ++i) bz2[i] = static_cast<char>(bz2[i] ^ 0x5a);
  const std::string bz2_error = ErrorOf(MakeMemoryInput("bad.csv.bz2", bz2));
  EXPECT_EQ(bz2_error,
            "bad.csv.bz2: binary data at byte 2 of the decompressed bzip2 text (not a text "
            "trace, or a corrupt bzip2 file)");
  // Damaged stream structure is the decoder's own error.
  std::string header = FileBytes(kTencentBz2);
  header[4] = 'X';  // the first block's magic number
  const std::string header_error = ErrorOf(MakeMemoryInput("bad2.csv.bz2", header));
  EXPECT_NE(header_error.find("bad2.csv.bz2: bzip2 data is corrupt near compressed byte "),
            std::string::npos)
      << header_error;

  // Bytes after the end that start no stream are not silently dropped.
  const std::string trailing = ErrorOf(MakeMemoryInput("tail.gz", Gzip(FileBytes(kMsr)) + "junk"));
  EXPECT_NE(trailing.find("unexpected bytes after the end of the gzip data"), std::string::npos)
      << trailing;
}

TEST(CompressedTrace, ArchivesItCannotReadAreNamedNotCalledBinary) {
  const std::string error = ErrorOf(MakeMemoryInput("t.zip", std::string("PK\x03\x04rest", 8)));
  EXPECT_NE(error.find("t.zip: the file is a zip archive"), std::string::npos) << error;
}

// Peak resident memory of this process so far, in bytes.
uint64_t PeakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<uint64_t>(usage.ru_maxrss) * 1024;
}

// A .gz of 200 MiB of text, compressed a 1 MiB piece at a time so the text
// is never whole in memory here either (~200 KB stored: one line repeated).
std::string GzipOfRepeatedLine(const std::string& line, uint64_t text_bytes) {
  std::string piece;
  while (piece.size() + line.size() <= (1u << 20)) piece += line;
  z_stream z{};
  deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::string stored;
  std::string out(1 << 16, '\0');
  for (uint64_t done = 0; done < text_bytes; done += piece.size()) {
    const bool last = done + piece.size() >= text_bytes;
    z.next_in = reinterpret_cast<Bytef*>(piece.data());
    z.avail_in = static_cast<uInt>(piece.size());
    do {
      z.next_out = reinterpret_cast<Bytef*>(out.data());
      z.avail_out = static_cast<uInt>(out.size());
      deflate(&z, last ? Z_FINISH : Z_NO_FLUSH);
      stored.append(out.data(), out.size() - z.avail_out);
    } while (z.avail_out == 0 || (last && z.avail_in > 0));
  }
  deflateEnd(&z);
  return stored;
}

// A compressed trace far larger than the reader's buffers is decoded in
// bounded pieces: the decoding input holds one 1 MiB stored chunk and the
// line reader one 4 MiB chunk, whatever the file's size, so inspecting
// 200 MiB of text grows the peak RSS by far less than the text.
TEST(CompressedTrace, ALargeGzipTraceIsReadWithoutHoldingItWhole) {
  const std::string line = "128166385295514663,hm,0,Write,9056014336,4096,2833\n";
  const uint64_t text_bytes = uint64_t{200} << 20;
  const std::string stored = GzipOfRepeatedLine(line, text_bytes);
  const uint64_t peak_before = PeakRssBytes();
  const json::Value s = Inspect(MakeMemoryInput("big.csv.gz", stored));
  const uint64_t growth = PeakRssBytes() - peak_before;
  const uint64_t lines_per_piece = (1u << 20) / line.size();
  const uint64_t piece_bytes = lines_per_piece * line.size();
  const uint64_t lines = (text_bytes + piece_bytes - 1) / piece_bytes * lines_per_piece;
  std::printf("[ inspected %.0f MiB of text from a %.0f KiB .gz; peak RSS grew %.1f MiB ]\n",
              U(s, "decompressed_bytes") / 1048576.0, stored.size() / 1024.0, growth / 1048576.0);
  EXPECT_EQ(U(s, "requests"), lines);
  EXPECT_EQ(U(s, "decompressed_bytes"), lines * line.size());
  EXPECT_EQ(U(s, "bytes_read"), stored.size());
  EXPECT_LT(stored.size(), 2u << 20);
  EXPECT_LT(growth, uint64_t{40} << 20);
}

}  // namespace
}  // namespace flashscope
