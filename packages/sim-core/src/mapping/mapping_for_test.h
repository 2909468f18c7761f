// Test helpers for the mapping schemes: a listener that records the media
// work it is told, and shorthands for configurations and counters.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "mapping/i_mapping_scheme.h"

namespace flashscope::mapping {

struct RecordedOp {
  char kind;  // 'r' read, 'p' program, 'e' erase
  uint32_t block;
  uint32_t page;
  Cause cause;
};

class RecordingListener final : public IMappingListener {
 public:
  void OnPageRead(uint32_t block, uint32_t page, Cause cause) override {
    ops.push_back({'r', block, page, cause});
  }
  void OnPageProgram(uint32_t block, uint32_t page, Cause cause) override {
    ops.push_back({'p', block, page, cause});
  }
  void OnBlockErase(uint32_t block, Cause cause) override { ops.push_back({'e', block, 0, cause}); }
  void OnMerge(MergeKind kind, uint64_t logical_block) override {
    merges.push_back({kind, logical_block});
  }
  uint64_t Count(char kind, Cause cause) const {
    uint64_t n = 0;
    for (const RecordedOp& op : ops) n += op.kind == kind && op.cause == cause;
    return n;
  }

  struct Merge {
    MergeKind kind;
    uint64_t logical_block;
  };
  std::vector<RecordedOp> ops;
  std::vector<Merge> merges;
};

inline MappingConfig Geometry(uint32_t blocks, uint32_t pages_per_block, uint64_t logical_pages,
                              uint32_t log_blocks = 0) {
  MappingConfig config;
  config.physical_blocks = blocks;
  config.pages_per_block = pages_per_block;
  config.logical_pages = logical_pages;
  config.log_blocks = log_blocks;
  return config;
}

inline uint64_t Reads(const MappingStats& s, Cause c) {
  return s.nand.page_reads[static_cast<uint32_t>(c)];
}
inline uint64_t Programs(const MappingStats& s, Cause c) {
  return s.nand.page_programs[static_cast<uint32_t>(c)];
}
inline uint64_t Erases(const MappingStats& s, Cause c) {
  return s.nand.block_erases[static_cast<uint32_t>(c)];
}

inline bool operator==(const PhysicalPage& a, const PhysicalPage& b) {
  return a.block == b.block && a.page == b.page;
}
inline void PrintTo(const PhysicalPage& p, std::ostream* os) {
  *os << "{block " << p.block << ", page " << p.page << "}";
}

}  // namespace flashscope::mapping
