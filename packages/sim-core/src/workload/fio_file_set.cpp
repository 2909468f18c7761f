// fio's file layout on the drive: see fio_file_set.h. Sources: fio
// filesetup.c get_start_offset, get_rand_file_size, setup_files.
#include "workload/fio_file_set.h"

#include <cstdio>

namespace flashscope {
namespace {

void UsedDirections(RwPattern rw, bool used[3]) {
  used[0] = used[1] = used[2] = false;
  switch (rw) {
    case RwPattern::kRead:
    case RwPattern::kRandRead:
      used[0] = true;
      break;
    case RwPattern::kWrite:
    case RwPattern::kRandWrite:
      used[1] = true;
      break;
    case RwPattern::kReadWrite:
    case RwPattern::kRandRw:
      used[0] = used[1] = true;
      break;
    case RwPattern::kTrim:
    case RwPattern::kRandTrim:
      used[2] = true;
      break;
    case RwPattern::kTrimWrite:
    case RwPattern::kRandTrimWrite:
      used[1] = used[2] = true;
      break;
  }
}

uint64_t RoundUp(uint64_t value, uint64_t align) {
  return align == 0 ? value : (value + align - 1) / align * align;
}

}  // namespace

uint32_t FioJobMinBlockBytes(const FioJob& job) {
  bool used[3];
  UsedDirections(job.rw, used);
  uint32_t min_bytes = UINT32_MAX;
  for (int dir = 0; dir < 3; ++dir) {
    if (!used[dir]) continue;
    uint32_t dir_min = 0;
    if (job.bs_range[dir].min_bytes != 0) {
      dir_min = job.bs_range[dir].min_bytes;
    } else {
      for (const BlockSizeShare& share : job.block_sizes[dir]) {
        if (dir_min == 0 || share.bytes < dir_min) dir_min = share.bytes;
      }
      if (dir_min == 0) dir_min = 4096;  // fio's default bs
    }
    if (dir_min < min_bytes) min_bytes = dir_min;
  }
  return min_bytes == UINT32_MAX ? 4096 : min_bytes;
}

uint64_t FioJobStartBytes(const FioJob& job, uint64_t capacity_bytes, uint32_t align_bytes) {
  const uint64_t offset = job.offset.set ? job.offset.Resolve(capacity_bytes) : 0;
  const uint64_t increment =
      job.offset_increment.set ? job.offset_increment.Resolve(capacity_bytes) : 0;
  const uint64_t start = offset + uint64_t{job.clone_index} * increment;
  const bool percent = (job.offset.set && job.offset.is_percent) ||
                       (job.offset_increment.set && job.offset_increment.is_percent);
  return percent ? RoundUp(start, align_bytes) : start;
}

void FioFileSizes(const FioJob& job, uint64_t capacity_bytes, uint64_t region_bytes,
                  uint32_t block_bytes, Rng& rng, std::vector<uint64_t>& sizes) {
  sizes.clear();
  const uint32_t files = job.nrfiles == 0 ? 1 : job.nrfiles;
  const uint64_t block = block_bytes == 0 ? 1 : block_bytes;
  if (job.filesize_min.set) {
    const uint64_t low = job.filesize_min.Resolve(capacity_bytes);
    const uint64_t high = job.filesize_max.set ? job.filesize_max.Resolve(capacity_bytes) : low;
    for (uint32_t i = 0; i < files; ++i) {
      uint64_t size = low;
      if (high > low) {
        // fio get_rand_file_size: low + (high - low) * r / (max + 1),
        // rounded down to the smallest block size.
        size = low + rng.Below(high - low);
      }
      sizes.push_back(size / block * block);
    }
    return;
  }
  if (files == 1) {  // the region as it is, as fio's single file
    sizes.push_back(region_bytes);
    return;
  }
  // fio setup_files: size / nrfiles each, the first files one block more
  // while (size - files * each) / bs lasts (nr_fs_extra; only ever non-zero
  // with more files than bytes in a block). Rounded down to the block here:
  // fio cannot use a file's last partial block either (size=1m over 3 files:
  // 85 blocks of 4k each, as fio 3.33 writes).
  const uint64_t each = region_bytes / files;
  uint64_t extra_blocks = (region_bytes - each * files) / block;
  for (uint32_t i = 0; i < files; ++i) {
    uint64_t size = each;
    if (extra_blocks > 0) {
      size += block;
      --extra_blocks;
    }
    sizes.push_back(size / block * block);
  }
}

uint64_t FioJobEndBytes(const FioJob& job, uint64_t capacity_bytes) {
  const uint32_t block = FioJobMinBlockBytes(job);
  const uint64_t start = FioJobStartBytes(job, capacity_bytes, block);
  if (job.filesize_min.set) {
    const uint64_t low = job.filesize_min.Resolve(capacity_bytes);
    const uint64_t high = job.filesize_max.set ? job.filesize_max.Resolve(capacity_bytes) : low;
    const uint64_t largest = high > low ? high : low;
    return start + uint64_t{job.nrfiles == 0 ? 1 : job.nrfiles} * largest;
  }
  if (job.size.set) return start + job.size.Resolve(capacity_bytes);
  return start > capacity_bytes ? start : capacity_bytes;
}

std::string HumanBytes(uint64_t bytes) {
  constexpr uint64_t kKiB = 1024;
  constexpr uint64_t kMiB = kKiB * 1024;
  constexpr uint64_t kGiB = kMiB * 1024;
  constexpr uint64_t kTiB = kGiB * 1024;
  char text[48];
  const double value = static_cast<double>(bytes);
  if (bytes >= kTiB) {
    std::snprintf(text, sizeof text, "%.2f TiB", value / static_cast<double>(kTiB));
  } else if (bytes >= kGiB) {
    std::snprintf(text, sizeof text, "%.1f GiB", value / static_cast<double>(kGiB));
  } else if (bytes >= kMiB) {
    std::snprintf(text, sizeof text, "%.1f MiB", value / static_cast<double>(kMiB));
  } else if (bytes >= kKiB) {
    std::snprintf(text, sizeof text, "%.1f KiB", value / static_cast<double>(kKiB));
  } else {
    std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(bytes));
  }
  return text;
}

}  // namespace flashscope
