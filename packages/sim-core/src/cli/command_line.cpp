#include "cli/command_line.h"

#include <algorithm>
#include <map>

namespace flashscope::cli {

CLI::App* AddCommand(CLI::App& parent, const std::string& name) {
  CLI::App* command = parent.add_subcommand(name);
  command->set_help_flag();
  command->allow_extras();
  return command;
}

CLI::Option* AddValueOption(CLI::App& command, const std::string& flag, std::string& value) {
  // At most one value, so that a flag at the end of the line parses and
  // OptionMissingValue can name it.
  return command.add_option(flag, value)
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

CLI::Option* AddRepeatedOption(CLI::App& command, const std::string& flag) {
  return command.add_option(flag)->expected(0, 1)->multi_option_policy(
      CLI::MultiOptionPolicy::TakeAll);
}

std::string OptionMissingValue(const CLI::App& command) {
  for (const CLI::Option* option : command.parse_order()) {
    if (option->get_type_size_max() == 0) continue;  // a flag: no value
    const CLI::results_t& results = option->results();
    if (std::find(results.begin(), results.end(), std::string()) != results.end()) {
      return option->get_name();
    }
  }
  return std::string();
}

std::string UnknownArgument(const CLI::App& command) {
  const std::vector<std::string> rest = command.remaining();
  return rest.empty() ? std::string() : rest.front();
}

std::vector<GivenValue> ValuesInOrder(const CLI::App& command,
                                      const std::vector<std::string>& flags) {
  std::vector<GivenValue> values;
  std::map<const CLI::Option*, size_t> taken;  // results used so far, per option
  for (const CLI::Option* option : command.parse_order()) {
    const std::string name = option->get_name();
    if (std::find(flags.begin(), flags.end(), name) == flags.end()) continue;
    size_t& next = taken[option];
    if (next < option->results().size()) values.push_back({name, option->results()[next++]});
  }
  return values;
}

}  // namespace flashscope::cli
