#include "cli/sweep_command.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/command_line.h"

namespace flashscope {

namespace {

namespace fs = std::filesystem;

// This binary's absolute path (argv[0] may be relative or a link).
std::string SelfPath() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? std::string() : self.string();
}

// The python the sweep runs with, or "" when there is none.
std::string SweepPython(const fs::path& repo) {
  if (const char* chosen = std::getenv("FLASHSCOPE_PYTHON"); chosen != nullptr && *chosen) {
    return chosen;
  }
  const fs::path venv_python = repo / "build" / "sweep-venv" / "bin" / "python";
  return ::access(venv_python.c_str(), X_OK) == 0 ? venv_python.string() : std::string();
}

int HandOver(const std::vector<std::string>& args) {
  const std::string self = SelfPath();
  // packages/sim-core/build/flashscope -> the repository three levels up.
  std::error_code error;
  const fs::path repo =
      fs::weakly_canonical(fs::path(self).parent_path() / ".." / ".." / "..", error);
  const std::string python = SweepPython(repo);
  if (python.empty() || self.empty()) {
    std::fprintf(stderr, "%s\n", kSweepMissingPython);
    return 2;
  }
  const std::string tools = (repo / "tools" / "sweep").string();
  const char* old_path = std::getenv("PYTHONPATH");
  const std::string python_path = old_path != nullptr && *old_path ? tools + ":" + old_path : tools;
  ::setenv("PYTHONPATH", python_path.c_str(), 1);

  std::vector<std::string> words = {python, "-m", "flashscope_sweep", "sweep"};
  words.insert(words.end(), args.begin(), args.end());
  words.push_back("--flashscope");
  words.push_back(self);
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  ::execv(python.c_str(), argv.data());
  std::fprintf(stderr, "flashscope sweep: cannot start %s (%s); %s\n", python.c_str(),
               std::strerror(errno), "install the sweep tools with: bash scripts/setup-sweep.sh");
  return 2;
}

}  // namespace

void AddSweepCommand(CLI::App& app, int& status) {
  CLI::App* sweep = cli::AddCommand(app, "sweep");
  // Every argument after "sweep" is the Python's, as given.
  sweep->prefix_command();
  sweep->callback([sweep, &status] { status = HandOver(sweep->remaining()); });
}

}  // namespace flashscope
