// The command line as CLI11 parses it (cli/command_line.h): both spellings
// of a value option, --set/--seed/--precondition applied in the order given,
// the missing-value and unknown-option messages, and the schema command.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

using Output = testing::CliOutput;
using testing::kSmallDevice;

class CommandLine : public testing::CliTest {};

constexpr const char* kShortJob = "[w]\nrw=randwrite\nbs=4k\niodepth=4\nnumber_ios=2000\n";

TEST_F(CommandLine, ValueOptionsTakeASpaceOrAnEqualsSign) {
  const std::string device = Write("d.json", kSmallDevice);
  const std::string job = Write("j.fio", kShortJob);
  const Output spaced = Run("run --device " + device + " --fio " + job + " --output-format json");
  const Output joined = Run("run --device=" + device + " --fio=" + job + " --output-format=json");
  ASSERT_EQ(spaced.status, 0) << spaced.err;
  ASSERT_EQ(joined.status, 0) << joined.err;
  EXPECT_EQ(spaced.out, joined.out);
  // fio's JSON, not FlashScope's result.
  EXPECT_NE(json::Parse(spaced.out, "stdout").Find("fio version"), nullptr);
}

TEST_F(CommandLine, LaterOverridesWinInTheOrderGiven) {
  const std::string run = "run --device " + Write("d.json", kSmallDevice) + " --fio " +
                          Write("j.fio", kShortJob) + " --json";
  const Output seed_2 = Run(run + " --seed 2");
  const Output set_then_seed = Run(run + " --set seed=1 --seed 2");
  const Output seed_then_set = Run(run + " --seed 2 --set seed=1");
  const Output seed_1 = Run(run + " --seed 1");
  ASSERT_EQ(seed_2.status, 0) << seed_2.err;
  EXPECT_EQ(set_then_seed.out, seed_2.out);
  EXPECT_EQ(seed_then_set.out, seed_1.out);
  EXPECT_NE(seed_1.out, seed_2.out);
  const json::Value seed_2_root = json::Parse(seed_2.out, "stdout");
  ASSERT_NE(seed_2_root.Find("seed"), nullptr);
  EXPECT_EQ(seed_2_root.Find("seed")->as_number(), 2);
  // --precondition after --set precondition.fill: the flag's fill wins.
  const Output fill = Run(run + " --set precondition.fill=0 --precondition fill=50%");
  ASSERT_EQ(fill.status, 0) << fill.err;
  const json::Value root = json::Parse(fill.out, "stdout");
  const json::Value* precondition = root.Find("device")->Find("precondition");
  ASSERT_NE(precondition, nullptr);
  EXPECT_EQ(precondition->Find("fill")->as_number(), 0.5);
}

TEST_F(CommandLine, MissingValuesAndUnknownArgumentsKeepTheirMessages) {
  const std::string device = Write("d.json", kSmallDevice);
  const std::string job = Write("j.fio", kShortJob);
  Output r = Run("run --device " + device + " --fio " + job + " --set");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("flashscope: --set needs a value\nusage:\n", 0), 0u) << r.err;
  r = Run("run --device " + device + " --fio " + job + " --frobnicate 3");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("flashscope: unknown option '--frobnicate'\n", 0), 0u) << r.err;
  r = Run("presets --bogus");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("flashscope: unknown option '--bogus' for presets\n", 0), 0u) << r.err;
  r = Run("frobnicate");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("flashscope: unknown command 'frobnicate'\n", 0), 0u) << r.err;
  r = Run("");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("flashscope: missing command\n", 0), 0u) << r.err;
  // A bad --set names the override, as the device reader reports it.
  r = Run("run --device " + device + " --fio " + job + " --set gc.victim=nonsense");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("(from --set)"), std::string::npos) << r.err;
}

TEST_F(CommandLine, SchemaPrintsJson) {
  const Output r = Run("schema");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(json::Parse(r.out, "stdout").is_object());
}

}  // namespace
}  // namespace flashscope
