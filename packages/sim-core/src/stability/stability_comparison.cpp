#include "stability/stability_comparison.h"

#include <cstdio>

#include "nand/layout.h"
#include "util/json.h"

namespace flashscope::stability {

const std::vector<ComparisonVariant>& StandardVariants() {
  // Every variant states all four settings, so the table does not depend
  // on what the user's device file chose for them. "enterprise" is the
  // baseline with paced GC (gc.pacing=proportional): issue 17's client vs
  // enterprise, seed 001's two products (IOPS CV 8.46 % vs 0.75 %).
  static const std::vector<ComparisonVariant> variants = {
      {"baseline",
       "greedy, bg GC",
       {"gc.victim=greedy", "gc.background=true", "gc.pacing=none", "suspend.program=false",
        "suspend.erase=false"}},
      {"cost_benefit",
       "cost-benefit GC",
       {"gc.victim=cost_benefit", "gc.background=true", "gc.pacing=none", "suspend.program=false",
        "suspend.erase=false"}},
      {"no_background_gc",
       "no background GC",
       {"gc.victim=greedy", "gc.background=false", "gc.pacing=none", "suspend.program=false",
        "suspend.erase=false"}},
      {"suspend",
       "P/E suspend",
       {"gc.victim=greedy", "gc.background=true", "gc.pacing=none", "suspend.program=true",
        "suspend.erase=true"}},
      {"enterprise",
       "enterprise: paced GC",
       {"gc.victim=greedy", "gc.background=true", "gc.pacing=proportional", "suspend.program=false",
        "suspend.erase=false"}},
  };
  return variants;
}

std::vector<VariantResult> RunComparison(
    const std::vector<ComparisonVariant>& variants,
    const std::function<DeviceConfig(const ComparisonVariant&)>& device_for,
    const FioJobFile& measure, const StabilityOptions& options) {
  std::vector<VariantResult> results;
  results.reserve(variants.size());
  for (const ComparisonVariant& variant : variants) {
    results.push_back({variant, RunStability(device_for(variant), measure, options)});
  }
  return results;
}

bool IsClosedLoop(const FioJobFile& measure) {
  for (const FioJob& job : measure.jobs) {
    if (job.iodepth == 0 || job.rate_iops > 0 || job.thinktime_ns > 0) return false;
  }
  return true;
}

bool IsRatePaced(const FioJobFile& measure) {
  for (const FioJob& job : measure.jobs) {
    if (job.rate_iops > 0) return true;
  }
  return false;
}

std::vector<std::string> ComparisonNotes(const DeviceConfig& device, const FioJobFile& measure,
                                         const StabilityOptions& options) {
  std::vector<std::string> notes;
  char line[400];
  if (IsClosedLoop(measure)) {
    notes.push_back(
        "note: the measurement is closed-loop (no rate_iops or thinktime): the dies are seldom "
        "idle for gc.idle_us, so background GC hardly runs and 'no background GC' differs "
        "little from the baseline; pace the rounds (rate_iops, thinktime) to compare it");
  }
  const DeviceLayout layout = DeviceLayout::From(device);
  if (layout.background_reserve_blocks <= layout.gc_reserve_blocks) {
    std::snprintf(line, sizeof line,
                  "note: on this drive background GC keeps the same %u free blocks per plane as "
                  "foreground GC (%u blocks per plane), so it never starts first and 'no "
                  "background GC' matches the baseline; a drive with more blocks per plane (or "
                  "a higher gc.background_free_block_threshold) separates them",
                  layout.gc_reserve_blocks, device.geometry.blocks_per_plane);
    notes.push_back(line);
  }
  bool thinks = false;
  for (const FioJob& job : measure.jobs) thinks |= job.thinktime_ns > 0;
  if (thinks) {
    notes.push_back(
        "note: the rounds idle between bursts (thinktime): CV and consistency count the idle "
        "intervals too, so they measure the on/off pattern more than jitter; compare mean "
        "IOPS and p99.9");
  }
  if (IsRatePaced(measure) && options.random_precondition_capacity == 0) {
    notes.push_back(
        "note: the rounds are paced (rate_iops) and there is no random preconditioning: every "
        "round has the same IOPS, so steady state is declared at round 5, possibly while the "
        "drive still writes into its fresh over-provisioning (window WAF near 1); add "
        "--random-precondition 1");
  }
  return notes;
}

namespace {

std::string Fixed(const std::optional<double>& value, const char* format) {
  if (!value) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, format, *value);
  return text;
}

}  // namespace

std::string ComparisonText(const std::vector<VariantResult>& results,
                           const std::vector<std::string>& notes) {
  std::string text;
  char line[320];
  if (!results.empty()) {
    const StabilityResult& first = results.front().result;
    std::snprintf(line, sizeof line, "stability comparison: %s, %s (user capacity %.1f MiB)\n\n",
                  first.device.c_str(), first.workload.c_str(),
                  first.user_capacity_bytes / 1048576.0);
    text += line;
  }
  text +=
      "variant               rounds  steady  mean IOPS  CV       consist.  rd p99.9 us  wr p99.9 "
      "us  "
      "WAF    QoS\n";
  for (const VariantResult& v : results) {
    const StabilityResult& r = v.result;
    const std::string steady =
        r.steady_state.reached ? "r" + std::to_string(r.steady_state.round) : "no";
    std::snprintf(line, sizeof line, "%-21s %-7zu %-7s %-10.0f %-8s %-9s %-12.1f %-12.1f %-6s %s\n",
                  v.variant.label.c_str(), r.rounds.size(), steady.c_str(), r.cv.mean,
                  Fixed(r.cv.cv, "%.3f").c_str(), Fixed(r.consistency.value, "%.3f").c_str(),
                  r.read.p99_9_ns / 1e3, r.write.p99_9_ns / 1e3,
                  WindowWaf(r) > 0 ? Fixed(WindowWaf(r), "%.2f").c_str() : "\u2014",
                  r.qos.pass ? "PASS" : "FAIL");
    text += line;
  }
  text += "\n";
  for (const VariantResult& v : results) {
    std::string overrides;
    for (const std::string& o : v.variant.overrides)
      overrides += (overrides.empty() ? "" : " ") + o;
    std::snprintf(line, sizeof line, "%-21s %s\n", v.variant.label.c_str(), overrides.c_str());
    text += line;
  }
  if (!results.empty()) {
    std::snprintf(line, sizeof line,
                  "\nmean IOPS, CV, consistency: the %g ms IOPS samples in the steady-state "
                  "window (rN: reached at round N); p99.9, QoS: the window's I/O; WAF: its "
                  "rounds' mean\n",
                  results.front().result.series_interval_ns / 1e6);
    text += line;
  }
  for (const std::string& note : notes) text += note + "\n";
  return text;
}

std::string ComparisonJson(const std::vector<VariantResult>& results,
                           const std::vector<std::string>& notes, bool pretty) {
  json::Writer out(pretty);
  out.BeginObject();
  out.Key("variants").BeginArray();
  for (const VariantResult& v : results) {
    out.BeginObject();
    out.FieldString("name", v.variant.name);
    out.FieldString("label", v.variant.label);
    out.Key("overrides").BeginArray();
    for (const std::string& o : v.variant.overrides) out.String(o);
    out.EndArray();
    WriteStabilityFields(out, v.result);
    out.EndObject();
  }
  out.EndArray();
  out.Key("notes").BeginArray();
  for (const std::string& note : notes) out.String(note);
  out.EndArray();
  out.EndObject();
  return out.Take() + "\n";
}

}  // namespace flashscope::stability
