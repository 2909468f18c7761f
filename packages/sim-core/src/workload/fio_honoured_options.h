// The fio options FlashScope honours, by fio's canonical name (aliases
// reach them through fio_option_table.cpp), and ApplyOption, which routes
// one `name=value` line of a job section: an honoured option sets its FioJob
// fields, an ignored one is listed in FioJob::ignored, a refused one fails
// unless given its default, and an unknown one fails with a did-you-mean.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "workload/fio_job.h"

namespace flashscope::fio_values {

// The job being filled plus parse state that fio keeps in its options too.
struct JobDraft {
  FioJob job;
  uint32_t kb_base = 1024;
  uint32_t wait_for_line = 0;  // where wait_for was given, for its error
};

struct OptionValue {
  std::string_view text;  // after '=' (trimmed); empty when absent
  bool present;           // false for a bare flag like `norandommap`
};

// Applies `name` (as written, an alias or fio's canonical name) with its
// value to draft.job. Throws InputError "file:line: name: problem".
void ApplyOption(JobDraft& draft, const std::string& file, uint32_t line, std::string_view name,
                 const OptionValue& value);

// Adds `name` to job.ignored once.
void AddIgnored(FioJob& job, std::string_view name);

}  // namespace flashscope::fio_values
