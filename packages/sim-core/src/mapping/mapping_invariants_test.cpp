// Every mapping scheme on a seeded mix of sequential runs, hot random writes
// and reads: every written page reads back from exactly one valid physical
// page, the media rules hold as the listener sees them, the listener is told
// exactly what the counters count, and erase counts add up. Then the schemes
// side by side on random updates, ranked as the literature ranks them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mapping/i_mapping_scheme.h"
#include "mapping/mapping_for_test.h"
#include "util/rng.h"

namespace flashscope::mapping {
namespace {

constexpr uint32_t kPages = 8;
constexpr uint32_t kBlocks = 40;
constexpr uint64_t kLogical = 256;  // 32 logical blocks

MappingConfig Config() {
  MappingConfig config = Geometry(kBlocks, kPages, kLogical);
  config.cmt_entries = 16;
  config.entries_per_translation_page = 16;
  return config;
}

// Sees the media through the listener only, as a timed device would.
class MediaChecker final : public IMappingListener {
 public:
  explicit MediaChecker(const IMappingScheme& ftl)
      : ftl_(ftl), programmed_(static_cast<size_t>(kBlocks) * kPages, 0) {
    // Pages programmed before the run (DFTL's formatted translation pages).
    for (uint32_t block = 0; block < kBlocks; ++block) {
      for (uint32_t page = 0; page < kPages; ++page) {
        programmed_[block * kPages + page] = ftl.page_state(block, page) != PageState::kFree;
      }
    }
  }
  void OnPageRead(uint32_t block, uint32_t page, Cause cause) override {
    if (ftl_.page_state(block, page) != PageState::kValid) ++violations;
    ++reads[static_cast<uint32_t>(cause)];
  }
  void OnPageProgram(uint32_t block, uint32_t page, Cause cause) override {
    uint8_t& bit = programmed_[block * kPages + page];
    if (bit) ++violations;  // programmed twice without an erase
    bit = 1;
    ++programs[static_cast<uint32_t>(cause)];
  }
  void OnBlockErase(uint32_t block, Cause cause) override {
    for (uint32_t page = 0; page < kPages; ++page) programmed_[block * kPages + page] = 0;
    ++erases[static_cast<uint32_t>(cause)];
  }
  uint64_t violations = 0;
  std::array<uint64_t, kCauseCount> reads{}, programs{}, erases{};

 private:
  const IMappingScheme& ftl_;
  std::vector<uint8_t> programmed_;
};

void CheckMapping(const IMappingScheme& ftl, const std::vector<uint8_t>& written,
                  const std::string& name) {
  uint64_t valid_data = 0;
  uint64_t erases = 0;
  for (uint32_t block = 0; block < kBlocks; ++block) {
    erases += ftl.erase_count(block);
    for (uint32_t page = 0; page < kPages; ++page) {
      if (ftl.page_state(block, page) != PageState::kValid) continue;
      const uint64_t owner = ftl.page_owner(block, page);
      if (owner & kTranslationOwner) continue;
      ++valid_data;
      ASSERT_LT(owner, kLogical) << name;
      ASSERT_TRUE(written[owner]) << name << ": valid page of unwritten lpn " << owner;
      // The page maps back to itself: no two valid pages for one lpn.
      ASSERT_EQ(ftl.Lookup(owner), (PhysicalPage{block, page})) << name << " lpn " << owner;
    }
  }
  uint64_t written_count = 0;
  for (uint64_t lpn = 0; lpn < kLogical; ++lpn) {
    written_count += written[lpn];
    if (!written[lpn]) {
      ASSERT_EQ(ftl.Lookup(lpn).block, kNoBlock) << name;
    }
  }
  EXPECT_EQ(valid_data, written_count) << name;  // so each written lpn has one
  EXPECT_EQ(erases, ftl.stats().nand.TotalErases()) << name;
}

TEST(MappingInvariants, EveryWrittenPageReadsBackFromOneValidPage) {
  for (std::string_view name : MappingSchemeNames()) {
    const std::string label(name);
    auto ftl = MakeMappingScheme(name, Config());
    ASSERT_NE(ftl, nullptr) << label;
    MediaChecker checker(*ftl);
    ftl->set_listener(&checker);
    std::vector<uint8_t> written(kLogical, 0);
    Rng rng(2024);
    uint64_t next_sequential = 0;
    uint64_t writes = 0;
    uint64_t reads = 0;
    for (int op = 0; op < 30000; ++op) {
      const uint64_t dice = rng.Below(10);
      if (dice < 4) {
        const uint64_t lpn = rng.Below(kLogical);
        ftl->Read(lpn);
        ++reads;
        continue;
      }
      uint64_t lpn;
      if (dice < 7) {  // sequential run
        lpn = next_sequential;
        next_sequential = (lpn + 1) % kLogical;
        if (rng.Below(32) == 0) next_sequential = rng.Below(kLogical);
      } else {  // random, 80 % into a hot fifth
        lpn = rng.Below(5) < 4 ? rng.Below(kLogical / 5) : rng.Below(kLogical);
      }
      ftl->Write(lpn);
      written[lpn] = 1;
      ++writes;
      if (op % 1000 == 0) CheckMapping(*ftl, written, label);
    }
    CheckMapping(*ftl, written, label);
    const MappingStats& s = ftl->stats();
    EXPECT_EQ(s.host_writes, writes) << label;
    EXPECT_EQ(s.host_reads, reads) << label;
    EXPECT_EQ(checker.violations, 0u) << label;
    EXPECT_EQ(checker.reads, s.nand.page_reads) << label;
    EXPECT_EQ(checker.programs, s.nand.page_programs) << label;
    EXPECT_EQ(checker.erases, s.nand.block_erases) << label;
    EXPECT_EQ(Programs(s, Cause::kHost), writes) << label;
    EXPECT_EQ(Reads(s, Cause::kHost) + s.unmapped_reads, reads) << label;
    EXPECT_GT(s.nand.TotalErases(), 0u) << label;
  }
}

TEST(MappingInvariants, RandomUpdatesRankTheSchemes) {
  // Uniform random page updates over a full logical space. Block mapping
  // copies a block per update; BAST's block-associative logs thrash; FAST's
  // shared random logs merge less often; page mapping only moves what greedy
  // GC finds valid; DFTL adds translation traffic to page mapping's.
  std::vector<std::pair<std::string, double>> waf;
  for (std::string_view name : MappingSchemeNames()) {
    auto ftl = MakeMappingScheme(name, Config());
    for (uint64_t lpn = 0; lpn < kLogical; ++lpn) ftl->Write(lpn);
    Rng rng(99);
    for (int i = 0; i < 20000; ++i) ftl->Write(rng.Below(kLogical));
    waf.emplace_back(std::string(name), ftl->stats().waf());
  }
  auto of = [&](const char* name) {
    for (const auto& [n, w] : waf) {
      if (n == name) return w;
    }
    return 0.0;
  };
  for (const auto& [n, w] : waf) std::printf("  random updates: %-5s WAF %.2f\n", n.c_str(), w);
  EXPECT_GT(of("block"), of("bast"));
  EXPECT_GT(of("bast"), of("fast"));
  EXPECT_GT(of("fast"), of("page"));
  EXPECT_GT(of("dftl"), of("page"));
}

}  // namespace
}  // namespace flashscope::mapping
