// fio's option table by name: every option of fio's options.c, of its
// ioengines (engines/*.c, engines/cmdprio.h) and of its profiles
// (profiles/*.c), with fio's aliases, and what FlashScope does with it.
//
// A job file written for fio names only these options; anything else is a
// typo (fio's "Bad option"), answered with a did-you-mean over this table.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace flashscope {

enum class FioOptionUse : unsigned char {
  kHonoured,  // sets a FioJob field (fio_honoured_options.cpp applies it)
  kIgnored,   // means nothing for a simulated drive; listed in FioJob::ignored
  kRefused,   // would change the workload in a way FlashScope does not model
};

struct FioOptionInfo {
  std::string_view name;       // as a job file may spell it (name or alias)
  std::string_view canonical;  // fio's `name` of the option
  FioOptionUse use;
  // kRefused: the value that is fio's default, accepted (and ignored)
  // because it asks for nothing ("" when only an empty value is).
  std::string_view default_value;
  std::string_view why;  // kRefused: why it cannot be honoured
};

// The entry for `name` (exact, case-sensitive as in fio), or nullptr.
const FioOptionInfo* FindFioOption(std::string_view name);

// The whole table, sorted by name.
const FioOptionInfo* FioOptionsBegin();
const FioOptionInfo* FioOptionsEnd();

// Honoured rows the parser has no handler for (defined in fio_honoured_options.cpp;
// a test keeps it empty).
std::vector<std::string_view> FioHonouredOptionsWithoutHandler();

}  // namespace flashscope
