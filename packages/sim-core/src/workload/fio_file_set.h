// Where a fio job's region and files lie on the drive.
//
// fio runs a job on `nrfiles` files of `filesize` (or `size / nrfiles`)
// each, starting at `offset + subjob_number * offset_increment` inside each
// file (filesetup.c get_start_offset, setup_files). FlashScope has no file
// system: the job's files are laid out one after another on the logical
// device from the job's start, file i occupying
//   [start + sum of the sizes of files 0..i-1, ... + size of file i).
// Each file size is a multiple of the job's smallest block size so every
// file starts block-aligned, as fio's files start on a file system block.
// These functions are pure arithmetic: FioIoGenerator validates the result
// and names what does not fit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/rng.h"
#include "workload/fio_job.h"

namespace flashscope {

// The smallest block size of the directions the job issues (bs, bssplit or
// bsrange; fio's td_min_bs): offsets and file sizes align to it.
uint32_t FioJobMinBlockBytes(const FioJob& job);

// fio get_start_offset: offset + clone_index * offset_increment, rounded up
// to align_bytes (the job's smallest block size) when either is a
// percentage of the device.
uint64_t FioJobStartBytes(const FioJob& job, uint64_t capacity_bytes, uint32_t align_bytes);

// The files' sizes in bytes, appended to `sizes` (cleared first).
// With filesize: each file filesize_min bytes, or for a range a size drawn
// like fio's get_rand_file_size (uniform in [min, max)) from `rng`, one
// draw per file in file order; rounded down to block_bytes. Without:
// region_bytes split evenly as fio's setup_files does, each rounded down to
// block_bytes; one file is region_bytes exactly. A size may come out 0
// (region smaller than nrfiles blocks): the caller reports it.
void FioFileSizes(const FioJob& job, uint64_t capacity_bytes, uint64_t region_bytes,
                  uint32_t block_bytes, Rng& rng, std::vector<uint64_t>& sizes);

// The highest byte (exclusive) a job can touch on a drive of capacity_bytes:
// its start plus its files (nrfiles * filesize_max with filesize, else the
// job's size, else the rest of the drive). For a CLI that looks for a drive
// the job fits on: a job fits when this is <= the drive's logical capacity.
// Sizes in zone units (`8z`) count as 0: convert them first.
uint64_t FioJobEndBytes(const FioJob& job, uint64_t capacity_bytes);

// "2.00 TiB", "931.3 GiB", "512.0 MiB", "64.0 KiB", "512 bytes": for
// messages that a person reads.
std::string HumanBytes(uint64_t bytes);

}  // namespace flashscope
