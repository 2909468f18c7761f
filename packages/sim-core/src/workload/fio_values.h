// fio's value syntax (HOWTO "Parameter types", parse.c): sizes with kb_base
// suffixes, times with units, booleans, per-direction lists, ranges and
// fio's arithmetic in parentheses. Used by the fio parser (fio_parser.cpp,
// fio_honoured_options.cpp, fio_compound_options.cpp); every failure is
// an InputError "file:line: option: problem".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "workload/fio_job.h"

namespace flashscope {
namespace fio_values {

constexpr uint64_t kNsPerUs = 1000;
constexpr uint64_t kNsPerMs = 1000 * kNsPerUs;
constexpr uint64_t kNsPerSecond = 1000 * kNsPerMs;

// Where a value came from, for error messages.
struct ValueContext {
  const std::string& file;
  uint32_t line;
  std::string_view option;  // as written in the file
  uint32_t kb_base;         // fio kb_base in force for this job (1024/1000)
};

[[noreturn]] void Fail(const std::string& file, uint32_t line, const std::string& problem);
[[noreturn]] void FailValue(const ValueContext& ctx, const std::string& problem);

std::string_view Trim(std::string_view text);
std::string Lower(std::string_view text);
bool IsDigit(char c);

// Items of `text` split at `separator`, without allocating: how many, and
// the one at `index` (empty past the end).
size_t CountItems(std::string_view text, char separator);
std::string_view Item(std::string_view text, char separator, size_t index);

bool ParseDigits(std::string_view digits, uint64_t& out);
// "12", "1.25", ".5": a non-negative decimal, locale-independent.
bool ParseDecimal(std::string_view text, double& out);

// fio's arithmetic (exp/expression-parser.y): integers with size suffixes,
// + - * / % ^, unary minus and parentheses, evaluated in 64 bits. Floating
// point operands are not supported (an error says so). Returns false with
// `problem` set on a syntax error.
bool EvaluateArithmetic(std::string_view text, uint32_t kb_base, int64_t& out,
                        std::string& problem);

// fio `int` with a data-size suffix: "4096", "4k", "1m", "2GiB", "0x1000",
// or an arithmetic expression in parentheses.
bool ParseBytesValue(std::string_view text, uint32_t kb_base, uint64_t& out);
uint64_t ParseBytes(const ValueContext& ctx, std::string_view text);
// As ParseBytes, with an optional leading '-' (fio's `rw=read:-8k`).
int64_t ParseSignedBytes(const ValueContext& ctx, std::string_view text);
// A count (fio FIO_OPT_INT: size suffixes accepted, "1k" is 1024).
uint64_t ParseCount(const ValueContext& ctx, std::string_view text, uint64_t min_value,
                    uint64_t max_value);
// A size, a percentage of the device (`50%`) or, when allow_zones, a number
// of zones (`8z`, fio FIO_OPT_STR_VAL_ZONE).
SizeSpec ParseSizeSpec(const ValueContext& ctx, std::string_view text, bool allow_zero_percent,
                       bool allow_zones);
// fio `time`: an integer with an optional unit (us, ms, s, m, h, d);
// `default_unit_ns` when none. Returns nanoseconds.
uint64_t ParseTime(const ValueContext& ctx, std::string_view text, uint64_t default_unit_ns);
// fio bool / STR_SET: a bare option name (`present` false) means 1.
bool ParseBool(const ValueContext& ctx, std::string_view text, bool present);
// A decimal number; `what` names it in the error.
double ParseNumber(const ValueContext& ctx, std::string_view text, std::string_view what);
// One decimal in [0, 1] (fio FIO_OPT_FLOAT_LIST with minfp 0, maxfp 1).
double ParseFraction(const ValueContext& ctx, std::string_view text);

// fio's per-direction value lists (HOWTO `blocksize`, options.c
// str_split_parse): "a" sets read, write and trim; "a,b" read=a and
// write=trim=b; "a,b,c" each. An empty item keeps the default for its
// direction ("bs=,8k"; "rate=500k," limits only reads). More than three
// items is an error.
struct PerDirection {
  std::string_view item[3];
};
PerDirection PerDirectionItems(const ValueContext& ctx, std::string_view text);

// A block size: a multiple of 512 from 512 bytes to 1 GiB.
uint32_t ParseBlockSize(const ValueContext& ctx, std::string_view text);

}  // namespace fio_values
}  // namespace flashscope
