// A trace bigger than the drive is no longer wrapped onto it in silence
// (issue 28): `flashscope run --trace` prints a note with the trace's
// footprint, the drive's capacity and the smallest shipped preset that
// holds the footprint, and the result's trace object gives the footprint
// `trace inspect` counts and whether the replay wrapped.
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

const std::string kTencent =
    FLASHSCOPE_REPO_ROOT "/../shared/traces/real/tencent_cbs_sample.csv.bz2";
const std::string kMsr = FLASHSCOPE_REPO_ROOT "/../shared/traces/real/msr_hm0_sample.csv";

using TraceWrapCli = testing::CliTest;
using testing::NumberAt;
using testing::ValueAt;

// The notes of a run's text output, in order.
std::vector<std::string> NoteLines(const std::string& text) {
  std::vector<std::string> notes;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    if (line.rfind("note: ", 0) == 0) notes.push_back(line);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return notes;
}

// The Tencent sample (1.4 GB touched over its 2,038 volumes, offsets up to
// 1.7 TB) on the web app's default drive, the 53.7 MB teaching SSD.
TEST_F(TraceWrapCli, TheTencentSampleOnTheTeachingDriveSaysWhatWouldHoldIt) {
  const std::string run = "run --device preset:teaching-slc-tiny --trace " + kTencent;
  const testing::CliOutput text = Run(run);
  ASSERT_EQ(text.status, 0) << text.err;
  const std::vector<std::string> notes = NoteLines(text.out);
  ASSERT_FALSE(notes.empty()) << text.out;
  // First among the notes: the one that decides whether the figures are the trace's.
  EXPECT_EQ(notes[0],
            "note: the trace touches 1.4 GB (its footprint) but the drive holds 53.7 MB: its "
            "addresses wrap onto the drive, so blocks the trace keeps apart share flash, and "
            "the figures are this drive's, not the trace's; the smallest preset that holds the "
            "footprint is preset:tlc-1tb-p4500-like (8.1 GB), with --map compact (the addresses "
            "reach 1.7 TB)");

  const json::Value result = Json(Run(run + " --json"));
  const json::Value inspected = Json(Run("trace inspect " + kTencent + " --json"));
  // The footprint the note gives is the inspection's, counted the same way.
  EXPECT_EQ(NumberAt(result, {"trace", "footprint_bytes"}),
            NumberAt(inspected, {"footprint_bytes"}));
  EXPECT_EQ(NumberAt(result, {"trace", "max_offset_bytes"}),
            NumberAt(inspected, {"max_offset_bytes"}));
  EXPECT_TRUE(ValueAt(result, {"trace", "wrapped"}).as_bool());
  EXPECT_EQ(NumberAt(result, {"capacity", "logical_bytes"}), 53'686'272);
}

// One volume, 10,000 reads of 1 MiB every 2 MiB: 10.5 GB touched, more
// than the 9.0 GB tlc-8g holds.
TEST_F(TraceWrapCli, ASingleVolumeLargerThanTheDriveNamesThePresetThatHoldsIt) {
  std::string text;
  for (int i = 0; i < 10000; ++i) {
    text += std::to_string(128166385295514663ull + i * 10000ull) + ",hm,0,Read," +
            std::to_string(uint64_t{2} * i << 20) + ",1048576,100\n";
  }
  const std::string trace = Write("big.csv", text);
  const testing::CliOutput run = Run("run --device preset:tlc-8g --trace " + trace);
  ASSERT_EQ(run.status, 0) << run.err;
  const std::vector<std::string> notes = NoteLines(run.out);
  ASSERT_FALSE(notes.empty()) << run.out;
  EXPECT_EQ(notes[0],
            "note: the trace touches 10.5 GB (its footprint) but the drive holds 9.0 GB: its "
            "addresses wrap onto the drive, so blocks the trace keeps apart share flash, and the "
            "figures are this drive's, not the trace's; the smallest preset that holds the "
            "footprint is preset:tlc-64g (69.2 GB)");
  // On that preset it fits: no note.
  const testing::CliOutput fits = Run("run --device preset:tlc-64g --trace " + trace);
  ASSERT_EQ(fits.status, 0) << fits.err;
  EXPECT_EQ(fits.out.find("the trace touches"), std::string::npos) << fits.out;
  const json::Value on_64g = Json(Run("run --device preset:tlc-64g --trace " + trace + " --json"));
  EXPECT_TRUE(ValueAt(on_64g, {"trace", "wrapped"}).is_bool());
  EXPECT_FALSE(ValueAt(on_64g, {"trace", "wrapped"}).as_bool());
}

// The MSR sample touches 7.9 MB but reaches 13.6 GB: on tlc-8g its
// addresses wrap though its footprint fits; --map compact keeps them apart.
TEST_F(TraceWrapCli, AFootprintThatFitsWithAddressesPastTheDrivePointsAtCompact) {
  const testing::CliOutput run = Run("run --device preset:tlc-8g --trace " + kMsr);
  ASSERT_EQ(run.status, 0) << run.err;
  const std::vector<std::string> notes = NoteLines(run.out);
  ASSERT_FALSE(notes.empty()) << run.out;
  EXPECT_EQ(notes[0],
            "note: the trace's addresses reach 13.6 GB, past the drive's 9.0 GB: they wrap onto "
            "the drive; its footprint (7.9 MB) fits, and --map compact replays it without "
            "wrapping");
  const testing::CliOutput compact =
      Run("run --device preset:tlc-8g --trace " + kMsr + " --map compact");
  EXPECT_EQ(compact.out.find("wrap onto the drive"), std::string::npos) << compact.out;
}

}  // namespace
}  // namespace flashscope
