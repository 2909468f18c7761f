// Test helper for seed 002's synthetic comparison: runs
// public/scenarios/clash-sequentiality.json (or clash-full-drive.json, the
// same on a full drive) through the CLI as one of the
// four schemes of its Fig. 4 and 5, with another workload preset or more
// workload keys swapped into the file and device keys set with --set.
// Used by clash_scenario_test.cpp (sequentiality) and clash_sweep_test.cpp
// (write ratio, sequentiality, spatial locality, flash size).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope::testing {

// C-lash (2 blocks + 128 pages over its direct block translation), the ideal
// page-mapping FTL, DFTL and FAST, by the names the tests use.
inline constexpr std::array<const char*, 4> kClashSchemes = {"clash", "page", "dftl", "fast"};

struct ClashOutcome {
  double mean_response_us = 0;  // jobs[0].mean_response_us: the seed's "temps de réponse"
  double erases = 0;            // nand.block_erases: the seed's "nombre d'effacements"
};

// What one run changes in the scenario file.
struct ClashVariant {
  std::string preset = "clash_default";  // workload.preset (kSyntheticPresets)
  std::string workload_keys;             // more workload members: "\"write_prob\": 0.2"
  std::string device_sets;               // CLI overrides: "--set precondition.fill=1"
};

class ClashScenarioTest : public CliTest {
 protected:
  // The scenario `file` of public/scenarios changed by `variant`, run as
  // `scheme` (a kClashSchemes name).
  ClashOutcome RunClash(const ClashVariant& variant, const std::string& scheme,
                        const std::string& file = "clash-sequentiality.json") {
    const std::string root = FLASHSCOPE_REPO_ROOT;
    std::ifstream in(root + "/public/scenarios/" + file);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    const std::string from = "\"clash_default\"";
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << file;
    if (at == std::string::npos) return {};
    std::string to = "\"" + variant.preset + "\"";
    if (!variant.workload_keys.empty()) to += ", " + variant.workload_keys;
    text.replace(at, from.size(), to);
    const std::string label = file + ": " + variant.preset + " {" + variant.workload_keys + "} " +
                              variant.device_sets + " as " + scheme;
    const std::string path = Write("clash-" + std::to_string(++files_) + ".json", text);
    const std::map<std::string, std::string> sets = {
        {"clash", "--set ftl.mapping=block --set cache.policy=clash"},
        {"page", "--set ftl.mapping=page --set cache.policy=none"},
        {"dftl", "--set ftl.mapping=dftl --set cache.policy=none"},
        {"fast", "--set ftl.mapping=fast --set cache.policy=none"}};
    const json::Value result = RunCliJson(
        "run --scenario " + path + " " + sets.at(scheme) + " " + variant.device_sets, label);
    ClashOutcome outcome;
    const json::Value* jobs = result.Find("jobs");
    if (jobs == nullptr || jobs->items().empty()) {
      ADD_FAILURE() << label << ": no jobs";
      return outcome;
    }
    outcome.mean_response_us = jobs->items()[0].Find("mean_response_us")->as_number();
    outcome.erases = result.Find("nand")->Find("block_erases")->as_number();
    EXPECT_EQ(result.Find("ftl")->Find("mapping")->as_string(),
              scheme == "clash" ? "block" : scheme)
        << label;
    return outcome;
  }

 private:
  int files_ = 0;
};

}  // namespace flashscope::testing
