// InputError: the one exception type for bad user input (device JSON, job
// files, traces, CLI arguments). It carries the file and line so every message
// the user sees reads "FILE:LINE: problem", as docs/conventions.md requires.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace flashscope {

class InputError : public std::runtime_error {
 public:
  // line 0 means "the file as a whole" (e.g. an impossible geometry that no
  // single line causes); it is then left out of the message.
  InputError(std::string file, uint32_t line, const std::string& problem)
      : std::runtime_error(Format(file, line, problem)),
        file_(std::move(file)),
        line_(line),
        problem_(problem) {}
  // `key`: the dotted device JSON key the problem is at ("gc.victim"), for
  // callers that point at a field (the web app's device form).
  InputError(std::string file, uint32_t line, const std::string& problem, std::string key)
      : InputError(std::move(file), line, problem) {
    key_ = std::move(key);
  }

  const std::string& file() const { return file_; }
  uint32_t line() const { return line_; }
  const std::string& problem() const { return problem_; }
  // "" when the problem is at no one key (or the thrower did not say).
  const std::string& key() const { return key_; }

 private:
  static std::string Format(const std::string& file, uint32_t line, const std::string& problem) {
    std::string where = file.empty() ? std::string("<input>") : file;
    if (line > 0) where += ":" + std::to_string(line);
    return where + ": " + problem;
  }

  std::string file_;
  uint32_t line_;
  std::string problem_;
  std::string key_;
};

}  // namespace flashscope
