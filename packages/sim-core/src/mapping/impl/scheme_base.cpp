// The flash model and the bases the mapping schemes share (schemes.h).
#include <stdexcept>
#include <string>

#include "config/device_config.h"
#include "mapping/impl/schemes.h"
#include "util/input_error.h"

namespace flashscope::mapping {

const char* MergeKindName(MergeKind kind) {
  switch (kind) {
    case MergeKind::kSwitch:
      return "switch";
    case MergeKind::kPartial:
      return "partial";
    case MergeKind::kFull:
      return "full";
    case MergeKind::kCopy:
      return "copy";
  }
  return "?";
}

// ------------------------------------------------------------ FlashArray

FlashArray::FlashArray(uint32_t blocks, uint32_t pages_per_block, MappingStats& stats)
    : blocks_(blocks),
      pages_per_block_(pages_per_block),
      stats_(stats),
      state_(static_cast<size_t>(blocks) * pages_per_block, PageState::kFree),
      owner_(static_cast<size_t>(blocks) * pages_per_block, kNoOwner),
      valid_(blocks, 0),
      programmed_(blocks, 0),
      erases_(blocks, 0),
      in_pool_(blocks, 1),
      bucket_head_(pages_per_block + 1, kNoBlock),
      bucket_tail_(pages_per_block + 1, kNoBlock),
      bucket_of_(blocks, kNoBlock),
      bucket_prev_(blocks, kNoBlock),
      bucket_next_(blocks, kNoBlock) {
  for (uint32_t block = 0; block < blocks; ++block) pool_.push_back(block);
}

void FlashArray::BucketInsert(uint32_t block) {
  const uint32_t count = valid_[block];
  bucket_of_[block] = count;
  bucket_prev_[block] = kNoBlock;
  bucket_next_[block] = bucket_head_[count];
  if (bucket_head_[count] != kNoBlock) bucket_prev_[bucket_head_[count]] = block;
  bucket_head_[count] = block;
  if (bucket_tail_[count] == kNoBlock) bucket_tail_[count] = block;
}

void FlashArray::BucketRemove(uint32_t block) {
  const uint32_t count = bucket_of_[block];
  const uint32_t prev = bucket_prev_[block];
  const uint32_t next = bucket_next_[block];
  if (prev != kNoBlock) {
    bucket_next_[prev] = next;
  } else {
    bucket_head_[count] = next;
  }
  if (next != kNoBlock) {
    bucket_prev_[next] = prev;
  } else {
    bucket_tail_[count] = prev;
  }
  bucket_of_[block] = kNoBlock;
}

uint32_t FlashArray::AllocateBlock() {
  if (pool_.empty()) throw std::logic_error("mapping: no erased block left");
  const uint32_t block = pool_.front();
  pool_.pop_front();
  in_pool_[block] = 0;
  return block;
}

void FlashArray::Read(uint32_t ppn, Cause cause) {
  if (state_[ppn] != PageState::kValid) throw std::logic_error("mapping: read of a page not valid");
  ++stats_.nand.page_reads[static_cast<uint32_t>(cause)];
  if (listener_) listener_->OnPageRead(BlockOf(ppn), PageOf(ppn), cause);
}

void FlashArray::MarkProgrammed(uint32_t ppn, uint64_t owner) {
  const uint32_t block = BlockOf(ppn);
  if (state_[ppn] != PageState::kFree || in_pool_[block]) {
    throw std::logic_error("mapping: program of a page not erased or of a pooled block");
  }
  state_[ppn] = PageState::kValid;
  owner_[ppn] = owner;
  ++valid_[block];
  if (++programmed_[block] == pages_per_block_) BucketInsert(block);
}

void FlashArray::Program(uint32_t ppn, uint64_t owner, Cause cause) {
  MarkProgrammed(ppn, owner);
  ++stats_.nand.page_programs[static_cast<uint32_t>(cause)];
  ++stats_.nand.units_programmed[static_cast<uint32_t>(cause)];
  if (listener_) listener_->OnPageProgram(BlockOf(ppn), PageOf(ppn), cause);
}

void FlashArray::ProgramUncounted(uint32_t ppn, uint64_t owner) { MarkProgrammed(ppn, owner); }

void FlashArray::Invalidate(uint32_t ppn) {
  if (state_[ppn] != PageState::kValid) {
    throw std::logic_error("mapping: invalidation of a page not valid");
  }
  state_[ppn] = PageState::kInvalid;
  const uint32_t block = BlockOf(ppn);
  const bool full = bucket_of_[block] != kNoBlock;
  if (full) BucketRemove(block);
  --valid_[block];
  if (full) BucketInsert(block);
}

void FlashArray::Erase(uint32_t block, Cause cause) {
  if (valid_[block] != 0 || in_pool_[block]) {
    throw std::logic_error("mapping: erase of a block holding valid data or already erased");
  }
  if (bucket_of_[block] != kNoBlock) BucketRemove(block);
  const uint32_t first = Ppn(block, 0);
  for (uint32_t page = 0; page < pages_per_block_; ++page) {
    state_[first + page] = PageState::kFree;
    owner_[first + page] = kNoOwner;
  }
  programmed_[block] = 0;
  ++erases_[block];
  ++stats_.nand.block_erases[static_cast<uint32_t>(cause)];
  in_pool_[block] = 1;
  pool_.push_back(block);
  if (listener_) listener_->OnBlockErase(block, cause);
}

uint32_t FlashArray::GreedyVictim() const {
  for (uint32_t count = 0; count < pages_per_block_; ++count) {
    if (bucket_tail_[count] != kNoBlock) return bucket_tail_[count];
  }
  throw std::logic_error("mapping: GC found no block holding garbage");
}

// ------------------------------------------------------------ SchemeBase

namespace {

const MappingConfig& Checked(const MappingConfig& config, const std::string& source) {
  if (config.physical_blocks == 0 || config.pages_per_block == 0 || config.logical_pages == 0) {
    throw InputError(source, 0,
                     "ftl: physical blocks, pages per block and logical pages must be positive");
  }
  if (static_cast<uint64_t>(config.physical_blocks) * config.pages_per_block >= kNoPage) {
    throw InputError(source, 0, "ftl: more than 2^32 - 1 physical pages");
  }
  return config;
}

}  // namespace

SchemeBase::SchemeBase(const MappingConfig& config, const std::string& source)
    : config_(Checked(config, source)),
      source_(source),
      pages_per_block_(config.pages_per_block),
      flash_(config.physical_blocks, config.pages_per_block, stats_),
      where_(config.logical_pages, kNoPage) {}

void SchemeBase::Require(bool ok, const std::string& need, uint64_t max_logical_pages) const {
  if (ok) return;
  std::string message = "ftl.mapping " + std::string(name()) + ": " + need + "; the flash has " +
                        std::to_string(config_.physical_blocks) + " blocks";
  if (max_logical_pages > 0) {
    message += ", which hold at most " + std::to_string(max_logical_pages) + " logical pages";
  } else {
    message += ", too few for any logical space";
  }
  throw InputError(source_, 0, message);
}

PhysicalPage SchemeBase::Lookup(uint64_t lpn) const {
  CheckLpn(lpn);
  const uint32_t ppn = where_[lpn];
  if (ppn == kNoPage) return PhysicalPage{};
  return PhysicalPage{flash_.BlockOf(ppn), flash_.PageOf(ppn)};
}

PageState SchemeBase::page_state(uint32_t block, uint32_t page) const {
  return flash_.state(flash_.Ppn(block, page));
}

uint64_t SchemeBase::page_owner(uint32_t block, uint32_t page) const {
  const uint32_t ppn = flash_.Ppn(block, page);
  return flash_.state(ppn) == PageState::kFree ? kNoOwner : flash_.owner(ppn);
}

void SchemeBase::CheckLpn(uint64_t lpn) const {
  if (lpn >= config_.logical_pages) {
    throw std::out_of_range("mapping: logical page " + std::to_string(lpn) + " beyond " +
                            std::to_string(config_.logical_pages));
  }
}

void SchemeBase::Place(uint64_t lpn, uint32_t ppn, Cause cause) {
  const uint32_t old = where_[lpn];
  flash_.Program(ppn, lpn, cause);
  if (old != kNoPage) flash_.Invalidate(old);
  where_[lpn] = ppn;
}

void SchemeBase::Move(uint64_t lpn, uint32_t ppn) {
  flash_.Read(where_[lpn], Cause::kGc);
  Place(lpn, ppn, Cause::kGc);
}

void SchemeBase::ReadData(uint64_t lpn) {
  const uint32_t ppn = where_[lpn];
  if (ppn == kNoPage) {
    ++stats_.unmapped_reads;
    return;
  }
  flash_.Read(ppn, Cause::kHost);
}

void SchemeBase::NoteMerge(MergeKind kind, uint64_t logical_block) {
  ++stats_.merges[static_cast<uint32_t>(kind)];
  if (flash_.listener()) flash_.listener()->OnMerge(kind, logical_block);
}

// ------------------------------------------------------------ BlockMappedBase

BlockMappedBase::BlockMappedBase(const MappingConfig& config, const std::string& source)
    : SchemeBase(config, source),
      data_block_((config.logical_pages + config.pages_per_block - 1) / config.pages_per_block,
                  kNoBlock) {}

uint32_t BlockMappedBase::ResolveLogBlocks(const MappingConfig& config, uint64_t min_logs,
                                           const std::string& what) {
  const uint64_t blocks = config.physical_blocks;
  const uint64_t wanted = config.log_blocks;
  const uint64_t logs =
      wanted > 0 ? wanted : (blocks > logical_blocks() + 1 ? blocks - logical_blocks() - 1 : 0);
  const uint64_t needed = std::max<uint64_t>(wanted, min_logs);
  Require(logs >= min_logs && logical_blocks() + logs + 1 <= blocks,
          std::to_string(logical_blocks()) + " data blocks need " + std::to_string(needed) + " " +
              what + " and one spare for merges",
          blocks > needed + 1 ? (blocks - needed - 1) * pages_per_block_ : 0);
  config_.log_blocks = static_cast<uint32_t>(logs);
  return static_cast<uint32_t>(logs);
}

void BlockMappedBase::Read(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_reads;
  ReadData(lpn);
}

uint32_t BlockMappedBase::DataBlock(uint64_t lbn) {
  if (data_block_[lbn] == kNoBlock) data_block_[lbn] = flash_.AllocateBlock();
  return data_block_[lbn];
}

void BlockMappedBase::CopyOffsets(uint64_t lbn, uint32_t from, uint32_t block) {
  for (uint32_t off = from; off < pages_per_block_; ++off) {
    const uint64_t lpn = lbn * pages_per_block_ + off;
    if (lpn >= config_.logical_pages) break;
    if (where_[lpn] != kNoPage) Move(lpn, flash_.Ppn(block, off));
  }
}

void BlockMappedBase::FullMerge(uint64_t lbn) {
  NoteMerge(MergeKind::kFull, lbn);
  const uint32_t fresh = flash_.AllocateBlock();
  CopyOffsets(lbn, 0, fresh);
  flash_.Erase(data_block_[lbn], Cause::kGc);
  data_block_[lbn] = fresh;
}

bool BlockMappedBase::InPlaceOrder(uint32_t block, uint64_t lbn) const {
  const uint32_t written = flash_.programmed_pages(block);
  for (uint32_t page = 0; page < written; ++page) {
    const uint32_t ppn = flash_.Ppn(block, page);
    if (flash_.state(ppn) != PageState::kValid) return false;
    if (flash_.owner(ppn) != lbn * pages_per_block_ + page) return false;
  }
  return true;
}

std::vector<Setting> LogBlocksParameters() {
  return {InParamBag(
      IntegerSetting("log_blocks", "Log blocks (bast, fast); 0 = every spare block but one",
                     "blocks", 0, kMaxU32Setting, nullptr),
      [](DeviceConfig& c) -> ParamBag& { return c.ftl.params; }, uint64_t{0})};
}

uint32_t LogBlocks(const ParamBag& params) {
  return static_cast<uint32_t>(params.Uint("log_blocks", 0));
}

}  // namespace flashscope::mapping
