// Tests for the fio options of issue 15 that decide which I/O a job issues:
// bsrange, blockalign, files (nrfiles, filesize, openfiles,
// file_service_type), offset_increment, rw=...:N and trimwrite. Jobs are
// built as FioJob structs with the new fields set directly, so these tests
// do not depend on the parser. Where fio's own I/O log is quoted, it was
// taken with fio 3.33 and `--ioengine=null --write_iolog`.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
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
constexpr uint64_t kGiB = 1024 * kMiB;
constexpr uint64_t kCapacity = 64 * kGiB;

SizeSpec Bytes(uint64_t bytes) {
  SizeSpec spec;
  spec.set = true;
  spec.bytes = bytes;
  return spec;
}

SizeSpec Percent(double percent) {
  SizeSpec spec;
  spec.set = true;
  spec.is_percent = true;
  spec.percent = percent;
  return spec;
}

FioJob MakeJob(RwPattern rw, uint32_t bs_bytes, uint64_t size_bytes) {
  FioJob job;
  job.name = "job";
  job.line = 1;
  job.rw = rw;
  for (auto& sizes : job.block_sizes) sizes = {BlockSizeShare{bs_bytes, 100}};
  if (size_bytes != 0) job.size = Bytes(size_bytes);
  return job;
}

std::vector<IoRequest> Drain(const FioJob& job, uint64_t seed = 7, uint64_t limit = 2000000,
                             uint64_t capacity = kCapacity) {
  FioIoGenerator generator(job, capacity, 4096, Rng(seed), "job.fio");
  std::vector<IoRequest> requests;
  IoRequest request;
  while (requests.size() < limit && generator.Next(request)) requests.push_back(request);
  return requests;
}

// ---------------------------------------------------------------------------
// bsrange

TEST(FioGeneratorOptions, BsrangeGivesEachMultipleOfTheMinimumAnEqualShare) {
  // fio get_next_buflen: 4k + U[0, 16k) rounded down to 4k, capped at 16k:
  // 4k, 8k, 12k and 16k a quarter each.
  FioJob job = MakeJob(RwPattern::kRandRead, 4096, 4 * kGiB);
  job.bs_range[0] = BlockSizeRange{4096, 16384};
  job.number_ios = 40000;
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 40000u);
  std::map<uint32_t, uint64_t> counts;
  for (const IoRequest& request : requests) {
    ++counts[request.length_bytes];
    EXPECT_EQ(request.offset_bytes % 4096, 0u);
    EXPECT_LE(request.offset_bytes + request.length_bytes, 4 * kGiB);
  }
  ASSERT_EQ(counts.size(), 4u);
  for (uint32_t bytes : {4096u, 8192u, 12288u, 16384u}) {
    EXPECT_NEAR(static_cast<double>(counts[bytes]) / 40000.0, 0.25, 0.012) << bytes;
  }
}

TEST(FioGeneratorOptions, BsrangeWithAMinimumThatIsNotAPowerOfTwo) {
  // 3k + U[0, 10k) = [3k, 13k), rounded down to multiples of 3k, capped at
  // 10k: 3k, 6k and 9k 30 % each, 10k (from [12k, 13k)) 10 %.
  FioJob job = MakeJob(RwPattern::kRandWrite, 4096, 4 * kGiB);
  job.bs_range[1] = BlockSizeRange{3072, 10240};
  job.number_ios = 40000;
  std::map<uint32_t, uint64_t> counts;
  for (const IoRequest& request : Drain(job)) ++counts[request.length_bytes];
  ASSERT_EQ(counts.size(), 4u);
  EXPECT_NEAR(counts[3072] / 40000.0, 0.30, 0.012);
  EXPECT_NEAR(counts[6144] / 40000.0, 0.30, 0.012);
  EXPECT_NEAR(counts[9216] / 40000.0, 0.30, 0.012);
  EXPECT_NEAR(counts[10240] / 40000.0, 0.10, 0.008);
}

TEST(FioGeneratorOptions, BsUnalignedDrawsAnyLengthInTheRange) {
  // Unrounded, [3k, 13k) capped at 10k: 30 % are exactly 10k, the rest
  // spread over [3k, 10k) with a mean of 6.5k.
  FioJob job = MakeJob(RwPattern::kRandWrite, 4096, 4 * kGiB);
  job.bs_range[1] = BlockSizeRange{3072, 10240};
  job.bs_unaligned = true;
  job.number_ios = 40000;
  uint64_t at_max = 0;
  double below_sum = 0;
  std::set<uint32_t> distinct;
  for (const IoRequest& request : Drain(job)) {
    ASSERT_GE(request.length_bytes, 3072u);
    ASSERT_LE(request.length_bytes, 10240u);
    distinct.insert(request.length_bytes);
    if (request.length_bytes == 10240) {
      ++at_max;
    } else {
      below_sum += request.length_bytes;
    }
  }
  EXPECT_NEAR(at_max / 40000.0, 0.30, 0.012);
  EXPECT_NEAR(below_sum / static_cast<double>(40000 - at_max), 6656.0, 60.0);
  EXPECT_GT(distinct.size(), 5000u);
}

TEST(FioGeneratorOptions, BsrangeSequentialFillsTheRegionExactlyToItsEnd) {
  // Sizes are drawn again until they fit (fio io_u_fits), so a sequential
  // pass ends exactly at the region's end.
  FioJob job = MakeJob(RwPattern::kWrite, 4096, 100 * kKiB);
  job.bs_range[1] = BlockSizeRange{4096, 65536};
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const std::vector<IoRequest> requests = Drain(job, seed);
    uint64_t next = 0;
    for (const IoRequest& request : requests) {
      EXPECT_EQ(request.offset_bytes, next);
      EXPECT_EQ(request.length_bytes % 4096, 0u);
      next += request.length_bytes;
    }
    EXPECT_EQ(next, 100 * kKiB) << "seed " << seed;
  }
}

TEST(FioGeneratorOptions, BsrangeMustBeARange) {
  FioJob job = MakeJob(RwPattern::kRead, 4096, kMiB);
  job.bs_range[0] = BlockSizeRange{16384, 4096};
  EXPECT_THROW(FioIoGenerator(job, kCapacity, 4096, Rng(1), "job.fio"), InputError);
}

// ---------------------------------------------------------------------------
// blockalign

TEST(FioGeneratorOptions, BlockalignSmallerThanTheBlockPutsOffsetsOnItsMultiples) {
  // bs=8k, ba=4k on 1 MiB: fio last_block() = (1m - (8k - 4k)) / 4k = 255
  // offsets; one loop (128 I/Os) draws 128 distinct ones from the map,
  // about half of them not 8k-aligned.
  FioJob job = MakeJob(RwPattern::kRandRead, 8192, kMiB);
  job.block_align[0] = 4096;
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 128u);
  std::set<uint64_t> offsets;
  uint64_t odd = 0;
  for (const IoRequest& request : requests) {
    EXPECT_EQ(request.offset_bytes % 4096, 0u);
    EXPECT_LE(request.offset_bytes + 8192, kMiB);
    offsets.insert(request.offset_bytes);
    if (request.offset_bytes % 8192 != 0) ++odd;
  }
  EXPECT_EQ(offsets.size(), 128u);
  EXPECT_GT(odd, 40u);
  EXPECT_LT(odd, 88u);
}

TEST(FioGeneratorOptions, BlockalignLargerThanTheBlockCoarsensTheMap) {
  // bs=4k, ba=16k on 1 MiB: 64 offsets, so the 256 I/Os of one loop are 4
  // passes of the map, each offset hit exactly 4 times.
  FioJob job = MakeJob(RwPattern::kRandWrite, 4096, kMiB);
  job.block_align[1] = 16384;
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 256u);
  std::map<uint64_t, int> hits;
  for (const IoRequest& request : requests) {
    EXPECT_EQ(request.offset_bytes % 16384, 0u);
    ++hits[request.offset_bytes];
  }
  EXPECT_EQ(hits.size(), 64u);
  for (const auto& [offset, count] : hits) EXPECT_EQ(count, 4) << offset;
}

TEST(FioGeneratorOptions, BlockalignIsIgnoredBySequentialJobs) {
  // fio init.c: ba is the minimum block size unless the job is random.
  FioJob job = MakeJob(RwPattern::kRead, 8192, 64 * kKiB);
  job.block_align[0] = 4096;
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 8u);
  EXPECT_EQ(requests[7].offset_bytes, 56 * kKiB);
}

// ---------------------------------------------------------------------------
// Files

TEST(FioGeneratorOptions, FilesSplitSizeAndRoundRobinEveryIo) {
  // nrfiles=4, size=16m: four 4 MiB files one after another from offset
  // 1m; roundrobin moves to the next file after every I/O.
  FioJob job = MakeJob(RwPattern::kWrite, 4096, 16 * kMiB);
  job.offset = Bytes(kMiB);
  job.nrfiles = 4;
  FioIoGenerator generator(job, kCapacity, 4096, Rng(3), "job.fio");
  ASSERT_EQ(generator.file_count(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(generator.file_offset_bytes(i), kMiB + i * 4 * kMiB);
    EXPECT_EQ(generator.file_bytes(i), 4 * kMiB);
  }
  EXPECT_EQ(generator.region_bytes(), 16 * kMiB);
  std::vector<IoRequest> requests;
  IoRequest request;
  while (generator.Next(request)) requests.push_back(request);
  ASSERT_EQ(requests.size(), 4096u);
  for (size_t i = 0; i < requests.size(); ++i) {
    const uint64_t file = i % 4;
    const uint64_t within = (i / 4) * 4096;
    ASSERT_EQ(requests[i].offset_bytes, kMiB + file * 4 * kMiB + within) << i;
  }
}

TEST(FioGeneratorOptions, FilesWithoutFilesizeSplitSizeLikeFio) {
  // size=1m over 3 files: 349525 bytes each, of which fio 3.33 writes 85
  // blocks of 4k per file (255 writes); the files are laid out 85 blocks
  // apart.
  FioJob job = MakeJob(RwPattern::kWrite, 4096, kMiB);
  job.nrfiles = 3;
  FioIoGenerator generator(job, kCapacity, 4096, Rng(3), "job.fio");
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(generator.file_bytes(i), 85 * 4096u);
    EXPECT_EQ(generator.file_offset_bytes(i), i * 85 * 4096u);
  }
  EXPECT_EQ(generator.region_bytes(), 255 * 4096u);
  uint64_t writes = 0;
  IoRequest request;
  while (generator.Next(request)) ++writes;
  EXPECT_EQ(writes, 255u);
}

TEST(FioGeneratorOptions, FilesizeRangeDrawsEachFileAndKeepsIoInsideIt) {
  // nrfiles=8, filesize=1m-3m: each size drawn in [1m, 3m), rounded down
  // to 4k; random writes stay inside their file and, with fio's random
  // map, each file's blocks are written once (size defaults to the total).
  FioJob job = MakeJob(RwPattern::kRandWrite, 4096, 0);
  job.nrfiles = 8;
  job.filesize_min = Bytes(kMiB);
  job.filesize_max = Bytes(3 * kMiB);
  FioIoGenerator generator(job, kCapacity, 4096, Rng(5), "job.fio");
  ASSERT_EQ(generator.file_count(), 8u);
  uint64_t total = 0;
  std::set<uint64_t> sizes;
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(generator.file_offset_bytes(i), total);
    const uint64_t bytes = generator.file_bytes(i);
    EXPECT_GE(bytes, kMiB);
    EXPECT_LT(bytes, 3 * kMiB);
    EXPECT_EQ(bytes % 4096, 0u);
    sizes.insert(bytes);
    total += bytes;
  }
  EXPECT_GT(sizes.size(), 4u);
  EXPECT_EQ(generator.region_bytes(), total);
  EXPECT_EQ(generator.bytes_per_loop(), total);

  std::set<uint64_t> offsets;
  IoRequest request;
  while (generator.Next(request)) {
    const uint64_t offset = request.offset_bytes;
    size_t file = 0;
    while (file + 1 < 8 && offset >= generator.file_offset_bytes(file + 1)) ++file;
    EXPECT_LE(offset + 4096, generator.file_offset_bytes(file) + generator.file_bytes(file));
    EXPECT_TRUE(offsets.insert(offset).second) << "written twice: " << offset;
  }
  EXPECT_EQ(offsets.size(), total / 4096);

  // The same seed lays the files out the same way; another seed does not.
  FioIoGenerator again(job, kCapacity, 4096, Rng(5), "job.fio");
  FioIoGenerator other(job, kCapacity, 4096, Rng(6), "job.fio");
  EXPECT_EQ(again.file_bytes(3), generator.file_bytes(3));
  bool differs = false;
  for (size_t i = 0; i < 8; ++i) differs |= other.file_bytes(i) != generator.file_bytes(i);
  EXPECT_TRUE(differs);
}

TEST(FioGeneratorOptions, FilesizeWithSizeLimitsTheIoNotTheFiles) {
  // fio: with filesize, size is the amount of I/O, at most the files' total.
  FioJob job = MakeJob(RwPattern::kWrite, 4096, kMiB);
  job.nrfiles = 2;
  job.filesize_min = job.filesize_max = Bytes(4 * kMiB);
  FioIoGenerator generator(job, kCapacity, 4096, Rng(5), "job.fio");
  EXPECT_EQ(generator.region_bytes(), 8 * kMiB);
  EXPECT_EQ(generator.bytes_per_loop(), kMiB);
  uint64_t count = 0;
  IoRequest request;
  while (generator.Next(request)) {
    EXPECT_TRUE(request.offset_bytes < 512 * kKiB ||
                (request.offset_bytes >= 4 * kMiB && request.offset_bytes < 4 * kMiB + 512 * kKiB))
        << request.offset_bytes;
    ++count;
  }
  EXPECT_EQ(count, 256u);
}

TEST(FioGeneratorOptions, OpenfilesKeepsTwoFilesInRotationUntilTheyAreDone) {
  // nrfiles=4 of 64k, openfiles=2: files 0 and 1 alternate until both are
  // done (16 I/Os each), then files 2 and 3.
  FioJob job = MakeJob(RwPattern::kWrite, 4096, 256 * kKiB);
  job.nrfiles = 4;
  job.openfiles = 2;
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 64u);
  for (size_t i = 0; i < 64; ++i) {
    const uint64_t file = requests[i].offset_bytes / (64 * kKiB);
    const uint64_t expected = (i < 32 ? 0 : 2) + i % 2;
    ASSERT_EQ(file, expected) << i;
    EXPECT_EQ(requests[i].offset_bytes % (64 * kKiB), ((i % 32) / 2) * 4096) << i;
  }
}

TEST(FioGeneratorOptions, FileServiceNrStaysOnAFileForNIos) {
  // file_service_type=roundrobin:3 over 3 files: 0,0,0,1,1,1,2,2,2,0,...
  // Files of 48 blocks, so all three finish together.
  FioJob job = MakeJob(RwPattern::kRead, 4096, 3 * 192 * kKiB);
  job.nrfiles = 3;
  job.file_service_nr = 3;
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 144u);
  for (size_t i = 0; i < 144; ++i) {
    ASSERT_EQ(requests[i].offset_bytes / (192 * kKiB), (i / 3) % 3) << i;
    EXPECT_EQ(requests[i].offset_bytes % (192 * kKiB), ((i / 9) * 3 + i % 3) * 4096) << i;
  }
}

TEST(FioGeneratorOptions, SequentialFileServiceFinishesOneFileBeforeTheNext) {
  FioJob job = MakeJob(RwPattern::kRandRead, 4096, 4 * 64 * kKiB);
  job.nrfiles = 4;
  job.file_service = FileService::kSequential;
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 64u);
  for (size_t i = 0; i < 64; ++i) {
    EXPECT_EQ(requests[i].offset_bytes / (64 * kKiB), i / 16) << i;
  }
}

TEST(FioGeneratorOptions, RandomFileServiceSharesTheIoEvenly) {
  // file_service_type=random over 4 files of 16 MiB, 8000 random reads
  // without a map: each file gets a quarter within 2 points.
  FioJob job = MakeJob(RwPattern::kRandRead, 4096, 64 * kMiB);
  job.nrfiles = 4;
  job.norandommap = true;
  job.file_service = FileService::kRandom;
  job.number_ios = 8000;
  uint64_t per_file[4] = {0, 0, 0, 0};
  uint64_t switches = 0;
  uint64_t last = 99;
  for (const IoRequest& request : Drain(job)) {
    const uint64_t file = request.offset_bytes / (16 * kMiB);
    ++per_file[file];
    if (file != last) ++switches;
    last = file;
  }
  for (uint64_t count : per_file) EXPECT_NEAR(count / 8000.0, 0.25, 0.02);
  EXPECT_NEAR(switches / 8000.0, 0.75, 0.03);  // a new draw each I/O
}

TEST(FioGeneratorOptions, TimeBasedFilesKeepGoing) {
  FioJob job = MakeJob(RwPattern::kRandWrite, 4096, 64 * kKiB);
  job.nrfiles = 4;
  job.time_based = true;
  const std::vector<IoRequest> requests = Drain(job, 7, 1000);
  ASSERT_EQ(requests.size(), 1000u);
  for (const IoRequest& request : requests) EXPECT_LT(request.offset_bytes, 64 * kKiB);
}

TEST(FioGeneratorOptions, AFileSmallerThanABlockIsAnError) {
  FioJob job = MakeJob(RwPattern::kRead, 4096, 8 * kKiB);
  job.nrfiles = 4;
  EXPECT_THROW(FioIoGenerator(job, kCapacity, 4096, Rng(1), "job.fio"), InputError);
}

// ---------------------------------------------------------------------------
// offset_increment

TEST(FioGeneratorOptions, OffsetIncrementMovesEachClone) {
  // fio get_start_offset: offset + subjob_number * offset_increment.
  FioJob job = MakeJob(RwPattern::kWrite, 4096, 8 * kMiB);
  job.offset = Bytes(kMiB);
  job.offset_increment = Bytes(10 * kMiB);
  for (uint32_t clone = 0; clone < 4; ++clone) {
    job.clone_index = clone;
    FioIoGenerator generator(job, kCapacity, 4096, Rng(1), "job.fio");
    EXPECT_EQ(generator.region_offset_bytes(), kMiB + clone * 10 * kMiB);
    EXPECT_EQ(generator.region_bytes(), 8 * kMiB);
    IoRequest request;
    ASSERT_TRUE(generator.Next(request));
    EXPECT_EQ(request.offset_bytes, kMiB + clone * 10 * kMiB);
  }
}

TEST(FioGeneratorOptions, OffsetIncrementAsAPercentageOfTheDrive) {
  // offset_increment=25% on a 10 GiB + 123 bytes drive, clone 3: 75 % of
  // the drive, rounded up to the block size as fio does for percentages.
  const uint64_t capacity = 10 * kGiB + 123;
  FioJob job = MakeJob(RwPattern::kRandRead, 16384, 64 * kMiB);
  job.offset_increment = Percent(25);
  job.clone_index = 3;
  FioIoGenerator generator(job, capacity, 4096, Rng(1), "job.fio");
  const uint64_t raw = capacity * 3 / 4;
  EXPECT_EQ(generator.region_offset_bytes(), (raw + 16383) / 16384 * 16384);
}

TEST(FioGeneratorOptions, OffsetIncrementBeyondTheDriveNamesTheClone) {
  FioJob job = MakeJob(RwPattern::kWrite, 4096, 8 * kGiB);
  job.name = "clones";
  job.offset_increment = Bytes(20 * kGiB);
  job.clone_index = 3;
  try {
    FioIoGenerator generator(job, kCapacity, 4096, Rng(1), "job.fio");
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              "job.fio:1: job 'clones': offset=60.0 GiB + size=8.0 GiB ends at 68.0 GiB "
              "(73014444032 bytes), beyond the drive's 64.0 GiB logical capacity "
              "(68719476736 bytes)");
  }
}

// ---------------------------------------------------------------------------
// rw=...:N

std::vector<uint64_t> Offsets(const std::vector<IoRequest>& requests) {
  std::vector<uint64_t> offsets;
  for (const IoRequest& request : requests) offsets.push_back(request.offset_bytes);
  return offsets;
}

TEST(FioGeneratorOptions, BackwardsReadLikeFiosExample) {
  // fio examples/backwards-read.fio shape, rw=read:-8k, bs=4k, size=32k;
  // fio 3.33 reads 0 24576 20480 16384 12288 8192 4096 0.
  FioJob job = MakeJob(RwPattern::kRead, 4096, 32 * kKiB);
  job.rw_seq_add_bytes = -8192;
  EXPECT_EQ(Offsets(Drain(job)),
            (std::vector<uint64_t>{0, 24576, 20480, 16384, 12288, 8192, 4096, 0}));
}

TEST(FioGeneratorOptions, BackwardsReadFromAnOffset) {
  // fio 3.33, rw=read:-8k, offset=64k, size=64k: 65536 122880 118784 ...
  // 69632 65536 (16 reads).
  FioJob job = MakeJob(RwPattern::kRead, 4096, 64 * kKiB);
  job.offset = Bytes(64 * kKiB);
  job.rw_seq_add_bytes = -8192;
  const std::vector<uint64_t> offsets = Offsets(Drain(job));
  ASSERT_EQ(offsets.size(), 16u);
  EXPECT_EQ(offsets[0], 65536u);
  for (size_t i = 1; i < 16; ++i) EXPECT_EQ(offsets[i], 122880 - (i - 1) * 4096) << i;
}

TEST(FioGeneratorOptions, ForwardHolesEndAtTheRegionEnd) {
  // fio 3.33, rw=read:8k, bs=4k, size=64k: 0 12288 24576 36864 49152 61440,
  // then the next position (73728) is past the end and the job is done.
  FioJob job = MakeJob(RwPattern::kRead, 4096, 64 * kKiB);
  job.rw_seq_add_bytes = 8192;
  EXPECT_EQ(Offsets(Drain(job)), (std::vector<uint64_t>{0, 12288, 24576, 36864, 49152, 61440}));
}

TEST(FioGeneratorOptions, RandomWithSequentialRunsOfN) {
  // rw=randread:4: a random offset, then 3 sequential I/O after it (fio
  // init.c starts td->ddir_seq_nr at 1, so the first I/O is random).
  FioJob job = MakeJob(RwPattern::kRandRead, 4096, 64 * kMiB);
  job.rw_seq_nr = 4;
  job.number_ios = 4000;
  const std::vector<uint64_t> offsets = Offsets(Drain(job));
  ASSERT_EQ(offsets.size(), 4000u);
  uint64_t jumps = 0;
  for (size_t i = 1; i < offsets.size(); ++i) {
    // A run that reaches the region's end goes on from a random block (fio
    // get_next_block).
    if (i % 4 != 0 && offsets[i - 1] + 4096 < 64 * kMiB) {
      ASSERT_EQ(offsets[i], offsets[i - 1] + 4096) << i;
    } else if (offsets[i] != offsets[i - 1] + 4096) {
      ++jumps;
    }
  }
  EXPECT_GE(jumps, 995u);  // every 4th I/O is a fresh random offset
}

// ---------------------------------------------------------------------------
// trimwrite

TEST(FioGeneratorOptions, TrimwriteTrimsABlockThenWritesIt) {
  // fio 3.33, rw=trimwrite, size=1m, bs=4k: 256 trims and 256 writes
  // (1 MiB each); size counts the writes.
  FioJob job = MakeJob(RwPattern::kTrimWrite, 4096, kMiB);
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size(), 512u);
  for (size_t i = 0; i < 512; i += 2) {
    EXPECT_EQ(requests[i].op, IoOp::kTrim);
    EXPECT_EQ(requests[i + 1].op, IoOp::kWrite);
    EXPECT_EQ(requests[i].offset_bytes, (i / 2) * 4096);
    EXPECT_EQ(requests[i + 1].offset_bytes, requests[i].offset_bytes);
    EXPECT_EQ(requests[i + 1].length_bytes, requests[i].length_bytes);
  }
}

TEST(FioGeneratorOptions, RandTrimwriteWritesExactlyWhatItTrimmed) {
  // randtrimwrite with bssplit on the trims: each write takes the trim's
  // offset and length (fio get_next_block / get_next_buflen); the trims
  // follow the random map, so the 1 MiB is trimmed and written once.
  FioJob job = MakeJob(RwPattern::kRandTrimWrite, 4096, kMiB);
  job.block_sizes[2] = {BlockSizeShare{4096, 50}, BlockSizeShare{8192, 50}};
  const std::vector<IoRequest> requests = Drain(job);
  ASSERT_EQ(requests.size() % 2, 0u);
  uint64_t written = 0;
  uint64_t trimmed = 0;
  for (size_t i = 0; i < requests.size(); i += 2) {
    ASSERT_EQ(requests[i].op, IoOp::kTrim);
    ASSERT_EQ(requests[i + 1].op, IoOp::kWrite);
    EXPECT_EQ(requests[i + 1].offset_bytes, requests[i].offset_bytes);
    EXPECT_EQ(requests[i + 1].length_bytes, requests[i].length_bytes);
    trimmed += requests[i].length_bytes;
    written += requests[i + 1].length_bytes;
  }
  EXPECT_EQ(written, trimmed);
  EXPECT_GE(written, kMiB);
  EXPECT_LT(written, kMiB + 8192);
}

// ---------------------------------------------------------------------------
// Zone units

TEST(FioGeneratorOptions, UnconvertedZoneUnitsAreAClearError) {
  FioJob job = MakeJob(RwPattern::kWrite, 4096, 0);
  job.size.set = true;
  job.size.in_zones = true;
  job.size.zones = 8;
  try {
    FioIoGenerator generator(job, kCapacity, 4096, Rng(1), "job.fio");
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("size=8z is in zones"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace flashscope
