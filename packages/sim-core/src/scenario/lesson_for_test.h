// Test helpers for the lessons (public/lessons/ID.json): read a lesson, a
// step's text, and run a step the way the app loads it — the lesson's
// scenario with the step's `load.set` laid over the scenario's `set` —
// through the CLI (`run --scenario`), for the tests that check the figures a
// lesson's text quotes.
#pragma once

#include <fstream>
#include <iterator>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope::testing {

inline const std::string& RepoRoot() {
  static const std::string root = FLASHSCOPE_REPO_ROOT;
  return root;
}

inline json::Value ReadLessonFile(const std::string& id) {
  const std::string path = RepoRoot() + "/public/lessons/" + id + ".json";
  std::ifstream in(path, std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  return json::Parse(text, path);
}

inline const json::Value& LessonStep(const json::Value& lesson, size_t index) {
  return lesson.Find("steps")->items().at(index);
}

inline std::string LessonStepText(const json::Value& lesson, size_t index) {
  return LessonStep(lesson, index).Find("text")->as_string();
}

// The result of step `index` run as the app loads it; the merged scenario is
// written to `scratch` (a file path the caller owns).
inline json::Value RunLessonStep(const json::Value& lesson, size_t index,
                                 const std::string& scratch) {
  json::Value scenario = *lesson.Find("scenario");
  json::Value set = json::Value::Object();
  if (const json::Value* base = scenario.Find("set")) set = *base;
  if (const json::Value* load = LessonStep(lesson, index).Find("load")) {
    if (const json::Value* extra = load->Find("set")) {
      for (const auto& [key, value] : extra->members()) set.Set(key, value);
    }
  }
  scenario.Set("set", set);
  json::Writer writer;
  writer.Raw(scenario);
  std::ofstream(scratch, std::ios::binary) << writer.str();
  return RunCliJson(
      "run --scenario " + scratch + " --presets " + RepoRoot() + "/public/presets/devices",
      "lesson step " + std::to_string(index + 1));
}

}  // namespace flashscope::testing
