// Tests for the layout of a fio job on the drive: start offsets, file
// sizes, the end a CLI checks against a drive, and the byte wording.
#include "workload/fio_file_set.h"

#include <gtest/gtest.h>

#include <vector>

namespace flashscope {
namespace {

constexpr uint64_t kKiB = 1024;
constexpr uint64_t kMiB = 1024 * kKiB;
constexpr uint64_t kGiB = 1024 * kMiB;
constexpr uint64_t kTiB = 1024 * kGiB;

SizeSpec Bytes(uint64_t bytes) {
  SizeSpec spec;
  spec.set = true;
  spec.bytes = bytes;
  return spec;
}

TEST(FioFileSet, MinBlockBytesOfTheUsedDirections) {
  FioJob job;
  job.rw = RwPattern::kRandWrite;
  job.block_sizes[0] = {BlockSizeShare{512, 100}};
  job.block_sizes[1] = {BlockSizeShare{16384, 50}, BlockSizeShare{8192, 50}};
  EXPECT_EQ(FioJobMinBlockBytes(job), 8192u);  // reads are not issued
  job.bs_range[1] = BlockSizeRange{2048, 65536};
  EXPECT_EQ(FioJobMinBlockBytes(job), 2048u);
  job.rw = RwPattern::kRandRw;
  EXPECT_EQ(FioJobMinBlockBytes(job), 512u);
  FioJob defaults;
  EXPECT_EQ(FioJobMinBlockBytes(defaults), 4096u);
}

TEST(FioFileSet, EndBytesNamesWhatTheJobNeeds) {
  FioJob job;
  job.size = Bytes(2 * kTiB);
  EXPECT_EQ(FioJobEndBytes(job, 931 * kGiB), 2 * kTiB);
  job.offset = Bytes(kGiB);
  job.offset_increment = Bytes(100 * kGiB);
  job.clone_index = 2;
  EXPECT_EQ(FioJobEndBytes(job, 931 * kGiB), 201 * kGiB + 2 * kTiB);
  // Files: nrfiles times the largest filesize.
  FioJob files;
  files.nrfiles = 4;
  files.filesize_min = Bytes(kGiB);
  files.filesize_max = Bytes(2 * kGiB);
  EXPECT_EQ(FioJobEndBytes(files, 931 * kGiB), 8 * kGiB);
  // Without size the job takes the rest of any drive.
  FioJob rest;
  EXPECT_EQ(FioJobEndBytes(rest, 931 * kGiB), 931 * kGiB);
  // A percentage fits every drive.
  FioJob half;
  half.size.set = true;
  half.size.is_percent = true;
  half.size.percent = 50;
  EXPECT_EQ(FioJobEndBytes(half, 100 * kGiB), 50 * kGiB);
}

TEST(FioFileSet, FixedFilesizeIsRoundedToTheBlock) {
  FioJob job;
  job.nrfiles = 3;
  job.filesize_min = job.filesize_max = Bytes(kMiB + 100);
  Rng rng(1);
  std::vector<uint64_t> sizes;
  FioFileSizes(job, kTiB, 0, 4096, rng, sizes);
  EXPECT_EQ(sizes, (std::vector<uint64_t>{kMiB, kMiB, kMiB}));
}

TEST(FioFileSet, FilesizeRangeIsUniform) {
  // fio get_rand_file_size: uniform in [1m, 5m), rounded down to 4k.
  FioJob job;
  job.nrfiles = 20000;
  job.filesize_min = Bytes(kMiB);
  job.filesize_max = Bytes(5 * kMiB);
  Rng rng(3);
  std::vector<uint64_t> sizes;
  FioFileSizes(job, kTiB, 0, 4096, rng, sizes);
  ASSERT_EQ(sizes.size(), 20000u);
  double sum = 0;
  uint64_t below_2m = 0;
  for (uint64_t size : sizes) {
    ASSERT_GE(size, kMiB);
    ASSERT_LT(size, 5 * kMiB);
    ASSERT_EQ(size % 4096, 0u);
    sum += static_cast<double>(size);
    if (size < 2 * kMiB) ++below_2m;
  }
  EXPECT_NEAR(sum / 20000 / kMiB, 3.0, 0.03);
  EXPECT_NEAR(below_2m / 20000.0, 0.25, 0.01);
}

TEST(FioFileSet, OneFileIsTheRegionExactly) {
  FioJob job;
  Rng rng(1);
  std::vector<uint64_t> sizes;
  FioFileSizes(job, kTiB, 10 * kKiB + 1, 4096, rng, sizes);
  EXPECT_EQ(sizes, (std::vector<uint64_t>{10 * kKiB + 1}));
}

TEST(FioFileSet, StartAlignsPercentagesUp) {
  FioJob job;
  job.offset.set = true;
  job.offset.is_percent = true;
  job.offset.percent = 10;
  EXPECT_EQ(FioJobStartBytes(job, 10 * kGiB + 123, 4096), (kGiB + 12 + 4095) / 4096 * 4096);
  FioJob bytes;
  bytes.offset = Bytes(1000);
  EXPECT_EQ(FioJobStartBytes(bytes, kGiB, 4096), 1000u);  // bytes as given, like fio
}

TEST(FioFileSet, HumanBytes) {
  EXPECT_EQ(HumanBytes(2 * kTiB), "2.00 TiB");
  EXPECT_EQ(HumanBytes(1000204886016ull), "931.5 GiB");
  EXPECT_EQ(HumanBytes(512 * kMiB), "512.0 MiB");
  EXPECT_EQ(HumanBytes(64 * kKiB), "64.0 KiB");
  EXPECT_EQ(HumanBytes(512), "512 bytes");
}

}  // namespace
}  // namespace flashscope
