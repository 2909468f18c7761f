// The CLI says when a sequential job writes into the data the fill level
// put on the drive (sim/fill_overwrite.h): `--parse-only` ends with a
// "warning:" line per job, a run warns on stderr and leaves its result
// alone. The SLC recovery preset's bursts at offsets 0, 25 % and 50 % of
// teaching-qlc-slc, under a 90 % fill and under none.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"

namespace flashscope {
namespace {

const std::string kRoot = FLASHSCOPE_REPO_ROOT;
const std::string kBursts = "run --device preset:teaching-qlc-slc --presets " + kRoot +
                            "/public/presets/devices --fio " + kRoot +
                            "/public/presets/workloads/slc-burst-idle-burst.fio";

size_t Count(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

TEST(FillOverwriteCli, ParseOnlyWarnsForEachBurstInsideTheFill) {
  const testing::CliOutput full =
      testing::RunCli(kBursts + " --set precondition.fill=0.9 --parse-only");
  ASSERT_EQ(full.status, 0) << full.err;
  EXPECT_EQ(Count(full.out, "\nwarning: job '"), 3u) << full.out;
  EXPECT_NE(full.out.find("warning: job 'burst-3-after-2s-idle' (line 21, offset=50%) writes "
                          "sequentially from 165.7 MB"),
            std::string::npos)
      << full.out;
  const testing::CliOutput empty = testing::RunCli(kBursts + " --parse-only");
  ASSERT_EQ(empty.status, 0) << empty.err;
  EXPECT_EQ(empty.out.find("warning:"), std::string::npos) << empty.out;
}

TEST(FillOverwriteCli, ARunWarnsOnStderrAndKeepsItsResult) {
  const testing::CliOutput run = testing::RunCli(kBursts + " --set precondition.fill=0.9 --json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(Count(run.err, "flashscope: warning: job '"), 3u) << run.err;
  EXPECT_NE(run.err.find("inside the 90 % fill"), std::string::npos) << run.err;
  const json::Value result = json::Parse(run.out, "stdout");
  EXPECT_TRUE(result.Find("host")->is_object());
}

}  // namespace
}  // namespace flashscope
