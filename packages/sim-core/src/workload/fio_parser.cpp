// ParseFioJobs: fio's INI job-file format into FioJob records.
//
// Follows fio's HOWTO ("Job file format", "Job file parameters") and the
// code it documents (fio's parse.c, options.c, init.c): [global] options are
// copied into every job that follows them (a later [global] changes only the
// jobs after it, as fio's def_thread does); `include FILE` reads another
// file in place; `${VAR}` is replaced by the environment variable and
// $pagesize, $mb_memory and $ncpus by a simulated host's figures (below),
// with fio's arithmetic; `numjobs=N` expands a job into N clones and jobs
// get fio's reporting groups (init.c add_job).
//
// Every option fio knows is in fio_option_table.cpp, marked honoured (it
// sets a FioJob field: fio_honoured_options.cpp), ignored (it means nothing for a
// simulated drive, listed in FioJob::ignored) or refused (it would change
// the workload in a way FlashScope does not model; its default value is
// still accepted). Anything else is a typo, answered with a did-you-mean.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_honoured_options.h"
#include "workload/fio_job.h"
#include "workload/fio_job_file.h"
#include "workload/fio_option_table.h"
#include "workload/fio_values.h"

namespace flashscope {
namespace {

using namespace fio_values;  // NOLINT: the fio parser's own vocabulary

// fio's keywords (options.c fio_keywords) describe the machine running fio;
// FlashScope's simulated host is fixed so that a job file means the same
// everywhere: a 4 KiB page, 16 GiB of memory, 8 CPUs.
constexpr std::string_view kPageSizeValue = "4096";
constexpr std::string_view kMbMemoryValue = "16384";
constexpr std::string_view kNcpusValue = "8";
struct Keyword {
  std::string_view word;
  std::string_view replacement;
};
constexpr Keyword kKeywords[] = {
    {"$pagesize", kPageSizeValue}, {"$mb_memory", kMbMemoryValue}, {"$ncpus", kNcpusValue}};

// How deep `include` may nest (an include cycle ends here, with an error).
constexpr int kMaxIncludeDepth = 16;

// fio init.c fixup_options for zonemode=strided: zonesize is required,
// zonerange defaults to it, and the mode "only really works with 1 file"
// (more than one open file turns it off).
void FinishStridedZones(FioJob& job, const std::string& file) {
  if (!job.zone_strided) return;
  if (!job.zonesize.set || job.zonesize.in_zones) {
    Fail(file, job.line,
         "job '" + job.name + "': zonemode=strided needs zonesize (the bytes of I/O in each zone)");
  }
  if (!job.zonerange.set) job.zonerange = job.zonesize;
  if (job.nrfiles > 1 && job.openfiles != 1) job.zone_strided = false;
}

// fio init.c fixup_options: "sprandom requires random write,
// random_generator=lfsr, norandommap=1"; fio sets the last two itself
// (FlashScope has one generator, so random_generator is not checked).
void FinishSpRandom(FioJob& job, const std::string& file) {
  if (!job.sprandom) return;
  if (job.rw != RwPattern::kRandWrite && job.rw != RwPattern::kRandRw) {
    Fail(file, job.line,
         "job '" + job.name + "': sprandom requires random writes (rw=randwrite or randrw)");
  }
  if (job.nrfiles > 1) {
    Fail(file, job.line, "job '" + job.name + "': sprandom needs a single file (nrfiles=1)");
  }
  job.norandommap = true;
}

// ---------------------------------------------------------------------------
// The job file: sections, includes, expansion, clones and groups.

FioJob DefaultJob() {
  FioJob job;
  for (auto& sizes : job.block_sizes) sizes = {BlockSizeShare{4096, 100}};
  return job;
}

class JobFileParser {
 public:
  JobFileParser(const FioParseOptions& options, FioJobFile& result)
      : options_(options), result_(result) {
    global_.job = DefaultJob();
  }

  void ParseText(std::string_view text, const std::string& file, int depth) {
    uint32_t line_number = 0;
    size_t position = 0;
    while (position <= text.size()) {
      size_t end = text.find('\n', position);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(position, end - position);
      position = end + 1;
      ++line_number;
      ParseLine(Trim(line), file, line_number, depth);
    }
  }

  void Finish(const std::string& file) {
    FinishJob();
    if (result_.jobs.empty()) {
      Fail(file, 0,
           "no job section (a job file needs at least one [name] section besides [global])");
    }
  }

 private:
  enum class Section { kNone, kGlobal, kJob };

  void ParseLine(std::string_view line, const std::string& file, uint32_t line_number, int depth) {
    if (line.empty() || line.front() == ';' || line.front() == '#') return;
    // fio's strip_blank_end (parse.c): everything from the first ';' or '#'
    // is a comment, with or without a blank before it ("bs=4k;small").
    line = Trim(line.substr(0, line.find_first_of(";#")));
    if (line.front() == '[') {
      if (depth > 0) {
        // fio init.c: "No new sections in included files".
        Fail(file, line_number, "no new sections in included files (fio refuses them too)");
      }
      if (line.back() != ']') {
        Fail(file, line_number, "section header '" + std::string(line) + "' has no closing ']'");
      }
      const std::string_view name = Trim(line.substr(1, line.size() - 2));
      if (name.empty()) Fail(file, line_number, "empty section name");
      FinishJob();
      if (name == "global") {
        section_ = Section::kGlobal;
      } else {
        section_ = Section::kJob;
        current_ = global_;  // fio copies the [global] options into each job
        current_.job.name = std::string(name);
        current_.job.line = line_number;
        current_file_ = file;
      }
      return;
    }
    // fio init.c: "include FILE" reads FILE as if its lines stood here.
    if (line.rfind("include", 0) == 0 && (line.size() == 7 || line[7] == ' ' || line[7] == '\t')) {
      Include(Trim(line.substr(7)), file, line_number, depth);
      return;
    }
    if (section_ == Section::kNone) Fail(file, line_number, "option outside a section");

    const size_t equals = line.find('=');
    const std::string_view name = Trim(line.substr(0, equals));
    if (name.empty()) Fail(file, line_number, "option name missing");
    OptionValue value{std::string_view(), false};
    if (equals != std::string_view::npos) {
      // An ignored option's value means nothing here, so an unset variable
      // in it is what fio makes of it, an empty value (dfs.fio's
      // pool=${POOL}, http-s3.fio's keys), not an error.
      const FioOptionInfo* info = FindFioOption(name);
      const bool value_matters = info == nullptr || info->use != FioOptionUse::kIgnored;
      value.text = Expand(Trim(line.substr(equals + 1)), name, file, line_number, value_matters);
      value.present = true;
    }
    JobDraft& draft = section_ == Section::kGlobal ? global_ : current_;
    ApplyOption(draft, file, line_number, name, value);
    auto& written = section_ == Section::kGlobal ? result_.global_options : current_.job.options;
    written.emplace_back(std::string(name), std::string(value.text));
  }

  void Include(std::string_view path, const std::string& file, uint32_t line_number, int depth) {
    if (path.empty()) Fail(file, line_number, "include: needs a file name");
    const std::string included(path);
    if (!options_.read_include) {
      Fail(file, line_number,
           "include: cannot read '" + included +
               "' (includes are not available here; paste its options)");
    }
    if (depth >= kMaxIncludeDepth) {
      Fail(file, line_number,
           "include: '" + included + "' nests more than " + std::to_string(kMaxIncludeDepth) +
               " deep (an include cycle?)");
    }
    const std::string text = options_.read_include(included, file);
    // Named as fio finds it (beside the including file), for its messages
    // and for the includes it makes in turn.
    ParseText(text, ResolveFioInclude(included, file), depth + 1);
  }

  // fio's substitutions in an option value (options.c fio_option_dup_subs
  // and fio_keyword_replace): ${VAR} from the environment, then the
  // keywords; a value with a keyword and + - * / is computed as fio's bc
  // call would (integers). Returns `value` itself when there is no '$'.
  std::string_view Expand(std::string_view value, std::string_view name, const std::string& file,
                          uint32_t line, bool value_matters) {
    if (value.find('$') == std::string_view::npos) return value;
    const ValueContext ctx{file, line, name, 1024};
    std::string& out = expanded_[expanded_index_++ % 2];
    out.clear();
    bool keyword = false;
    for (size_t i = 0; i < value.size();) {
      if (value.compare(i, 2, "${") == 0) {
        const size_t close = value.find('}', i + 2);
        if (close == std::string_view::npos || close == i + 2) {
          FailValue(ctx, "unterminated '${' (write ${NAME})");
        }
        const std::string variable(value.substr(i + 2, close - i - 2));
        std::optional<std::string> content;
        if (options_.environment) {
          content = options_.environment(variable);
        } else if (const char* env = std::getenv(variable.c_str())) {
          content = std::string(env);
        }
        if (!content && !value_matters) content = std::string();
        if (!content) {
          FailValue(ctx, "environment variable '" + variable +
                             "' is not set (fio would use "
                             "an empty value; set it or write the value itself)");
        }
        out += *content;
        i = close + 1;
        continue;
      }
      bool replaced = false;
      for (const Keyword& k : kKeywords) {
        if (value.compare(i, k.word.size(), k.word) == 0) {
          out += k.replacement;
          i += k.word.size();
          replaced = keyword = true;
          break;
        }
      }
      if (!replaced) out += value[i++];
    }
    if (keyword && out.find_first_of("+-*/") != std::string::npos &&
        out.find('\'') == std::string::npos) {
      int64_t result;
      std::string problem;
      if (!EvaluateArithmetic(out, 1024, result, problem)) {
        FailValue(ctx, "cannot compute '" + out + "': " + problem);
      }
      out = std::to_string(result);
    }
    return out;
  }

  // Checks that need the whole job, then its clones into the file with
  // fio's reporting groups (init.c add_job: a job with stonewall or
  // new_group after jobs of the current group starts a new group; clones
  // never carry stonewall or new_group).
  void FinishJob() {
    if (section_ != Section::kJob) return;
    section_ = Section::kNone;
    FioJob& job = current_.job;
    // fio init.c fixup_options: "time_based requires a runtime/timeout
    // setting", a warning after which fio runs the job without time_based.
    if (job.time_based && job.runtime_ns == 0) {
      job.time_based = false;
      AddIgnored(job, "time_based");
    }
    FinishStridedZones(job, current_file_);
    FinishSpRandom(job, current_file_);
    if (!job.wait_for.empty()) {
      const bool earlier =
          std::any_of(result_.jobs.begin(), result_.jobs.end(),
                      [&](const FioJob& other) { return other.name == job.wait_for; });
      if (!earlier) {
        Fail(current_file_, current_.wait_for_line,
             "wait_for: no job named '" + job.wait_for + "' before job '" + job.name +
                 "' (fio waits only for a job defined earlier in the file)");
      }
    }
    // fio's steady-state default criterion (options.c "steadystate" .def);
    // steady state is on only with a duration.
    if (job.ss_dur_ns > 0 && job.ss_metric == SteadyStateMetric::kNone) {
      job.ss_metric = SteadyStateMetric::kIopsSlope;
      job.ss_limit = 0.01;
      job.ss_limit_percent = true;
    }
    // fio init.c: the window holds a whole number of check intervals.
    if (job.ss_dur_ns > 0 && job.ss_dur_ns % job.ss_interval_ns != 0) {
      Fail(current_file_, job.line,
           "job '" + job.name + "': ss_dur (" + std::to_string(job.ss_dur_ns / kNsPerMs) +
               " ms) must be a multiple of ss_interval (" +
               std::to_string(job.ss_interval_ns / kNsPerMs) + " ms), as fio requires");
    }
    const uint32_t clones = job.numjobs;
    for (uint32_t index = 0; index < clones; ++index) {
      FioJob clone = index + 1 == clones ? std::move(job) : job;
      clone.clone_index = index;
      if (index > 0) {
        clone.stonewall = false;
        clone.new_group = false;
      }
      if ((clone.stonewall || clone.new_group) && jobs_in_group_ > 0) {
        ++group_id_;
        jobs_in_group_ = 0;
      }
      clone.report_group = group_id_;
      ++jobs_in_group_;
      result_.jobs.push_back(std::move(clone));
    }
  }

  const FioParseOptions& options_;
  FioJobFile& result_;
  JobDraft global_;  // what [global] sections have set so far
  JobDraft current_;
  std::string current_file_;  // the file of current_'s section header
  Section section_ = Section::kNone;
  uint32_t group_id_ = 0;
  uint32_t jobs_in_group_ = 0;
  // Expanded values live here until applied (two, so that a name and a
  // value could both be expanded without one overwriting the other).
  std::string expanded_[2];
  size_t expanded_index_ = 0;
};

}  // namespace
FioJobFile ParseFioJobs(std::string_view text, const std::string& file_name,
                        const FioParseOptions& options) {
  FioJobFile result;
  result.file = file_name;
  JobFileParser parser(options, result);
  parser.ParseText(text, file_name, 0);
  parser.Finish(file_name);
  return result;
}

}  // namespace flashscope
