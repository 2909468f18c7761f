// The CLI's use of CLI11 (https://github.com/CLIUtils/CLI11), shared by its
// commands. Every value option takes exactly one value, written either
// `--flag VALUE` or `--flag=VALUE` (fio spells --output-format with '=');
// a flag given again replaces its value unless it is repeatable (--set).
// The commands keep their own messages: a value that is missing, an
// argument that is not an option, and a bad value are reported by the
// command (exit status 2), not by CLI11.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace flashscope::cli {

// An option's value as given on the command line.
struct GivenValue {
  std::string flag;   // "--set"
  std::string value;  // "gc.victim=fifo"
};

// A command: no CLI11 help flag (the usage texts are FlashScope's), and
// arguments it does not know are left for UnknownArgument to report.
CLI::App* AddCommand(CLI::App& parent, const std::string& name);

// A value option; the last one given wins.
CLI::Option* AddValueOption(CLI::App& command, const std::string& flag, std::string& value);
// A repeatable value option: every value is kept (in ValuesInOrder too).
CLI::Option* AddRepeatedOption(CLI::App& command, const std::string& flag);

// The first value option of `command` given without its value ("--set" as
// the last argument), or "" when every one has a value.
std::string OptionMissingValue(const CLI::App& command);

// The first argument of `command` that is not one of its options, or ""
// (the arguments after it are left unparsed).
std::string UnknownArgument(const CLI::App& command);

// The values of the options named in `flags`, in the order the command
// line gives them (so `--set seed=1 --seed 2` keeps its order).
std::vector<GivenValue> ValuesInOrder(const CLI::App& command,
                                      const std::vector<std::string>& flags);

}  // namespace flashscope::cli
