// Tests for FioIoGenerator with the numbers a user would check: offsets,
// coverage of the random map, mix and block-size shares, hot-set shares of
// zipf/pareto/normal/zoned, I/O counts, alignment, determinism.
#include "workload/fio_generator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <new>
#include <set>
#include <string>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_job.h"

// Counts heap allocations, to check that Next() makes none. (GCC flags the
// malloc/free pair of a replaced operator new/delete as mismatched when it
// inlines them; the pairing is the standard's replacement contract.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::atomic<uint64_t> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace flashscope {
namespace {

constexpr uint64_t kKiB = 1024;
constexpr uint64_t kMiB = 1024 * kKiB;
constexpr uint64_t kGiB = 1024 * kMiB;
constexpr uint64_t kCapacity = 64 * kGiB;

FioJob Job(const std::string& options) {
  return ParseFioJobs("[job]\n" + options, "job.fio").jobs.at(0);
}

std::vector<IoRequest> Drain(FioIoGenerator& generator, uint64_t limit = 10000000) {
  std::vector<IoRequest> requests;
  IoRequest request;
  while (requests.size() < limit && generator.Next(request)) {
    requests.push_back(request);
  }
  return requests;
}

std::vector<IoRequest> Generate(const std::string& options, uint64_t capacity = kCapacity,
                                uint64_t seed = 7, uint64_t limit = 10000000) {
  FioIoGenerator generator(Job(options), capacity, 4096, Rng(seed), "job.fio");
  return Drain(generator, limit);
}

// Hits per block index (offset / block_bytes) over [0, blocks).
std::vector<uint64_t> HitsPerBlock(const std::vector<IoRequest>& requests, uint64_t blocks,
                                   uint64_t block_bytes) {
  std::vector<uint64_t> hits(blocks, 0);
  for (const IoRequest& request : requests) {
    ++hits.at(request.offset_bytes / block_bytes);
  }
  return hits;
}

// Share of all hits that the `top` most-hit blocks received.
double TopShare(std::vector<uint64_t> hits, size_t top) {
  std::sort(hits.begin(), hits.end(), std::greater<uint64_t>());
  uint64_t total = 0;
  uint64_t best = 0;
  for (size_t i = 0; i < hits.size(); ++i) {
    total += hits[i];
    if (i < top) best += hits[i];
  }
  return static_cast<double>(best) / static_cast<double>(total);
}

TEST(FioGenerator, SequentialWriteCoversTheRegionInOrder) {
  const std::vector<IoRequest> requests = Generate("rw=write\nbs=4k\noffset=1m\nsize=64k\n");
  ASSERT_EQ(requests.size(), 16u);
  for (size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(requests[i].op, IoOp::kWrite);
    EXPECT_EQ(requests[i].offset_bytes, kMiB + i * 4 * kKiB);
    EXPECT_EQ(requests[i].length_bytes, 4 * kKiB);
  }
}

TEST(FioGenerator, SequentialStopsAtTheRegionEndLikeFio) {
  // size=10k, bs=4k: fio issues 0 and 4k; 8k+4k would not fit.
  const std::vector<IoRequest> requests = Generate("rw=read\nbs=4k\nsize=10k\n");
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[1].offset_bytes, 4 * kKiB);
}

TEST(FioGenerator, SequentialWrapsWhenIoSizeExceedsSize) {
  // HOWTO io_size: size=20GiB, io_size=40GiB does 40GiB within the region.
  const std::vector<IoRequest> requests = Generate("rw=write\nbs=16k\nsize=64k\nio_size=192k\n");
  ASSERT_EQ(requests.size(), 12u);
  for (size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(requests[i].offset_bytes, (i % 4) * 16 * kKiB);
  }
}

TEST(FioGenerator, SequentialMixKeepsOnePositionPerDirection) {
  const std::vector<IoRequest> requests = Generate("rw=readwrite\nbs=4k\nsize=4m\n");
  ASSERT_EQ(requests.size(), 1024u);  // io_size defaults to size
  uint64_t next[2] = {0, 0};
  for (const IoRequest& request : requests) {
    const int dir = request.op == IoOp::kRead ? 0 : 1;
    EXPECT_EQ(request.offset_bytes, next[dir]);
    next[dir] += 4 * kKiB;
  }
  EXPECT_EQ(next[0] + next[1], 4 * kMiB);
}

TEST(FioGenerator, RandomMapTouchesEachBlockOncePerPass) {
  // 1000 blocks, 3 loops: each loop is one pass over every block.
  const std::vector<IoRequest> requests = Generate("rw=randwrite\nbs=4k\nsize=4000k\nloops=3\n");
  ASSERT_EQ(requests.size(), 3000u);
  std::vector<uint64_t> first_pass_order;
  for (int pass = 0; pass < 3; ++pass) {
    std::vector<int> seen(1000, 0);
    std::vector<uint64_t> order;
    for (int i = 0; i < 1000; ++i) {
      const IoRequest& request = requests[static_cast<size_t>(pass * 1000 + i)];
      ASSERT_EQ(request.offset_bytes % (4 * kKiB), 0u);
      const uint64_t block = request.offset_bytes / (4 * kKiB);
      ASSERT_LT(block, 1000u);
      ++seen[block];
      order.push_back(block);
    }
    for (int count : seen) EXPECT_EQ(count, 1);
    if (pass == 0) {
      first_pass_order = order;
      // Not the identity: a shuffled order.
      uint64_t in_place = 0;
      for (uint64_t i = 0; i < 1000; ++i) in_place += order[i] == i ? 1 : 0;
      EXPECT_LT(in_place, 20u);
    } else {
      EXPECT_NE(order, first_pass_order);  // each loop reshuffles
    }
  }
}

TEST(FioGenerator, RandomMapOnAHugeDeviceNeedsNoBitmap) {
  // 2^32 blocks of 4 KiB (16 TiB): O(1) memory, offsets aligned and unique.
  const uint64_t capacity = (uint64_t{1} << 32) * 4096;
  FioIoGenerator generator(Job("rw=randread\nbs=4k\n"), capacity, 4096, Rng(3));
  std::set<uint64_t> offsets;
  IoRequest request;
  for (int i = 0; i < 100000; ++i) {
    ASSERT_TRUE(generator.Next(request));
    ASSERT_EQ(request.offset_bytes % 4096, 0u);
    ASSERT_LT(request.offset_bytes, capacity);
    offsets.insert(request.offset_bytes);
  }
  EXPECT_EQ(offsets.size(), 100000u);
}

TEST(FioGenerator, NoRandomMapDrawsIndependently) {
  // 1000 draws over 1000 blocks: about 1000 * (1 - 1/e) = 632 distinct.
  const std::vector<IoRequest> requests = Generate("rw=randread\nbs=4k\nsize=4000k\nnorandommap\n");
  ASSERT_EQ(requests.size(), 1000u);
  std::set<uint64_t> distinct;
  for (const IoRequest& request : requests) distinct.insert(request.offset_bytes);
  EXPECT_GT(distinct.size(), 590u);
  EXPECT_LT(distinct.size(), 675u);
}

TEST(FioGenerator, RwmixRead70GivesSeventyPercentReads) {
  const std::vector<IoRequest> requests =
      Generate("rw=randrw\nrwmixread=70\nbs=4k\nnumber_ios=100000\n");
  ASSERT_EQ(requests.size(), 100000u);
  uint64_t reads = 0;
  for (const IoRequest& request : requests) {
    reads += request.op == IoOp::kRead ? 1 : 0;
  }
  EXPECT_NEAR(static_cast<double>(reads) / 100000.0, 0.70, 0.01);
}

TEST(FioGenerator, BsSplitSharesAndPerDirectionSizes) {
  const std::vector<IoRequest> requests =
      Generate("rw=randwrite\nbssplit=4k/10:64k/50:32k/40\nnumber_ios=100000\n");
  ASSERT_EQ(requests.size(), 100000u);
  uint64_t count_4k = 0, count_64k = 0, count_32k = 0;
  for (const IoRequest& request : requests) {
    EXPECT_EQ(request.offset_bytes % (4 * kKiB), 0u);  // min bs alignment
    switch (request.length_bytes) {
      case 4 * kKiB:
        ++count_4k;
        break;
      case 64 * kKiB:
        ++count_64k;
        break;
      case 32 * kKiB:
        ++count_32k;
        break;
      default:
        ADD_FAILURE() << request.length_bytes;
    }
  }
  EXPECT_NEAR(count_4k / 100000.0, 0.10, 0.01);
  EXPECT_NEAR(count_64k / 100000.0, 0.50, 0.01);
  EXPECT_NEAR(count_32k / 100000.0, 0.40, 0.01);

  // bs=4k,64k: 4 KiB reads aligned to 4 KiB, 64 KiB writes aligned to
  // 64 KiB (fio's blockalign defaults to each direction's block size).
  for (const IoRequest& request : Generate("rw=randrw\nbs=4k,64k\nnumber_ios=20000\n")) {
    const uint64_t expected = request.op == IoOp::kRead ? 4 * kKiB : 64 * kKiB;
    EXPECT_EQ(request.length_bytes, expected);
    EXPECT_EQ(request.offset_bytes % expected, 0u);
  }
}

TEST(FioGenerator, BsSplitPicksASizeThatFitsAtTheRegionEnd) {
  // A 68 KiB region: 64 KiB fits only at offset 0 or 4k; every I/O must end
  // inside the region.
  for (const IoRequest& request :
       Generate("rw=randread\nbssplit=4k/50:64k/50\nsize=68k\nnumber_ios=5000\n"
                "norandommap\n")) {
    EXPECT_LE(request.offset_bytes + request.length_bytes, 68 * kKiB);
  }
}

TEST(FioGenerator, ZipfHotSetMatchesTheZipfLaw) {
  // 2^16 blocks, theta 1.2: the k hottest blocks should receive
  // H(k, 1.2) / H(n, 1.2) of the I/O (H = generalised harmonic number).
  constexpr uint64_t kBlocks = 65536;
  const std::vector<IoRequest> requests = Generate(
      "rw=randread\nbs=4k\nsize=256m\nrandom_distribution=zipf:1.2\n"
      "io_size=1t\nnumber_ios=1000000\n");
  ASSERT_EQ(requests.size(), 1000000u);
  const std::vector<uint64_t> hits = HitsPerBlock(requests, kBlocks, 4096);
  auto harmonic = [](uint64_t k) {
    double sum = 0;
    for (uint64_t i = 1; i <= k; ++i) sum += std::pow(double(i), -1.2);
    return sum;
  };
  const double total = harmonic(kBlocks);
  for (uint64_t top : {uint64_t{1}, uint64_t{10}, uint64_t{655}, uint64_t{6554}}) {
    const double expected = harmonic(top) / total;
    EXPECT_NEAR(TopShare(hits, top), expected, 0.01) << "top " << top;
  }
  // The hottest block alone: 1 / H(n) = 19.6 %.
  EXPECT_NEAR(TopShare(hits, 1), 1 / total, 0.005);
}

TEST(FioGenerator, ZipfOnHugeDevicesSetsUpQuickly) {
  // 2^28 blocks (1 TiB of 4 KiB): setup is O(5000), not O(n).
  FioIoGenerator generator(Job("rw=randwrite\nbs=4k\nrandom_distribution=zipf:0.9\n"),
                           uint64_t{1} << 40, 4096, Rng(1));
  IoRequest request;
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(generator.Next(request));
    EXPECT_LT(request.offset_bytes, uint64_t{1} << 40);
    EXPECT_EQ(request.offset_bytes % 4096, 0u);
  }
}

TEST(FioGenerator, ParetoSendsEightyPercentToTwentyPercent) {
  // fio HOWTO: pareto:0.2 is the 80/20 rule.
  constexpr uint64_t kBlocks = 65536;
  const std::vector<IoRequest> requests = Generate(
      "rw=randread\nbs=4k\nsize=256m\nrandom_distribution=pareto:0.2\n"
      "io_size=1t\nnumber_ios=1000000\n");
  const std::vector<uint64_t> hits = HitsPerBlock(requests, kBlocks, 4096);
  EXPECT_NEAR(TopShare(hits, kBlocks / 5), 0.80, 0.01);
}

TEST(FioGenerator, NormalConcentratesOneSigmaOnASixthOfTheBlocks) {
  // fio's normal:0 is the mean of 12 uniform draws: sigma = n / 12, so the
  // n / 6 blocks within one sigma of the centre get ~68 % of the I/O.
  constexpr uint64_t kBlocks = 4096;
  const std::vector<IoRequest> requests = Generate(
      "rw=randread\nbs=4k\nsize=16m\nrandom_distribution=normal\n"
      "io_size=1t\nnumber_ios=1000000\n");
  const std::vector<uint64_t> hits = HitsPerBlock(requests, kBlocks, 4096);
  EXPECT_NEAR(TopShare(hits, kBlocks / 6), 0.683, 0.02);
  // Hashed over the whole region, as fio does: hot blocks are not one
  // contiguous stripe.
  uint64_t low_half = 0;
  for (uint64_t block = 0; block < kBlocks / 2; ++block) low_half += hits[block];
  EXPECT_NEAR(low_half / 1000000.0, 0.5, 0.1);
}

TEST(FioGenerator, ZonedSharesFollowTheZones) {
  constexpr uint64_t kBlocks = 10000;
  const std::vector<IoRequest> requests = Generate(
      "rw=randwrite\nbs=4k\nsize=40000k\n"
      "random_distribution=zoned:60/10:30/20:8/30:2/40\nio_size=1t\n"
      "number_ios=200000\n");
  ASSERT_EQ(requests.size(), 200000u);
  double share[4] = {0, 0, 0, 0};
  for (const IoRequest& request : requests) {
    const uint64_t block = request.offset_bytes / 4096;
    ASSERT_LT(block, kBlocks);
    const int zone = block < 1000 ? 0 : block < 3000 ? 1 : block < 6000 ? 2 : 3;
    share[zone] += 1.0 / 200000;
  }
  EXPECT_NEAR(share[0], 0.60, 0.01);
  EXPECT_NEAR(share[1], 0.30, 0.01);
  EXPECT_NEAR(share[2], 0.08, 0.01);
  EXPECT_NEAR(share[3], 0.02, 0.01);
}

TEST(FioGenerator, PercentageRandomMixesSequentialRuns) {
  const std::vector<IoRequest> requests =
      Generate("rw=randread\nbs=4k\npercentage_random=30\nnumber_ios=100000\n");
  uint64_t continuing = 0;
  for (size_t i = 1; i < requests.size(); ++i) {
    const IoRequest& previous = requests[i - 1];
    if (requests[i].offset_bytes == previous.offset_bytes + previous.length_bytes) {
      ++continuing;
    }
  }
  // 70 % of the I/O continues where the previous one ended.
  EXPECT_NEAR(continuing / 100000.0, 0.70, 0.01);

  // percentage_random=0 is fully sequential.
  const std::vector<IoRequest> sequential =
      Generate("rw=randwrite\nbs=4k\npercentage_random=0\nsize=1m\n");
  ASSERT_EQ(sequential.size(), 256u);
  for (size_t i = 0; i < sequential.size(); ++i) {
    EXPECT_EQ(sequential[i].offset_bytes, i * 4096);
  }
}

TEST(FioGenerator, AmountsFromIoSizeLoopsAndNumberIos) {
  EXPECT_EQ(Generate("rw=randwrite\nbs=4k\nsize=256k\n").size(), 64u);
  EXPECT_EQ(Generate("rw=randwrite\nbs=4k\nsize=256k\nio_size=1m\n").size(), 256u);
  EXPECT_EQ(Generate("rw=randwrite\nbs=4k\nsize=256k\nloops=3\n").size(), 192u);
  EXPECT_EQ(Generate("rw=write\nbs=8k\nsize=256k\nloops=2\n").size(), 64u);
  EXPECT_EQ(Generate("rw=randwrite\nbs=4k\nsize=256k\nnumber_ios=10\n").size(), 10u);
  // number_ios caps; it never extends (HOWTO: "does not extend the amount
  // of I/O that will be done").
  EXPECT_EQ(Generate("rw=randwrite\nbs=4k\nsize=256k\nnumber_ios=1000\n").size(), 64u);
  // size=50% of a 1 GiB device in 4 KiB blocks.
  EXPECT_EQ(Generate("rw=write\nbs=4k\nsize=50%\n", kGiB).size(), 131072u);
}

TEST(FioGenerator, TimeBasedNeverRunsOut) {
  const std::vector<IoRequest> requests =
      Generate("rw=write\nbs=4k\nsize=64k\ntime_based\nruntime=1\n", kCapacity, 7, 1000);
  ASSERT_EQ(requests.size(), 1000u);
  EXPECT_EQ(requests[16].offset_bytes, 0u);  // wrapped after 16 blocks
  EXPECT_EQ(requests[999].offset_bytes, (999 % 16) * 4096);
  // A random time_based job starts a new pass over the 16 blocks.
  const std::vector<IoRequest> random =
      Generate("rw=randwrite\nbs=4k\nsize=64k\ntime_based\nruntime=1\n", kCapacity, 7, 64);
  for (int pass = 0; pass < 4; ++pass) {
    std::set<uint64_t> blocks;
    for (int i = 0; i < 16; ++i) blocks.insert(random[pass * 16 + i].offset_bytes);
    EXPECT_EQ(blocks.size(), 16u);
  }
}

TEST(FioGenerator, OffsetsAlignedAndInsideTheRegion) {
  // offset=10% of 10 GiB + 123 bytes is aligned up to the 16 KiB block.
  const uint64_t capacity = 10 * kGiB + 123;
  FioIoGenerator generator(Job("rw=randread\nbs=16k\noffset=10%\nsize=1g\nnumber_ios=50000\n"),
                           capacity, 4096, Rng(5));
  const uint64_t start = generator.region_offset_bytes();
  EXPECT_EQ(start % (16 * kKiB), 0u);
  EXPECT_GE(start, capacity / 10);
  EXPECT_LT(start - capacity / 10, 16 * kKiB);
  EXPECT_EQ(generator.region_bytes(), kGiB);
  for (const IoRequest& request : Drain(generator)) {
    EXPECT_EQ((request.offset_bytes - start) % (16 * kKiB), 0u);
    EXPECT_GE(request.offset_bytes, start);
    EXPECT_LE(request.offset_bytes + request.length_bytes, start + kGiB);
  }
}

TEST(FioGenerator, SameSeedSameSequenceAndRestart) {
  const std::string options =
      "rw=randrw\nbssplit=4k/70:64k/30\nrandom_distribution=zipf:1.1\n"
      "number_ios=20000\n";
  const std::vector<IoRequest> a = Generate(options, kCapacity, 42);
  const std::vector<IoRequest> b = Generate(options, kCapacity, 42);
  const std::vector<IoRequest> c = Generate(options, kCapacity, 43);
  ASSERT_EQ(a.size(), b.size());
  size_t differ_from_c = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].op, b[i].op);
    EXPECT_EQ(a[i].offset_bytes, b[i].offset_bytes);
    EXPECT_EQ(a[i].length_bytes, b[i].length_bytes);
    differ_from_c += a[i].offset_bytes != c[i].offset_bytes ? 1 : 0;
  }
  EXPECT_GT(differ_from_c, 10000u);

  FioIoGenerator generator(Job(options), kCapacity, 4096, Rng(42));
  const std::vector<IoRequest> first = Drain(generator);
  EXPECT_EQ(generator.issued(), 20000u);
  IoRequest request;
  EXPECT_FALSE(generator.Next(request));
  generator.Restart();
  EXPECT_EQ(generator.issued(), 0u);
  const std::vector<IoRequest> second = Drain(generator);
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].offset_bytes, second[i].offset_bytes);
    EXPECT_EQ(first[i].offset_bytes, a[i].offset_bytes);
  }
}

TEST(FioGenerator, RandseedOverridesTheInjectedRng) {
  const std::string options = "rw=randread\nrandseed=99\nnumber_ios=100\n";
  const std::vector<IoRequest> a = Generate(options, kCapacity, 1);
  const std::vector<IoRequest> b = Generate(options, kCapacity, 2);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].offset_bytes, b[i].offset_bytes);
  }
}

TEST(FioGenerator, FsyncFlushesEveryNWrites) {
  const std::vector<IoRequest> requests = Generate("rw=write\nbs=4k\nsize=48k\nfsync=4\n");
  // 12 writes; a flush after the 4th and 8th. After the 12th the job is
  // done, and fio issues no further sync.
  ASSERT_EQ(requests.size(), 14u);
  for (size_t i = 0; i < requests.size(); ++i) {
    const bool flush = i == 4 || i == 9;
    EXPECT_EQ(requests[i].op, flush ? IoOp::kFlush : IoOp::kWrite) << i;
  }
}

TEST(FioGenerator, TrimPatterns) {
  for (const IoRequest& request : Generate("rw=randtrim\nbs=64k\nsize=1m\n")) {
    EXPECT_EQ(request.op, IoOp::kTrim);
    EXPECT_EQ(request.length_bytes, 64 * kKiB);
  }
  const std::vector<IoRequest> trims = Generate("rw=trim\nbs=,,128k\nsize=1m\n");
  ASSERT_EQ(trims.size(), 8u);
  EXPECT_EQ(trims[7].offset_bytes, 7 * 128 * kKiB);
}

TEST(FioGenerator, NextDoesNotAllocate) {
  FioIoGenerator generator(Job("rw=randrw\nbssplit=4k/50:16k/50\nrandom_distribution=zipf:1.2\n"
                               "fsync=8\ntime_based\nruntime=1\n"),
                           kCapacity, 4096, Rng(9));
  IoRequest request;
  const uint64_t before = g_allocations.load();
  for (int i = 0; i < 200000; ++i) ASSERT_TRUE(generator.Next(request));
  EXPECT_EQ(g_allocations.load(), before);
}

TEST(FioGenerator, JobsWithoutTheIssue15OptionsKeepTheirStreams) {
  // FNV-1a-style hashes of the first 300000 requests of each job, taken
  // from the generator before bsrange, blockalign, files, offset_increment,
  // rw=...:N and trimwrite existed (64 GiB drive, seed 11): a job that uses
  // none of them issues the same I/O, bit for bit.
  struct Golden {
    const char* options;
    uint64_t hash;
    uint64_t count;
  };
  const Golden goldens[] = {
      {"rw=randread\nbs=4k\nsize=64m\n", 0x7f2f5f7970dba383ull, 16384},
      {"rw=randwrite\nbssplit=4k/50:64k/30:128k/20\nsize=100m\n", 0x2b571cb968b7a857ull, 2180},
      {"rw=randrw\nrwmixread=70\nbs=4k,16k\nsize=32m\nloops=2\n", 0xb3dbbb6c4d2266d7ull, 8442},
      {"rw=read\nbs=128k\n", 0xd3b1c934a3c43203ull, 300000},
      {"rw=write\nbs=16k\nsize=64k\nio_size=192k\n", 0xc1a196fb306b003full, 12},
      {"rw=randread\nrandom_distribution=zipf:1.1\nsize=1g\nnumber_ios=20000\n",
       0xe0d6cefdee458d03ull, 20000},
      {"rw=randread\nrandom_distribution=pareto:0.2\nsize=1g\nnumber_ios=20000\n",
       0xd7fa2de6b5bf7d03ull, 20000},
      {"rw=randread\nrandom_distribution=normal:5\nsize=1g\nnumber_ios=20000\n",
       0x97a7eeeccdcf6d03ull, 20000},
      {"rw=randread\nrandom_distribution=zoned:60/10:30/20:10/70\nsize=1g\nnumber_ios=20000\n",
       0xb7bcc07a8e423d03ull, 20000},
      {"rw=randwrite\npercentage_random=60\nsize=16m\n", 0x7b250906c3c4d383ull, 4096},
      {"rw=randwrite\nnorandommap\nsize=16m\nfsync=4\n", 0x3a75b677015c5af2ull, 5119},
      {"rw=readwrite\nbs=4k\nsize=4m\n", 0x1dafc20a879152d0ull, 1024},
      {"rw=randtrim\nbs=8k\nsize=8m\n", 0xf18fc2d92b294383ull, 1024},
      {"rw=randread\noffset=10%\nsize=20%\n", 0x6589e521f2de9203ull, 300000},
      {"rw=randread\ntime_based\nruntime=1\nsize=1m\nnumber_ios=5000\n", 0xdf1e5f82b0901be3ull,
       5000},
      {"rw=write\nsize=10k\n", 0x14e5ae02050b6785ull, 2},
  };
  for (const Golden& golden : goldens) {
    FioIoGenerator generator(Job(golden.options), kCapacity, 4096, Rng(11));
    uint64_t hash = 1469598103934665603ull;
    uint64_t count = 0;
    IoRequest request;
    while (count < 300000 && generator.Next(request)) {
      hash = (hash ^ (request.offset_bytes * 31 + request.length_bytes * 7 +
                      static_cast<uint64_t>(request.op))) *
             1099511628211ull;
      ++count;
    }
    EXPECT_EQ(count, golden.count) << golden.options;
    EXPECT_EQ(hash, golden.hash) << golden.options;
  }
}

TEST(FioGenerator, NextDoesNotAllocateWithFilesRangesAndTrimwrite) {
  // The issue-15 options: files in rotation with openfiles, bsrange,
  // blockalign, rw=randtrimwrite, rw=randread:4 and a backwards read.
  FioJob files = Job("rw=randtrim\nsize=64m\ntime_based\nruntime=1\n");
  files.rw = RwPattern::kRandTrimWrite;  // the parser of this branch refuses it
  files.nrfiles = 64;
  files.openfiles = 8;
  files.file_service = FileService::kRandom;
  files.file_service_nr = 3;
  files.bs_range[2] = BlockSizeRange{4096, 65536};
  files.block_align[2] = 4096;
  FioJob runs = Job("rw=randread\nsize=64m\ntime_based\nruntime=1\n");
  runs.rw_seq_nr = 4;
  runs.nrfiles = 5;
  FioJob backwards = Job("rw=read\nsize=1m\ntime_based\nruntime=1\n");
  backwards.rw_seq_add_bytes = -8192;
  for (const FioJob& job : {files, runs, backwards}) {
    FioIoGenerator generator(job, kCapacity, 4096, Rng(9));
    IoRequest request;
    const uint64_t before = g_allocations.load();
    for (int i = 0; i < 200000; ++i) ASSERT_TRUE(generator.Next(request));
    EXPECT_EQ(g_allocations.load(), before);
  }
}

TEST(FioGenerator, RegionBeyondTheDriveNamesTheSizeAndTheCapacity) {
  // A 1 TB drive (931.5 GiB) and size=2t.
  try {
    FioIoGenerator generator(Job("rw=write\nsize=2t\n"), 1000204886016ull, 4096, Rng(1), "job.fio");
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.problem(),
              "job 'job': size=2.00 TiB ends at 2.00 TiB (2199023255552 bytes), beyond the "
              "drive's 931.5 GiB logical capacity (1000204886016 bytes)");
  }
  try {
    FioIoGenerator generator(Job("offset=2g\n"), 2 * kGiB, 4096, Rng(1), "job.fio");
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.problem(),
              "job 'job': offset=2.0 GiB (2147483648 bytes) starts at or beyond the end of the "
              "drive's 2.0 GiB logical capacity (2147483648 bytes)");
  }
}

TEST(FioGenerator, RegionErrorsNameTheJobLine) {
  const FioJobFile parsed =
      ParseFioJobs("[ok]\nsize=1g\n\n[too-big]\noffset=60%\nsize=50%\n", "job.fio");
  FioIoGenerator ok(parsed.jobs[0], 2 * kGiB, 4096, Rng(1), "job.fio");
  try {
    FioIoGenerator generator(parsed.jobs[1], 2 * kGiB, 4096, Rng(1), "job.fio");
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 4u);
    EXPECT_EQ(std::string(error.what()),
              "job.fio:4: job 'too-big': offset=1.2 GiB + size=1.0 GiB ends at 2.2 GiB "
              "(2362232832 bytes), beyond the drive's 2.0 GiB logical capacity (2147483648 "
              "bytes)");
  }
  EXPECT_THROW(FioIoGenerator(Job("offset=2g\n"), 2 * kGiB, 4096, Rng(1)), InputError);
  EXPECT_THROW(FioIoGenerator(Job("bs=64k\nsize=16k\n"), kGiB, 4096, Rng(1)), InputError);
}

}  // namespace
}  // namespace flashscope
