// The replay's per-record path allocates nothing: a multi-GB trace replays
// at parse speed and with flat memory only if reading a line, parsing it and
// handing the host its request never touch the heap.
//
// How: malloc, calloc and realloc are replaced for this test binary (glibc
// allows replacing them; these forward to glibc's own __libc_* functions and
// count the calls), so every heap allocation — operator new included, which
// calls malloc — is counted. (fio_generator_test.cpp already replaces
// operator new itself; that one calls malloc too, so it is counted here.)
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <string>

#include "trace/trace_source.h"

extern "C" {
void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* pointer, size_t size);
void __libc_free(void* pointer);
}

namespace {
std::atomic<uint64_t> g_mallocs{0};
}  // namespace

extern "C" {
void* malloc(size_t size) {
  g_mallocs.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
void* calloc(size_t count, size_t size) {
  g_mallocs.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(count, size);
}
void* realloc(void* pointer, size_t size) {
  g_mallocs.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(pointer, size);
}
void free(void* pointer) { __libc_free(pointer); }
}

namespace flashscope {
namespace {

uint64_t MallocsDuringRestOfReplay(const std::string& text, const TraceOptions& options) {
  // Small chunks: the reader refills its buffer hundreds of times.
  TraceSource source(MakeMemoryInput("a.trace", text), options, 1ull << 30, true, 64 * 1024);
  HostIo io;
  EXPECT_TRUE(source.Next(io));  // the first record may set things up
  const uint64_t before = g_mallocs.load();
  uint64_t records = 1;
  while (source.Next(io)) ++records;
  const uint64_t mallocs = g_mallocs.load() - before;
  EXPECT_EQ(records, 20000u);
  return mallocs;
}

TEST(TraceAllocation, TheCounterSeesAllocations) {
  const uint64_t before = g_mallocs.load();
  std::string grown;
  for (int i = 0; i < 100; ++i) grown += std::to_string(i);
  EXPECT_GT(grown.size(), 100u);
  EXPECT_GT(g_mallocs.load() - before, 0u);
}

TEST(TraceAllocation, ReplayingMqsimLinesAllocatesNothingPerRecord) {
  std::string text;
  for (uint64_t i = 0; i < 20000; ++i) {
    text += std::to_string(1'000'000 + i * 1000) + " " + std::to_string(i % 4) + " " +
            std::to_string(i * 977 % 100000 * 8) + " 8 " + std::to_string(i % 3 == 0 ? 0 : 1) +
            "\n";
  }
  EXPECT_EQ(MallocsDuringRestOfReplay(text, {}), 0u);
  TraceOptions filtered;  // the volume filter and compact mapping too
  filtered.volume = "2";
  filtered.address_map = AddressMap::kCompact;
  TraceSource source(MakeMemoryInput("f.trace", text), filtered, 1ull << 30, true, 64 * 1024);
  HostIo io;
  ASSERT_TRUE(source.Next(io));
  const uint64_t before = g_mallocs.load();
  while (source.Next(io)) {
  }
  EXPECT_EQ(g_mallocs.load() - before, 0u);
  EXPECT_EQ(source.requests(), 5000u);
}

TEST(TraceAllocation, ReplayingMsrLinesAllocatesNothingPerRecord) {
  std::string text;
  for (uint64_t i = 0; i < 20000; ++i) {
    text += std::to_string(128166372003061629ull + i * 10000) + ",hm,1," +
            (i % 3 == 0 ? "Write," : "Read,") + std::to_string(i * 977 % 100000 * 4096) + ",4096," +
            std::to_string(1000 + i % 5000) + "\n";
  }
  EXPECT_EQ(MallocsDuringRestOfReplay(text, {}), 0u);
}

}  // namespace
}  // namespace flashscope
