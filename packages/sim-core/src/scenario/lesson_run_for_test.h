// Test helpers for the lessons (public/lessons/ID.json): read a lesson,
// the text of a step, and run a step the way the app loads it — the
// lesson's inline scenario with the step's `load.set` laid over the
// scenario's `set` — through the CLI (`run --scenario`), or run the
// Stability tab's test on the device a step leaves in the panel.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope::testing {

inline const std::string kLessonRepoRoot = FLASHSCOPE_REPO_ROOT;
inline const std::string kLessonPresets = kLessonRepoRoot + "/public/presets/devices";

inline json::Value ReadLesson(const std::string& id) {
  const std::string path = kLessonRepoRoot + "/public/lessons/" + id + ".json";
  std::ifstream in(path, std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  return json::Parse(text, path);
}

inline const json::Value& LessonStep(const json::Value& lesson, size_t index) {
  return lesson.Find("steps")->items().at(index);
}

// The step's text as the app shows it: the braces that mark the figures it
// quotes from the run ("ends at {2.57}", apps/web/src/lessons/quotedFigures.ts)
// removed.
inline std::string LessonStepText(const json::Value& lesson, size_t index) {
  std::string text = LessonStep(lesson, index).Find("text")->as_string();
  std::erase_if(text, [](char c) { return c == '{' || c == '}'; });
  return text;
}

// The scenario's `set` with step `index`'s `load.set` laid over it (a later
// key wins, as in the app), then `extra` over both.
inline json::Value LessonStepSet(const json::Value& lesson, size_t index,
                                 const json::Value& extra = json::Value::Object()) {
  json::Value set = json::Value::Object();
  if (const json::Value* base = lesson.Find("scenario")->Find("set")) set = *base;
  if (const json::Value* load = LessonStep(lesson, index).Find("load")) {
    if (const json::Value* step_set = load->Find("set")) {
      for (const auto& [key, value] : step_set->members()) set.Set(key, value);
    }
  }
  for (const auto& [key, value] : extra.members()) set.Set(key, value);
  return set;
}

// A --set value as the app passes it: strings unquoted, the rest as JSON.
inline std::string SetValue(const json::Value& value) {
  if (value.is_string()) return value.as_string();
  json::Writer writer;
  writer.Raw(value);
  return writer.str();
}

// The figures step `index`'s text quotes from its run, as marked: "{8}" -> "8".
inline std::vector<std::string> LessonStepFigures(const json::Value& lesson, size_t index) {
  const std::string text = LessonStep(lesson, index).Find("text")->as_string();
  std::vector<std::string> figures;
  for (size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    figures.push_back(text.substr(open + 1, close - open - 1));
  }
  return figures;
}

// Runs step `index` of an inline-scenario lesson as the app loads it, with
// `extra` overrides on top (e.g. another policy a step's text mentions) and
// `flags` added to the command line (e.g. "--events");
// `scratch` is a file path the scenario is written to.
inline json::Value RunLessonStep(const json::Value& lesson, size_t index,
                                 const std::string& scratch,
                                 const json::Value& extra = json::Value::Object(),
                                 const std::string& flags = "") {
  json::Value scenario = *lesson.Find("scenario");
  scenario.Set("set", LessonStepSet(lesson, index, extra));
  json::Writer writer;
  writer.Raw(scenario);
  std::ofstream(scratch, std::ios::binary) << writer.str();
  return RunCliJson("run --scenario " + scratch + " --presets " + kLessonPresets + " " + flags,
                    "lesson step " + std::to_string(index + 1));
}

// The Stability tab's test (`stability`, its default measurement) on the
// device a step leaves in the panel: the scenario's device with the step's
// overrides; the flow purges and preconditions the drive itself, so the
// precondition.* keys are dropped, as the app drops them.
inline json::Value RunLessonStability(const json::Value& lesson, size_t index) {
  std::string args = "stability --device " + lesson.Find("scenario")->Find("device")->as_string() +
                     " --presets " + kLessonPresets;
  const json::Value set = LessonStepSet(lesson, index);  // outlives the loop
  for (const auto& [key, value] : set.members()) {
    if (key.rfind("precondition.", 0) == 0) continue;
    args += " --set " + key + "=" + SetValue(value);
  }
  return RunCliJson(args, "stability after lesson step " + std::to_string(index + 1));
}

}  // namespace flashscope::testing
