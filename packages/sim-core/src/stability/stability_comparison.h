// Issue 7's comparison "why stability differs": the same drive with greedy
// vs cost-benefit GC, with and without background GC, with and without
// program/erase suspend, client (bursty GC) vs enterprise (paced GC,
// issue 17), each through the whole stability flow
// (stability_flow.h), side by side (`flashscope stability --compare`).
//
// Each variant is a list of device overrides (the CLI's --set syntax)
// applied after the user's own, so a variant fixes the four things it
// compares (GC victim policy, background GC, GC pacing, suspend) and leaves the rest
// of the drive as given.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "stability/stability_flow.h"
#include "workload/fio_job.h"

namespace flashscope::stability {

struct ComparisonVariant {
  std::string name;                    // "baseline", "cost_benefit", ...
  std::string label;                   // what the table shows
  std::vector<std::string> overrides;  // device KEY=VALUE, after the user's
};

// baseline (greedy victims, background GC, no GC pacing, no suspend),
// cost_benefit, no_background_gc, suspend (program and erase) and
// enterprise (gc.pacing=proportional): each differs from the baseline in
// one thing.
const std::vector<ComparisonVariant>& StandardVariants();

struct VariantResult {
  ComparisonVariant variant;
  StabilityResult result;
};

// Runs every variant of `variants` on the device `device_for` builds for it
// (the CLI loads the user's device with the variant's overrides), one after
// another, with the same measurement and options.
std::vector<VariantResult> RunComparison(
    const std::vector<ComparisonVariant>& variants,
    const std::function<DeviceConfig(const ComparisonVariant&)>& device_for,
    const FioJobFile& measure, const StabilityOptions& options);

// A measurement that never leaves the drive idle: every job keeps its
// iodepth full (no rate_iops, no thinktime, no open-loop arrivals), so a
// die hardly ever sees a gap of gc.idle_us (1 ms by default) between host
// commands and background GC does not start.
bool IsClosedLoop(const FioJobFile& measure);

// A measurement whose jobs are held to a fixed rate (rate_iops): its rounds
// all run at that rate while the drive keeps up.
bool IsRatePaced(const FioJobFile& measure);

// One-line notes on what the comparison cannot show for this drive,
// measurement and options (empty when nothing stands in its way): a
// closed-loop measurement (background GC hardly runs); a drive whose
// background GC reserve equals its foreground one
// (gc.background_free_block_threshold rounds to the same number of blocks
// per plane as gc.free_block_threshold); rounds with idle gaps (thinktime:
// CV counts the idle intervals); rate-paced rounds without the random
// preconditioning (steady state declared while the drive may still be
// fresh).
std::vector<std::string> ComparisonNotes(const DeviceConfig& device, const FioJobFile& measure,
                                         const StabilityOptions& options);

// The side-by-side table (variant, rounds, steady?, mean IOPS, CV,
// consistency, read/write p99.9, window WAF, QoS verdict), each variant's
// overrides, then the notes.
std::string ComparisonText(const std::vector<VariantResult>& results,
                           const std::vector<std::string>& notes);

// {"variants": [{"name", "label", "overrides": [...], <StabilityJson's
// keys>}], "notes": [...]}.
std::string ComparisonJson(const std::vector<VariantResult>& results,
                           const std::vector<std::string>& notes, bool pretty);

}  // namespace flashscope::stability
