// LineReader: lines come out the same whatever the chunk size (lines across
// chunk boundaries), "\r\n" and a missing final newline are handled, and
// binary input (a NUL, an over-long line) is reported with its byte offset.
#include "trace/line_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "trace/i_trace_format.h"
#include "util/input_error.h"

namespace flashscope {
namespace {

struct ReadBack {
  std::vector<std::string> lines;
  std::vector<uint64_t> consumed;  // bytes_consumed after each line
  bool last_unterminated = false;
};

ReadBack ReadAll(const std::string& text, size_t chunk_bytes) {
  auto input = MakeMemoryInput("t.trace", text);
  LineReader reader(*input, chunk_bytes);
  ReadBack back;
  std::string_view line;
  while (reader.Next(line)) {
    back.lines.emplace_back(line);
    back.consumed.push_back(reader.bytes_consumed());
    EXPECT_EQ(reader.line_number(), back.lines.size());
    back.last_unterminated = reader.last_line_unterminated();
  }
  EXPECT_TRUE(reader.at_end());
  EXPECT_EQ(reader.bytes_read(), text.size());
  return back;
}

std::string ErrorOf(const std::string& text, size_t chunk_bytes) {
  auto input = MakeMemoryInput("bin.trace", text);
  LineReader reader(*input, chunk_bytes);
  std::string_view line;
  try {
    while (reader.Next(line)) {
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(LineReader, SameLinesForEveryChunkSizeIncludingLinesAcrossChunks) {
  const std::string text = "first line\nsecond\r\n\nfourth, after an empty line\r\nlast";
  const std::vector<std::string> expected = {"first line", "second", "",
                                             "fourth, after an empty line", "last"};
  const std::vector<uint64_t> consumed = {11, 19, 20, 49, 53};
  for (size_t chunk : {1, 2, 3, 5, 7, 11, 64, 4096, 4 << 20}) {
    const ReadBack back = ReadAll(text, chunk);
    EXPECT_EQ(back.lines, expected) << "chunk " << chunk;
    EXPECT_EQ(back.consumed, consumed) << "chunk " << chunk;
    EXPECT_TRUE(back.last_unterminated) << "chunk " << chunk;
  }
}

TEST(LineReader, CrLfSplitAcrossChunksIsOneTerminator) {
  // With 4-byte chunks "abc\r" ends one chunk and "\n" starts the next.
  const ReadBack back = ReadAll("abc\r\ndef\r\n", 4);
  EXPECT_EQ(back.lines, (std::vector<std::string>{"abc", "def"}));
  EXPECT_FALSE(back.last_unterminated);
}

TEST(LineReader, FinalNewlineMeansNoEmptyLastLine) {
  EXPECT_EQ(ReadAll("a\nb\n", 3).lines, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(ReadAll("", 3).lines.empty());
  EXPECT_EQ(ReadAll("\n", 3).lines, (std::vector<std::string>{""}));
}

TEST(LineReader, DropsAByteOrderMarkBeforeTheFirstLineOnly) {
  const ReadBack back = ReadAll("\xEF\xBB\xBFTimestamp,Hostname\n\xEF\xBB\xBFx\n", 5);
  EXPECT_EQ(back.lines, (std::vector<std::string>{"Timestamp,Hostname", "\xEF\xBB\xBFx"}));
}

TEST(LineReader, NulByteIsBinaryDataAtItsOffset) {
  std::string text = "1 0 8 8 1\n2 0 8 8 1\n3 0";
  text.push_back('\0');
  text += " 8 8 1\n";
  for (size_t chunk : {1, 4, 4096}) {
    EXPECT_EQ(ErrorOf(text, chunk), "bin.trace: binary data at byte 23 (not a text trace)")
        << chunk;
  }
}

TEST(LineReader, LongLineIsBinaryDataButTheLimitItselfIsFine) {
  const std::string at_limit(kMaxTraceLineBytes, 'x');
  for (size_t chunk : {7, 1000, 1 << 20}) {
    EXPECT_EQ(ReadAll("ok\n" + at_limit + "\r\n" + at_limit, chunk).lines,
              (std::vector<std::string>{"ok", at_limit, at_limit}));
    EXPECT_EQ(ErrorOf("ok\n" + at_limit + "y\n", chunk),
              "bin.trace: binary data at byte 4099 (not a text trace): line 2 is longer than "
              "4096 bytes")
        << chunk;
    // Without any newline at all (a binary blob without NULs).
    EXPECT_EQ(ErrorOf(std::string(100000, 'z'), chunk),
              "bin.trace: binary data at byte 4096 (not a text trace): line 1 is longer than "
              "4096 bytes")
        << chunk;
  }
}

TEST(LineReader, RewindReadsTheSameLinesAgain) {
  auto input = MakeMemoryInput("r.trace", "one\ntwo\nthree");
  LineReader reader(*input, 2);
  std::string_view line;
  ASSERT_TRUE(reader.Next(line));
  ASSERT_TRUE(reader.Next(line));
  EXPECT_EQ(line, "two");
  reader.Rewind();
  EXPECT_EQ(reader.line_number(), 0u);
  EXPECT_EQ(reader.bytes_consumed(), 0u);
  ASSERT_TRUE(reader.Next(line));
  EXPECT_EQ(line, "one");
  EXPECT_EQ(reader.bytes_consumed(), 4u);
}

TEST(FileInput, MissingFileAndDirectoryAreNamed) {
  try {
    OpenFileInput("/nonexistent/x.trace");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/x.trace: cannot read the file (does it exist?)");
  }
  EXPECT_THROW(OpenFileInput("/tmp"), InputError);
}

TEST(FileInput, ReadsTheSharedMqsimTraceWithItsSize) {
  const std::string path = FLASHSCOPE_REPO_ROOT "/../shared/traces/mqsim_wsrch-small.trace";
  auto input = OpenFileInput(path);
  EXPECT_EQ(input->size_bytes(), 683630u);
  LineReader reader(*input, 1000);
  std::string_view line;
  uint64_t lines = 0;
  while (reader.Next(line)) ++lines;
  // `wc -l` says 24782: the file's last line has no newline.
  EXPECT_EQ(lines, 24783u);
  EXPECT_TRUE(reader.last_line_unterminated());
  EXPECT_EQ(reader.bytes_consumed(), 683630u);
}

}  // namespace
}  // namespace flashscope
