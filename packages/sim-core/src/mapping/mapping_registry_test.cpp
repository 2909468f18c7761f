// The registry builds every scheme name the CLI, device JSON and UI offer,
// refuses unknown ones, and rejects a geometry a scheme cannot run on with
// an InputError that names the largest logical space that fits — which does
// fit, and one page more does not.
#include <gtest/gtest.h>

#include <string>

#include "mapping/i_mapping_scheme.h"
#include "mapping/mapping_for_test.h"
#include "util/input_error.h"

namespace flashscope::mapping {
namespace {

TEST(MappingRegistry, BuildsEveryOfferedName) {
  for (std::string_view name : MappingSchemeNames()) {
    auto ftl = MakeMappingScheme(name, Geometry(64, 64, 2048));
    ASSERT_NE(ftl, nullptr) << name;
    EXPECT_EQ(ftl->name(), name);
  }
  EXPECT_EQ(MakeMappingScheme("nftl", Geometry(64, 64, 2048)), nullptr);
}

TEST(MappingRegistry, ResolvesTheDefaultLogBlocks) {
  // 32 logical blocks on 40: 7 log blocks, one block kept for merges.
  EXPECT_EQ(MakeMappingScheme("bast", Geometry(40, 8, 256))->config().log_blocks, 7u);
  EXPECT_EQ(MakeMappingScheme("fast", Geometry(40, 8, 256))->config().log_blocks, 7u);
  EXPECT_EQ(MakeMappingScheme("fast", Geometry(40, 8, 256, 3))->config().log_blocks, 3u);
}

uint64_t LargestThatFits(const std::string& message) {
  const std::string key = "at most ";
  const size_t at = message.find(key);
  if (at == std::string::npos) return 0;
  return std::stoull(message.substr(at + key.size()));
}

TEST(MappingRegistry, TooSmallAFlashNamesTheLargestLogicalSpace) {
  for (std::string_view name : MappingSchemeNames()) {
    for (uint32_t blocks : {12u, 40u, 200u}) {
      MappingConfig config = Geometry(blocks, 8, uint64_t{blocks} * 8);  // no spare at all
      config.entries_per_translation_page = 16;
      try {
        MakeMappingScheme(name, config, "drive.json");
        FAIL() << name << " accepted a flash without spare blocks";
      } catch (const InputError& error) {
        EXPECT_EQ(error.file(), "drive.json");
        const uint64_t largest = LargestThatFits(error.problem());
        ASSERT_GT(largest, 0u) << error.what();
        config.logical_pages = largest;
        EXPECT_NO_THROW(MakeMappingScheme(name, config)) << name << " " << blocks;
        config.logical_pages = largest + 1;
        EXPECT_THROW(MakeMappingScheme(name, config), InputError) << name << " " << blocks;
      }
    }
  }
}

TEST(MappingRegistry, RejectsAnEmptyGeometryAndAnEmptyCmt) {
  EXPECT_THROW(MakeMappingScheme("page", Geometry(0, 64, 1)), InputError);
  EXPECT_THROW(MakeMappingScheme("page", Geometry(8, 0, 1)), InputError);
  MappingConfig config = Geometry(64, 64, 2048);
  config.cmt_entries = 0;
  EXPECT_THROW(MakeMappingScheme("dftl", config), InputError);
  EXPECT_THROW(MakeMappingScheme("bast", Geometry(40, 8, 256, 30)), InputError);  // 32 + 30 > 40
}

TEST(MappingRegistry, LogicalPagesOutOfRangeAreABug) {
  auto ftl = MakeMappingScheme("fast", Geometry(40, 8, 256));
  EXPECT_THROW(ftl->Write(256), std::out_of_range);
  EXPECT_THROW(ftl->Read(1000), std::out_of_range);
}

}  // namespace
}  // namespace flashscope::mapping
