// Tests for three fio options of issue 15 that change where a job's I/O
// goes: zonemode=strided (zonesize, zonerange, zoneskip),
// random_distribution=sequence with random_sequence_stride, and num_range
// (several trim ranges in one command). Strided offsets are checked
// against fio 3.33's own I/O log (`--ioengine=null --write_iolog`, quoted
// in block numbers); sequence and num_range are newer than 3.33, so their
// numbers follow fio's source (io_u.c __get_next_rand_offset_sequence,
// fill_multi_range_io_u) and the comments of examples/sequence-distribution.fio.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_generator.h"
#include "workload/fio_job.h"

namespace flashscope {
namespace {

constexpr uint64_t kKiB = 1024;
constexpr uint64_t kMiB = 1024 * kKiB;
constexpr uint64_t kCapacity = 64 * 1024 * kMiB;

FioJob Job(const std::string& text) { return ParseFioJobs(text, "job.fio").jobs.at(0); }

// The offsets of the job's I/O in units of `block` bytes.
std::vector<uint64_t> Blocks(const FioJob& job, uint64_t block, size_t limit = 100000) {
  FioIoGenerator generator(job, kCapacity, 4096, Rng(7), "job.fio");
  std::vector<uint64_t> blocks;
  IoRequest request;
  while (blocks.size() < limit && generator.Next(request)) {
    blocks.push_back(request.offset_bytes / block);
  }
  return blocks;
}

std::string ErrorOf(const std::string& text) {
  try {
    FioIoGenerator generator(Job(text), kCapacity, 4096, Rng(7), "job.fio");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// ------------------------------------------------------------ strided zones

TEST(FioStridedZones, ParserReadsTheZones) {
  const FioJob job = Job("[s]\nzonemode=strided\nzonesize=256m\nzoneskip=2g\n");
  EXPECT_TRUE(job.zone_strided);
  EXPECT_FALSE(job.zbd);
  EXPECT_EQ(job.zonesize.bytes, 256 * kMiB);
  EXPECT_EQ(job.zonerange.bytes, 256 * kMiB);  // fio init.c: zonerange = zonesize
  EXPECT_EQ(job.zoneskip.bytes, 2048 * kMiB);
  EXPECT_EQ(Job("[s]\nzonemode=strided\nzonesize=64k\nzonerange=1m\n").zonerange.bytes, kMiB);
  // fio: "--zonesize must be specified when using --zonemode=strided".
  try {
    Job("[s]\nzonemode=strided\n");
    FAIL() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("zonemode=strided needs zonesize"), std::string::npos)
        << e.what();
  }
  // More than one open file: fio turns the mode off.
  EXPECT_FALSE(Job("[s]\nzonemode=strided\nzonesize=64k\nnrfiles=2\n").zone_strided);
}

// fio 3.33, rw=read bs=64k size=4m zonesize=256k zoneskip=1m: four blocks
// of each 1.25 MiB stride (0-3, 20-23, 40-43, 60-63), then back to the
// start, until 4 MiB have been read: 64 reads.
TEST(FioStridedZones, SequentialReadMatchesFio) {
  const std::vector<uint64_t> blocks =
      Blocks(Job("[s]\nrw=read\nbs=64k\nsize=4m\nzonemode=strided\nzonesize=256k\nzoneskip=1m\n"),
             64 * kKiB);
  ASSERT_EQ(blocks.size(), 64u);
  const uint64_t stride[] = {0, 1, 2, 3, 20, 21, 22, 23, 40, 41, 42, 43, 60, 61, 62, 63};
  for (size_t i = 0; i < blocks.size(); ++i) EXPECT_EQ(blocks[i], stride[i % 16]) << i;
}

// fio 3.33, zonesize=512k > zonerange=128k, size=1m: each two-block zone is
// read four times over (0 1 0 1 0 1 0 1), then the next (2 3 2 3 ...).
TEST(FioStridedZones, ZoneSizeAboveRangeRereadsTheZone) {
  const std::vector<uint64_t> blocks = Blocks(
      Job("[t]\nrw=read\nbs=64k\nsize=1m\nzonemode=strided\nzonesize=512k\nzonerange=128k\n"),
      64 * kKiB);
  const std::vector<uint64_t> fio = {0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3};
  EXPECT_EQ(blocks, fio);
}

// fio 3.33, size=1m zonesize=256k zoneskip=640k: the second zone starts at
// 896k and holds only two blocks before the end. fio reads 0 1 2 3 14 15 and
// stops; time_based, it goes back to the zone's start (14 15 14 15) until
// 256k are done there, then to the first zone.
TEST(FioStridedZones, ZoneAtTheEndOfTheRegion) {
  const std::string job =
      "[e]\nrw=read\nbs=64k\nsize=1m\nzonemode=strided\nzonesize=256k\n"
      "zoneskip=640k\n";
  EXPECT_EQ(Blocks(Job(job), 64 * kKiB), (std::vector<uint64_t>{0, 1, 2, 3, 14, 15}));
  EXPECT_EQ(Blocks(Job(job + "time_based\nruntime=1\n"), 64 * kKiB, 16),
            (std::vector<uint64_t>{0, 1, 2, 3, 14, 15, 14, 15, 0, 1, 2, 3, 14, 15, 14, 15}));
}

// fio 3.33, rw=randread size=4m io_size=1m zonesize=256k zonerange=512k
// zoneskip=512k (randseed=5): 0 5 6 3 | 19 22 20 18 | 39 32 38 37 |
// 55 49 51 52 — four distinct random blocks inside each 8-block zone, the
// zones 1 MiB apart. The blocks inside a zone come from FlashScope's own
// permutation, so the test checks the zones and the no-repeat property.
TEST(FioStridedZones, RandomReadStaysInTheZone) {
  const std::vector<uint64_t> blocks =
      Blocks(Job("[r]\nrw=randread\nbs=64k\nsize=4m\nio_size=1m\nzonemode=strided\n"
                 "zonesize=256k\nzonerange=512k\nzoneskip=512k\n"),
             64 * kKiB);
  ASSERT_EQ(blocks.size(), 16u);
  for (size_t zone = 0; zone < 4; ++zone) {
    std::set<uint64_t> seen;
    for (size_t i = zone * 4; i < zone * 4 + 4; ++i) {
      EXPECT_GE(blocks[i], zone * 16) << i;
      EXPECT_LT(blocks[i], zone * 16 + 8) << i;
      seen.insert(blocks[i]);
    }
    EXPECT_EQ(seen.size(), 4u) << "zone " << zone;
  }
}

// The disk-zone-profile.fio pattern on a 64 GiB drive: 256 MiB read, 2 GiB
// skipped, so the first pass touches 29 zones (0, 2.25 GiB, ..., 63 GiB);
// the 29th zone is 1 GiB from the end.
TEST(FioStridedZones, DiskZoneProfileWalksTheDrive) {
  FioJob job = Job("[d]\nrw=read\nbs=64k\nzonemode=strided\nzonesize=256m\nzoneskip=2g\n");
  const uint64_t per_zone = 256 * kMiB / (64 * kKiB);  // 4096 reads
  const std::vector<uint64_t> blocks = Blocks(job, kMiB, per_zone * 30);
  ASSERT_EQ(blocks.size(), per_zone * 30);
  EXPECT_EQ(blocks[0], 0u);
  EXPECT_EQ(blocks[per_zone - 1], 255u);         // last 64k of the first 256 MiB
  EXPECT_EQ(blocks[per_zone], 2304u);            // 2.25 GiB
  EXPECT_EQ(blocks[28 * per_zone], 28u * 2304);  // 63 GiB
  EXPECT_EQ(blocks[29 * per_zone], 0u);          // 65.25 GiB is past the end: wrap
}

// ---------------------------------------------------- sequence distribution

TEST(FioSequenceDistribution, ParserReadsTheIndices) {
  const FioJob job = Job("[q]\nrandom_distribution=sequence:2,0,1\nrandom_sequence_stride=1\n");
  EXPECT_EQ(job.distribution, Distribution::kSequence);
  EXPECT_EQ(job.random_sequence, (std::vector<uint32_t>{2, 0, 1}));
  EXPECT_TRUE(job.random_sequence_stride);
  std::string many = "0";
  for (int i = 1; i < 65; ++i) many += "," + std::to_string(i);
  for (const std::string& bad :
       {std::string("sequence"), "sequence:" + many, std::string("sequence:1,-2")}) {
    try {
      Job("[q]\nrandom_distribution=" + bad + "\n");
      ADD_FAILURE() << bad << " parsed";
    } catch (const InputError&) {
    }
  }
}

// examples/sequence-distribution.fio: randread, bs=4k, size=48k,
// io_size=24k. "Accessed block indices: 2, 0, 1, 2, 0, 1" and, with
// random_sequence_stride=1, "2, 0, 1" then "5, 3, 4".
TEST(FioSequenceDistribution, ExampleOrders) {
  const std::string base =
      "[q]\nrw=randread\nbs=4k\nsize=48k\nio_size=24k\n"
      "random_distribution=sequence:2,0,1\n";
  EXPECT_EQ(Blocks(Job(base), 4096), (std::vector<uint64_t>{2, 0, 1, 2, 0, 1}));
  EXPECT_EQ(Blocks(Job(base + "random_sequence_stride=1\n"), 4096),
            (std::vector<uint64_t>{2, 0, 1, 5, 3, 4}));
}

// With the stride the pattern leaves a 7-block file after two cycles
// (block 8 >= 7): fio ends the job there even with io_size to spare.
TEST(FioSequenceDistribution, StrideEndsAtTheFileEnd) {
  EXPECT_EQ(Blocks(Job("[q]\nrw=randwrite\nbs=4k\nsize=28k\nio_size=1m\n"
                       "random_distribution=sequence:2,0,1\nrandom_sequence_stride=1\n"),
                   4096),
            (std::vector<uint64_t>{2, 0, 1, 5, 3, 4}));
  // A base index outside the file is fio's "out of bounds" error.
  EXPECT_NE(ErrorOf("[q]\nrw=randread\nbs=4k\nsize=48k\nrandom_distribution=sequence:2,12\n")
                .find("block 12 is out of bounds (the file holds 12 blocks of 4096 bytes)"),
            std::string::npos);
}

// Reads and writes count their own I/O (fio's io_issues[ddir]).
TEST(FioSequenceDistribution, EachDirectionFollowsTheSequence) {
  FioJob job =
      Job("[q]\nrw=randrw\nbs=4k\nsize=48k\nio_size=400k\n"
          "random_distribution=sequence:7,3\n");
  FioIoGenerator generator(job, kCapacity, 4096, Rng(7), "job.fio");
  uint64_t count[2] = {0, 0};
  IoRequest request;
  while (generator.Next(request)) {
    const int dir = request.op == IoOp::kRead ? 0 : 1;
    EXPECT_EQ(request.offset_bytes / 4096, count[dir] % 2 == 0 ? 7u : 3u);
    ++count[dir];
  }
  EXPECT_EQ(count[0] + count[1], 100u);
}

// ------------------------------------------------------------- num_range

// uring-cmd-trim-multi-range.fio's first job: randtrim, bs=4k, size=10M,
// num_range=8: 320 commands of 8 ranges (32 KiB each), every 4 KiB block
// of the 10 MiB trimmed exactly once (fio's random map).
TEST(FioNumRange, RandomTrimCommandsCarryEightRanges) {
  const FioJob job = Job("[t]\nrw=randtrim\nbs=4096\nsize=10M\nnum_range=8\n");
  EXPECT_EQ(job.num_range, 8u);
  FioIoGenerator generator(job, kCapacity, 4096, Rng(7), "job.fio");
  std::set<uint64_t> blocks;
  uint64_t commands = 0;
  IoRequest request;
  while (generator.Next(request)) {
    ++commands;
    ASSERT_EQ(request.op, IoOp::kTrim);
    ASSERT_EQ(request.range_count, 8u);
    EXPECT_EQ(request.length_bytes, 8u * 4096);
    EXPECT_EQ(request.offset_bytes, request.ranges[0].offset_bytes);
    for (uint32_t i = 0; i < request.range_count; ++i) {
      EXPECT_EQ(request.ranges[i].length_bytes, 4096u);
      blocks.insert(request.ranges[i].offset_bytes / 4096);
    }
  }
  EXPECT_EQ(commands, 320u);
  EXPECT_EQ(blocks.size(), 2560u);
  EXPECT_EQ(*blocks.rbegin(), 2559u);
}

// Sequential trims: the ranges of a command follow each other, and the
// last command is cut short at the region's end (fio breaks out of
// fill_multi_range_io_u when no offset is left): size=40k in 4 KiB ranges
// of 3 per command is 3 + 3 + 3 + 1.
TEST(FioNumRange, SequentialRangesFollowEachOther) {
  FioIoGenerator generator(Job("[t]\nrw=trim\nbs=4k\nsize=40k\nnum_range=3\n"), kCapacity, 4096,
                           Rng(7), "job.fio");
  std::vector<uint32_t> counts;
  uint64_t expected = 0;
  IoRequest request;
  while (generator.Next(request)) {
    counts.push_back(request.range_count);
    for (uint32_t i = 0; i < request.range_count; ++i) {
      EXPECT_EQ(request.ranges[i].offset_bytes, expected);
      expected += 4096;
    }
  }
  EXPECT_EQ(counts, (std::vector<uint32_t>{3, 3, 3, 1}));
  // num_range=1 (fio's default) keeps one range per trim, without a list.
  FioIoGenerator single(Job("[t]\nrw=trim\nbs=4k\nsize=8k\n"), kCapacity, 4096, Rng(7), "job.fio");
  ASSERT_TRUE(single.Next(request));
  EXPECT_EQ(request.range_count, 0u);
  EXPECT_EQ(request.ranges, nullptr);
  // fio init.c: "trimwrite cannot be used with multiple ranges".
  EXPECT_NE(ErrorOf("[t]\nrw=trimwrite\nsize=1m\nnum_range=2\n").find("trimwrite cannot"),
            std::string::npos);
}

}  // namespace
}  // namespace flashscope
