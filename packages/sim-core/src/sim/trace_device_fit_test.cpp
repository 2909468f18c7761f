// The rule for a trace bigger than the drive (issue 28): the sentence with
// its footprint, the drive's capacity and the smallest shipped preset that
// holds the footprint, the same rule a fio job bigger than the drive uses
// (SmallestPresetFor), and nothing when the trace fits.
#include "sim/trace_device_fit.h"

#include <gtest/gtest.h>

#include <string>

namespace flashscope {
namespace {

const std::string kPresets = std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices";

TEST(TraceDeviceFit, AFootprintLargerThanTheDriveNamesTheSmallestConventionalPreset) {
  const std::vector<PresetSize> presets = {{"big", 100'000'000'000, false},
                                           {"zoned", 20'000'000'000, true},
                                           {"mid", 30'000'000'000, false},
                                           {"small", 1'000'000'000, false}};
  TraceFootprint trace;
  trace.footprint_bytes = 25'000'000'000;
  trace.max_offset_bytes = 50'000'000'000;
  const TraceFit fit = FitTraceToDrive(trace, 8'000'000'000, presets);
  EXPECT_TRUE(fit.wraps);
  ASSERT_TRUE(fit.preset.has_value());
  EXPECT_EQ(fit.preset->name, "mid");  // not the zoned one, nor the one too small
  EXPECT_EQ(fit.note,
            "the trace touches 25.0 GB (its footprint) but the drive holds 8.0 GB: its addresses "
            "wrap onto the drive, so blocks the trace keeps apart share flash, and the figures "
            "are this drive's, not the trace's; the smallest preset that holds the footprint is "
            "preset:mid (30.0 GB), with --map compact (the addresses reach 50.0 GB)");
  // An estimated footprint says so; no preset big enough says that.
  trace.footprint_estimated = true;
  trace.footprint_bytes = 200'000'000'000;
  const TraceFit none = FitTraceToDrive(trace, 8'000'000'000, presets);
  EXPECT_FALSE(none.preset.has_value());
  EXPECT_NE(none.note.find("touches about 200.0 GB"), std::string::npos) << none.note;
  EXPECT_NE(none.note.find("; no preset holds that much"), std::string::npos) << none.note;
}

TEST(TraceDeviceFit, ATraceThatFitsHasNoNote) {
  TraceFootprint trace;
  trace.footprint_bytes = 1'000'000'000;
  trace.max_offset_bytes = 2'000'000'000;
  const TraceFit fit = FitTraceToDrive(trace, 8'000'000'000, PresetSizesIn(kPresets));
  EXPECT_FALSE(fit.wraps);
  EXPECT_EQ(fit.note, "");
  // Several volumes each in its own region: their offsets do not add up to
  // one address space, so only the footprint decides.
  trace.max_offset_bytes = 50'000'000'000;
  trace.volumes = 12;
  EXPECT_FALSE(FitTraceToDrive(trace, 8'000'000'000, {}).wraps);
}

TEST(TraceDeviceFit, TheShippedPresetsAnswerAsForAJobFile) {
  // The smallest shipped conventional preset that holds 10 GiB, as the fio
  // job file rule finds it.
  const std::optional<PresetSize> preset =
      SmallestPresetFor(PresetSizesIn(kPresets), uint64_t{10} << 30);
  ASSERT_TRUE(preset.has_value());
  EXPECT_EQ("preset:" + preset->name,
            SmallestPresetHolding(kPresets, uint64_t{10} << 30).substr(0, 7 + preset->name.size()));
  EXPECT_EQ(preset->name, "tlc-64g");
}

}  // namespace
}  // namespace flashscope
