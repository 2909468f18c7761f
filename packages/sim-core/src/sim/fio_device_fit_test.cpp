// The error for a job file written for a bigger drive: what the jobs need,
// what the drive holds, and the repository's preset that would hold them.
#include "sim/fio_device_fit.h"

#include <gtest/gtest.h>

#include <string>

#include "util/input_error.h"

namespace flashscope {
namespace {

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

TEST(FioDeviceFit, TheJobNeedingTheMostIsNamedWithItsOptionsAsWritten) {
  FioJobFile file = ParseFioJobs(
      "[global]\nbs=4k\n[small]\nrw=read\nsize=1g\n[seq]\nrw=write\noffset=1t\nsize=1t\n"
      "[pct]\nrw=read\nsize=50%\n",
      "jobs.fio");
  // The options as the parser keeps them for fio's "job options".
  file.jobs[1].options = {{"rw", "write"}, {"offset", "1t"}, {"size", "1t"}};
  const FioSpaceNeed need = FioJobsSpaceNeed(file);
  EXPECT_EQ(need.end_bytes, 2ull << 40);
  EXPECT_EQ(need.job, 1);
  EXPECT_EQ(need.options, "offset=1t, size=1t");
  // Percentages fit any drive.
  EXPECT_EQ(FioJobsSpaceNeed(ParseFioJobs("[p]\nrw=read\nsize=50%\n", "j")).job, -1);
}

TEST(FioDeviceFit, TheErrorNamesTheDriveAndThePresetThatFits) {
  FioJobFile file = ParseFioJobs("[global]\nbs=4k\n\n[seq]\nrw=write\nsize=600g\n", "jobs.fio");
  file.jobs[0].options = {{"rw", "write"}, {"size", "600g"}};
  // tlc-512g holds 512.4 GiB; the smallest preset holding 600 GiB is a
  // 1 TB QLC one (qlc-1tb-665p-like, 931.5 GiB).
  const std::string fits = SmallestPresetHolding(kPresets, 600ull << 30);
  EXPECT_EQ(fits, "preset:qlc-1tb-665p-like (931.5 GiB)");
  try {
    CheckFioJobsFit(file, 550'185'178'112ull, "preset:tlc-512g",
                    [](uint64_t bytes) { return SmallestPresetHolding(kPresets, bytes); });
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "jobs.fio:4: job 'seq': size=600g needs 600.0 GiB; the drive (preset:tlc-512g) "
                 "holds 512.4 GiB; preset:qlc-1tb-665p-like (931.5 GiB) would fit");
  }
  // Nothing holds 2 TiB; and a job that fits is no error.
  EXPECT_EQ(SmallestPresetHolding(kPresets, 2ull << 40), "");
  FioJobFile huge = ParseFioJobs("[global]\nsize=2t\n[big]\nrw=write\n", "j.fio");
  huge.global_options = {{"size", "2t"}};  // as the parser keeps [global]
  try {
    CheckFioJobsFit(huge, 1ull << 30, "d.json",
                    [](uint64_t bytes) { return SmallestPresetHolding(kPresets, bytes); });
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "j.fio:3: job 'big': size=2t needs 2.00 TiB; the drive (d.json) holds 1.0 GiB; "
                 "no preset holds that much");
  }
  CheckFioJobsFit(file, 1ull << 40, "d.json", nullptr);
}

}  // namespace
}  // namespace flashscope
